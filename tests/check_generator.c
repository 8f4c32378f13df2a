/* SPDX-License-Identifier: MIT */
/* check_generator.c - the generator as a user runs it: reproducible
 * output, magics files that round-trip, and one clear error line, exit
 * status and no output for each kind of bad input. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mknod, makedev */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen_kit.h"
#include "reference.h"
#include "run_suite.h"

/* A file in workdir whose name starts with name and goes on: a temporary
 * or backup file an output left behind.  Its name, or NULL. */
static const char *leftover(const char *name)
{
    static char found[256];
    const size_t length = strlen(name);
    DIR *dir = opendir(workdir);
    struct dirent *entry;

    ck_assert_ptr_nonnull(dir);
    found[0] = '\0';
    while ((entry = readdir(dir)) != NULL) {
        if (strncmp(entry->d_name, name, length) == 0 && entry->d_name[length] != '\0') {
            snprintf(found, sizeof found, "%s", entry->d_name);
            break;
        }
    }
    closedir(dir);
    return found[0] != '\0' ? found : NULL;
}

START_TEST(same_seed_same_bytes)
{
    char *first, *second;

    ck_assert_int_eq(run("--seed=12345", "-o", path("a.c"), NULL), 0);
    ck_assert_int_eq(run("--seed", "12345", "--output", path("b.c"), NULL), 0);
    first = slurp(path("a.c"));
    second = slurp(path("b.c"));
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(second);
    ck_assert_msg(strcmp(first, second) == 0, "two runs with seed 12345 differ");
    ck_assert_msg(strstr(first, "seed 0x3039") != NULL, "provenance does not name the seed");
    ck_assert_msg(strstr(first, "entries:  107648") != NULL, "provenance lacks the entry count");
    free(first);
    free(second);
}
END_TEST

/* The records are written by position (C and C++ alike), each field's
 * name in a comment; --no-include leaves out only the header's include
 * (the drop-in's tables). */
START_TEST(no_include_leaves_out_only_the_include)
{
    static const char include[] = "#include \"magicbb/fancy.h\"\n";
    char *with, *without, *at;

    ck_assert_int_eq(run("--seed=12345", "--sliders-only", "-o", path("a.c"), NULL), 0);
    ck_assert_int_eq(run("--seed=12345", "--sliders-only", "--no-include", "-o", path("b.c"), NULL),
                     0);
    with = slurp(path("a.c"));
    without = slurp(path("b.c"));
    ck_assert_ptr_nonnull(with);
    ck_assert_ptr_nonnull(without);
    at = strstr(with, include);
    ck_assert_msg(at != NULL, "the output does not include magicbb/fancy.h");
    ck_assert_msg(strstr(without, "#include") == NULL, "--no-include: an #include is left");
    memmove(at, at + strlen(include), strlen(at + strlen(include)) + 1);
    ck_assert_msg(strcmp(with, without) == 0, "--no-include changed more than the include");
    ck_assert_msg(strstr(with, ".mask = ") == NULL && strstr(with, "/* mask */ 0x") != NULL,
                  "the records are not written by position with their fields named");
    free(with);
    free(without);
}
END_TEST

START_TEST(other_seed_other_magics)
{
    char *first, *second;

    ck_assert_int_eq(run("--seed=1", "-d", path("1.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=2", "-d", path("2.txt"), NULL), 0);
    first = slurp(path("1.txt"));
    second = slurp(path("2.txt"));
    ck_assert_msg(strcmp(strstr(first, "rook"), strstr(second, "rook")) != 0,
                  "seeds 1 and 2 found the same magics");
    free(first);
    free(second);
}
END_TEST

START_TEST(dumped_magics_reload_to_the_same_table)
{
    char *searched, *loaded;

    ck_assert_int_eq(run("--seed=7", "-o", path("searched.c"), "-d", path("m.txt"), NULL), 0);
    ck_assert_int_eq(run("--magics", path("m.txt"), "-o", path("loaded.c"), NULL), 0);
    searched = slurp(path("searched.c"));
    loaded = slurp(path("loaded.c"));
    ck_assert_msg(strcmp(body(searched), body(loaded)) == 0,
                  "tables from the dumped magics differ from the searched ones");
    ck_assert_msg(strstr(loaded, "file ") != NULL, "provenance does not name the magics file");
    free(searched);
    free(loaded);
}
END_TEST

START_TEST(magic32_magics_round_trip)
{
    char *searched, *loaded, *err;

    ck_assert_int_eq(
        run("--flavour=magic32", "--seed=9", "-o", path("s.c"), "-d", path("m.txt"), NULL), 0);
    ck_assert_int_eq(run("--flavour=magic32", "--magics", path("m.txt"), "-o", path("l.c"), NULL),
                     0);
    searched = slurp(path("s.c"));
    loaded = slurp(path("l.c"));
    ck_assert_msg(strstr(searched, "flavour:  magic32") != NULL, "provenance does not say magic32");
    ck_assert_msg(strcmp(body(searched), body(loaded)) == 0,
                  "magic32 tables from the dumped magics differ from the searched ones");
    /* magic32 halves are not fancy magics: the file says which it holds */
    ck_assert_int_eq(run("--flavour=fancy", "--magics", path("m.txt"), "-o", path("f.c"), NULL), 1);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "for flavour 'magic32', not 'fancy'") != NULL, "%s", err);
    ck_assert(!exists(path("f.c")));
    free(searched);
    free(loaded);
    free(err);
}
END_TEST

/* black: the shipped set (published magics, magicbb's annealed offsets)
 * loads and verifies at its size; dumped, it reloads to the same table. */
START_TEST(black_loads_the_shipped_layout)
{
    const char *published = shipped("black");
    char *first, *again;

    ck_assert_int_eq(run("--flavour=black", "--magics", published, "-o", path("b.c"), "-d",
                         path("dumped.txt"), NULL),
                     0);
    first = slurp(path("b.c"));
    /* as shipped: 87,437 entries, 551 fewer than the published layout */
    ck_assert_msg(strstr(first, " *   entries:  87437, in overlapping slices\n") != NULL,
                  "black's table is not the shipped layout");
    ck_assert_int_eq(
        run("--flavour=black", "--magics", path("dumped.txt"), "-o", path("b2.c"), NULL), 0);
    again = slurp(path("b2.c"));
    ck_assert_msg(strcmp(body(first), body(again)) == 0, "the dumped set reloads to other tables");
    /* black never searches */
    ck_assert_int_eq(run("--flavour=black", "-o", path("x.c"), NULL), 2);
    ck_assert(!exists(path("x.c")));
    free(first);
    free(again);
}
END_TEST

/* The shipped fancy set places its slices over each other's unused
 * slots: its table is smaller than its slices laid end to end (the sum
 * of 2^bits over its entries, 92,864 for the published magics); without
 * its offsets the same magics are packed first fit, into no more than
 * end to end and no fewer than as shipped (the annealer started there).
 * byte and shared, which read fancy's files, take it with its offsets. */
START_TEST(fancy_packs_the_shipped_slices)
{
    char fancy[600], *text, *packed, *first_fit;
    unsigned long end_to_end = 0, entries = 0, unpacked = 0;

    snprintf(fancy, sizeof fancy, "%s", shipped("fancy"));
    text = slurp(fancy);
    ck_assert_ptr_nonnull(text);
    for (int piece = 0; piece < 2; piece++) {
        for (int sq = 0; sq < 64; sq++) {
            unsigned long long magic;
            unsigned bits;

            magic_of(text, piece, sq, &magic, &bits);
            end_to_end += 1ul << bits;
        }
    }
    ck_assert_int_eq(run("--flavour=fancy", "--magics", fancy, "-o", path("f.c"), NULL), 0);
    packed = slurp(path("f.c"));
    ck_assert(sscanf(strstr(packed, " *   entries:"), " *   entries: %lu", &entries) == 1);
    ck_assert_msg(entries < end_to_end, "%lu entries, not fewer than %lu", entries, end_to_end);
    spill(path("unpacked.txt"), without_offsets(text));
    ck_assert_int_eq(
        run("--flavour=fancy", "--magics", path("unpacked.txt"), "-o", path("u.c"), NULL), 0);
    first_fit = slurp(path("u.c"));
    ck_assert(sscanf(strstr(first_fit, " *   entries:"), " *   entries: %lu", &unpacked) == 1);
    ck_assert_msg(unpacked >= entries && unpacked <= end_to_end, "first fit: %lu entries",
                  unpacked);
    ck_assert_int_eq(run("--flavour=byte", "--magics", fancy, "-o", path("b.c"), NULL), 0);
    ck_assert_int_eq(run("--flavour=shared", "--magics", fancy, "-o", path("s.c"), NULL), 0);
    free(text);
    free(packed);
    free(first_fit);
}
END_TEST

/* --config: the configuration headers the build asks for, from a list
 * of flavours; a bad kind or flavour, or an option about tables, is a
 * usage error. */
START_TEST(config_headers)
{
    char *text;

    ck_assert_int_eq(run("--config=library:pext,black", "--output", path("config.h"), NULL), 0);
    text = slurp(path("config.h"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_FLAVOUR_NAME \"dispatch\"\n"
                                       "#define MBB_FLAVOUR_DISPATCH 1\n"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_DISPATCH_LIST \"pext=bmi2 black=any\"\n"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_SMALL 0\n"));
    /* pext where the including code has a fast BMI2, else black */
    ck_assert_ptr_nonnull(strstr(text, "#if defined(MBB_HAVE_BMI2) && !defined(MBB_SLOW_BMI2)\n"
                                       "#include \"magicbb/pext.h\"\n"));
    ck_assert_ptr_nonnull(strstr(text, "#else\n#include \"magicbb/black.h\"\n"));
    free(text);
    ck_assert_int_eq(
        run("--config=library:fancy", "--no-lines", "--output", path("config.h"), NULL), 0);
    text = slurp(path("config.h"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_FLAVOUR_NAME \"fancy\"\n"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_SMALL 1\n"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_INLINE_ROOK mbb_fancy_rook_attacks\n"));
    ck_assert_ptr_null(strstr(text, "#error"));
    free(text);
    ck_assert_int_eq(run("--config=dispatch-list:hqdual hq", NULL), 0);
    text = slurp(path("stdout"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_DISPATCH_EACH(X, ARG) X(hqdual, avx2, ARG)"
                                       " X(hq, any, ARG)\n"));
    free(text);
    /* the drop-in carries auto's flavours (pext, magic32, fancy, hqsimd,
     * black), then those named, each once */
    ck_assert_int_eq(run("--config=dropin-flavours:hq,fancy,hq", NULL), 0);
    text = slurp(path("stdout"));
    ck_assert_str_eq(text, "pext magic32 fancy hqsimd black hq\n");
    free(text);
    ck_assert_int_eq(run("--config=dropin:white", NULL), 0);
    text = slurp(path("stdout"));
    ck_assert_ptr_nonnull(
        strstr(text, "#elif defined(MAGICBB_FLAVOUR_WHITE)\n#define MBB_PICK MBB_ID_white\n"));
    ck_assert_ptr_nonnull(strstr(text,
                                 "#elif defined(MAGICBB_FLAVOUR_HQ)\n#error \"magicbb: this drop-in"
                                 " carries pext magic32 fancy hqsimd black white, not hq"));
    free(text);
    ck_assert_int_eq(run("--config=libary:fancy", NULL), 2);
    expect_error("--config: unknown kind 'libary'");
    ck_assert_int_eq(run("--config=library:fancy,nosuch", NULL), 2);
    expect_error("--config: 'fancy,nosuch' is not a list of flavours");
    ck_assert_int_eq(run("--config=library", NULL), 2);
    expect_error("--config: '' is not a list of flavours");
    /* a dispatch list that would resolve to nothing on some CPU, as
     * configure refuses it: one flavour, or not ending in plain C; an
     * empty one is a library that does not dispatch */
    ck_assert_int_eq(run("--config=dispatch-list:", NULL), 0);
    text = slurp(path("stdout"));
    ck_assert_ptr_nonnull(strstr(text, "#define MBB_DISPATCH_EACH(X, ARG) \n"));
    free(text);
    ck_assert_int_eq(run("--config=dispatch-list:pext", NULL), 2);
    expect_error("--config: 'pext' is no dispatch library's list");
    ck_assert_int_eq(run("--config=dispatch-list:black,pext", NULL), 2);
    expect_error("--config: 'black,pext' is no dispatch library's list");
    ck_assert_int_eq(run("--config=library:black,pext", NULL), 2);
    expect_error("--config: 'black,pext' is no dispatch library's list");
    ck_assert_int_eq(run("--config=library:fancy", "--seed=5", NULL), 2);
    expect_error("--config writes no tables: --seed, --magics and --dump-magics do not apply");
}
END_TEST

/* gen/magics/own/FLAVOUR.txt: magicbb's own dense-search results, kept
 * beside the shipped sets they are measured against, and the shipped
 * sets that are magicbb's own (offsetmagic).  Each loads and verifies as
 * its flavour's magics, and its header gives the command, its seed and
 * budget, and the CPU time it took. */
START_TEST(own_search_results_load_and_verify)
{
    static const char *const sets[][2] = {
        { "own/fancy", "fancy" },
        { "own/black", "black" },
        { "own/white", "white" },
        { "offsetmagic", "offsetmagic" },
    };

    for (unsigned f = 0; f < sizeof sets / sizeof sets[0]; f++) {
        char file[600], option[64], *text;

        snprintf(file, sizeof file, "%s/%s.txt", getenv("MBB_MAGICS_DIR"), sets[f][0]);
        snprintf(option, sizeof option, "--flavour=%s", sets[f][1]);
        text = slurp(file);
        ck_assert_msg(text != NULL, "%s is missing", file);
        ck_assert_msg(strstr(text, "#   magicbb-search ") != NULL && strstr(text, "--seed=") != NULL
                          && strstr(text, "--budget=") != NULL && strstr(text, " of CPU") != NULL,
                      "%s does not give its command, seed, budget and CPU time", file);
        ck_assert_int_eq(run(option, "--magics", file, "-o", path("own.c"), NULL), 0);
        free(text);
    }
}
END_TEST

/* Every shipped set, gen/magics/NAME.txt, loads as flavour NAME's
 * magics and verifies (the generator checks every (square, occupancy)
 * pair against its ray walk before it writes). */
START_TEST(shipped_sets_load_and_verify)
{
    DIR *dir = opendir(getenv("MBB_MAGICS_DIR"));
    struct dirent *entry;
    unsigned sets = 0;

    ck_assert_ptr_nonnull(dir);
    while ((entry = readdir(dir)) != NULL) {
        const size_t length = strlen(entry->d_name);
        char option[300];

        if (length < 5 || strcmp(entry->d_name + length - 4, ".txt") != 0)
            continue;
        snprintf(option, sizeof option, "--flavour=%.*s", (int)(length - 4), entry->d_name);
        ck_assert_msg(run(option, "--magics", shipped(option + 10), "-o", path("s.c"), NULL) == 0,
                      "%s does not load", entry->d_name);
        sets++;
    }
    closedir(dir);
    ck_assert_uint_ge(sets, 7);
}
END_TEST

/* A shiftmagic set made from a fancy one: the same index bits
 * everywhere, and the same magic below its top six bits (which hold the
 * shift) on every square but the rank-1 rooks, whose masks reach those
 * bits. */
static void expect_fancy_with_shifts(const char *fancy_file, const char *shift_file)
{
    char *fancy = slurp(fancy_file), *shift = slurp(shift_file);
    unsigned same = 0;

    ck_assert_msg(fancy != NULL && shift != NULL, "%s or %s is missing", fancy_file, shift_file);
    for (int piece = 0; piece < 2; piece++) {
        for (int sq = 0; sq < 64; sq++) {
            unsigned long long mf, ms;
            unsigned bf, bs;

            magic_of(fancy, piece, sq, &mf, &bf);
            magic_of(shift, piece, sq, &ms, &bs);
            ck_assert_int_eq(bf, bs);
            ck_assert_uint_eq(ms >> 58, 64 - bs);
            if (piece == 0 && sq < 8)
                continue;
            ck_assert_msg((mf ^ ms) << 6 == 0, "%s, square %d: 0x%llx is not 0x%llx", shift_file,
                          sq, ms, mf);
            same++;
        }
    }
    ck_assert_uint_eq(same, 120);
    free(fancy);
    free(shift);
}

/* shiftmagic ships the dense fancy set, and its table is as small as
 * shared's with that set; magicbb's own shiftmagic set is its own fancy
 * set in the same way. */
START_TEST(shiftmagic_ships_the_dense_set)
{
    char fancy[600], shift[600], *ours, *theirs;

    /* shipped() has one buffer */
    snprintf(fancy, sizeof fancy, "%s", shipped("fancy"));
    expect_fancy_with_shifts(fancy, shipped("shiftmagic"));
    snprintf(fancy, sizeof fancy, "%s", shipped("own/fancy"));
    snprintf(shift, sizeof shift, "%s", shipped("own/shiftmagic"));
    expect_fancy_with_shifts(fancy, shift);
    ck_assert_int_eq(run("--flavour=shiftmagic", "--magics", shift, "-o", path("s.c"), NULL), 0);
    ck_assert_int_eq(
        run("--flavour=shiftmagic", "--magics", shipped("shiftmagic"), "-o", path("s.c"), NULL), 0);
    ck_assert_int_eq(run("--flavour=shared", "--magics", shipped("fancy"), "-o", path("f.c"), NULL),
                     0);
    ours = slurp(path("s.c"));
    theirs = slurp(path("f.c"));
    ck_assert(strstr(ours, " *   entries:") != NULL && strstr(theirs, " *   entries:") != NULL);
    ck_assert_msg(strncmp(strstr(ours, " *   entries:"), strstr(theirs, " *   entries:"), 40) == 0,
                  "shiftmagic's table is not shared's size");
    ck_assert_msg(strstr(ours, "total 59136\n") != NULL, "%.200s", ours);
    free(ours);
    free(theirs);
}
END_TEST

START_TEST(pext_needs_no_magics)
{
    char *text;

    ck_assert_int_eq(run("--flavour=pext", "-o", path("p.c"), NULL), 0);
    text = slurp(path("p.c"));
    ck_assert_msg(strstr(text, "flavour:  pext") != NULL, "provenance does not say pext");
    free(text);
    ck_assert_int_eq(run("--flavour=pext", "--seed=3", "-o", path("q.c"), NULL), 2);
    ck_assert(!exists(path("q.c")));
}
END_TEST

/* --board-only[=TABLE] and --no-lines choose the tables written;
 * --sliders-only and --board-only exclude each other. */
START_TEST(table_parts_are_chosen)
{
    char *text, *err;

    ck_assert_int_eq(run("--flavour=hq", "--board-only", "-o", path("board.c"), NULL), 0);
    text = slurp(path("board.c"));
    ck_assert_msg(strstr(text, "mbb_tab_knight[64]") != NULL && strstr(text, "mbb_tab_line[64][64]")
                      && strstr(text, "mbb_hq_") == NULL,
                  "--board-only: not the board's tables alone");
    free(text);
    ck_assert_int_eq(run("--flavour=hq", "--board-only=ray-pass", "-o", path("ray.c"), NULL), 0);
    text = slurp(path("ray.c"));
    ck_assert_msg(strstr(text, "mbb_tab_ray_pass[64][64]") != NULL
                      && strstr(text, "mbb_tab_knight") == NULL
                      && strstr(text, "mbb_tab_between") == NULL
                      && strstr(text, "mbb_tab_line") == NULL && strstr(text, "mbb_hq_") == NULL,
                  "--board-only=ray-pass: not the ray_pass table alone");
    free(text);
    ck_assert_int_eq(
        run("--flavour=hq", "--board-only=leapers", "--no-lines", "-o", path("leap.c"), NULL), 0);
    text = slurp(path("leap.c"));
    ck_assert_msg(strstr(text, "mbb_tab_knight[64]") != NULL && strstr(text, "mbb_tab_pawn[2][64]")
                      && strstr(text, "mbb_tab_between") == NULL
                      && strstr(text, "mbb_tab_ray_pass") == NULL,
                  "--board-only=leapers: not the leapers' tables alone");
    free(text);
    ck_assert_int_eq(run("--board-only=rays", "-o", path("x.c"), NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "--board-only: unknown table 'rays'") != NULL, "%s", err);
    free(err);
    ck_assert_int_eq(run("--board-only=line", "--no-lines", "-o", path("x.c"), NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "--board-only and --no-lines leave no table to write") != NULL, "%s",
                  err);
    free(err);
    ck_assert(!exists(path("x.c")));
    ck_assert_int_eq(run("--flavour=hq", "--no-lines", "-o", path("small.c"), NULL), 0);
    text = slurp(path("small.c"));
    ck_assert_msg(strstr(text, "mbb_tab_knight[64]") != NULL && strstr(text, "mbb_hq_lines[64]")
                      && strstr(text, "mbb_tab_between") == NULL
                      && strstr(text, "mbb_tab_line") == NULL,
                  "--no-lines: between or line table left in, or another one missing");
    free(text);
    ck_assert_int_eq(run("--sliders-only", "--board-only", "-o", path("x.c"), NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "--sliders-only and --board-only exclude each other") != NULL, "%s",
                  err);
    free(err);
    ck_assert(!exists(path("x.c")));
}
END_TEST

/* One kind of bad magics file: how to spoil a good one, and what the
 * error must say. */
struct bad_file {
    const char *what;
    const char *find;    /* text of the good file to replace ... */
    const char *replace; /* ... with this */
    int line;            /* line the error must name; 0: the last line */
    const char *message;
};

/* Lines 1-3 are comments; rook a1 is line 4, rook e4 line 32, bishop h8
 * the last (131). */
static const struct bad_file bad_files[] = {
    { "too few fields", "rook   a2  0x", "rook a2 0x1\nrook   a2  0x", 12,
      "expected 4 or 5 fields" },
    { "unknown piece", "rook   b1", "queen  b1", 5, "unknown piece 'queen'" },
    { "unknown square", "rook   c1", "rook   i9", 6, "unknown square 'i9'" },
    { "bad hex", "bishop a1  0x", "bishop a1  0xg", 68, "bad magic" },
    { "too many fields", "rook   a1  0x", "rook   a1  13 13 ", 4, "found more than 5" },
    { "duplicate", "rook   h1", "rook   g1", 11, "duplicate entry for rook g1 (first on line 10)" },
    { "missing", "bishop h8", "# bishop h8", 0, "no entry for bishop h8" },
    { "wrong flavour", "# flavour: fancy", "# flavour: black", 2,
      "for flavour 'black', not 'fancy'" },
    /* rook a1 has 12 relevant squares */
    { "too many index bits", "12\nrook   b1", "13\nrook   b1", 4,
      "index bits '13' for rook a1 out of range (1 to 12)" },
    { "no index bits", "12\nrook   b1", "0\nrook   b1", 4, "out of range" },
    /* fewer bits than a square needs must collide, not pass */
    { "too few index bits", "12\nrook   b1", "9\nrook   b1", 4, "rook a1: the magic collides" },
    { "collision", "rook   e4  0x", "rook   e4  0x0000000000000003 10 #", 32, "collides" },
    /* every entry has an offset, or none */
    { "one offset", "\nrook   b1", " 0\nrook   b1", 5, "no offset, but line 4 has one" },
};

static unsigned count_lines(const char *text)
{
    unsigned n = 0;

    for (; *text != '\0'; text++)
        n += *text == '\n';
    return n;
}

/* The line (from 1) of text that starts with start, and in *field the
 * number in its fifth field (a black or white offset) where it has one. */
static unsigned line_of(const char *text, const char *start, unsigned long *field)
{
    const char *at = text;
    unsigned n = 1;

    while (strncmp(at, start, strlen(start)) != 0) {
        at = strchr(at, '\n');
        ck_assert_msg(at != NULL, "no line starts with '%s'", start);
        at++;
        n++;
    }
    if (field != NULL)
        ck_assert_int_eq(sscanf(at, "%*s %*s %*s %*s %lu", field), 1);
    return n;
}

/* The generator must fail with status 1 and one line
 * "magicbb-gen: FILE:LINE: ...message...", and must leave an existing
 * output file exactly as it was, with no temporary file beside it. */
static void expect_rejected_as(const char *file, const char *flavour, unsigned line,
                               const char *message)
{
    char expected[512], option[64];
    char *err, *out;

    snprintf(option, sizeof option, "--flavour=%s", flavour);
    spill(path("out.c"), "existing output\n");
    ck_assert_int_eq(run(option, "--magics", file, "--output", path("out.c"), NULL), 1);
    err = slurp(path("stderr"));
    if (line != 0)
        snprintf(expected, sizeof expected, "magicbb-gen: %s:%u: ", file, line);
    else
        snprintf(expected, sizeof expected, "magicbb-gen: %s", file);
    ck_assert_msg(strncmp(err, expected, strlen(expected)) == 0, "error '%s' does not start '%s'",
                  err, expected);
    ck_assert_msg(strstr(err, message) != NULL, "error '%s' does not say '%s'", err, message);
    ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "error is not one line: '%s'", err);
    out = slurp(path("out.c"));
    ck_assert_str_eq(out, "existing output\n");
    ck_assert_msg(leftover("out.c") == NULL, "a temporary file was left behind: %s",
                  leftover("out.c"));
    free(err);
    free(out);
}

static void expect_rejected(const char *file, unsigned line, const char *message)
{
    expect_rejected_as(file, "fancy", line, message);
}

/* Bad black files: the offset column, the fixed index bits, and two
 * squares whose slices overlap with different attacks. */
START_TEST(bad_black_files_are_rejected)
{
    const char *published = shipped("black");
    char *good, *text, find[64], replace[64];
    char *eol;
    size_t cut;
    unsigned long a1_offset = 0, b1_offset = 0;
    unsigned a1;

    good = slurp(published);
    a1 = line_of(good, "rook   a1", &a1_offset);
    line_of(good, "rook   b1", &b1_offset);
    /* rook a1 without its offset */
    snprintf(find, sizeof find, "0x80280013ff84ffff  12  %6lu", a1_offset);
    text = spoil(good, find, "0x80280013ff84ffff  12");
    spill(path("bad.txt"), text);
    snprintf(replace, sizeof replace, "an offset, but line %u has none", a1);
    expect_rejected_as(path("bad.txt"), "black", a1 + 1, replace);
    free(text);
    snprintf(replace, sizeof replace, "0x80280013ff84ffff  11  %6lu", a1_offset);
    text = spoil(good, find, replace);
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", a1, "index bits '11' for rook a1: black uses 12");
    free(text);
    /* rook b1 moved onto rook a1's slice */
    snprintf(find, sizeof find, "0x5ffbfefdfef67fff  12  %6lu", b1_offset);
    snprintf(replace, sizeof replace, "0x5ffbfefdfef67fff  12  %6lu", a1_offset);
    text = spoil(good, find, replace);
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", 0, "overlaps rook a1's");
    /* ... the error names the line of the square that found the clash */
    eol = strstr(text, "rook   b1");
    ck_assert_ptr_nonnull(eol);
    cut = 0;
    for (const char *c = text; c < eol; c++)
        cut += *c == '\n';
    free(text);
    text = slurp(path("stderr"));
    {
        char where[64];

        snprintf(where, sizeof where, "bad.txt:%zu: rook b1", cut + 1);
        ck_assert_msg(strstr(text, where) != NULL, "'%s' does not name line %zu", text, cut + 1);
    }
    free(text);
    free(good);
}
END_TEST

START_TEST(bad_magics_file_is_rejected)
{
    const struct bad_file *bad = &bad_files[_i];
    char *good, *text;

    good = good_file();
    ck_assert_uint_eq(count_lines(good), 131);
    text = spoil(good, bad->find, bad->replace);
    spill(path("bad.txt"), text);
    expect_rejected(path("bad.txt"), bad->line != 0 ? (unsigned)bad->line : count_lines(text),
                    bad->message);
    free(good);
    free(text);
}
END_TEST

/* A shiftmagic magic whose top six bits are not its shift: once a crash
 * (the index ran past the table), now a one-line error at its line. */
START_TEST(shiftmagic_shift_must_match_the_bits)
{
    char *good, *text;

    ck_assert_int_eq(run("--flavour=shiftmagic", "--seed=7", "-d", path("good.txt"), NULL), 0);
    good = slurp(path("good.txt"));
    /* rook a1's magic starts with its shift, 52 (0b110100): top byte 0xd0 to 0xd3 */
    ck_assert_msg(strstr(good, "rook   a1  0xd") != NULL, "%s", good);
    text = spoil(good, "rook   a1  0xd", "rook   a1  0x1");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "shiftmagic", 4,
                       "rook a1: the magic's top six bits are"
                       " not its shift");
    free(good);
    free(text);
}
END_TEST

START_TEST(overlong_line_is_rejected)
{
    char text[600];

    memset(text, ' ', sizeof text);
    memcpy(text, "rook a1 0x1 12", 14);
    text[sizeof text - 2] = '\n';
    text[sizeof text - 1] = '\0';
    spill(path("long.txt"), text);
    expect_rejected(path("long.txt"), 1, "line longer than");
}
END_TEST

START_TEST(unreadable_file_is_rejected)
{
    expect_rejected(path("no-such-file.txt"), 0, "cannot open");
}
END_TEST

START_TEST(usage_errors)
{
    char *err;

    ck_assert_int_eq(run("--no-such-option", NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "magicbb-gen: unknown option '--no-such-option'") != NULL, "%s", err);
    free(err);
    ck_assert_int_eq(run("--seed=banana", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run("--flavour=plaid", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run("--seed=1", "--magics", path("m.txt"), "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run(NULL), 2);
    ck_assert(!exists(path("x.c")));
    ck_assert_int_eq(run("--help", NULL), 0);
    ck_assert_int_eq(run("--version", NULL), 0);
}
END_TEST

START_TEST(unwritable_output_is_reported)
{
    char *err;

    ck_assert_int_eq(run("-o", path("no-such-dir/t.c"), NULL), 1);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "cannot create") != NULL, "%s", err);
    free(err);
}
END_TEST

static void spill_bytes(const char *file, const char *data, size_t size)
{
    FILE *out = fopen(file, "wb");

    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(fwrite(data, 1, size, out), size);
    ck_assert_int_eq(fclose(out), 0);
}

/* black: every offset must leave its whole slice inside the largest
 * overlapping table (128 x 4096 entries): the last offset a rook slice
 * may start at is 524288 - 4096 = 520192.  Past it the repacker once
 * wrote out of bounds; far past it the run ended in "out of memory". */
START_TEST(black_offsets_are_bounded_by_the_layout)
{
    const char *published = shipped("black");
    char *good, *text;
    unsigned h8;

    good = slurp(published);
    h8 = line_of(good, "rook   h8", NULL);
    /* rook h8 moved to the last place it may take: no other slice
     * reaches there, so the layout is sound */
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  520192 #");
    spill(path("edge.txt"), text);
    ck_assert_int_eq(
        run("--flavour=black", "--magics", path("edge.txt"), "-o", path("edge.c"), NULL), 0);
    free(text);
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  520193 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", h8,
                       "bad offset '520193' for rook h8 (expected 0 to 520192");
    free(text);
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  2147000000 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", h8, "bad offset '2147000000'");
    free(text);
    /* a bishop slice has 512 slots */
    text = spoil(good, "0x100000c05f582008   9", "0xd7f7fefffeffffff   9  523777 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", line_of(good, "bishop h8", NULL),
                       "(expected 0 to 523776");
    free(text);
    free(good);
}
END_TEST

/* Text files only: a NUL byte is an error on its line, wherever it
 * stands, and the lines after it keep their numbers. */
START_TEST(nul_bytes_are_rejected)
{
    char *good = good_file(), *text;
    size_t size = strlen(good), at;
    char *line5;

    /* NUL in the middle of rook b1 (line 5): the text after it counts */
    line5 = strstr(good, "rook   b1");
    ck_assert_ptr_nonnull(line5);
    text = malloc(size + 1);
    memcpy(text, good, size + 1);
    at = (size_t)(line5 - good) + 4;
    text[at] = '\0';
    spill_bytes(path("nul.txt"), text, size);
    expect_rejected(path("nul.txt"), 5, "NUL byte in column 5");
    /* NUL at the start of an overlong line 5 hides neither */
    free(text);
    text = malloc(size + 400);
    memcpy(text, good, (size_t)(line5 - good));
    at = (size_t)(line5 - good);
    text[at] = '\0';
    memset(text + at + 1, 'x', 300);
    memcpy(text + at + 301, line5, size - (size_t)(line5 - good));
    spill_bytes(path("nul.txt"), text, size + 301);
    expect_rejected(path("nul.txt"), 5, "NUL byte in column 1");
    free(text);
    free(good);
}
END_TEST

/* Inputs that are no magics file, named without a line number. */
START_TEST(non_files_are_rejected)
{
    char *good = good_file(), *big;
    const size_t size = (1u << 20) + 100;

    /* an endless device once ran forever */
    expect_rejected("/dev/zero", 0, "not a regular file or a pipe");
    ck_assert_int_eq(mkdir(path("dir"), 0755), 0);
    expect_rejected(path("dir"), 0, "is a directory");
    spill(path("empty.txt"), "");
    expect_rejected(path("empty.txt"), 0, "empty file");
    /* a file past the size cap: comment lines, then the entries */
    big = malloc(size + strlen(good) + 1);
    ck_assert_ptr_nonnull(big);
    for (size_t i = 0; i < size; i += 100) {
        memset(big + i, ' ', 100);
        big[i] = '#';
        big[i + 99] = '\n';
    }
    strcpy(big + size, good);
    spill(path("big.txt"), big);
    expect_rejected(path("big.txt"), 10486, "file larger than 1048576 bytes");
    free(big);
    free(good);
}
END_TEST

/* The "# flavour:" line: its key in any case, its name exact, and
 * required. */
START_TEST(flavour_line_is_required)
{
    char *good = good_file(), *text;

    text = spoil(good, "# flavour: fancy", "# Flavour: fancy");
    spill(path("m.txt"), text);
    ck_assert_int_eq(run("--magics", path("m.txt"), "-o", path("m.c"), NULL), 0);
    free(text);
    text = spoil(good, "# flavour: fancy", "# FLAVOUR: black");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 2, "for flavour 'black', not 'fancy'");
    free(text);
    text = spoil(good, "# flavour: fancy", "# (no flavour named)");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 0, "no '# flavour: fancy' line");
    free(text);
    free(good);
}
END_TEST

/* Quoted text is escaped: control bytes and broken UTF-8 as \xNN, a
 * well-formed character as it is; the report stays one line. */
START_TEST(messages_escape_what_they_quote)
{
    char *good = good_file(), *text, *err;

    text = spoil(good, "rook   b1", "ro\x01k\x1b[2J b1");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 5, "unknown piece 'ro\\x01k\\x1b[2J'");
    free(text);
    text = spoil(good, "rook   b1", "t\xc3\xa9\xc3 b1");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 5, "unknown piece 't\xc3\xa9\\xc3'");
    free(text);
    ck_assert_int_eq(run("--flavour=pla\nid", "-o", path("x.c"), NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "unknown flavour 'pla\\x0aid'") != NULL, "%s", err);
    free(err);
    free(good);
}
END_TEST

/* A --magics path lands in comments of both outputs: escaped there, it
 * can neither end the C comment nor add a line. */
START_TEST(paths_cannot_break_the_outputs)
{
    char *good = good_file(), *c_file, *dump, *magics_line, *end;
    const char *odd = path("odd */ int injected; \n#error x\n.txt");

    ck_assert_int_eq(mkdir(path("odd *"), 0755), 0);
    spill(odd, good);
    ck_assert_int_eq(run("--magics", odd, "-o", path("t.c"), "-d", path("again.txt"), NULL), 0);
    c_file = slurp(path("t.c"));
    /* the provenance comment ends where the generator ends it */
    end = strstr(c_file, "*/");
    ck_assert_ptr_nonnull(end);
    ck_assert_msg(strncmp(end, "*/\n#include", 11) == 0, "the comment ends early: '%.40s'", end);
    magics_line = strstr(c_file, " *   magics:   file ");
    ck_assert_ptr_nonnull(magics_line);
    ck_assert_msg(strncmp(strchr(magics_line, '\n'), "\n *   entries:", 14) == 0,
                  "the path broke the magics line");
    ck_assert_msg(strstr(magics_line, "odd \\x2a/ int") != NULL, "'%.80s'", magics_line);
    /* the dump reloads, so the path added no line to it */
    dump = slurp(path("again.txt"));
    ck_assert_msg(strstr(dump, "\n#error") == NULL, "the path added a line to the dump");
    ck_assert_int_eq(run("--magics", path("again.txt"), "-o", path("t2.c"), NULL), 0);
    free(c_file);
    free(dump);
    free(good);
}
END_TEST

/* --dump-magics with --output: both written, or neither changed. */
START_TEST(outputs_change_together_or_not_at_all)
{
    char *dump;

    spill(path("dump.txt"), "old dump\n");
    /* the output cannot even be created */
    ck_assert_int_eq(run("--seed=7", "-d", path("dump.txt"), "-o", path("no-dir/t.c"), NULL), 1);
    dump = slurp(path("dump.txt"));
    ck_assert_str_eq(dump, "old dump\n");
    free(dump);
    /* it is created but cannot take the place of a directory */
    ck_assert_int_eq(mkdir(path("t.c"), 0755), 0);
    ck_assert_int_eq(run("--seed=7", "-d", path("dump.txt"), "-o", path("t.c"), NULL), 1);
    dump = slurp(path("dump.txt"));
    ck_assert_str_eq(dump, "old dump\n");
    free(dump);
    ck_assert_msg(leftover("dump.txt") == NULL, "left behind: %s", leftover("dump.txt"));
    ck_assert_msg(leftover("t.c") == NULL, "left behind: %s", leftover("t.c"));
    /* and when all is well, both are written */
    ck_assert_int_eq(run("--seed=7", "-d", path("dump.txt"), "-o", path("u.c"), NULL), 0);
    dump = slurp(path("dump.txt"));
    ck_assert_msg(strncmp(dump, "# magicbb magics v1", 19) == 0, "%.40s", dump);
    ck_assert(exists(path("u.c")));
    free(dump);
}
END_TEST

/* Start the generator in the background; its output goes nowhere. */
static pid_t start(const char *flavour, const char *output)
{
    pid_t pid = fork();

    ck_assert_msg(pid >= 0, "fork failed");
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL || freopen("/dev/null", "w", stdout) == NULL)
            _exit(126);
        execl(generator, generator, flavour, "--sliders-only", "-o", output, (char *)NULL);
        _exit(127);
    }
    return pid;
}

static int finish(pid_t pid)
{
    int status;

    ck_assert_msg(waitpid(pid, &status, 0) == pid, "waitpid failed");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Runs at once on one output: each that exits 0 renamed a complete file
 * of its own, so the output is one of them whole. */
START_TEST(concurrent_runs_leave_a_whole_file)
{
    char *pext, *plain;

    ck_assert_int_eq(run("--flavour=pext", "--sliders-only", "-o", path("pext.c"), NULL), 0);
    ck_assert_int_eq(run("--flavour=plain", "--sliders-only", "-o", path("plain.c"), NULL), 0);
    pext = slurp(path("pext.c"));
    plain = slurp(path("plain.c"));
    for (int round = 0; round < 8; round++) {
        pid_t a = start("--flavour=pext", path("out.c")),
              b = start("--flavour=plain", path("out.c"));
        pid_t c = start("--flavour=pext", path("out.c"));
        char *out;

        ck_assert_int_eq(finish(a), 0);
        ck_assert_int_eq(finish(b), 0);
        ck_assert_int_eq(finish(c), 0);
        out = slurp(path("out.c"));
        ck_assert_msg(strcmp(out, pext) == 0 || strcmp(out, plain) == 0,
                      "round %d: the output is a mix of runs (%zu bytes)", round, strlen(out));
        ck_assert_msg(leftover("out.c") == NULL, "left behind: %s", leftover("out.c"));
        free(out);
    }
    free(pext);
    free(plain);
}
END_TEST

/* A seed is decimal without leading zeros or 0x hex, up to 2^64 - 1. */
START_TEST(seeds_are_checked_strictly)
{
    static const char *const bad[] = {
        "--seed=09",
        "--seed=010",
        "--seed=18446744073709551616",
        "--seed=0x10000000000000000",
        "--seed=0x",
        "--seed=-1",
        "--seed= 1",
        "--seed=1e3",
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *err;

        ck_assert_msg(run(bad[i], "-d", path("s.txt"), NULL) == 2, "%s was accepted", bad[i]);
        err = slurp(path("stderr"));
        ck_assert_msg(strstr(err, "without leading zeros") != NULL, "%s: %s", bad[i], err);
        free(err);
    }
    ck_assert(!exists(path("s.txt")));
    ck_assert_int_eq(run("--seed=18446744073709551615", "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=0", "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=0xFFFFFFFFFFFFFFFF", "-d", path("s.txt"), NULL), 0);
}
END_TEST

/* ---- Outputs that are not plain new files ------------------------------ */

/* "-" is standard output: no file called "-" anywhere. */
START_TEST(dash_is_standard_output)
{
    char *out;

    ck_assert_int_eq(run("--seed=7", "-d", "-", NULL), 0);
    ck_assert_msg(!exists("-"), "a file called '-' was written");
    if (exists("-"))
        unlink("-");
    out = slurp(path("stdout"));
    ck_assert_msg(strncmp(out, "# magicbb magics v1", 19) == 0, "stdout: '%.40s'", out);
    free(out);
    ck_assert_int_eq(run("--flavour=hq", "--sliders-only", "-o", "-", NULL), 0);
    ck_assert(!exists("-"));
    out = slurp(path("stdout"));
    ck_assert_msg(strstr(out, "flavour:  hq") != NULL, "stdout: '%.80s'", out);
    free(out);
    /* one stream cannot take both */
    ck_assert_int_eq(run("--seed=7", "-d", "-", "-o", "-", NULL), 2);
    expect_error("name the same file");
    spill(path("same.txt"), "old\n");
    ck_assert_int_eq(symlink("same.txt", path("alias.txt")), 0);
    ck_assert_int_eq(run("--seed=7", "-d", path("same.txt"), "-o", path("alias.txt"), NULL), 2);
    expect_error("name the same file");
}
END_TEST

/* Devices are written through, never replaced; a write error (ENOSPC on
 * a copy of /dev/full) is one line, status 1, and no other output. */
START_TEST(devices_are_written_through)
{
    struct stat st;

    if (geteuid() != 0) {
        printf("# devices_are_written_through: skipped, mknod needs root\n");
        return;
    }
    ck_assert_int_eq(mknod(path("null"), S_IFCHR | 0666, makedev(1, 3)), 0);
    ck_assert_int_eq(mknod(path("full"), S_IFCHR | 0666, makedev(1, 7)), 0);
    ck_assert_int_eq(run("--seed=7", "-o", path("null"), "-d", path("m.txt"), NULL), 0);
    ck_assert_int_eq(lstat(path("null"), &st), 0);
    ck_assert_msg(S_ISCHR(st.st_mode), "the device was replaced");
    ck_assert(exists(path("m.txt")));
    ck_assert_int_eq(run("--seed=7", "-o", path("full"), "-d", path("n.txt"), NULL), 1);
    expect_error("full: cannot write: No space left on device");
    ck_assert_int_eq(lstat(path("full"), &st), 0);
    ck_assert_msg(S_ISCHR(st.st_mode), "the device was replaced");
    ck_assert_msg(!exists(path("n.txt")), "the other output was written");
    ck_assert_msg(leftover("n.txt") == NULL, "left behind: %s", leftover("n.txt"));
    ck_assert_msg(leftover("full") == NULL, "left behind: %s", leftover("full"));
}
END_TEST

/* A FIFO is opened and written, not replaced. */
START_TEST(fifos_are_written_through)
{
    struct stat st;
    char *got;
    pid_t reader;

    ck_assert_int_eq(mkfifo(path("fifo"), 0644), 0);
    reader = fork();
    ck_assert_msg(reader >= 0, "fork failed");
    if (reader == 0) {
        FILE *in = fopen(path("fifo"), "rb"), *out = fopen(path("read.txt"), "wb");
        int c;

        if (in == NULL || out == NULL)
            _exit(1);
        while ((c = getc(in)) != EOF)
            putc(c, out);
        _exit(fclose(out) != 0);
    }
    ck_assert_int_eq(run("--seed=7", "-d", path("fifo"), NULL), 0);
    ck_assert_int_eq(finish(reader), 0);
    ck_assert_int_eq(lstat(path("fifo"), &st), 0);
    ck_assert_msg(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    got = slurp(path("read.txt"));
    ck_assert_msg(strncmp(got, "# magicbb magics v1", 19) == 0, "read: '%.40s'", got);
    free(got);
}
END_TEST

/* A symbolic link stays a link: the file it points to is written; a link
 * to nothing is refused and nothing is created. */
START_TEST(links_write_their_target)
{
    struct stat st;
    char *text;

    ck_assert_int_eq(mkdir(path("real"), 0755), 0);
    spill(path("real/t.c"), "old\n");
    ck_assert_int_eq(symlink("real/t.c", path("link.c")), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("link.c"), NULL), 0);
    ck_assert_int_eq(lstat(path("link.c"), &st), 0);
    ck_assert_msg(S_ISLNK(st.st_mode), "the link was replaced by a file");
    text = slurp(path("real/t.c"));
    ck_assert_msg(strstr(text, "flavour:  hq") != NULL, "the target was not written");
    free(text);
    ck_assert_msg(leftover("link.c") == NULL, "left behind: %s", leftover("link.c"));
    ck_assert_int_eq(symlink("nowhere.c", path("dangling.c")), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("dangling.c"), NULL), 1);
    expect_error("dangling.c: is a symbolic link to no file");
    ck_assert(!exists(path("nowhere.c")));
    ck_assert_int_eq(lstat(path("dangling.c"), &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
}
END_TEST

/* A file without write permission is not replaced, even by root; a
 * replaced file keeps its mode. */
START_TEST(read_only_files_are_refused)
{
    struct stat st;
    char *text;

    spill(path("ro.c"), "keep\n");
    ck_assert_int_eq(chmod(path("ro.c"), 0444), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("ro.c"), NULL), 1);
    expect_error("ro.c: is read-only");
    text = slurp(path("ro.c"));
    ck_assert_str_eq(text, "keep\n");
    free(text);
    ck_assert_msg(leftover("ro.c") == NULL, "left behind: %s", leftover("ro.c"));
    spill(path("private.c"), "old\n");
    ck_assert_int_eq(chmod(path("private.c"), 0600), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("private.c"), NULL), 0);
    ck_assert_int_eq(stat(path("private.c"), &st), 0);
    ck_assert_msg((st.st_mode & 07777) == 0600, "mode %o, not 600", (unsigned)(st.st_mode & 07777));
    ck_assert_int_eq(run("--flavour=hq", "-o", "", NULL), 1);
    expect_error("file name is empty");
}
END_TEST

/* The seed a file's provenance names ("seed 0x..."), or 0. */
static unsigned long seed_named(const char *file)
{
    char *text = slurp(file), *at;
    unsigned long seed = 0;

    ck_assert_ptr_nonnull(text);
    at = strstr(text, "seed 0x");
    if (at != NULL)
        seed = strtoul(at + 5, NULL, 16);
    free(text);
    return seed;
}

/* Runs at once on the same two outputs: the tables and the magics dump
 * always come from one run. */
START_TEST(concurrent_runs_keep_outputs_together)
{
    for (int round = 0; round < 6; round++) {
        pid_t pids[3];

        for (int i = 0; i < 3; i++) {
            pids[i] = fork();
            ck_assert_msg(pids[i] >= 0, "fork failed");
            if (pids[i] == 0) {
                char seed[32];

                snprintf(seed, sizeof seed, "--seed=%d", 1 + i);
                if (freopen("/dev/null", "w", stderr) == NULL)
                    _exit(126);
                execl(generator, generator, seed, "--sliders-only", "-o", path("t.c"), "-d",
                      path("m.txt"), (char *)NULL);
                _exit(127);
            }
        }
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(finish(pids[i]), 0);
        ck_assert_msg(seed_named(path("t.c")) == seed_named(path("m.txt")),
                      "round %d: tables of seed %lu beside magics of seed %lu", round,
                      seed_named(path("t.c")), seed_named(path("m.txt")));
    }
}
END_TEST

/* --magics-dir: the one rule for a build's default magics. */
START_TEST(magics_dir_gives_the_default)
{
    char *text;

    ck_assert_int_eq(mkdir(path("sets"), 0755), 0);
    ck_assert_int_eq(run("--seed=7", "-d", path("sets/fancy.txt"), NULL), 0);
    /* the set there is loaded */
    ck_assert_int_eq(run("--magics-dir", path("sets"), "-o", path("a.c"), NULL), 0);
    text = slurp(path("a.c"));
    ck_assert_msg(strstr(text, "magics:   file gen-test-") != NULL
                      && strstr(text, "/sets/fancy.txt") != NULL,
                  "%.300s", text);
    free(text);
    /* none there: the default seed's search */
    ck_assert_int_eq(
        run("--flavour=magic32", "--magics-dir", path("sets"), "-o", path("b.c"), NULL), 0);
    text = slurp(path("b.c"));
    ck_assert_msg(strstr(text, "magics:   seed 0x6d616769636262") != NULL, "%.300s", text);
    free(text);
    /* --seed wins over it */
    ck_assert_int_eq(run("--seed=9", "--magics-dir", path("sets"), "-o", path("c.c"), NULL), 0);
    text = slurp(path("c.c"));
    ck_assert_msg(strstr(text, "magics:   seed 0x9") != NULL, "%.300s", text);
    free(text);
    /* a flavour that only loads needs its set */
    ck_assert_int_eq(run("--flavour=black", "--magics-dir", path("sets"), "-o", path("d.c"), NULL),
                     1);
    expect_error("sets/black.txt: cannot open");
    ck_assert(!exists(path("d.c")));
}
END_TEST

/* ---- Messages ------------------------------------------------------------ */

START_TEST(option_errors_name_the_option)
{
    ck_assert_int_eq(run("-o", path("out.c"), "-xz", NULL), 2);
    expect_error("unknown option '-x'");
    ck_assert_int_eq(run("--bogus=3", NULL), 2);
    expect_error("unknown option '--bogus'");
    ck_assert_int_eq(run("--seed=1", "--output", NULL), 2);
    expect_error("option '--output' needs a value");
    ck_assert_int_eq(run("--seed=1", "-o", NULL), 2);
    expect_error("option '-o' needs a value");
    ck_assert(!exists(path("out.c")));
    /* a value given to an option that takes none names that option */
    ck_assert_int_eq(run("--sliders-only=yes", "-o", path("out.c"), NULL), 2);
    expect_error("option '--sliders-only' takes no value");
    ck_assert_int_eq(run("--board-only=1", "-o", path("out.c"), NULL), 2);
    expect_error("--board-only: unknown table '1'");
    ck_assert_int_eq(run("--no-lines=x", NULL), 2);
    expect_error("option '--no-lines' takes no value");
    ck_assert_int_eq(run("--version=2", NULL), 2);
    expect_error("option '--version' takes no value");
    ck_assert_int_eq(run("--help=x", NULL), 2);
    expect_error("option '--help' takes no value");
    ck_assert_int_eq(run("--sli=yes", NULL), 2);
    expect_error("option '--sliders-only' takes no value");
    /* a short option after a long one with a value is still itself */
    ck_assert_int_eq(run("--seed=1", "-Sz", NULL), 2);
    expect_error("unknown option '-S'");
    ck_assert(!exists(path("out.c")));
}
END_TEST

/* Two squares whose slices overlap with other attacks are both named. */
START_TEST(overlap_names_both_squares)
{
    char *text = slurp(shipped("white")), *a1 = strstr(text, "\nrook   a1"),
         *b1 = strstr(text, "\nrook   b1"), *a1_end, *b1_end, *offset;
    char edited[16384];
    int b1_line = 1;

    ck_assert_ptr_nonnull(a1);
    ck_assert_ptr_nonnull(b1);
    /* rook b1 moved onto rook a1's slice: b1's offset becomes a1's */
    a1_end = strchr(a1 + 1, '\n');
    b1_end = strchr(b1 + 1, '\n');
    for (offset = a1_end; offset[-1] != ' '; offset--)
        continue;
    for (const char *c = text; c <= b1; c++)
        b1_line += *c == '\n';
    ck_assert_int_lt((int)strlen(text), (int)sizeof edited - 16);
    snprintf(edited, sizeof edited, "%.*s", (int)(b1_end - text), text);
    for (char *e = edited + strlen(edited); e[-1] != ' '; e--)
        e[-1] = '\0';
    snprintf(edited + strlen(edited), sizeof edited - strlen(edited), "%.*s%s",
             (int)(a1_end - offset), offset, b1_end);
    spill(path("w.txt"), edited);
    expect_rejected_as(path("w.txt"), "white", b1_line, "rook b1: its slice overlaps rook a1's");
    free(text);
}
END_TEST

START_TEST(byte_order_mark_is_named)
{
    char *good = good_file(), *text = malloc(strlen(good) + 4);

    strcpy(text, "\xef\xbb\xbf");
    strcat(text, good);
    spill(path("bom.txt"), text);
    expect_rejected(path("bom.txt"), 1, "UTF-8 byte-order mark");
    free(text);
    free(good);
}
END_TEST

static Suite *generator_suite(void)
{
    Suite *s = suite_create("generator");
    TCase *output = tcase_create("output");
    TCase *input = tcase_create("bad input");

    tcase_add_checked_fixture(output, setup, teardown);
    tcase_add_checked_fixture(input, setup, teardown);
    tcase_add_test(output, config_headers);
    tcase_add_test(output, same_seed_same_bytes);
    tcase_add_test(output, no_include_leaves_out_only_the_include);
    tcase_add_test(output, other_seed_other_magics);
    tcase_add_test(output, dumped_magics_reload_to_the_same_table);
    tcase_add_test(output, magic32_magics_round_trip);
    tcase_add_test(output, black_loads_the_shipped_layout);
    tcase_add_test(output, fancy_packs_the_shipped_slices);
    tcase_add_test(output, shiftmagic_ships_the_dense_set);
    tcase_add_test(output, own_search_results_load_and_verify);
    tcase_add_test(output, shipped_sets_load_and_verify);
    tcase_add_test(output, pext_needs_no_magics);
    tcase_add_test(output, table_parts_are_chosen);
    tcase_add_loop_test(input, bad_magics_file_is_rejected, 0,
                        (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(input, overlong_line_is_rejected);
    tcase_add_test(input, shiftmagic_shift_must_match_the_bits);
    tcase_add_test(input, unreadable_file_is_rejected);
    tcase_add_test(input, usage_errors);
    tcase_add_test(input, unwritable_output_is_reported);
    tcase_add_test(input, bad_black_files_are_rejected);
    tcase_add_test(input, black_offsets_are_bounded_by_the_layout);
    tcase_add_test(input, nul_bytes_are_rejected);
    tcase_add_test(input, non_files_are_rejected);
    tcase_add_test(input, flavour_line_is_required);
    tcase_add_test(input, messages_escape_what_they_quote);
    tcase_add_test(input, seeds_are_checked_strictly);
    tcase_add_test(output, paths_cannot_break_the_outputs);
    tcase_add_test(output, outputs_change_together_or_not_at_all);
    tcase_add_test(output, concurrent_runs_leave_a_whole_file);
    tcase_add_test(output, dash_is_standard_output);
    tcase_add_test(output, devices_are_written_through);
    tcase_add_test(output, fifos_are_written_through);
    tcase_add_test(output, links_write_their_target);
    tcase_add_test(output, read_only_files_are_refused);
    tcase_add_test(output, concurrent_runs_keep_outputs_together);
    tcase_add_test(output, magics_dir_gives_the_default);
    tcase_add_test(input, option_errors_name_the_option);
    tcase_add_test(input, overlap_names_both_squares);
    tcase_add_test(input, byte_order_mark_is_named);
    tcase_set_timeout(output, 60);
    tcase_set_timeout(input, 60);
    suite_add_tcase(s, output);
    suite_add_tcase(s, input);
    return s;
}

int main(void)
{
    return run_suite(generator_suite());
}
