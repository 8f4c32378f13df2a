/* SPDX-License-Identifier: MIT */
/* fuzz_black.c - libFuzzer target: black tables built from a fuzzed
 * magics file with the generator's own layout code (parse, lay out,
 * fill, verify).
 *
 * Contract: whatever offsets and magics the parser accepts, building
 * either succeeds with a table inside the largest overlapping layout or
 * reports a collision; it never runs out of memory and never touches
 * memory outside its buffers (the sanitizers watch that). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>

#include "contract.h"
#include "magicsfile.h"
#include "output.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    struct collision c;
    FILE *in;
    int status;

    if (size == 0)
        return 0;
    in = fmemopen((void *)data, size, "r");
    if (in == NULL)
        abort();
    report_stream = fopen("/dev/null", "w");
    tables_prepare(&tables, flavour_find("black"));
    status = magics_parse("fuzz.txt", in, &tables, line);
    fclose(in);
    fclose(report_stream);
    report_stream = NULL;
    if (status != 0)
        return 0;
    status = tables_build(&tables, &c);
    if (status == -2)
        contract_broken("out of memory on an accepted layout", "");
    if (status == 0 && tables.count > OVERLAP_TABLE_MAX)
        contract_broken("the table outgrew the largest layout", "");
    tables_free(&tables);
    return 0;
}
