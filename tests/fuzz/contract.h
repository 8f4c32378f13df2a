/* SPDX-License-Identifier: MIT */
/* contract.h - what every parser's fuzz target checks besides memory
 * safety: a rejected input gives exactly one line of diagnostics, and it
 * starts the way the tool's messages start; an accepted one gives none. */
#ifndef TESTS_FUZZ_CONTRACT_H
#define TESTS_FUZZ_CONTRACT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Abort (the fuzzer's crash report) with a reason and the output seen. */
static inline void contract_broken(const char *why, const char *output)
{
    fprintf(stderr, "contract broken: %s\n--- output ---\n%s\n--- end ---\n", why, output);
    abort();
}

/* output must be one line ending in '\n' and starting with prefix. */
static inline void contract_one_line(const char *output, size_t length, const char *prefix)
{
    if (length == 0 || output[length - 1] != '\n')
        contract_broken("no complete line", output);
    if (memchr(output, '\n', length) != output + length - 1)
        contract_broken("more than one line", output);
    if (strlen(output) != length)
        contract_broken("a NUL byte in the message", output);
    if (strncmp(output, prefix, strlen(prefix)) != 0)
        contract_broken("the line does not start as the tool's messages do", output);
}

#endif /* TESTS_FUZZ_CONTRACT_H */
