/* SPDX-License-Identifier: MIT */
/* gen_kit.h - what the Check tests of magicbb-gen (tests/check_gen_*.c)
 * and magicbb-search (search/check_search.c) share: each test runs in a
 * scratch directory of its own, workdir, with the generator MBB_GEN
 * names. */
#ifndef TESTS_GEN_KIT_H
#define TESTS_GEN_KIT_H

extern char workdir[64];
extern const char *generator;

/* The fixture: workdir made (gen-test-XXXXXX) and the generator found;
 * then workdir removed. */
void setup(void);
void teardown(void);
/* Whether make check-slow runs the test (MBB_CHECK_SLOW): the longer
 * variant of a test that make check runs shorter. */
int check_slow(void);
/* workdir/name, in a rotating set of eight buffers. */
const char *path(const char *name);
/* Runs program with up to 12 arguments (NULL-terminated), its stderr in
 * workdir/stderr; its exit status. */
int run_program(const char *program, const char *arg, ...);
#define run(...) run_program(generator, __VA_ARGS__)
/* A whole file, NUL-terminated and malloc'd (NULL where unreadable); a
 * text written to a file; whether a file exists. */
char *slurp(const char *file);
void spill(const char *file, const char *text);
int exists(const char *file);
/* The shipped magics set of a flavour (MBB_MAGICS_DIR). */
const char *shipped(const char *flavour);
/* The run's stderr is one "PROGRAM: " line saying message (and after a
 * usage error the pointer to --help). */
void expect_error(const char *message);
/* The magic and index bits a magics file gives piece (0 rook, 1 bishop)
 * on square sq. */
void magic_of(const char *text, int piece, int sq, unsigned long long *magic, unsigned *bits);
/* Two magics files give piece the same magics. */
void same_magics(const char *one, const char *other, int piece);
/* text with the first find replaced (malloc'd). */
char *spoil(const char *text, const char *find, const char *replace);
/* A generated file after its provenance comment. */
const char *body(const char *text);
/* A good fancy magics file (seed 7) in workdir/good.txt, without
 * offsets; its text (malloc'd; the generator runs once a process). */
char *good_file(void);
/* text, a magics file, without its entries' offsets (cut in place). */
char *without_offsets(char *text);
/* A file in workdir whose name starts with name and goes on: a temporary
 * or backup file an output left behind.  Its name, or NULL. */
const char *leftover(const char *name);

#endif /* TESTS_GEN_KIT_H */
