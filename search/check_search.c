/* SPDX-License-Identifier: MIT */
/* check_search.c - magicbb-search's searches, as a user runs them: the
 * dense search reproducible for a seed and budget, kept to the squares
 * asked, never worse than the set it loads, its magics reloading to
 * tables the generator verifies; the annealer and the packers of black,
 * white and offsetmagic, their tables read back with this test's own
 * index arithmetic and ray walk.  Slow: make check-lab runs it, not a
 * user's make check. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_kit.h"
#include "reference.h"
#include "run_suite.h"

/* magicbb-search: MBB_SEARCH (make check-lab sets it). */
static const char *searcher(void)
{
    const char *program = getenv("MBB_SEARCH");

    ck_assert_msg(program != NULL, "MBB_SEARCH must name magicbb-search (make check-lab sets it)");
    return program;
}

/* magicbb-search (MBB_SEARCH) */
#define run_search(...) run_program(searcher(), __VA_ARGS__)

/* The entry count a generated tables file states. */
static unsigned entries_in(const char *tables)
{
    char *text = slurp(tables);
    const char *at = strstr(text, " *   entries:  ");
    unsigned entries = 0;

    ck_assert_msg(at != NULL && sscanf(at, " *   entries:  %u", &entries) == 1,
                  "%s: no entry count", tables);
    free(text);
    return entries;
}

/* The one table an overlapping flavour's magics file lays out, checked
 * slot by slot against the ray walk: each of the 128 squares has the
 * index bits given, and a slot two squares share holds one answer.
 * Each line's offset is its last field, or with start_bits (offsetmagic)
 * the magic's bits start_bits.  Returns the end of the table (the
 * highest slot used + 1); *spans is the slices' widths (highest index +
 * 1) added up. */
static unsigned long layout_end(const char *magics, unsigned rook_bits, unsigned bishop_bits,
                                uint64_t start_bits, unsigned long *spans)
{
    static uint64_t value[128 * 4096 + 524288];
    static unsigned char used[128 * 4096 + 524288];
    char piece[8], square[4], *text = slurp(magics), *line;
    unsigned long long magic;
    unsigned bits, offset, rows = 0;
    unsigned long end = 0;

    memset(used, 0, sizeof used);
    *spans = 0;
    for (line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        const int fields
            = sscanf(line, "%7s %3s 0x%llx %u %u", piece, square, &magic, &bits, &offset);
        const int rook = strcmp(piece, "rook") == 0;
        unsigned sq, span = 0;
        uint64_t mask, subset = 0;

        if (fields < 4 || line[0] == '#')
            continue;
        if (start_bits != 0)
            offset = (unsigned)(magic & start_bits);
        else
            ck_assert_int_eq(fields, 5);
        rows++;
        sq = (unsigned)(square[0] - 'a') + 8u * (unsigned)(square[1] - '1');
        mask = rook ? ref_rook_mask(sq) : ref_bishop_mask(sq);
        ck_assert_uint_eq(bits, rook ? rook_bits : bishop_bits);
        do {
            const unsigned at = (unsigned)((subset * magic) >> (64 - bits));
            const uint64_t want = rook ? ref_rook(sq, subset) : ref_bishop(sq, subset);

            ck_assert_uint_lt(offset + at, sizeof used);
            ck_assert_msg(!used[offset + at] || value[offset + at] == want,
                          "%s %s: slot %u holds another square's answer", piece, square,
                          offset + at);
            used[offset + at] = 1;
            value[offset + at] = want;
            if (at + 1 > span)
                span = at + 1;
            subset = (subset - mask) & mask;
        } while (subset != 0);
        *spans += span;
        if (offset + span > end)
            end = offset + span;
    }
    ck_assert_uint_eq(rows, 128);
    free(text);
    return end;
}

/* white's search packs its slices: read back from the dumped magics and
 * offsets with this test's own index arithmetic and ray walk, every
 * slot any square uses holds its answer, the slices overlap (the table
 * is shorter than the slices end to end) and the table ends where the
 * highest slice does. */
START_TEST(white_packs_overlapping_slices)
{
    unsigned long spans, end;

    ck_assert_int_eq(
        run("--flavour=white", "--seed=5", "-o", path("w.c"), "-d", path("w.txt"), NULL), 0);
    end = layout_end(path("w.txt"), 12, 9, 0, &spans);
    ck_assert_uint_eq(end, entries_in(path("w.c")));
    ck_assert_msg(end < spans, "no slices overlap: %lu entries, %lu end to end", end, spans);
}
END_TEST

/* How many of the eight rooks whose slices start lowest in offsetmagic
 * magics file `magics` stand on the sixth rank. */
static unsigned sixth_rank_rooks_first(const char *magics)
{
    char piece[8], square[4], *text = slurp(magics), *line;
    unsigned long long magic;
    unsigned long start[64];
    unsigned rank[64], rooks = 0, sixth = 0;

    for (line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || sscanf(line, "%7s %3s 0x%llx", piece, square, &magic) != 3
            || strcmp(piece, "rook") != 0)
            continue;
        ck_assert_uint_lt(rooks, 64);
        start[rooks] = (unsigned long)(magic & 0x7fe00);
        rank[rooks++] = (unsigned)(square[1] - '0');
    }
    free(text);
    ck_assert_uint_eq(rooks, 64);
    for (unsigned i = 0; i < rooks; i++) {
        unsigned below = 0;

        for (unsigned j = 0; j < rooks; j++)
            below += start[j] < start[i];
        sixth += below < 8 && rank[i] == 6;
    }
    return sixth;
}

/* offsetmagic's slices go where their magics' bits 9 to 18 say.  The
 * search places them into the gaps other slices leave, and the dense
 * search places them again with more candidates: a smaller table, or
 * (given no more than the table was made with) the magics it had.  Its
 * rooks go in the order that grows the table least: with 5,000
 * candidates a start, under 220,000 entries (217,080), where rooks in a
 * fixed order took 221,695 with 4,000,000 candidates a square.  (So few
 * candidates find no compact slice for the sixth rank's rooks, which go
 * first: without that, 211,956; with 800,000, it saves 16,000.)  They
 * take the table's first starts. */
START_TEST(offsetmagic_slices_fill_the_gaps)
{
    unsigned long spans, seeded, dense;
    char *one, *other;

    ck_assert_int_eq(
        run("--flavour=offsetmagic", "--seed=3", "-o", path("s.c"), "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run("--flavour=offsetmagic", "--seed=3", "-o", path("s2.c"), NULL), 0);
    one = slurp(path("s.c"));
    other = slurp(path("s2.c"));
    ck_assert_msg(strcmp(one, other) == 0, "two runs with one seed differ");
    free(one);
    free(other);
    seeded = layout_end(path("s.txt"), 12, 10, 0x7fe00, &spans);
    ck_assert_uint_eq(seeded, entries_in(path("s.c")));
    ck_assert_msg(seeded < spans, "no slices overlap: %lu entries, %lu end to end", seeded, spans);
    ck_assert_int_eq(run_search("--flavour=offsetmagic", "--seed=3", "--budget=5000", "-o",
                                path("d.c"), "-d", path("d.txt"), NULL),
                     0);
    dense = layout_end(path("d.txt"), 12, 10, 0x7fe00, &spans);
    ck_assert_uint_eq(dense, entries_in(path("d.c")));
    ck_assert_msg(dense < seeded && dense < 220000, "dense search: %lu entries, seeded %lu", dense,
                  seeded);
    ck_assert_uint_eq(sixth_rank_rooks_first(path("d.txt")), 8);
    ck_assert_int_eq(run_search("--flavour=offsetmagic", "--magics", path("d.txt"), "--budget=1",
                                "-o", path("k.c"), "-d", path("k.txt"), NULL),
                     0);
    one = slurp(path("d.txt"));
    other = slurp(path("k.txt"));
    same_magics(one, other, 0);
    same_magics(one, other, 1);
    ck_assert_uint_eq(entries_in(path("k.c")), dense);
    free(other);
    other = slurp(path("stderr"));
    ck_assert_msg(strstr(other, "no fewer than the ") != NULL
                      && strstr(other, " before: keeping the magics as they were\n") != NULL,
                  "%s", other);
    free(other);
    /* --budget=0 keeps them too, without a search */
    ck_assert_int_eq(run_search("--flavour=offsetmagic", "--magics", path("d.txt"), "--budget=0",
                                "-o", path("z.c"), "-d", path("z.txt"), NULL),
                     0);
    other = slurp(path("z.txt"));
    same_magics(one, other, 0);
    same_magics(one, other, 1);
    free(other);
    other = slurp(path("stderr"));
    ck_assert_msg(strstr(other, "no fewer than") == NULL, "%.300s", other);
    free(other);
    free(one);
}
END_TEST

/* The offline dense search: reproducible for a seed and budget, one
 * progress line a square on stderr, its magics reload to its tables, and
 * it never makes a table bigger (fewer index bits only; for white, a
 * smaller comb area, packed again by the annealer). */
START_TEST(dense_search_is_reproducible_and_reloads)
{
    static const char *const flavours[] = { "--flavour=fancy", "--flavour=white" };
    static const char *const extra[] = { "--draws=20000", "--anneal=200" };
    static const char *const anneal[] = { "--anneal=200", "--anneal=200" };
    /* white's candidates are whole slices, fancy's mostly stop early */
    static const char *const budgets[] = { "--budget=3000", "--budget=300" };

    for (unsigned f = 0; f < 2; f++) {
        char *first, *again, *reloaded, *err, *line;
        unsigned progress = 0, summaries = 0;
        unsigned long before = 0, now = 0;

        ck_assert_int_eq(run_search(flavours[f], "--seed=11", budgets[f], extra[f], anneal[f], "-o",
                                    path("d1.c"), "-d", path("d1.txt"), NULL),
                         0);
        err = slurp(path("stderr"));
        for (line = strtok(err, "\n"); line != NULL; line = strtok(NULL, "\n")) {
            if (strncmp(line, "magicbb-search: pack: ", 22) == 0)
                continue;
            ck_assert_msg(strncmp(line, "magicbb-search: dense: ", 23) == 0, "%s", line);
            if (strstr(line, " relevant squares, ") != NULL)
                progress++;
            else
                summaries += sscanf(line,
                                    f == 0 ? "magicbb-search: dense: %lu slots before,"
                                             " %lu now"
                                           : "magicbb-search: dense: comb area %lu before,"
                                             " %lu now",
                                    &before, &now)
                             == 2;
        }
        ck_assert_uint_eq(progress, 128);
        ck_assert_uint_eq(summaries, 1);
        ck_assert_msg(now <= before, "%s: %lu after, %lu before", flavours[f], now, before);
        ck_assert_int_eq(run_search(flavours[f], "--seed=11", budgets[f], extra[f], anneal[f], "-o",
                                    path("d2.c"), NULL),
                         0);
        ck_assert_int_eq(run(flavours[f], "--magics", path("d1.txt"), "-o", path("d3.c"), NULL), 0);
        first = slurp(path("d1.c"));
        again = slurp(path("d2.c"));
        reloaded = slurp(path("d3.c"));
        ck_assert_msg(strcmp(first, again) == 0, "%s: two dense runs differ", flavours[f]);
        ck_assert_msg(strstr(first, "magicbb-search --seed=0xb ") != NULL
                          && strstr(first, budgets[f]) != NULL,
                      "the provenance does not name the dense search");
        ck_assert_msg(
            strstr(first, f == 0 ? "--draws=20000 --anneal=200, from" : "--anneal=200, from")
                != NULL,
            "the provenance does not name the draws or the annealer's moves");
        ck_assert_msg(strcmp(body(first), body(reloaded)) == 0,
                      "%s: the dense magics reload to other tables", flavours[f]);
        free(first);
        free(again);
        free(reloaded);
        free(err);
    }
    /* only flavours with magics; only known modes, budgets and pieces;
     * --draws for flavours with own index bits, --anneal for fancy,
     * white and black; magicbb-gen takes none of the search's options */
    ck_assert_int_eq(run_search("--flavour=hq", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run("--search=dense", "-o", path("x.c"), NULL), 2);
    expect_error("unknown option '--search'");
    ck_assert_int_eq(run_search("--budget=4000000001", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run_search("--budget=12x", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run_search("--budget=012", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run_search("--draws=-1", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run_search("--piece=queen", "-o", path("x.c"), NULL), 2);
    expect_error("--piece: 'queen' is neither rook nor bishop");
    ck_assert_int_eq(run("--piece=rook", "-o", path("x.c"), NULL), 2);
    expect_error("unknown option '--piece'");
    ck_assert_int_eq(run_search("--flavour=shared", "--anneal=10", "-o", path("x.c"), NULL), 2);
    expect_error("--anneal applies to an overlapping flavour (fancy, white, black) only");
    ck_assert_int_eq(run_search("--flavour=white", "--draws=10", "-o", path("x.c"), NULL), 2);
    expect_error("--draws applies to a flavour whose squares have their own index bits");
    /* --squares=open, where no square can take fewer bits: refused */
    for (unsigned i = 0; i < 4; i++) {
        static const char *const fixed[]
            = { "--flavour=plain", "--flavour=white", "--flavour=black", "--flavour=offsetmagic" };

        ck_assert_int_eq(run_search(fixed[i], "--squares=open", "-o", path("x.c"), NULL), 2);
        expect_error("--squares=open applies to a flavour whose squares have their own index bits");
    }
    ck_assert_int_eq(run("--flavour=white", "--anneal=10", "-o", path("x.c"), NULL), 2);
    expect_error("unknown option '--anneal'");
    ck_assert(!exists(path("x.c")));
}
END_TEST

/* --squares: the dense search visits only the squares listed (a
 * progress line each, for both pieces), leaves every other magic as the
 * seeded search found it, and names the list, in board order, in the
 * provenance. */
START_TEST(dense_search_keeps_to_its_squares)
{
    char *seeded, *dense, *err, *line;
    unsigned progress = 0;

    ck_assert_int_eq(run("--seed=11", "-d", path("seeded.txt"), NULL), 0);
    ck_assert_int_eq(run_search("--seed=11", "--budget=300", "--draws=20000",
                                "--squares=h8,a1,b2,a1", "-o", path("s.c"), "-d", path("dense.txt"),
                                NULL),
                     0);
    err = slurp(path("stderr"));
    for (line = strtok(err, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strstr(line, " relevant squares, ") == NULL)
            continue;
        ck_assert_msg(strstr(line, " a1: ") != NULL || strstr(line, " b2: ") != NULL
                          || strstr(line, " h8: ") != NULL,
                      "%s", line);
        progress++;
    }
    ck_assert_uint_eq(progress, 6);
    seeded = slurp(path("seeded.txt"));
    dense = slurp(path("dense.txt"));
    ck_assert_msg(strstr(dense, "--squares=a1,b2,h8 --draws=20000 --anneal=20000, from seed")
                      != NULL,
                  "%.300s", dense);
    for (int piece = 0; piece < 2; piece++) {
        for (int sq = 0; sq < 64; sq++) {
            unsigned long long ma, mb;
            unsigned ba, bb;

            if (sq == 0 || sq == 9 || sq == 63)
                continue;
            magic_of(seeded, piece, sq, &ma, &ba);
            magic_of(dense, piece, sq, &mb, &bb);
            ck_assert_msg(ma == mb && ba == bb, "square %d changed", sq);
        }
    }
    free(err);
    /* rook a3 and bishop e1 have no magic with one bit fewer (proven):
     * not searched below their relevant squares; --squares=open leaves
     * out those squares, and the shipped set's squares with one bit
     * fewer already: its rooks a1-h2 and bishops c1, d1 remain */
    ck_assert_int_eq(run_search("--magics", path("seeded.txt"), "--budget=300", "--squares=a3,e1",
                                "-o", path("s.c"), NULL),
                     0);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "dense: rook a3: 11 index bits, no magic with fewer exists (proven):"
                              " not searched\n")
                          != NULL
                      && strstr(err, "dense: bishop e1: 5 index bits, no magic with fewer exists"
                                     " (proven): not searched\n")
                             != NULL
                      && strstr(err, "dense: rook e1: 11 index bits, no magic") == NULL,
                  "%.400s", err);
    free(err);
    ck_assert_int_eq(run_search("--magics", shipped("fancy"), "--budget=1", "--draws=1",
                                "--squares=open", "-o", path("s.c"), NULL),
                     0);
    err = slurp(path("stderr"));
    progress = 0;
    for (line = strtok(err, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strstr(line, " relevant squares, ") == NULL)
            continue;
        ck_assert_msg(strncmp(line, "magicbb-search: dense: rook ", 28) == 0
                          ? line[29] == '1' || line[29] == '2'
                          : strstr(line, " c1: ") != NULL || strstr(line, " d1: ") != NULL,
                      "%s", line);
        progress++;
    }
    ck_assert_uint_eq(progress, 18);
    ck_assert_int_eq(run("--squares=a1", "-o", path("x.c"), NULL), 2);
    expect_error("unknown option '--squares'");
    ck_assert_int_eq(run_search("--squares=a1,i9", "-o", path("x.c"), NULL), 2);
    expect_error("--squares: 'a1,i9' is not a comma-separated list of squares (a1 to h8)");
    ck_assert_int_eq(run_search("--squares=a1,", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run_search("--squares=", "-o", path("x.c"), NULL), 2);
    ck_assert(!exists(path("x.c")));
    free(seeded);
    free(dense);
    free(err);
}
END_TEST

/* The slots a fixed-shift magic's slice uses (its distinct indices),
 * checked against the ray walk: occupancies that share a slot share
 * their attacks. */
static unsigned slots_used(int rook, unsigned sq, uint64_t magic, unsigned bits)
{
    static uint64_t value[4096];
    static unsigned char used[4096];
    const uint64_t mask = rook ? ref_rook_mask(sq) : ref_bishop_mask(sq);
    uint64_t subset = 0;
    unsigned count = 0;

    memset(used, 0, sizeof used);
    do {
        const unsigned at = (unsigned)((subset * magic) >> (64 - bits));
        const uint64_t want = rook ? ref_rook(sq, subset) : ref_bishop(sq, subset);

        ck_assert_msg(!used[at] || value[at] == want, "square %u: slot %u holds two answers", sq,
                      at);
        count += !used[at];
        used[at] = 1;
        value[at] = want;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    return count;
}

/* The slots white's slice of rook square sq uses (counted by the ray
 * walk) in the seeded search's set (the default seed), in *seeded, and
 * after magicbb-search --budget=1000000 of that set on that square
 * alone, returned. */
static unsigned white_dense_rook_slots(const char *square, unsigned sq, unsigned *seeded)
{
    char squares[16], *before, *after;
    unsigned long long was, now;
    unsigned was_bits, now_bits;

    snprintf(squares, sizeof squares, "--squares=%s", square);
    ck_assert_int_eq(run("--flavour=white", "-o", path("s.c"), "-d", path("s.txt"), NULL), 0);
    /* the same set, searched again and narrowed (a loaded one would be
     * kept, the annealer having no moves to pack the narrowed slice) */
    ck_assert_int_eq(run_search("--flavour=white", "--budget=1000000", "--anneal=0", "--piece=rook",
                                squares, "-o", path("r.c"), "-d", path("r.txt"), NULL),
                     0);
    before = slurp(path("s.txt"));
    after = slurp(path("r.txt"));
    magic_of(before, 0, (int)sq, &was, &was_bits);
    magic_of(after, 0, (int)sq, &now, &now_bits);
    ck_assert_uint_eq(was_bits, 12);
    ck_assert_uint_eq(now_bits, 12);
    *seeded = slots_used(1, sq, was, was_bits);
    free(before);
    free(after);
    return slots_used(1, sq, now, now_bits);
}

/* white's dense search: a corner rook's comb covers all 4096 slots
 * whatever its magic, so the slots its slice uses decide, and its runs
 * of ones find a magic that maps the 4096 occupancies of rook a1 to far
 * fewer slots than the seeded search's (which uses every slot). */
START_TEST(white_dense_search_reuses_slots)
{
    unsigned before;
    const unsigned after = white_dense_rook_slots("a1", 0, &before);

    ck_assert_uint_eq(before, 4096);
    ck_assert_msg(after < 3072, "rook a1: %u slots, %u before", after, before);
}
END_TEST

/* The overlapping flavours' dense search climbs many times from fresh
 * draws: one climb from the best draw stopped at a slice of rook b6 that
 * uses a slot for each of its 1024 occupancies, where many short climbs
 * find one whose occupancies with the same attacks share slots. */
START_TEST(white_dense_search_climbs_again)
{
    unsigned before;
    const unsigned used = white_dense_rook_slots("b6", 41, &before);

    ck_assert_msg(used < 800, "rook b6: %u slots for 1024 occupancies", used);
}
END_TEST

/* The annealer packs the shipped black magics again (--budget=0 keeps
 * them), starting from the shipped layout: never larger than it, the
 * magics unchanged, the same table for the same seed, and its magics
 * file (with the new offsets) reloads to the same tables.  --piece=bishop
 * leaves every rook alone. */
START_TEST(annealer_repacks_black)
{
    char *first, *again, *reloaded, *err, *dumped, *given;
    unsigned long input = 0, entries = 0;
    const char *at;

    ck_assert_int_eq(run_search("--flavour=black", "--magics", shipped("black"), "--budget=0",
                                "--anneal=400", "--seed=3", "-o", path("a1.c"), "-d",
                                path("a1.txt"), NULL),
                     0);
    err = slurp(path("stderr"));
    at = strstr(err, "magicbb-search: pack: the input's layout: ");
    ck_assert_msg(at != NULL
                      && sscanf(at, "magicbb-search: pack: the input's layout: %lu", &input) == 1,
                  "%s", err);
    first = slurp(path("a1.c"));
    entries = entries_in(path("a1.c"));
    ck_assert_msg(entries <= input, "annealed %lu entries, the input %lu", entries, input);
    ck_assert_int_eq(run_search("--flavour=black", "--magics", shipped("black"), "--budget=0",
                                "--anneal=400", "--seed=3", "-o", path("a2.c"), NULL),
                     0);
    again = slurp(path("a2.c"));
    ck_assert_msg(strcmp(first, again) == 0, "two runs of the annealer differ");
    ck_assert_int_eq(run("--flavour=black", "--magics", path("a1.txt"), "-o", path("a3.c"), NULL),
                     0);
    reloaded = slurp(path("a3.c"));
    ck_assert_msg(strcmp(body(first), body(reloaded)) == 0, "the annealed set reloads otherwise");
    /* the same 128 magics */
    dumped = slurp(path("a1.txt"));
    given = slurp(shipped("black"));
    same_magics(dumped, given, 0);
    same_magics(dumped, given, 1);
    free(first);
    free(again);
    free(reloaded);
    free(err);
    free(dumped);
    free(given);
    /* a dense search of the bishops keeps the searched rooks */
    ck_assert_int_eq(run("--seed=11", "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run_search("--seed=11", "--budget=50", "--draws=100", "--piece=bishop", "-d",
                                path("p.txt"), NULL),
                     0);
    given = slurp(path("s.txt"));
    dumped = slurp(path("p.txt"));
    same_magics(dumped, given, 0);
    free(dumped);
    free(given);
}
END_TEST

/* A dense search never returns a layout worse than the one it loaded:
 * the annealer starts from it and keeps it unless it finds a smaller
 * table, and says which it kept.  (It once started from its own first
 * fit: 2,000 moves turned the published white set's 88,772 entries into
 * 95,062, and the default anneal black's 87,437 into 87,995.) */
START_TEST(dense_search_never_worsens_a_loaded_set)
{
    static const char *const sets[] = { "white", "black" };

    for (unsigned i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char flavour[32];
        unsigned long loaded, searched;
        char *err;

        snprintf(flavour, sizeof flavour, "--flavour=%s", sets[i]);
        ck_assert_int_eq(run(flavour, "--magics", shipped(sets[i]), "-o", path("in.c"), NULL), 0);
        loaded = entries_in(path("in.c"));
        ck_assert_int_eq(run_search(flavour, "--magics", shipped(sets[i]), "--budget=0",
                                    "--anneal=2000", "-o", path("out.c"), "-d", path("out.txt"),
                                    NULL),
                         0);
        searched = entries_in(path("out.c"));
        err = slurp(path("stderr"));
        ck_assert_msg(searched <= loaded, "%s: %lu entries from a set of %lu", sets[i], searched,
                      loaded);
        ck_assert_msg(strstr(err, "pack: kept the input's layout") != NULL
                          || strstr(err, "pack: kept the annealer's layout") != NULL,
                      "%s: which layout was kept is not said: %s", sets[i], err);
        free(err);
        /* what it wrote reloads to the same tables */
        ck_assert_int_eq(run(flavour, "--magics", path("out.txt"), "-o", path("again.c"), NULL), 0);
        ck_assert_uint_eq(entries_in(path("again.c")), searched);
    }
}
END_TEST

/* The shipped offsetmagic set: its magics hold their slices' starts, so
 * a dense candidate's slice must go where its magic says, without
 * touching other slices (budget 100 once gave "rook h5: occupancy 0x0
 * gives the wrong attacks"). */
START_TEST(dense_search_keeps_offsetmagic_starts)
{
    static const char *const budgets[] = { "--budget=100", "--budget=3000" };

    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(run_search("--flavour=offsetmagic", "--magics", shipped("offsetmagic"),
                                    budgets[i], "-o", path("o.c"), "-d", path("o.txt"), NULL),
                         0);
        ck_assert_int_eq(
            run("--flavour=offsetmagic", "--magics", path("o.txt"), "-o", path("o2.c"), NULL), 0);
    }
}
END_TEST

/* A bad magics file is named with its line before any search starts;
 * --budget belongs to magicbb-search. */
START_TEST(dense_search_checks_its_file_first)
{
    char *good = good_file(), *text, expected[256];

    /* a magic of 0 maps every occupancy of rook b1 (line 5) to slot 0 */
    text = spoil(good, "rook   b1  0x", "rook   b1  0x0 11 #");
    spill(path("bad.txt"), text);
    ck_assert_int_eq(
        run_search("--magics", path("bad.txt"), "--budget=4000000000", "-o", path("d.c"), NULL), 1);
    snprintf(expected, sizeof expected, "%s:5: rook b1: the magic collides", path("bad.txt"));
    expect_error(expected);
    ck_assert(!exists(path("d.c")));
    free(text);
    free(good);
    ck_assert_int_eq(run("--budget=100", "-o", path("d.c"), NULL), 2);
    expect_error("unknown option '--budget'");
}
END_TEST

static Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *search = tcase_create("search");

    tcase_add_checked_fixture(search, setup, teardown);
    tcase_add_test(search, white_packs_overlapping_slices);
    tcase_add_test(search, white_dense_search_reuses_slots);
    tcase_add_test(search, white_dense_search_climbs_again);
    tcase_add_test(search, dense_search_is_reproducible_and_reloads);
    tcase_add_test(search, dense_search_keeps_to_its_squares);
    tcase_add_test(search, annealer_repacks_black);
    tcase_add_test(search, dense_search_never_worsens_a_loaded_set);
    tcase_add_test(search, dense_search_keeps_offsetmagic_starts);
    tcase_add_test(search, offsetmagic_slices_fill_the_gaps);
    tcase_add_test(search, dense_search_checks_its_file_first);
    tcase_set_timeout(search, 300); /* minutes under the sanitizers */
    suite_add_tcase(s, search);
    return s;
}

int main(void)
{
    return run_suite(search_suite());
}
