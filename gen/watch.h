/* SPDX-License-Identifier: MIT */
/* watch.h - what a long search says and keeps while it runs (watch.c):
 * its progress lines, an updating status line on a terminal, the signals
 * that end it early, and its checkpoints. */
#ifndef GEN_WATCH_H
#define GEN_WATCH_H

#include "output.h"
#include "sliders.h"

/* --quiet: no progress lines and no status line (reports still go out). */
extern int watch_quiet;

/* A progress line, "magicbb-gen: " and the text, on stderr; on a terminal
 * it goes above the status line, which the next watch_status() draws
 * again.  Safe from any thread. */
void note(const char *format, ...) GEN_PRINTF(1, 2);

/* The status line: on a terminal one line written over in place, else
 * a plain progress line.  Safe from any thread. */
void watch_status(const char *format, ...) GEN_PRINTF(1, 2);

/* Whether stderr is a terminal, where the status line updates in place
 * (and so may be drawn often). */
int watch_on_terminal(void);

/* The end of a search: a status line on a terminal is cleared. */
void watch_done(void);

/* From here to the end of the run, SIGINT, SIGTERM and SIGHUP end the
 * search early (search_stop) with the best so far, which is written as
 * usual; a second one changes nothing, so the outputs are never lost
 * (SIGQUIT and SIGKILL still end the run at once).  A signal the run was
 * started ignoring stays ignored.  The run then exits with
 * EXIT_INTERRUPTED. */
void watch_catch(void);

/* The exit status of a run whose search a signal ended early, its
 * outputs written: EX_TEMPFAIL of <sysexits.h>, "try again", so a
 * scheduler or a script can requeue it. */
#define EXIT_INTERRUPTED 75

/* A checkpoint: t's magics written to path, whole or not at all
 * (output.h: a temporary file renamed into place), with origin in its
 * comment.  The stopping signals are held meanwhile and act once it is
 * written, so no signal leaves it half-written or removes it.  0, or 1
 * after a report; once one has failed, every later one returns 1 at
 * once, saying nothing more. */
int watch_checkpoint(const char *path, const struct slider_tables *t, const char *origin);

#endif /* GEN_WATCH_H */
