# SPDX-License-Identifier: GPL-2.0-or-later
#
# The architectures initbench builds for and boots: one row each. This is the make half of
# the table (toolchain, musl, busybox, packages, kernel, output directory); the C half (QEMU
# binary, machine, CPU, console, kernel magic) is host/boot/arch.c. docs/arch.md explains both.
#
#   make ARCH=arm64 [CROSS_COMPILE=prefix] [O=dir]   cross build: out/arm64/initramfs.cpio.gz
#   make run ARCH=arm64                             boot Debian's arm64 cloud kernel (TCG here)
#
# ARCH defaults to the host's (uname -m), as the kernel's Makefile does. For any ARCH but
# x86_64, O defaults to out/ARCH, so the two builds never mix; such a build keeps its kernel
# in $(KERNELS)/ARCH/ (KERNELS itself stays the shared out/kernels unless given) and, with
# the default O, stores boots in the shared out/results (out/ARCH/results is a link to it),
# so that `make report` shows every architecture side by side (label ARCH by default).
#
# Read twice: the Makefile includes this file at its top, before O, KERNELS, LABEL and
# BUSYBOX get their defaults (the row decides them), and again with mk/*.mk near its end,
# where the second half below adds the rules and the packages.

ifndef ib_arch_table_read
ib_arch_table_read := 1

# ---- the table --------------------------------------------------------------------------
# One row per ARCH:
#   1 uname -m in the guest      2 Debian architecture (dpkg)   3 CROSS_COMPILE default
#   4 Debian's cross gcc         5 Debian's musl for it (libc.a and musl-gcc.specs, from
#     musl-dev:<2>)              6 QEMU package                 7 kernel metapackage
#   8 where its kernel lives under KERNELS (. = KERNELS itself, the historic x86_64 layout)
#   9 musl's dynamic loader, the interpreter ib-hello-dyn names: the same path in the image
#     and on the build host, where Debian's musl:<2> installs it (exec proc: docs/arch.md)
ib_arch_x86_64 := x86_64  amd64 x86_64-linux-gnu-  gcc-x86-64-linux-gnu  /usr/lib/x86_64-linux-musl  qemu-system-x86 linux-image-cloud-amd64 .     /lib/ld-musl-x86_64.so.1
ib_arch_arm64  := aarch64 arm64 aarch64-linux-gnu- gcc-aarch64-linux-gnu /usr/lib/aarch64-linux-musl qemu-system-arm linux-image-cloud-arm64 arm64 /lib/ld-musl-aarch64.so.1
IB_ARCHES := x86_64 arm64
# what `make check` also builds and boots (tests/integration/boot/boot-<arch>.sh) besides the host's
IB_CHECK_ARCHES := arm64

ib_arch_word = $(word $(1),$(ib_arch_$(2)))
ib_host_uname := $(shell uname -m)
ib_host_arch := $(firstword $(foreach a,$(IB_ARCHES),$(if $(filter $(ib_host_uname),$(call ib_arch_word,1,$(a))),$(a))))

ARCH ?= $(or $(ib_host_arch),x86_64)
ifeq ($(strip $(ib_arch_$(ARCH))),)
$(error initbench: ARCH=$(ARCH) is not supported; supported: $(IB_ARCHES) (docs/arch.md))
endif

IB_ARCH_DEB := $(call ib_arch_word,2,$(ARCH))
IB_ARCH_MUSL := $(call ib_arch_word,5,$(ARCH))
IB_ARCH_QEMU_PKG := $(call ib_arch_word,6,$(ARCH))
IB_ARCH_LDSO := $(call ib_arch_word,9,$(ARCH))
# 1 when the guest's architecture is not the host's
ib_cross := $(if $(filter $(ARCH),$(ib_host_arch)),,1)
# apt names a foreign architecture's package with its :arch
IB_KERNEL_PKG := $(call ib_arch_word,7,$(ARCH))$(if $(ib_cross),:$(IB_ARCH_DEB))

ifneq ($(ARCH),x86_64)
ifeq ($(origin O),undefined)
O := out/$(ARCH)
ib_default_o := 1
endif
LABEL ?= $(ARCH)
endif

ib_ksub := $(call ib_arch_word,8,$(ARCH))
ifneq ($(ib_ksub),.)
KERNELS ?= $(if $(ib_default_o),$(srctree)/out,$(abspath $(O)))/kernels
# idempotent, so that a sub-make handed KERNELS=.../arm64 does not nest it again
override KERNELS := $(patsubst %/$(ib_ksub)/$(ib_ksub),%/$(ib_ksub),$(abspath $(KERNELS))/$(ib_ksub))
endif

ifdef ib_cross
# Debian's busybox-static for ARCH, unpacked (never installed over the host's) into
# $(IB_ARCH_PKGS); CONFIG_IB_BUSYBOX's default /bin/busybox is the host's, so it means this one.
IB_ARCH_PKGS = $(O)/$(ARCH)-pkgs
BUSYBOX ?= $(patsubst /bin/busybox,$(IB_ARCH_PKGS)/bin/busybox,$(or $(shell sed -n \
	's/^CONFIG_IB_BUSYBOX="\(.*\)"/\1/p' $(O)/.config 2>/dev/null),/bin/busybox))
endif

# make help: one line per architecture
ib_arch_help = $(foreach a,$(IB_ARCHES),printf '  ARCH=%-11s - %s guest: Debian'"'"'s %s under QEMU (%s), output in %s\n' \
	'$(a)' '$(call ib_arch_word,1,$(a))' '$(call ib_arch_word,7,$(a))' \
	'$(call ib_arch_word,6,$(a))' '$(if $(filter x86_64,$(a)),out/,out/$(a)/)';)

else
# ---- second reading: rules and packages -------------------------------------------------

# A cross build (or any CROSS_COMPILE=) compiles with Debian's cross gcc and the target's
# musl through its specs file, as musl-gcc does for the host: no musl source needed.
ifneq ($(or $(ib_cross),$(CROSS_COMPILE)),)
CROSS_COMPILE ?= $(call ib_arch_word,3,$(ARCH))
GUEST_CC := $(CROSS_COMPILE)gcc -specs $(IB_ARCH_MUSL)/musl-gcc.specs
endif

# $(1): Debian architectures; added to dpkg (and apt-get update) when missing, as root;
# otherwise the exact command is printed and make stops.
define ib_dpkg_arches
	$(Q)for a in $(1); do \
		[ "$$a" = "$$(dpkg --print-architecture)" ] && continue; \
		dpkg --print-foreign-architectures | grep -qx "$$a" && continue; \
		if [ "$$(id -u)" != 0 ]; then \
			echo "initbench: Debian architecture $$a is not enabled (needed for its packages)" >&2; \
			echo "initbench: run as root:  dpkg --add-architecture $$a && apt-get update" >&2; \
			exit 1; \
		fi; \
		echo "initbench: enabling the Debian architecture $$a (dpkg --add-architecture $$a; apt-get update)" >&2; \
		dpkg --add-architecture "$$a" && apt-get update -qq >&2 || exit 1; \
	done
endef

.PHONY: arch-setup arch-setup-check
arch-setup:
	$(call ib_dpkg_arches,$(if $(ib_cross),$(IB_ARCH_DEB)))
deps: arch-setup

ib_cross_pkgs = $(call ib_arch_word,4,$(1)) musl-dev:$(call ib_arch_word,2,$(1)) \
	musl:$(call ib_arch_word,2,$(1))
ifdef ib_cross
PKGS_BUILD += $(call ib_cross_pkgs,$(ARCH))
endif
PKGS_RUN += $(filter-out $(PKGS_RUN),$(IB_ARCH_QEMU_PKG))
ifneq ($(ib_host_arch),x86_64)
# Debian builds user-mode-linux for amd64 only
PKGS_RUN := $(filter-out user-mode-linux,$(PKGS_RUN))
endif

# make check builds and boots IB_CHECK_ARCHES too: their toolchains and QEMUs
ib_check_cross := $(filter-out $(ib_host_arch),$(IB_CHECK_ARCHES))
PKGS_CHECK += $(foreach a,$(ib_check_cross),$(call ib_cross_pkgs,$(a)) $(call ib_arch_word,6,$(a)))
arch-setup-check:
	$(call ib_dpkg_arches,$(foreach a,$(ib_check_cross),$(call ib_arch_word,2,$(a))))
check-deps: arch-setup-check

ifdef ib_cross
$(IB_ARCH_PKGS)/bin/busybox: | deps
	$(call quiet,FETCH,busybox-static:$(IB_ARCH_DEB))rm -rf $(IB_ARCH_PKGS).tmp
	$(Q)mkdir -p $(IB_ARCH_PKGS).tmp/debs
	$(Q)cd $(IB_ARCH_PKGS).tmp/debs && apt-get -q -o APT::Sandbox::User=root download \
		busybox-static:$(IB_ARCH_DEB) >&2
	$(Q)dpkg-deb -x $(IB_ARCH_PKGS).tmp/debs/busybox-static_*.deb $(IB_ARCH_PKGS).tmp
	$(Q)test -x $(IB_ARCH_PKGS).tmp/bin/busybox || { echo "initbench: no bin/busybox in busybox-static:$(IB_ARCH_DEB)" >&2; exit 1; }
	$(Q)rm -rf $(IB_ARCH_PKGS) && mv $(IB_ARCH_PKGS).tmp $(IB_ARCH_PKGS)

# the manifest rule checks that busybox is there
$(O)/initramfs/manifest: | $(filter $(IB_ARCH_PKGS)/%,$(BUSYBOX))

# apt-get download of a foreign kernel package needs that architecture enabled
$(KERNELS)/default/vmlinuz: | arch-setup
endif

ifdef ib_default_o
# boots of every architecture go to the one store that `make report` reads
all run native compare-run report export: | $(O)/results
$(O)/results:
	$(Q)mkdir -p $(srctree)/out/results $(O) && ln -sfn ../results $@
endif

endif
