/* SPDX-License-Identifier: MIT */
/* check_decide.c - configure's decision table (src/decide.c), called
 * directly: auto's rows over every combination of PEXT, pointer size,
 * seed and magics file as doc/building.md states them, the refusals, the
 * two rounds of a flash budget and of fastest, a dispatch library, the
 * magics, and that deciding twice gives the same decision. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "decide.h"
#include "run_suite.h"

static struct facts facts;
static struct options options;
static struct decision decision;

/* A 64-bit cross target with plain C only, the shipped sets of fancy and
 * black; each test changes it. */
static void setup(void)
{
    memset(&facts, 0, sizeof facts);
    memset(&options, 0, sizeof options);
    facts.host = "x86_64-pc-linux-gnu";
    facts.cross = 1;
    facts.isa[isa_index("any")] = ISA_YES;
    facts.shipped[flavour_index("fancy")] = 1;
    facts.shipped[flavour_index("black")] = 1;
}

static enum outcome run(void)
{
    return decide(&facts, &options, &decision);
}

/* The decision is made and is want_. */
#define ck_decided(want_)                                                                          \
    do {                                                                                           \
        ck_assert_int_eq(run(), DECIDED);                                                          \
        ck_assert_str_eq(decision.flavour, want_);                                                 \
    } while (0)

/* Refused, in one line, starting with prefix. */
#define ck_refused(prefix)                                                                         \
    do {                                                                                           \
        ck_assert_int_eq(run(), REFUSED);                                                          \
        ck_assert_msg(strncmp(decision.error, prefix, strlen(prefix)) == 0, "refused with '%s'",   \
                      decision.error);                                                             \
        ck_assert_ptr_null(strchr(decision.error, '\n'));                                          \
    } while (0)

/* auto, loop over 3 PEXT states (absent, slow, fast) x 32/64-bit x seed
 * or not: pext where PEXT is fast and no seed is given, else magic32 on
 * 32-bit targets, else fancy with a seed, else black. */
START_TEST(auto_rows)
{
    const int pext = _i % 3, bits32 = _i / 3 % 2, seeded = _i / 6 % 2;
    const char *want = pext == 2 && !seeded ? "pext"
                       : bits32             ? "magic32"
                       : seeded             ? "fancy"
                                            : "black";

    facts.isa[isa_index("bmi2")] = pext > 0 ? ISA_YES : ISA_NO;
    facts.slow_pext = pext == 1;
    facts.bits32 = bits32;
    options.seed = seeded ? "5" : NULL;
    ck_decided(want);
    ck_assert_str_eq(decision.tables_flavour, want);
    ck_assert_uint_eq(decision.dispatch_count, 0);
    ck_assert_msg(strncmp(decision.why, "auto: ", 6) == 0, "why: %s", decision.why);
    ck_assert_str_eq(isa_rows[decision.isa].name, strcmp(want, "pext") == 0 ? "bmi2" : "any");
    if (strcmp(want, "pext") == 0)
        ck_assert_ptr_nonnull(strstr(decision.warnings, "will need BMI2 at run time"));
    else
        ck_assert_str_eq(decision.warnings, "");
    if (seeded)
        ck_assert_str_eq(decision.magics, "searched with seed 5");
}
END_TEST

/* Natively the CPU decides, not the compiler: BMI2 the compiler emits
 * with -mbmi2 counts where this CPU has it. */
START_TEST(native_cpu)
{
    facts.cross = 0;
    facts.isa[isa_index("bmi2")] = ISA_FLAGS;
    facts.cpu[isa_index("bmi2")] = 1;
    ck_decided("pext");
    ck_assert_str_eq(decision.isa_cflags[decision.isa], "-mbmi2");
    ck_assert_ptr_nonnull(strstr(decision.why, "this CPU has BMI2 and a fast PEXT"));
    facts.slow_pext = 1;
    ck_decided("black");
    ck_assert_ptr_nonnull(strstr(decision.why, "slow microcode"));
    facts.cpu[isa_index("bmi2")] = 0;
    facts.slow_pext = 0;
    ck_decided("black");
    /* a cross build follows the target's -march: -mbmi2 alone is not it */
    facts.cross = 1;
    facts.cpu[isa_index("bmi2")] = 1;
    ck_decided("black");
}
END_TEST

/* A magics file decides auto's flavour; a file of fancy's magics serves
 * the flavours that read them, and no other. */
START_TEST(magics_file)
{
    options.magics = "w.txt";
    facts.magics_readable = 1;
    facts.magics_for = "white";
    facts.magics_path = "/data/w.txt";
    ck_decided("white");
    ck_assert_str_eq(decision.magics_path, "/data/w.txt");
    ck_assert_str_eq(decision.magics_for, "white");
    ck_assert_str_eq(decision.magics, "loaded from /data/w.txt");
    facts.magics_for = "fancy";
    options.tables = "shared";
    ck_decided("shared");
    options.tables = "black";
    ck_refused(
        "--with-magics: 'w.txt' is a file of fancy magics (its '# flavour:' line), not of black");
    facts.magics_for = "";
    ck_refused("--with-magics: 'w.txt' has no '# flavour: NAME' line");
    facts.magics_readable = 0;
    ck_refused("--with-magics: 'w.txt' is not a readable file");
    facts.magics_readable = 1;
    facts.magics_for = "fancy";
    options.tables = NULL;
    facts.magics_path = "/data/it's.txt";
    ck_refused(
        "--with-magics: '/data/it's.txt' has a character that make or the shell cannot carry");
}
END_TEST

/* Where the magics come from without a file or a seed. */
START_TEST(default_magics)
{
    options.tables = "fancy";
    ck_decided("fancy");
    ck_assert_str_eq(decision.magics, "the shipped set of fancy, gen/magics/fancy.txt");
    ck_assert_ptr_null(decision.seed);
    ck_assert_ptr_null(decision.magics_path);
    options.tables = "plain";
    ck_decided("plain");
    ck_assert_ptr_nonnull(
        strstr(decision.magics, "seeded search, with the generator's default seed"));
    options.tables = "hq";
    ck_decided("hq");
    ck_assert_str_eq(decision.magics, "none (hq needs none)");
}
END_TEST

/* The refusals: each a combination of options, one line. */
static const struct refusal {
    const char *tables, *dispatch, *flash, *seed, *section, *small, *host;
    int ifunc, bmi2;
    const char *prefix;
} refusals[] = {
    { "nosuch", 0, 0, 0, 0, 0, 0, 0, 0, "unknown flavour 'nosuch' for --with-tables (expected" },
    { "Black", 0, 0, 0, 0, 0, 0, 0, 0,
      "unknown flavour 'Black' for --with-tables: flavour names are lower case" },
    { "", 0, 0, 0, 0, 0, 0, 0, 0, "--with-tables needs a flavour" },
    { "fancy;pext", 0, 0, 0, 0, 0, 0, 0, 0, "--with-tables: 'fancy?pext' has a character" },
    { "pext", 0, 0, 0, 0, 0, 0, 0, 0,
      "--with-tables=pext needs BMI2, but with these CFLAGS the target compiler has none "
      "(magicbb/bits.h's MBB_HAVE_BMI2" },
    { 0, 0, "0", 0, 0, 0, 0, 0, 0,
      "--with-flash takes a whole number of KiB from 1 to 1048576, not '0'" },
    { 0, 0, "1048577", 0, 0, 0, 0, 0, 0, "--with-flash takes a whole number of KiB" },
    { 0, 0, 0, 0, 0, "maybe", 0, 0, 0, "--enable-small takes yes or no, not 'maybe'" },
    { 0, 0, 0, 0, "", 0, 0, 0, 0, "--with-table-section needs a section name" },
    { 0, 0, 0, "010", 0, 0, 0, 0, 0, "--with-seed: '010' is neither a decimal number" },
    { "black", 0, 0, "5", 0, 0, 0, 0, 0, "black loads its magics" },
    { "hq", 0, 0, "5", 0, 0, 0, 0, 0,
      "--with-seed and --with-magics apply to flavours with magics, not to hq" },
    { 0, "pext,black", 0, 0, 0, 0, 0, 0, 0,
      "--with-dispatch=pext,black needs --with-tables=dispatch" },
    { "dispatch", 0, 0, 0, 0, 0, "aarch64-unknown-linux-gnu", 1, 0,
      "--with-tables=dispatch needs an x86-64 ELF target" },
    { "dispatch", "fancy", 0, 0, 0, 0, 0, 1, 1,
      "--with-dispatch=fancy: name two flavours or more" },
    { "dispatch", "fancy,pext", 0, 0, 0, 0, 0, 1, 1,
      "--with-dispatch: the last flavour, pext, needs BMI2" },
    { "dispatch", "pext,fancy", 0, 0, 0, 0, 0, 1, 0,
      "--with-dispatch: the compiler cannot emit BMI2 for pext" },
    { "dispatch", "fancy,pext,fancy", 0, 0, 0, 0, 0, 1, 1,
      "--with-dispatch: 'fancy' is listed twice" },
    { "dispatch", "Black,hq", 0, 0, 0, 0, 0, 1, 1,
      "--with-dispatch: unknown flavour 'Black': flavour names are lower case" },
    { "dispatch", 0, 0, 0, 0, 0, 0, 0, 1, "--with-tables=dispatch needs GNU ifunc" },
    { "dispatch", 0, 0, "5", 0, 0, 0, 1, 1, "--with-seed applies to one flavour's magic search" },
    { "fastest", 0, 0, 0, 0, 0, 0, 0, 0,
      "--with-tables=fastest measures this machine, but this build is for x86_64-pc-linux-gnu" },
    { "dispatch", 0, "300", 0, 0, 0, 0, 1, 1,
      "--with-flash applies to auto or a named flavour, not --with-tables=dispatch" },
};

START_TEST(refused)
{
    const struct refusal *r = &refusals[_i];

    options = (struct options){ r->tables,  r->dispatch, r->flash, r->seed, NULL,
                                r->section, NULL,        r->small, { NULL } };
    facts.host = r->host != NULL ? r->host : facts.host;
    facts.ifunc = r->ifunc;
    facts.isa[isa_index("bmi2")] = r->bmi2 ? ISA_YES : ISA_NO;
    ck_refused(r->prefix);
}
END_TEST

/* An installation directory with a space, a tab or a newline. */
START_TEST(directories)
{
    options.dirs[3] = "/usr/lib/x\ny";
    ck_refused("--libdir: '/usr/lib/x?y' holds a space, a tab or a newline");
    options.dirs[3] = NULL;
    options.dirs[0] = "/opt/my dir";
    ck_refused("--prefix: '/opt/my dir' holds a space");
}
END_TEST

/* A dispatch library: its flavours in order, the last one's tables, the
 * flags each needs; every CPU of the target. */
START_TEST(dispatch_library)
{
    options.tables = "dispatch";
    facts.ifunc = 1;
    facts.isa[isa_index("bmi2")] = ISA_FLAGS;
    ck_decided("dispatch");
    ck_assert_uint_eq(decision.dispatch_count, 2);
    ck_assert_str_eq(decision.dispatch[0], "pext");
    ck_assert_str_eq(decision.dispatch[1], "black");
    ck_assert_str_eq(decision.tables_flavour, "black");
    ck_assert_str_eq(isa_rows[decision.isa].name, "any");
    ck_assert_str_eq(decision.isa_cflags[isa_index("bmi2")], "-mbmi2");
    ck_assert_str_eq(dispatch_list(&decision), "pext black");
    ck_assert_ptr_nonnull(strstr(decision.runs_on, "every x86-64 CPU (pext where the CPU runs BMI2"
                                                   " at full speed, else black)"));
    ck_assert_str_eq(decision.warnings, "");
    options.dispatch = "hq,fancy,plain";
    ck_decided("dispatch");
    ck_assert_uint_eq(decision.dispatch_count, 3);
    ck_assert_str_eq(decision.tables_flavour, "plain");
}
END_TEST

/* A flash budget: the first round asks for the flavours of the 32-bit
 * order that the target runs, the second takes the first that fits with
 * 4 KiB for code, or refuses, saying every size. */
START_TEST(flash_budget)
{
    facts.bare = 1;
    facts.bits32 = 1;
    ck_assert_int_eq(run(), MEASURE_FLASH);
    ck_assert_str_eq(decision.measure_flavours, "magic32 black fancy byte hq");
    ck_assert_uint_eq(decision.measure_limit, 256 * 1024 - 4096);
    facts.measured
        = "magic32:900000:800000 black:700000:600000 fancy:750000:650000 byte:200000:140000";
    ck_decided("byte");
    ck_assert_uint_eq(decision.table_bytes, 200000);
    ck_assert_uint_eq(decision.slider_bytes, 140000);
    ck_assert_ptr_nonnull(strstr(decision.why,
                                 "tried magic32 883 KiB, black 688 KiB, fancy 737 KiB,"
                                 " byte 200 KiB"));
    options.flash = "64";
    facts.measured = "magic32:900000:800000 black:700000:600000 fancy:750000:650000"
                     " byte:200000:140000 hq:80000:1000";
    ck_refused("no flavour fits 64 KiB of flash: magic32 883 KiB");
    options.tables = "fancy";
    options.flash = "512";
    facts.measured = NULL;
    ck_assert_int_eq(run(), MEASURE_FLASH);
    ck_assert_str_eq(decision.measure_flavours, "fancy");
    facts.measured = "fancy:600000:500000";
    ck_refused("--with-tables=fancy needs 600000 bytes of tables");
}
END_TEST

/* fastest: the first round asks for the probe against auto's flavour,
 * the second takes its answer and keeps its figures. */
START_TEST(fastest_rounds)
{
    facts.cross = 0;
    facts.isa[isa_index("bmi2")] = ISA_FLAGS;
    facts.cpu[isa_index("bmi2")] = 1;
    options.tables = "fastest";
    ck_assert_int_eq(run(), MEASURE_FASTEST);
    ck_assert_str_eq(decision.measure_default, "pext");
    ck_assert_str_eq(decision.measure_workload, "search");
    ck_assert_str_eq(decision.measure_only, "");
    facts.fastest = "pext 2.0 ns [1.9, 2.1]\nfancy 1.0 ns [0.9, 1.1]\nfastest fancy\nwhy fancy is"
                    " clearly faster";
    ck_decided("fancy");
    ck_assert_str_eq(decision.why, "fastest: fancy is clearly faster");
    ck_assert_str_eq(decision.timings, "pext 2.0 ns [1.9, 2.1]\nfancy 1.0 ns [0.9, 1.1]");
    facts.fastest = "garbage";
    ck_refused("the --with-tables=fastest probe could not be built or run");
    /* with a seed, only the flavours that search their magics take part */
    facts.fastest = NULL;
    options.tables = "fastest-lookups";
    options.seed = "7";
    ck_assert_int_eq(run(), MEASURE_FASTEST);
    ck_assert_str_eq(decision.measure_workload, "lookups");
    ck_assert_ptr_null(strstr(decision.measure_only, "black"));
    ck_assert_ptr_nonnull(strstr(decision.measure_only, "fancy"));
}
END_TEST

/* A named flavour whose instructions run slowly is built, with a warning. */
START_TEST(slow_pext_named)
{
    facts.isa[isa_index("bmi2")] = ISA_YES;
    facts.slow_pext = 1;
    options.tables = "pext";
    ck_decided("pext");
    ck_assert_ptr_nonnull(strstr(decision.warnings, "--with-tables=pext: the target's -march is an"
                                                    " AMD core with microcoded PEXT"));
}
END_TEST

/* The options that only pass through. */
START_TEST(plain_options)
{
    ck_decided("black");
    ck_assert_str_eq(decision.section, ".rodata");
    ck_assert_int_eq(decision.small, 0);
    ck_assert_int_eq(decision.debug, 0);
    options.section = ".flash_tables";
    options.small = "yes";
    options.debug = "yes";
    ck_decided("black");
    ck_assert_str_eq(decision.section, ".flash_tables");
    ck_assert_int_eq(decision.small, 1);
    ck_assert_int_eq(decision.debug, 1);
}
END_TEST

/* Pure: the same inputs give the same decision, and are left as they were. */
START_TEST(same_twice)
{
    static struct decision first;
    const struct facts before = facts;

    options.tables = "dispatch";
    facts.ifunc = 1;
    facts.isa[isa_index("bmi2")] = ISA_YES;
    ck_decided("dispatch");
    first = decision;
    ck_decided("dispatch");
    ck_assert_str_eq(first.why, decision.why);
    ck_assert_str_eq(first.runs_on, decision.runs_on);
    ck_assert_str_eq(first.magics, decision.magics);
    ck_assert_uint_eq(first.dispatch_count, decision.dispatch_count);
    ck_assert_int_eq(memcmp(&before.shipped, &facts.shipped, sizeof facts.shipped), 0);
    ck_assert_str_eq(options.tables, "dispatch");
    ck_assert_ptr_null(options.seed);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("decide");
    TCase *t = tcase_create("decide");

    tcase_add_checked_fixture(t, setup, NULL);
    tcase_add_loop_test(t, auto_rows, 0, 12);
    tcase_add_test(t, native_cpu);
    tcase_add_test(t, magics_file);
    tcase_add_test(t, default_magics);
    tcase_add_loop_test(t, refused, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(t, directories);
    tcase_add_test(t, dispatch_library);
    tcase_add_test(t, flash_budget);
    tcase_add_test(t, fastest_rounds);
    tcase_add_test(t, slow_pext_named);
    tcase_add_test(t, plain_options);
    tcase_add_test(t, same_twice);
    suite_add_tcase(s, t);
    return run_suite(s);
}
