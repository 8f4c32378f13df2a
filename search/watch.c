/* SPDX-License-Identifier: MIT */
/* watch.c - the signals that end a search early, and checkpoints
 * (watch.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "magicsfile.h"
#include "watch.h"

static const int stopping[] = { SIGINT, SIGTERM, SIGHUP };
enum { STOPPING = sizeof stopping / sizeof stopping[0] };

/* Every stopping signal asks the search to end early; none ends the run
 * before it has written what it has (GNU timeout, SLURM and scancel send
 * a second SIGTERM to the process group a moment after the first). */
static void stop_search(int sig)
{
    (void)sig;
    search_stop = 1;
}

void watch_catch(void)
{
    for (int i = 0; i < STOPPING; i++) {
        struct sigaction action, old;

        memset(&action, 0, sizeof action);
        action.sa_handler = stop_search;
        sigemptyset(&action.sa_mask);
        if (sigaction(stopping[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(stopping[i], &action, NULL);
    }
}

/* Once a checkpoint could not be written, the run writes no more. */
static int checkpoint_failed;

int watch_checkpoint(const char *path, const struct slider_tables *t, const char *origin)
{
    struct sigaction kept[STOPPING];
    sigset_t held, old;
    struct outfile out, *outs[1] = { &out };
    int status = 1;

    if (checkpoint_failed)
        return 1;
    sigemptyset(&held);
    for (int i = 0; i < STOPPING; i++) {
        sigaddset(&held, stopping[i]);
        sigaction(stopping[i], NULL, &kept[i]);
    }
    /* held in this thread; the search's threads hold them throughout */
    pthread_sigmask(SIG_BLOCK, &held, &old);
    if (outfile_open(&out, path) == 0) {
        magics_write(out.stream, t, origin);
        status = outfiles_commit(outs, 1) != 0;
    }
    for (int i = 0; i < STOPPING; i++)
        sigaction(stopping[i], &kept[i], NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    checkpoint_failed = status;
    return status;
}
