/* SPDX-License-Identifier: MIT */
/* escape.h - untrusted text (paths, fields of a file, a FEN) printed so
 * that it cannot break the line or the file it lands in. */
#ifndef SUPPORT_ESCAPE_H
#define SUPPORT_ESCAPE_H

#include <stdio.h>

enum escape_mode {
    /* A diagnostic line: control bytes, backslash and malformed UTF-8 as
     * \xNN (backslash as \\); well-formed UTF-8 passes, so a name in any
     * script reads as written, and no half character is ever printed. */
    ESCAPE_MESSAGE,
    /* Inside a C block comment or a '#' comment line of a generated file:
     * ASCII only, and '*' escaped too, so neither a comment end nor a
     * nested comment start can form. */
    ESCAPE_COMMENT
};

/* Write text to out, escaped for mode. */
void escape_text(FILE *out, const char *text, enum escape_mode mode);

/* The length of the well-formed UTF-8 sequence at s (2 to 4), or 0 if s
 * does not start one. */
int utf8_sequence_length(const unsigned char *s);

#endif /* SUPPORT_ESCAPE_H */
