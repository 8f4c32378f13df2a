/* SPDX-License-Identifier: MIT */
/* fuzz_variant.c - libFuzzer target: the variant options' parsers
 * (magicbb-gen --board, --families, --split, then their checks together)
 * on any bytes: the input is up to three strings separated by NUL bytes,
 * the values of --board, --families and --split.
 *
 * Contract: a refused value gives exactly one line "magicbb-gen: ..." as
 * magicbb-gen reports it; an accepted one gives none, and an accepted
 * board numbers every square inside the 128-bit bitboard. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"
#include "output.h"
#include "variant.h"

static char *text, *output;
static size_t output_size;

/* Reports why as magicbb-gen does, and checks the line. */
static void refused(const char *why)
{
    FILE *stream = open_memstream(&output, &output_size);

    if (stream == NULL)
        abort();
    report_stream = stream;
    report(NULL, 0, "%s", why);
    fclose(stream);
    report_stream = NULL;
    contract_one_line(output, output_size, "magicbb-gen: ");
    free(output);
    output = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct variant_request r;
    const char *field[3] = { "8x8", "rook_h", NULL };
    char why[512];
    size_t at = 0;

    if ((text = malloc(size + 1)) == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (int i = 0; i < 3 && at <= size; i++) {
        field[i] = text + at;
        at += strlen(text + at) + 1;
    }
    memset(&r, 0, sizeof r);
    memcpy(r.prefix, "mbbv", 5);
    why[0] = '\0';
    if (board_parse(field[0], &r.board, why, sizeof why) != 0)
        refused(why);
    else if (board_bits(&r.board) > BOARD_MAX_SQUARES || r.board.files * r.board.ranks == 0)
        contract_broken("an accepted board leaves the bitboard", field[0]);
    else if (variant_families(field[1], &r, why, sizeof why) != 0)
        refused(why);
    else if (field[2] != NULL && variant_split_parse(field[2], &r, why, sizeof why) != 0)
        refused(why);
    else if (variant_resolve(&r, why, sizeof why) != 0 || variant_check(&r, why, sizeof why) != 0)
        refused(why);
    free(text);
    return 0;
}
