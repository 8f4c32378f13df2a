/* SPDX-License-Identifier: MIT */
/* escape.c - untrusted text made safe for one line or one comment. */
#include "escape.h"

int utf8_sequence_length(const unsigned char *s)
{
    /* The ranges of RFC 3629: no overlong forms, no surrogates, nothing
     * past U+10FFFF. */
    unsigned char low = 0x80, high = 0xbf;
    int length;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        length = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        length = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        length = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        low = 0xa0;
    else if (s[0] == 0xed)
        high = 0x9f;
    else if (s[0] == 0xf0)
        low = 0x90;
    else if (s[0] == 0xf4)
        high = 0x8f;
    if (s[1] < low || s[1] > high)
        return 0;
    for (int i = 2; i < length; i++) {
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    }
    return length;
}

void escape_text(FILE *out, const char *text, enum escape_mode mode)
{
    const unsigned char *s = (const unsigned char *)text;

    while (*s != '\0') {
        int length = mode == ESCAPE_MESSAGE ? utf8_sequence_length(s) : 0;

        if (length > 0) {
            fwrite(s, 1, (size_t)length, out);
            s += length;
        } else if (*s == '\\') {
            fputs("\\\\", out);
            s++;
        } else if (*s < 0x20 || *s >= 0x7f || (mode == ESCAPE_COMMENT && *s == '*')) {
            fprintf(out, "\\x%02x", *s);
            s++;
        } else {
            fputc(*s, out);
            s++;
        }
    }
}
