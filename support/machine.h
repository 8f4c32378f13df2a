/* SPDX-License-Identifier: MIT */
/* machine.h - the clock, the CPU's name and instruction sets, for
 * magicbb-perft, the laboratory and configure's decision (magicbb-gen
 * --decide). */
#ifndef SUPPORT_MACHINE_H
#define SUPPORT_MACHINE_H

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "registry.h"

/* A monotonic clock, in nanoseconds (needs _POSIX_C_SOURCE >= 199309L). */
static inline double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* For qsort, to take medians. */
static inline int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The CPU's model name from /proc/cpuinfo, or "unknown CPU". */
static inline void cpu_name(char *name, size_t size)
{
    FILE *in = fopen("/proc/cpuinfo", "r");
    char line[256];

    snprintf(name, size, "unknown CPU");
    while (in != NULL && fgets(line, sizeof line, in) != NULL) {
        char *colon = strchr(line, ':');

        if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
            snprintf(name, size, "%s", colon + 2);
            name[strcspn(name, "\n")] = '\0';
            break;
        }
    }
    if (in != NULL)
        fclose(in);
}

/* Whether this CPU runs code built for the instructions `isa` (a name of
 * magicbb/isa.def), by the set's probe there (configure asks the same). */
static inline int cpu_runs_isa(const char *isa)
{
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    if (strcmp(isa, #name) == 0)                                                                   \
        return probe;
#include "isa.def"
#undef MBB_ISA
    return 0;
}

/* What `isa` names, for messages. */
static inline const char *isa_description(const char *isa)
{
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    if (strcmp(isa, #name) == 0)                                                                   \
        return description;
#include "isa.def"
#undef MBB_ISA
    return "an instruction set isa.def does not name";
}

#endif /* SUPPORT_MACHINE_H */
