/* SPDX-License-Identifier: MIT */
/* run_suite.h - the main() of every Check program here. */
#ifndef TESTS_RUN_SUITE_H
#define TESTS_RUN_SUITE_H

#include <check.h>
#include <stdlib.h>

/* Run every test of the suite; exit status 0 only if all passed. */
static inline int run_suite(Suite *suite)
{
    SRunner *runner = srunner_create(suite);
    int failed;

    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif /* TESTS_RUN_SUITE_H */
