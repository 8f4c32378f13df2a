/* SPDX-License-Identifier: MIT */
/* variant.h - const attack tables of piece families on any board up to
 * 128 squares (variant.c): each family's masks and index (PEXT or a
 * multiply), its tables filled from the rule's walk (board.h), every
 * (square, occupancy) read back through the lookup and checked against
 * the walk, then one C file and its header written. */
#ifndef GEN_VARIANT_H
#define GEN_VARIANT_H

#include "board.h"

#define VARIANT_MAX_FAMILIES 32
/* A slice of at most 2^VARIANT_MAX_BITS entries a square. */
#define VARIANT_MAX_BITS 20
#define VARIANT_PREFIX_MAX 40

enum variant_index { INDEX_PEXT, INDEX_MULTIPLY };
enum variant_payload { PAYLOAD_FULL, PAYLOAD_COMPRESSED };
enum variant_split { SPLIT_AUTO, SPLIT_NONE, SPLIT_LINES };

struct variant_request {
    struct board board;
    struct family family[VARIANT_MAX_FAMILIES];
    unsigned families;
    enum variant_index index;
    enum variant_payload payload;
    enum variant_split split;                              /* the default */
    enum variant_split family_split[VARIANT_MAX_FAMILIES]; /* each family's */
    const char *split_text;                                /* --split's value, or NULL */
    char prefix[VARIANT_PREFIX_MAX];
    const char *output, *header;
    const char *command; /* the command line, for the files' comment */
};

/* Parses the values of the options into r: 0, or -1 with a one-line
 * reason in why (naming the value and what is allowed). */
int variant_families(const char *list, struct variant_request *r, char *why, size_t size);
int variant_index_parse(const char *text, struct variant_request *r, char *why, size_t size);
int variant_payload_parse(const char *text, struct variant_request *r, char *why, size_t size);
/* --split=HOW[,FAMILY=HOW...]: its syntax here, its families by
 * variant_resolve once every option is in. */
int variant_split_parse(const char *text, struct variant_request *r, char *why, size_t size);
int variant_prefix_parse(const char *text, struct variant_request *r, char *why, size_t size);

/* Each family's split, from --split: 0, or -1 with the reason (a family
 * it names that --families does not). */
int variant_resolve(struct variant_request *r, char *why, size_t size);

/* Checks that every part of every family can be indexed (masks of at
 * most VARIANT_MAX_BITS squares): 0, or -1 with the reason. */
int variant_check(const struct variant_request *r, char *why, size_t size);

/* Builds, verifies and writes the tables: 0, or 1 after a report. */
int variant_generate(const struct variant_request *r);

#endif /* GEN_VARIANT_H */
