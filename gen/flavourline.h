/* SPDX-License-Identifier: MIT */
/* flavourline.h - the "# flavour: NAME" comment of a magics file, read
 * one way by magicbb-gen's loader (magicsfile.c) and its answers to
 * configure (configure.c), so that both take the same files. */
#ifndef GEN_FLAVOURLINE_H
#define GEN_FLAVOURLINE_H

#include <ctype.h>
#include <stddef.h>
#include <string.h>

/* comment is a line's comment: from its first '#' to the line's end (a
 * CR before the newline, as a file written on Windows has, is part of
 * it).  Where it is "# flavour: NAME" (the key in any case, spaces and
 * tabs around it and the name, a trailing CR), NAME is copied into name
 * (size bytes, cut where longer) and 1 returned; else 0. */
static inline int magics_flavour_comment(const char *comment, char *name, size_t size)
{
    static const char key[] = "flavour:";
    const char *s = comment + 1, *end;

    s += strspn(s, " \t");
    for (size_t i = 0; i < sizeof key - 1; i++) {
        if (tolower((unsigned char)s[i]) != key[i])
            return 0;
    }
    s += sizeof key - 1;
    s += strspn(s, " \t");
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (size > 0) {
        const size_t n = (size_t)(end - s) < size - 1 ? (size_t)(end - s) : size - 1;

        memcpy(name, s, n);
        name[n] = '\0';
    }
    return 1;
}

#endif /* GEN_FLAVOURLINE_H */
