/* SPDX-License-Identifier: MIT */
/* watch.c - progress lines, the status line, the signals that end a
 * search early, and checkpoints (watch.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "magicsfile.h"
#include "watch.h"

int watch_quiet;

static pthread_mutex_t lines = PTHREAD_MUTEX_INITIALIZER;
static int status_shown; /* a status line is on the terminal, unfinished */

/* A terminal that can redraw a line: stderr is one, and TERM names one
 * that takes escapes (not dumb, and set: an editor's shell buffer, say,
 * has none). */
int watch_on_terminal(void)
{
    const char *term = getenv("TERM");

    return isatty(STDERR_FILENO) && term != NULL && term[0] != '\0' && strcmp(term, "dumb") != 0;
}

/* The terminal's width in columns: what it says, else COLUMNS, else 80. */
static unsigned terminal_width(void)
{
    struct winsize size;
    const char *columns = getenv("COLUMNS");

    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20)
        return size.ws_col;
    if (columns != NULL && atoi(columns) >= 20)
        return (unsigned)atoi(columns);
    return 80;
}

/* The status line is taken off the terminal's last line. */
static void clear_status(void)
{
    if (status_shown)
        fputs("\r\033[K", stderr);
    status_shown = 0;
}

void note(const char *format, ...)
{
    va_list args;

    if (watch_quiet)
        return;
    pthread_mutex_lock(&lines);
    clear_status();
    fputs("magicbb-gen: ", stderr);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    pthread_mutex_unlock(&lines);
}

void watch_status(const char *format, ...)
{
    const int terminal = watch_on_terminal();
    char text[512];
    va_list args;

    if (watch_quiet)
        return;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    /* on a terminal, one column short of its width (a line that fills it
     * wraps on some terminals, and \r then redraws only its last part);
     * the text is ASCII */
    if (terminal && strlen(text) + sizeof "magicbb-gen: " > terminal_width())
        text[terminal_width() - sizeof "magicbb-gen: "] = '\0';
    pthread_mutex_lock(&lines);
    fprintf(stderr, "%smagicbb-gen: %s%s", terminal ? "\r" : "", text, terminal ? "\033[K" : "\n");
    fflush(stderr);
    status_shown = terminal;
    pthread_mutex_unlock(&lines);
}

void watch_done(void)
{
    pthread_mutex_lock(&lines);
    clear_status();
    pthread_mutex_unlock(&lines);
}

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
