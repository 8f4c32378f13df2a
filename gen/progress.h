/* SPDX-License-Identifier: MIT */
/* progress.h - what a long run says while it runs (progress.c): progress
 * lines, and an updating status line on a terminal. */
#ifndef GEN_PROGRESS_H
#define GEN_PROGRESS_H

#include "output.h"

/* --quiet: no progress lines and no status line (reports still go out). */
extern int progress_quiet;

/* A progress line on stderr, "PROGRAM: " (report_program) and the text;
 * on a terminal it goes above the status line, which the next
 * progress_status() draws again.  Safe from any thread. */
void note(const char *format, ...) GEN_PRINTF(1, 2);

/* The status line: on a terminal one line written over in place, else
 * a plain progress line.  Safe from any thread. */
void progress_status(const char *format, ...) GEN_PRINTF(1, 2);

/* Whether stderr is a terminal, where the status line updates in place
 * (and so may be drawn often). */
int progress_on_terminal(void);

/* The end of a search: a status line on a terminal is cleared. */
void progress_done(void);

#endif /* GEN_PROGRESS_H */
