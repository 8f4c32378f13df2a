/* SPDX-License-Identifier: MIT */
/* fuzz_threatvec.c - libFuzzer target: magicbb-threatref's check of a
 * vectors file (threatref/threatvec.h) on any bytes.
 *
 * Contract: status 0, and nothing written; or status 1, no message, and
 * one or more lines "fuzz.vec:LINE: adds: ..." or "...: removes: ..."
 * (or the line that counts the mismatches left out), LINE a line the
 * file has; or status 2, nothing on the output and exactly one message
 * "magicbb-threatref: fuzz.vec:LINE: ...", LINE a line the file has (1
 * for a file without lines). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"
#include "output.h"
#include "threatvec.h"

static unsigned long lines_in(const uint8_t *data, size_t size)
{
    unsigned long n = size > 0 && data[size - 1] != '\n'; /* a last line without '\n' */

    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

/* LINE of "PREFIX:LINE: ..." is a line of the file. */
static void check_line_number(const char *text, const char *prefix, unsigned long lines)
{
    unsigned long at = 0;
    const size_t n = strlen(prefix);

    if (strncmp(text, prefix, n) != 0 || sscanf(text + n, "%lu: ", &at) != 1)
        contract_broken("a line without FILE:LINE", text);
    if (at == 0 || at > (lines > 0 ? lines : 1))
        contract_broken("the line number is not a line of the file", text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *output = NULL, *messages = NULL;
    size_t output_length = 0, messages_length = 0;
    FILE *in, *out, *report_to;
    int status;

    if (size == 0)
        return 0; /* fmemopen needs a buffer; the empty file is in the unit tests */
    in = fmemopen((void *)data, size, "r");
    out = open_memstream(&output, &output_length);
    report_to = open_memstream(&messages, &messages_length);
    if (in == NULL || out == NULL || report_to == NULL)
        abort();
    report_program = "magicbb-threatref";
    report_stream = report_to;
    status = threatvec_check(in, "fuzz.vec", out);
    report_stream = NULL;
    fclose(in), fclose(out), fclose(report_to);
    if (status == 0) {
        if (output_length != 0 || messages_length != 0)
            contract_broken("a file that passed gave output", output);
    } else if (status == 1) {
        if (messages_length != 0)
            contract_broken("mismatches and a message", messages);
        if (output_length == 0 || output[output_length - 1] != '\n'
            || strlen(output) != output_length)
            contract_broken("status 1 without complete lines of mismatches", output);
        for (const char *line = output; *line != '\0'; line = strchr(line, '\n') + 1)
            if (strncmp(line, "fuzz.vec: ", 10) != 0) {
                check_line_number(line, "fuzz.vec:", lines_in(data, size));
                if (strstr(line, ": adds: ") == NULL && strstr(line, ": removes: ") == NULL)
                    contract_broken("a mismatch that names no list", line);
            }
    } else if (status == 2) {
        if (output_length != 0)
            contract_broken("bad input, and mismatches written", output);
        contract_one_line(messages, messages_length, "magicbb-threatref: fuzz.vec:");
        check_line_number(messages, "magicbb-threatref: fuzz.vec:", lines_in(data, size));
    } else
        contract_broken("a status other than 0, 1 and 2", messages);
    free(output), free(messages);
    return 0;
}
