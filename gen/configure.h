/* SPDX-License-Identifier: MIT */
/* configure.h - magicbb-gen --decide (configure.c) and --registry
 * (registry.c): the arguments after the mode's own, their exit status.
 * Private. */
#ifndef GEN_CONFIGURE_H
#define GEN_CONFIGURE_H

int configure_decide(int argc, char **argv);
int configure_registry(int argc, char **argv);

/* The flavour a magics file's first "# flavour: NAME" comment names, read
 * as the generator reads it (flavourline.h), or "" (a static text). */
const char *magics_file_flavour(const char *path);

#endif /* GEN_CONFIGURE_H */
