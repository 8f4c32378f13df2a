/* SPDX-License-Identifier: MIT */
/* watch.h - what a long search keeps while it runs (watch.c): the
 * signals that end it early, and its checkpoints. */
#ifndef SEARCH_WATCH_H
#define SEARCH_WATCH_H

#include "output.h"
#include "sliders.h"

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

#endif /* SEARCH_WATCH_H */
