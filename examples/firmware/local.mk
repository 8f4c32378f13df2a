# SPDX-License-Identifier: MIT
## examples/firmware/local.mk - firmware: the freestanding link check and the self-test on a bare-metal target
## (included by the top Makefile.am; paths are from the top of the tree)

# ---- Freestanding link check

EXTRA_DIST += tests/firmware.c tests/check-freestanding.sh

# Links tests/firmware.c with -nostdlib against the static library and
# checks its symbols and sections; fails when the library would not fit
# freestanding firmware.  Works for native and cross builds alike.
check-freestanding: libmagicbb.la
	CC='$(CC)' CFLAGS='$(CFLAGS)' NM='$(NM)' SIZE='$(SIZE)' SECTION='$(MBB_TABLE_SECTION)' \
	  $(SHELL) $(srcdir)/tests/check-freestanding.sh $(srcdir)/tests/firmware.c \
	  .libs/libmagicbb.a include $(srcdir)/include

# ---- The self-test on a bare-metal target (--enable-lab)

#
# make firmware links examples/firmware/ (start-up code, linker script,
# semihosting output) with the self-test and libmagicbb.a, no C library;
# make check-firmware runs it under QEMU's system emulation (QEMU writes
# semihosting text on its standard error): an MPS2
# AN385 board (Cortex-M3) for arm-none-eabi, the virt board for RISC-V.
# They are laboratory rules, in the Makefile of a build configured with
# --enable-lab; the files are distributed in every build.

firmware_files = examples/firmware/main.c examples/firmware/semihosting.h \
	examples/firmware/cortex-m.c examples/firmware/cortex-m.ld \
	examples/firmware/riscv.S examples/firmware/riscv.ld
EXTRA_DIST += $(firmware_files)

if MBB_LAB
firmware_dir = $(srcdir)/examples/firmware
CLEANFILES += examples/firmware/firmware.elf
FIRMWARE_TIMEOUT = 300
# More QEMU options, such as a CPU with the instructions the build uses:
# make check-firmware FIRMWARE_QEMU_FLAGS='-cpu rv64,zbkb=on' (hqrev).
FIRMWARE_QEMU_FLAGS =

examples/firmware/firmware.elf: libmagicbb.la $(firmware_files) tests/selftest.c support/reference.c
	@$(MKDIR_P) examples/firmware
	$(AM_V_CCLD)case '$(host_cpu)' in \
	  arm*) start=$(firmware_dir)/cortex-m.c; script=$(firmware_dir)/cortex-m.ld ;; \
	  riscv*) start=$(firmware_dir)/riscv.S; script=$(firmware_dir)/riscv.ld ;; \
	  *) echo "make firmware: for Cortex-M (arm-none-eabi) and RISC-V (riscv*-elf) hosts, not $(host)"; \
	     exit 1 ;; \
	esac; \
	$(CC) $(CFLAGS) -ffreestanding -nostdlib -nostartfiles -static -Wl,--gc-sections \
	  -DSELFTEST_NO_MAIN $(include_cppflags) -I$(top_srcdir)/support \
	  -T $$script -o $@ $$start $(firmware_dir)/main.c $(srcdir)/tests/selftest.c \
	  $(srcdir)/support/reference.c .libs/libmagicbb.a -lgcc

firmware: examples/firmware/firmware.elf
	$(SIZE) examples/firmware/firmware.elf

check-firmware: examples/firmware/firmware.elf
	@case '$(host_cpu)' in \
	  arm*) qemu="qemu-system-arm -M mps2-an385" ;; \
	  riscv*) xlen=`echo | $(CC) $(CFLAGS) -dM -E - | sed -n 's/^#define __riscv_xlen //p'`; \
	          qemu="qemu-system-riscv$$xlen -M virt -bios none" ;; \
	  *) echo "make check-firmware: no emulated board for $(host)"; exit 1 ;; \
	esac; \
	qemu="$$qemu $(FIRMWARE_QEMU_FLAGS)"; \
	echo "$$qemu -nographic -semihosting-config enable=on,target=native -kernel examples/firmware/firmware.elf"; \
	out=`timeout $(FIRMWARE_TIMEOUT) $$qemu -nographic -monitor none -serial none \
	  -semihosting-config enable=on,target=native -kernel examples/firmware/firmware.elf 2>&1`; \
	status=$$?; echo "$$out"; \
	case "$$out" in *" passed, 0 failed"*) test $$status = 0 ;; *) exit 1 ;; esac
endif

.PHONY: check-freestanding
