/* SPDX-License-Identifier: MIT */
/* progress.c - progress lines and the status line (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "output.h"
#include "progress.h"

int progress_quiet;

static pthread_mutex_t lines = PTHREAD_MUTEX_INITIALIZER;
static int status_shown; /* a status line is on the terminal, unfinished */

/* A terminal that can redraw a line: stderr is one, and TERM names one
 * that takes escapes (not dumb, and set: an editor's shell buffer, say,
 * has none). */
int progress_on_terminal(void)
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

    if (progress_quiet)
        return;
    pthread_mutex_lock(&lines);
    clear_status();
    fprintf(stderr, "%s: ", report_program);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    pthread_mutex_unlock(&lines);
}

void progress_status(const char *format, ...)
{
    const int terminal = progress_on_terminal();
    char text[512];
    va_list args;

    if (progress_quiet)
        return;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    /* on a terminal, one column short of its width (a line that fills it
     * wraps on some terminals, and \r then redraws only its last part);
     * the text is ASCII */
    if (terminal && strlen(text) + strlen(report_program) + 3 > terminal_width())
        text[terminal_width() - strlen(report_program) - 3] = '\0';
    pthread_mutex_lock(&lines);
    fprintf(stderr, "%s%s: %s%s", terminal ? "\r" : "", report_program, text,
            terminal ? "\033[K" : "\n");
    fflush(stderr);
    status_shown = terminal;
    pthread_mutex_unlock(&lines);
}

void progress_done(void)
{
    pthread_mutex_lock(&lines);
    clear_status();
    pthread_mutex_unlock(&lines);
}
