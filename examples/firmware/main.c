/* SPDX-License-Identifier: MIT */
/* main.c - a bare-metal program that runs magicbb's self-test on the
 * target and prints its result through semihosting:
 *
 *     selftest (magic32): 180096 passed, 0 failed
 *
 * With the start-up code and linker script beside it (cortex-m.c and
 * cortex-m.ld for Cortex-M, riscv.S and riscv.ld for RISC-V), no C
 * library: make firmware builds it, make check-firmware runs it under
 * qemu-system-arm (mps2-an385, a Cortex-M3) or qemu-system-riscv32
 * (virt). */
#include <magicbb.h>

#include "semihosting.h"

unsigned long selftest_run(unsigned long *passed);
int main(void);

/* Appends the decimal digits of n to *out. */
static void put_number(char **out, unsigned long n)
{
    char digits[24];
    int count = 0;

    do {
        digits[count++] = (char)('0' + n % 10);
        n /= 10;
    } while (n != 0);
    while (count > 0)
        *(*out)++ = digits[--count];
}

static void put_text(char **out, const char *text)
{
    while (*text != '\0')
        *(*out)++ = *text++;
}

int main(void)
{
    char line[96], *out = line;
    unsigned long passed = 0, failed = selftest_run(&passed);

    put_text(&out, "selftest (");
    put_text(&out, mbb_flavour());
    put_text(&out, "): ");
    put_number(&out, passed);
    put_text(&out, " passed, ");
    put_number(&out, failed);
    put_text(&out, " failed\n");
    *out = '\0';
    semihost_write(line);
    semihost_exit(failed == 0);
    return failed != 0;
}
