/* SPDX-License-Identifier: MIT */
/* fuzz_fen.c - libFuzzer target: magicbb-perft's FEN parser on any text.
 *
 * Contract: a rejected FEN gives one message that prints as exactly one
 * line "magicbb-perft: bad FEN: ..."; an accepted one is a position whose
 * legal moves fit the move list (MOVES_MAX) and can be played two plies
 * deep.  The move generator runs on the reference ray walk, so the
 * target needs no library build. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"
#include "escape.h"
#include "movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char fen[512], why[FEN_WHY_SIZE];
    struct position p;

    /* A command line carries no NUL: the FEN ends at the first one. */
    if (size >= sizeof fen)
        size = sizeof fen - 1;
    memcpy(fen, data, size);
    fen[size] = '\0';
    if (parse_fen(fen, &p, why) != 0) {
        char *output = NULL;
        size_t length = 0;
        FILE *messages = open_memstream(&output, &length);

        if (messages == NULL)
            abort();
        fputs("magicbb-perft: bad FEN: ", messages);
        escape_text(messages, why, ESCAPE_MESSAGE);
        fputc('\n', messages);
        fclose(messages);
        if (why[0] == '\0')
            contract_broken("an empty message", output);
        contract_one_line(output, length, "magicbb-perft: bad FEN: ");
        free(output);
    } else {
        struct move moves[MOVES_MAX];
        int count = generate(&p, moves);

        if (count < 0 || count > MOVES_MAX)
            contract_broken("more moves than MOVES_MAX", fen);
        (void)perft(&p, 2);
    }
    return 0;
}
