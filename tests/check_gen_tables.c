/* SPDX-License-Identifier: MIT */
/* check_gen_tables.c - the generator's tables as a user asks them:
 * reproducible output for a seed, magics files that round-trip and load
 * (the shipped sets among them), the configuration headers, and the
 * parts of the tables each option writes. */
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

    /* (fancy's shipped magics: a load costs a third of a search) */
    ck_assert_int_eq(run("--magics", shipped("fancy"), "--sliders-only", "-o", path("a.c"), NULL),
                     0);
    ck_assert_int_eq(run("--magics", shipped("fancy"), "--sliders-only", "--no-include", "-o",
                         path("b.c"), NULL),
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

/* --magics-dir: the one rule for a build's default magics. */
START_TEST(magics_dir_gives_the_default)
{
    char *text;

    ck_assert_int_eq(mkdir(path("sets"), 0755), 0);
    ck_assert_int_eq(run("--magics", shipped("fancy"), "-d", path("sets/fancy.txt"), NULL), 0);
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

static Suite *tables_suite(void)
{
    Suite *s = suite_create("generator tables");
    TCase *t = tcase_create("tables");

    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, config_headers);
    tcase_add_test(t, same_seed_same_bytes);
    tcase_add_test(t, no_include_leaves_out_only_the_include);
    tcase_add_test(t, other_seed_other_magics);
    tcase_add_test(t, dumped_magics_reload_to_the_same_table);
    tcase_add_test(t, magic32_magics_round_trip);
    tcase_add_test(t, black_loads_the_shipped_layout);
    tcase_add_test(t, fancy_packs_the_shipped_slices);
    tcase_add_test(t, shiftmagic_ships_the_dense_set);
    tcase_add_test(t, own_search_results_load_and_verify);
    tcase_add_test(t, shipped_sets_load_and_verify);
    tcase_add_test(t, pext_needs_no_magics);
    tcase_add_test(t, table_parts_are_chosen);
    tcase_add_test(t, magics_dir_gives_the_default);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return run_suite(tables_suite());
}
