/* SPDX-License-Identifier: MIT */
/* check_decide.c - configure's decision table (gen/decide.c), called
 * directly: auto's rows over every combination of PEXT, pointer size,
 * seed and magics file as doc/building.md states them, the refusals by
 * their codes, a flash budget decided once on the sizes measured, a
 * dispatch library, the magics, and that deciding twice gives the same
 * decision. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "decide.h"
#include "run_suite.h"

static struct facts facts;
static struct options options;
static struct decision decision;

/* A 64-bit cross target with plain C only; each test changes it. */
static void setup(void)
{
    memset(&facts, 0, sizeof facts);
    memset(&options, 0, sizeof options);
    facts.host = "x86_64-pc-linux-gnu";
    facts.cross = 1;
    facts.isa[isa_row("any")] = ISA_YES;
}

static enum refusal run(void)
{
    return decide(&facts, &options, &decision);
}

/* The decision is made and is want_. */
#define ck_decided(want_)                                                                          \
    do {                                                                                           \
        ck_assert_msg(run() == DECIDED, "refused: %s", decision.error);                            \
        ck_assert_str_eq(decision.flavour, want_);                                                 \
    } while (0)

/* Refused with code CODE (decide.h), in one line. */
#define ck_refused(code)                                                                           \
    do {                                                                                           \
        ck_assert_msg(run() == REFUSE_##code, "%s, not " #code ": %s",                             \
                      refusal_name(decision.refusal), decision.error);                             \
        ck_assert_uint_gt(strlen(decision.error), 0);                                              \
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

    facts.isa[isa_row("bmi2")] = pext > 0 ? ISA_YES : ISA_NO;
    facts.slow_pext = pext == 1;
    facts.bits32 = bits32;
    options.seed = seeded ? "5" : NULL;
    ck_decided(want);
    ck_assert_str_eq(decision.tables_flavour, want);
    ck_assert_uint_eq(decision.dispatch_count, 0);
    ck_assert_msg(strncmp(decision.why, "auto: ", 6) == 0, "why: %s", decision.why);
    ck_assert_str_eq(isa_rows[decision.isa].name, strcmp(want, "pext") == 0 ? "bmi2" : "any");
    ck_assert_str_eq(decision.warning, "");
    if (seeded)
        ck_assert_str_eq(decision.seed, "5");
    else
        ck_assert_ptr_null(decision.seed);
}
END_TEST

/* Natively the CPU decides, not the compiler: BMI2 the compiler emits
 * with -mbmi2 counts where this CPU has it. */
START_TEST(native_cpu)
{
    facts.cross = 0;
    facts.isa[isa_row("bmi2")] = ISA_FLAGS;
    facts.cpu[isa_row("bmi2")] = 1;
    ck_decided("pext");
    ck_assert_str_eq(decision.isa_cflags[decision.isa], "-mbmi2");
    ck_assert_ptr_nonnull(strstr(decision.why, "the target has BMI2 and a fast PEXT"));
    facts.slow_pext = 1;
    ck_decided("black");
    ck_assert_ptr_nonnull(strstr(decision.why, "slow microcode"));
    facts.cpu[isa_row("bmi2")] = 0;
    facts.slow_pext = 0;
    ck_decided("black");
    /* a cross build follows the target's -march: -mbmi2 alone is not it */
    facts.cross = 1;
    facts.cpu[isa_row("bmi2")] = 1;
    ck_decided("black");
}
END_TEST

/* A magics file decides auto's flavour; a file of fancy's magics serves
 * the flavours that read them, and no other. */
START_TEST(magics_file)
{
    options.magics = "w.txt";
    facts.magics_for = "white";
    facts.magics_path = "/data/w.txt";
    ck_decided("white");
    ck_assert_str_eq(decision.magics_path, "/data/w.txt");
    ck_assert_str_eq(decision.magics_for, "white");
    facts.magics_for = "fancy";
    options.tables = "shared";
    ck_decided("shared");
    ck_assert_str_eq(decision.magics_for, "shared"); /* the tables make writes with the file */
    options.tables = "black";
    ck_refused(MAGICS_FILE);
    ck_assert_ptr_nonnull(strstr(decision.error, "is a file of fancy magics"));
    facts.magics_for = "";
    ck_refused(MAGICS_FILE);
    facts.magics_path = NULL; /* not a readable file */
    ck_refused(MAGICS_FILE);
    ck_assert_ptr_nonnull(strstr(decision.error, "'w.txt' is not a readable file"));
    facts.magics_for = "fancy";
    options.tables = NULL;
    facts.magics_path = "/data/it's.txt";
    ck_refused(BYTES);
    ck_assert_ptr_nonnull(strstr(decision.error, "'/data/it?s.txt'"));
}
END_TEST

/* Without a file or a seed: the generator's default for the flavour. */
START_TEST(default_magics)
{
    options.tables = "fancy";
    ck_decided("fancy");
    ck_assert_str_eq(decision.magics_for, "fancy");
    ck_assert_ptr_null(decision.seed);
    ck_assert_ptr_null(decision.magics_path);
    options.tables = "hq";
    ck_decided("hq");
    ck_assert_str_eq(decision.magics_for, "hq");
    ck_assert_ptr_null(decision.magics_path);
}
END_TEST

/* The refusals: each a combination of options, one line (a value a
 * refusal quotes has its control bytes shown as '?'). */
static const struct refusal_case {
    const char *tables, *dispatch, *flash, *seed, *host;
    int ifunc, bmi2;
    enum refusal code;
} refusals[] = {
    { "nosuch", 0, 0, 0, 0, 0, 0, REFUSE_FLAVOUR },
    { "Black", 0, 0, 0, 0, 0, 0, REFUSE_FLAVOUR },
    { "", 0, 0, 0, 0, 0, 0, REFUSE_EMPTY },
    { "fancy;pext", 0, 0, 0, 0, 0, 0, REFUSE_FLAVOUR },
    { "fancy\nall:", 0, 0, 0, 0, 0, 0, REFUSE_FLAVOUR },
    { "pext", 0, 0, 0, 0, 0, 0, REFUSE_ISA },
    { 0, 0, "0", 0, 0, 0, 0, REFUSE_VALUE },
    { 0, 0, "1048577", 0, 0, 0, 0, REFUSE_VALUE },
    { 0, 0, "1\n2", 0, 0, 0, 0, REFUSE_VALUE },
    { 0, 0, 0, "010", 0, 0, 0, REFUSE_SEED },
    { 0, 0, 0, "5\nall:", 0, 0, 0, REFUSE_SEED },
    { "black", 0, 0, "5", 0, 0, 0, REFUSE_NOT_FOR },
    { "hq", 0, 0, "5", 0, 0, 0, REFUSE_NOT_FOR },
    { 0, "pext,black", 0, 0, 0, 0, 0, REFUSE_NEEDS },
    { "dispatch", 0, 0, 0, "aarch64-unknown-linux-gnu", 1, 0, REFUSE_DISPATCH_TARGET },
    { "dispatch", "fancy", 0, 0, 0, 1, 1, REFUSE_DISPATCH_LIST },
    { "dispatch", "fancy,pext", 0, 0, 0, 1, 1, REFUSE_DISPATCH_LIST },
    { "dispatch", "pext,fancy", 0, 0, 0, 1, 0, REFUSE_DISPATCH_LIST },
    { "dispatch", "fancy,pext,fancy", 0, 0, 0, 1, 1, REFUSE_DISPATCH_LIST },
    { "dispatch", "Black,hq", 0, 0, 0, 1, 1, REFUSE_FLAVOUR },
    { "dispatch", "pext black", 0, 0, 0, 1, 1, REFUSE_FLAVOUR }, /* commas only */
    { "dispatch", "pext,black\n", 0, 0, 0, 1, 1, REFUSE_FLAVOUR },
    { "dispatch", 0, 0, 0, 0, 0, 1, REFUSE_DISPATCH_TARGET },
    { "dispatch", 0, 0, "5", 0, 1, 1, REFUSE_NOT_FOR },
    { "fastest", 0, 0, 0, 0, 0, 0, REFUSE_GONE },
    { "fastest-lookups", 0, 0, 0, 0, 0, 0, REFUSE_GONE },
    { "dispatch", 0, "300", 0, 0, 1, 1, REFUSE_NOT_FOR },
};

START_TEST(refused)
{
    const struct refusal_case *r = &refusals[_i];

    options = (struct options){ r->tables, r->dispatch, r->flash, r->seed, NULL };
    facts.host = r->host != NULL ? r->host : facts.host;
    facts.ifunc = r->ifunc;
    facts.isa[isa_row("bmi2")] = r->bmi2 ? ISA_YES : ISA_NO;
    ck_assert_msg(run() == r->code, "case %d: %s, not %s: %s", _i, refusal_name(decision.refusal),
                  refusal_name(r->code), decision.error);
    ck_assert_ptr_null(strchr(decision.error, '\n'));
}
END_TEST

/* A value a refusal quotes: its control bytes as '?', the rest as given. */
START_TEST(quoted_values)
{
    options.tables = "fancy;\tpext\n";
    ck_refused(FLAVOUR);
    ck_assert_ptr_nonnull(strstr(decision.error, "--with-tables: unknown flavour 'fancy;?pext?'"));
    options.tables = NULL;
    options.seed = "5\nall:";
    ck_refused(SEED);
    ck_assert_ptr_nonnull(strstr(decision.error, "--with-seed: '5?all:' is neither"));
}
END_TEST

/* A dispatch library: its flavours in order, the last one's tables, the
 * flags each needs; every CPU of the target. */
START_TEST(dispatch_library)
{
    options.tables = "dispatch";
    facts.ifunc = 1;
    facts.isa[isa_row("bmi2")] = ISA_FLAGS;
    ck_decided("dispatch");
    ck_assert_uint_eq(decision.dispatch_count, 2);
    ck_assert_str_eq(decision.dispatch[0], "pext");
    ck_assert_str_eq(decision.dispatch[1], "black");
    ck_assert_str_eq(decision.tables_flavour, "black");
    ck_assert_str_eq(isa_rows[decision.isa].name, "any");
    ck_assert_str_eq(decision.isa_cflags[isa_row("bmi2")], "-mbmi2");
    ck_assert_str_eq(flavour_names(decision.dispatch, decision.dispatch_count), "pext black");
    ck_assert_str_eq(decision.warning, "");
    options.dispatch = "hq,fancy,plain";
    ck_decided("dispatch");
    ck_assert_uint_eq(decision.dispatch_count, 3);
    ck_assert_str_eq(decision.tables_flavour, "plain");
}
END_TEST

/* A flash budget, decided once on the sizes configure measured: the
 * first flavour of the 32-bit order that the target runs and that fits
 * with 4 KiB for code, or a refusal saying every size; a named flavour
 * must fit. */
START_TEST(flash_budget)
{
    facts.bare = 1;
    facts.bits32 = 1;
    facts.measured = "magic32:900000:800000 black:700000:600000 fancy:750000:650000"
                     " byte:200000:140000 hqrev:90000:1000 hq:80000:1000";
    ck_decided("byte");
    ck_assert_uint_eq(decision.table_bytes, 200000);
    ck_assert_uint_eq(decision.slider_bytes, 140000);
    ck_assert_ptr_nonnull(strstr(decision.why,
                                 "tried magic32 883 KiB, black 688 KiB, fancy 737 KiB,"
                                 " byte 200 KiB"));
    options.flash = "100";
    ck_decided("hq"); /* hqrev measured, but the target lacks bit reverse */
    facts.isa[isa_row("bitrev")] = ISA_YES;
    ck_decided("hqrev");
    options.flash = "64";
    ck_refused(NO_FIT);
    ck_assert_ptr_nonnull(strstr(decision.error, "magic32 883 KiB"));
    options.seed = "5"; /* only the flavours that search their magics */
    options.flash = "1024";
    ck_decided("magic32");
    facts.measured = "black:700000:600000";
    ck_refused(NO_FIT);
    options.seed = NULL;
    options.tables = "fancy";
    options.flash = "512";
    facts.measured = "fancy:600000:500000";
    ck_refused(TOO_BIG);
    options.flash = "1024";
    ck_decided("fancy");
    facts.measured = NULL;
    ck_refused(NO_FIT);
    /* bare metal's default budget is auto's: a flavour named without
     * --with-flash is built, whatever its size (nothing is measured) */
    options.flash = NULL;
    ck_decided("fancy");
    ck_assert_uint_eq(decision.table_bytes, 0);
}
END_TEST

/* wasm32 (any host triplet of wasm32): auto takes policy.h's wasm32 rows,
 * hqsimd where the target has SIMD128, else black (with a seed fancy,
 * whose magics a seed searches, not the 32-bit row's magic32), a download
 * budget the first of the wasm32 order that fits (hqsimd only with
 * SIMD128, black first without); the drop-in follows the same rows on
 * __wasm__ (tests/dropin-wasm.sh). */
START_TEST(wasm_rows)
{
    facts.host = "wasm32-unknown-wasi";
    facts.bits32 = 1;
    ck_decided("black");
    ck_assert_ptr_nonnull(strstr(decision.why, "wasm32"));
    options.seed = "5";
    ck_decided("fancy");
    options.seed = NULL;
    facts.host = "wasm32-unknown-emscripten";
    ck_decided("black");
    options.flash = "800";
    facts.measured = "black:700000:600000 white:650000:550000 fancy:640000:540000"
                     " shared:500000:400000 byte:190000:90000 hq:50000:1000";
    ck_decided("black");
    ck_assert_ptr_nonnull(strstr(decision.why, "download"));
    /* the budget a download, not flash: none on wasm32 */
    ck_assert_ptr_null(strstr(decision.why, "flash"));
    options.flash = "10";
    ck_refused(NO_FIT);
    ck_assert_ptr_nonnull(strstr(decision.error, "fits 10 KiB of download"));
    options.flash = "600";
    ck_decided("byte");
    options.flash = "150";
    ck_decided("hq");
    /* with SIMD128 (-msimd128 in CFLAGS): hqsimd, first of the order too */
    facts.isa[isa_row("simd128")] = ISA_YES;
    facts.measured = "hqsimd:3000:2500 black:700000:600000 hq:50000:1000";
    ck_decided("hqsimd");
    options.flash = NULL;
    ck_decided("hqsimd");
    ck_assert_ptr_nonnull(strstr(decision.why, "SIMD128"));
    options.seed = "5";
    ck_decided("fancy");
    options.seed = NULL;
    facts.isa[isa_row("simd128")] = ISA_FLAGS; /* the compiler's, not the target's */
    ck_decided("black");
    facts.host = "i686-pc-linux-gnu"; /* the 32-bit order: magic32 first */
    facts.measured = "magic32:500000:400000 black:190000:90000";
    options.flash = "1024";
    ck_decided("magic32");
    options.flash = NULL;
    ck_decided("magic32");
}
END_TEST

/* A named flavour whose instructions run slowly is built, with a warning. */
START_TEST(slow_pext_named)
{
    facts.isa[isa_row("bmi2")] = ISA_YES;
    facts.slow_pext = 1;
    options.tables = "pext";
    ck_decided("pext");
    ck_assert_ptr_nonnull(strstr(decision.warning, "--with-tables=pext: the target's -march is an"
                                                   " AMD core with microcoded PEXT"));
}
END_TEST

/* Pure: the same inputs give the same decision, and are left as they were. */
START_TEST(same_twice)
{
    static struct decision first;
    struct facts before;

    options.tables = "dispatch";
    facts.ifunc = 1;
    facts.isa[isa_row("bmi2")] = ISA_YES;
    before = facts;
    ck_decided("dispatch");
    first = decision;
    ck_decided("dispatch");
    ck_assert_str_eq(first.why, decision.why);
    ck_assert_str_eq(first.warning, decision.warning);
    ck_assert_uint_eq(first.dispatch_count, decision.dispatch_count);
    ck_assert_int_eq(memcmp(&before, &facts, sizeof facts), 0);
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
    tcase_add_test(t, quoted_values);
    tcase_add_test(t, dispatch_library);
    tcase_add_test(t, flash_budget);
    tcase_add_test(t, wasm_rows);
    tcase_add_test(t, slow_pext_named);
    tcase_add_test(t, same_twice);
    suite_add_tcase(s, t);
    return run_suite(s);
}
