/* SPDX-License-Identifier: MIT */
/* semihosting.h - text out and exit through the debugger or emulator
 * (ARM semihosting, which QEMU implements with -semihosting), on
 * Cortex-M and RISC-V.  No C library needed. */
#ifndef FIRMWARE_SEMIHOSTING_H
#define FIRMWARE_SEMIHOSTING_H

enum {
    SYS_WRITE0 = 0x04,                     /* arg: a NUL-terminated string */
    SYS_EXIT = 0x18,                       /* arg: a reason */
    ADP_STOPPED_APPLICATION_EXIT = 0x20026 /* the reason for a normal exit */
};

static inline long semihost(long op, const void *arg)
{
#if defined(__arm__)
    register long r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;

    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
#elif defined(__riscv)
    register long a0 __asm__("a0") = op;
    register const void *a1 __asm__("a1") = arg;

    /* The three instructions, uncompressed and aligned, are the RISC-V
     * semihosting trap. */
    __asm__ volatile(".balign 4\n"
                     ".option push\n"
                     ".option norvc\n"
                     "slli zero, zero, 0x1f\n"
                     "ebreak\n"
                     "srai zero, zero, 0x7\n"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
#else
#error "semihosting: Cortex-M or RISC-V only"
#endif
}

static inline void semihost_write(const char *text)
{
    semihost(SYS_WRITE0, text);
}

/* Ends the emulation: QEMU exits with status 0 for a normal exit.  A
 * 32-bit target passes the reason itself, a 64-bit one a block of the
 * reason and an exit code. */
static inline void semihost_exit(int ok)
{
    const long reason = ok ? ADP_STOPPED_APPLICATION_EXIT : 0x20023; /* ADP_Stopped_RunTimeError */
#if defined(__riscv_xlen) && __riscv_xlen == 64
    const long block[2] = { reason, ok ? 0 : 1 };

    semihost(SYS_EXIT, block);
#else
    semihost(SYS_EXIT, (const void *)reason);
#endif
}

#endif /* FIRMWARE_SEMIHOSTING_H */
