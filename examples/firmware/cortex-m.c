/* SPDX-License-Identifier: MIT */
/* cortex-m.c - start-up code for a Cortex-M: the vector table (initial
 * stack pointer, reset handler, faults) and a reset handler that copies
 * .data from flash, clears .bss and calls main(). */
#include <stdint.h>

#include "semihosting.h"

extern uint32_t __stack_top, __data_load, __data_start, __data_end, __bss_start, __bss_end;
int main(void);
void reset_handler(void);
void fault_handler(void);

void reset_handler(void)
{
    const uint32_t *from = &__data_load;

    for (uint32_t *to = &__data_start; to < &__data_end;)
        *to++ = *from++;
    for (uint32_t *to = &__bss_start; to < &__bss_end;)
        *to++ = 0;
    main();
    for (;;)
        continue;
}

/* Any fault ends the run with a message, rather than a silent hang. */
void fault_handler(void)
{
    semihost_write("firmware: fault\n");
    semihost_exit(0);
    for (;;)
        continue;
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void)) & __stack_top, /* initial stack pointer */
    reset_handler,
    fault_handler, /* NMI */
    fault_handler, /* HardFault */
    fault_handler, /* MemManage */
    fault_handler, /* BusFault */
    fault_handler, /* UsageFault */
};
