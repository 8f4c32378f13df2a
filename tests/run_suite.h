/* SPDX-License-Identifier: MIT */
/* run_suite.h - the main() of every Check program here. */
#ifndef TESTS_RUN_SUITE_H
#define TESTS_RUN_SUITE_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

/* Check's ck_assert_msg records its place on every call (a write to the
 * runner, millions in the longer tests); this one calls Check only to
 * fail. */
#define REQUIRE(condition, ...)                                                                    \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* The suites tests/check_attacks (and check_inline) runs beside its own,
 * each in a file of its own: one program, one link, for all three. */
Suite *board_suite(void);    /* tests/check_board.c */
Suite *portable_suite(void); /* tests/check_portable.c */

/* Run every test of the runner's suites, then free it; exit status 0
 * only if all passed. */
static inline int run_runner(SRunner *runner)
{
    int failed;

    /* each test's TAP line as it ends, not the whole suite's at its end
     * (make check shows what runs; stdout is a pipe there) */
    setvbuf(stdout, NULL, _IOLBF, 0);
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* Run every test of the suite; exit status 0 only if all passed. */
static inline int run_suite(Suite *suite)
{
    return run_runner(srunner_create(suite));
}

#endif /* TESTS_RUN_SUITE_H */
