/* SPDX-License-Identifier: MIT */
/* merge.c - join the magics of a search's shards, square by square
 * (merge.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "anneal.h"
#include "dense.h"
#include "merge.h"
#include "output.h"

struct merge {
    const struct gen_flavour *f;
    unsigned shards;
    struct work_entry best[PIECE_COUNT][64];
    uint32_t score[PIECE_COUNT][64]; /* index bits, or the span: the lower the better */
    struct pack_candidates *offered; /* overlapping flavours: every shard's magics */
    struct pack_layout *smallest;    /* and the smallest shard's layout */
    struct occupancies list;
    struct fill_scratch scratch;
};

struct merge *merge_begin(const struct gen_flavour *flavour)
{
    struct merge *m = calloc(1, sizeof *m);

    if (m == NULL)
        return NULL;
    m->f = flavour;
    if (pack_offers(flavour) && (m->offered = calloc(1, sizeof *m->offered)) == NULL) {
        free(m);
        return NULL;
    }
    return m;
}

/* An overlapping flavour's shard: its magics offered, its layout kept
 * where it is the smallest yet. */
static int merge_packed(struct merge *m, const struct slider_tables *shard)
{
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        const uint64_t magic = shard->entry[k / 64][k % 64].magic;
        unsigned i = 0;

        while (i < m->offered->count[k] && m->offered->magic[k][i] != magic)
            i++;
        if (i == m->offered->count[k] && i < PACK_CHOICES)
            m->offered->magic[k][m->offered->count[k]++] = magic;
    }
    if (m->smallest == NULL || shard->count < m->smallest->count) {
        struct pack_layout *layout = pack_layout_of(shard);

        if (layout == NULL)
            return -2;
        free(m->smallest);
        m->smallest = layout;
        memcpy(m->best, shard->entry, sizeof m->best);
    }
    return 0;
}

int merge_add(struct merge *m, const struct slider_tables *shard)
{
    if (pack_offers(m->f))
        return merge_packed(m, shard);
    /* fancy: the smallest layout given, which merge_end keeps where the
     * merged magics are its magics */
    if (m->f->layout == LAYOUT_PACKED
        && (m->smallest == NULL || shard->count < m->smallest->count)) {
        struct pack_layout *layout = pack_layout_of(shard);

        if (layout == NULL)
            return -2;
        free(m->smallest);
        m->smallest = layout;
    }
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &shard->entry[p][sq];
            uint32_t score = index_bits(m->f, (enum piece)p, e);

            if (m->f->fixed[p] != 0) {
                occupancies_list((enum piece)p, sq, &m->list);
                score = fixed_span(m->f, (enum piece)p, e, &m->list, &m->scratch);
            }
            if (m->shards == 0 || score < m->score[p][sq]) {
                m->best[p][sq] = *e;
                m->score[p][sq] = score;
            }
        }
    }
    m->shards++;
    return 0;
}

int merge_end(struct merge *m, struct slider_tables *t, uint64_t seed, uint32_t steps)
{
    int status = 0;

    memcpy(t->entry, m->best, sizeof t->entry);
    if (m->smallest != NULL && pack_offers(m->f)) {
        t->count = m->smallest->count;
        status = tables_anneal(t, m->offered, seed, steps, m->smallest);
    } else if (m->f->layout == LAYOUT_PACKED) {
        /* fancy: from the smallest file's layout where the merged magics
         * are its own (never larger then), else each square's best packed
         * anew */
        int same = m->smallest != NULL;

        for (unsigned k = 0; same && k < PIECE_COUNT * 64; k++)
            same = m->best[k / 64][k % 64].magic == m->smallest->magic[k];
        if (same)
            t->count = m->smallest->count;
        status = tables_anneal(t, NULL, seed, steps, same ? m->smallest : NULL);
    }
    return status;
}

/* The value of "--NAME=" in text (up to a space or a comma) into value,
 * or "". */
static void option_value(const char *text, const char *name, char *value, size_t size)
{
    const char *at = strstr(text, name);
    size_t n = 0;

    if (at != NULL) {
        at += strlen(name);
        n = strcspn(at, " ,");
        n = n < size - 1 ? n : size - 1;
        memcpy(value, at, n);
    }
    value[n] = '\0';
}

void merge_run_of(const char *provenance, struct merge_run *run)
{
    char own[512], shard[24];
    const char *from = strstr(provenance, ", from ");
    size_t n = from != NULL ? (size_t)(from - provenance) : strlen(provenance);

    memset(run, 0, sizeof *run);
    n = n < sizeof own - 1 ? n : sizeof own - 1;
    memcpy(own, provenance, n);
    own[n] = '\0';
    option_value(own, "--seed=", run->seed, sizeof run->seed);
    option_value(own, "--budget=", run->budget, sizeof run->budget);
    option_value(own, "--shard=", shard, sizeof shard);
    if (shard[0] != '\0') {
        char *slash, *end;
        const unsigned long k = strtoul(shard, &slash, 10);
        const unsigned long n = *slash == '/' ? strtoul(slash + 1, &end, 10) : 0;

        if (*slash != '/' || *end != '\0' || k < 1 || k > n || n > PIECE_COUNT * 64)
            snprintf(run->bad_shard, sizeof run->bad_shard, "%s", shard);
        else
            run->shard = (unsigned)k, run->shards = (unsigned)n;
    }
    run->interrupted = strstr(own, ", interrupted") != NULL;
    run->checkpoint = strncmp(own, "checkpoint of ", 14) == 0;
}

/* Whether two paths name one file (the same device and inode). */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;

    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
           && sa.st_ino == sb.st_ino;
}

/* The shards of runs: refused where their N differ, or a K of 1 to N is
 * given by no file; a K given twice is a warning.  0 or 1. */
static int check_shards(char *const paths[], const struct merge_run runs[], unsigned count)
{
    unsigned char given[PIECE_COUNT * 64 + 1] = { 0 };
    unsigned shards = 0, first = 0;

    for (unsigned i = 0; i < count; i++) {
        if (runs[i].shards == 0)
            continue;
        if (shards != 0 && runs[i].shards != shards) {
            report(paths[i], 0,
                   "--merge: a shard of %u, where %s is a shard of %u: the files"
                   " come from different splits",
                   runs[i].shards, paths[first], shards);
            return 1;
        }
        if (shards == 0)
            first = i;
        shards = runs[i].shards;
        if (runs[i].shard < 1 || runs[i].shard > shards)
            continue;
        if (given[runs[i].shard]) /* a flag, not a count: 256 copies would wrap one */
            report(paths[i], 0, "--merge: warning: shard %u/%u is given by another file too",
                   runs[i].shard, shards);
        given[runs[i].shard] = 1;
    }
    for (unsigned k = 1; k <= shards; k++) {
        if (!given[k]) {
            report(NULL, 0,
                   "--merge: shard %u/%u is in none of the files (%s gives %u/%u): a merge"
                   " of a split needs every shard",
                   k, shards, paths[first], runs[first].shard, shards);
            return 1;
        }
    }
    return 0;
}

/* The number of the first line of the file at path that holds text, or
 * 0. */
static unsigned line_holding(const char *path, const char *text)
{
    FILE *in = fopen(path, "r");
    char *buffer = NULL;
    size_t size = 0;
    unsigned line = 0, found = 0;

    while (in != NULL && !found && getline(&buffer, &size, in) >= 0)
        if (line++, strstr(buffer, text) != NULL)
            found = line;
    free(buffer);
    if (in != NULL)
        fclose(in);
    return found;
}

int merge_check(char *const paths[], const struct merge_run runs[], unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        if (runs[i].bad_shard[0] != '\0') {
            report(paths[i], line_holding(paths[i], "--shard="),
                   "--merge: its provenance says --shard=%s, which is not K/N with 1 <= K <= N"
                   " <= %d: no search wrote it",
                   runs[i].bad_shard, PIECE_COUNT * 64);
            return 1;
        }
    }
    for (unsigned i = 0; i < count; i++) {
        for (unsigned j = 0; j < i; j++) {
            if (same_file(paths[i], paths[j])) {
                report(paths[i], 0, "--merge: the same file as %s: give each file once", paths[j]);
                return 1;
            }
        }
    }
    if (check_shards(paths, runs, count) != 0)
        return 1;
    for (unsigned i = 0; i < count; i++) {
        if (runs[i].interrupted || runs[i].checkpoint)
            report(paths[i], 0,
                   "--merge: warning: %s, so some of its squares may not have had"
                   " their whole budget",
                   runs[i].checkpoint ? "a checkpoint written during its run"
                                      : "its run was interrupted");
        if (i > 0 && strcmp(runs[i].seed, runs[0].seed) != 0)
            report(paths[i], 0,
                   "--merge: warning: seed %s, where %s has %s: the merge is no one"
                   " seed's run",
                   runs[i].seed[0] ? runs[i].seed : "none", paths[0],
                   runs[0].seed[0] ? runs[0].seed : "none");
        if (i > 0 && strcmp(runs[i].budget, runs[0].budget) != 0)
            report(paths[i], 0, "--merge: warning: budget %s, where %s has %s",
                   runs[i].budget[0] ? runs[i].budget : "none", paths[0],
                   runs[0].budget[0] ? runs[0].budget : "none");
    }
    return 0;
}

void merge_free(struct merge *m)
{
    if (m == NULL)
        return;
    free(m->offered);
    free(m->smallest);
    free(m);
}
