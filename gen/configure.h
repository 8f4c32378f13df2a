/* SPDX-License-Identifier: MIT */
/* configure.h - magicbb-gen --decide (configure.c) and --registry
 * (registry.c): the arguments after the mode's own, their exit status.
 * Private. */
#ifndef GEN_CONFIGURE_H
#define GEN_CONFIGURE_H

int configure_decide(int argc, char **argv);
int configure_registry(int argc, char **argv);

#endif /* GEN_CONFIGURE_H */
