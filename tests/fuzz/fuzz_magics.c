/* SPDX-License-Identifier: MIT */
/* fuzz_magics.c - libFuzzer target: the magics-file parser on any bytes.
 *
 * Contract: a rejected file gives exactly one line
 * "magicbb-gen: fuzz.txt:LINE: ..." (or "magicbb-gen: fuzz.txt: ..." for
 * a problem with no line, such as an empty file or a missing entry in a
 * file without lines), where LINE is a line the file has; an accepted one
 * gives no output and all 128 entries.  Every flavour with magics is
 * parsed (flavour_of, below). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"
#include "magicsfile.h"
#include "output.h"

static unsigned lines_in(const uint8_t *data, size_t size)
{
    unsigned n = size > 0 && data[size - 1] != '\n'; /* a last line without '\n' */

    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

/* The flavour to parse as: the one the input's "flavour: NAME" names,
 * where it has magics (so that each shipped set, a seed of the smoke
 * run, reaches past its flavour line into every flavour's own columns
 * and checks: black's and white's offsets, shiftmagic's shift,
 * offsetmagic's start bits, byte, shared, magic32, plain); else one of
 * the flavours with magics, chosen by the input's size. */
static const struct gen_flavour *flavour_of(const uint8_t *data, size_t size)
{
    static const char key[] = "flavour: ";
    const struct gen_flavour *with_magics[32];
    unsigned count = 0;

    for (unsigned f = 0; f < gen_flavour_count && count < 32; f++) {
        if (gen_flavours[f]->magics)
            with_magics[count++] = gen_flavours[f];
    }
    for (size_t i = 0; i + sizeof key - 1 < size; i++) {
        if (memcmp(data + i, key, sizeof key - 1) != 0)
            continue;
        for (unsigned f = 0; f < count; f++) {
            const size_t length = strlen(with_magics[f]->name);
            const size_t at = i + sizeof key - 1;

            if (at + length <= size && memcmp(data + at, with_magics[f]->name, length) == 0
                && (at + length == size || data[at + length] == '\n' || data[at + length] == '\r'
                    || data[at + length] == ' '))
                return with_magics[f];
        }
        break;
    }
    return with_magics[size % count];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    char *output = NULL;
    size_t length = 0;
    FILE *in, *messages;
    int status;

    if (size == 0)
        return 0; /* fmemopen needs a buffer; the empty file is in the unit tests */
    in = fmemopen((void *)data, size, "r");
    messages = open_memstream(&output, &length);
    if (in == NULL || messages == NULL)
        abort();
    report_stream = messages;
    tables_prepare(&tables, flavour_of(data, size));
    status = magics_parse("fuzz.txt", in, &tables, line);
    fclose(in);
    fclose(messages);
    if (status == 0) {
        if (length != 0)
            contract_broken("an accepted file gave output", output);
        for (int p = 0; p < PIECE_COUNT; p++) {
            for (unsigned sq = 0; sq < 64; sq++) {
                if (line[p][sq] == 0 || line[p][sq] > lines_in(data, size))
                    contract_broken("an accepted file lacks an entry", "");
            }
        }
    } else {
        unsigned long at = 0;

        contract_one_line(output, length, "magicbb-gen: fuzz.txt:");
        if (sscanf(output, "magicbb-gen: fuzz.txt:%lu: ", &at) == 1
            && (at == 0 || at > lines_in(data, size)))
            contract_broken("the line number is not a line of the file", output);
    }
    free(output);
    return 0;
}
