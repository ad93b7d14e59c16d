# SPDX-License-Identifier: GPL-2.0-or-later
#
# initbench: the one entry point. Kbuild conventions: O= (all output, default out/),
# V=1 (show commands), make help, *_defconfig, menuconfig, olddefconfig, savedefconfig,
# clean, mrproper.

MAKEFLAGS += --no-builtin-rules --no-print-directory
.SUFFIXES:
.DELETE_ON_ERROR:

srctree := $(CURDIR)
# the first rule below is FORCE:, so the default goal is named here
.DEFAULT_GOAL := all
include $(srctree)/mk/arch.mk # ARCH, and the defaults its row gives O, KERNELS, LABEL, BUSYBOX
O ?= out
override O := $(abspath $(O))
obj := $(O)

V ?= 0
ifeq ($(V),1)
Q :=
VFLAG := -v
else
Q := @
VFLAG :=
endif
quiet = $(if $(Q),@printf '  %-8s %s\n' '$(1)' '$(patsubst $(O)/%,%,$(2))';)

# ---- dependencies: Debian packages only, installed when missing ------------------------
# Why each one is there: see README.md, "Dependencies".
PKGS_BUILD := musl-tools busybox-static kconfig-frontends-nox cpio gzip libjansson-dev \
	libcmocka-dev libgsl-dev libyaml-dev nettle-dev pkg-config gcc make
PKGS_RUN := qemu-system-x86 user-mode-linux
PKGS_KERNEL := linux-source-6.1 flex bison bc libelf-dev libssl-dev kmod xz-utils
PKGS_PLOT := gnuplot-nox
PKGS_DOCS := graphviz
# mkfs for `make run FS=TYPE` (initbench run --fs TYPE makes the disk on the host)
PKGS_FS_ext4 := e2fsprogs
PKGS_FS_xfs := xfsprogs
PKGS_FS_vfat := dosfstools
PKGS_MACRO := bzip2
PKGS_CHECK := strace time debootstrap $(PKGS_PLOT) $(PKGS_DOCS) dosfstools e2fsprogs xfsprogs fdisk mtools \
	grub-common $(PKGS_KERNEL) $(PKGS_MACRO) apache2-utils linux-perf

# ---- configuration ----------------------------------------------------------------------
# The Benchmarks menu and the registry's list are gathered from the benchmarks' own files
# (bench/README.md): bench/Kconfig sources the menu through IB_BENCHES_KCONFIG. The families
# live in one folder per lmbench section (bench/proc, ipc, fs, mem, ...); bench/ itself holds
# the suite program and the self-test benchmarks, bench/lib, bench/base and bench/gen no benchmark.
BENCH_SRCS := $(sort $(wildcard bench/*.c) $(filter-out bench/lib/% bench/base/% bench/gen/%,$(wildcard bench/*/*.c)))
BENCHGEN := $(O)/host/bench/gen/benchgen
benches_def := $(O)/include/benches.def
benches_kconfig := $(O)/include/benches.kconfig
benches_stamp := $(O)/include/.tmp/benches-stamp
KCONFIG_ENV := srctree=$(srctree) KCONFIG_CONFIG=$(O)/.config IB_BENCHES_KCONFIG=$(benches_kconfig)
CONF := kconfig-conf
KCONFIG_FILES := Kconfig $(wildcard */Kconfig */*/Kconfig) $(benches_kconfig)

config_h := $(O)/include/config.h
config_hash_h := $(O)/include/config_hash.h

# ---- toolchains -------------------------------------------------------------------------
WARN := -std=c11 -O2 -Wall -Wextra -Werror
GUEST_CC := musl-gcc
# Every project header is included by its path from the source root ("bench/base/record.h"),
# so no header can shadow another; $(O)/include holds the generated ones (config.h).
GUEST_CFLAGS := $(WARN) -static -I$(srctree) -I$(O)/include
GUEST_LDFLAGS := -static
HOST_CC := gcc
HOST_CFLAGS := $(WARN) -I$(srctree) -I$(O)/include
JANSSON_CFLAGS = $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson) \
	$(shell pkg-config --libs gsl 2>/dev/null || echo -lgsl -lgslcblas) \
	$(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) \
	$(shell pkg-config --libs nettle 2>/dev/null || echo -lnettle)

# ---- sources ----------------------------------------------------------------------------
SUITE_SRCS := $(sort $(filter-out bench/hello.c bench/ab.c,$(BENCH_SRCS)) $(wildcard bench/lib/*.c bench/base/*.c))
SUITE_OBJS := $(patsubst %.c,$(O)/guest/%.o,$(SUITE_SRCS))
# Host-side modules: the CLI main is kept apart so that tests can link the rest.
HOST_MAIN := host/initbench.c
# the host folders (docs/architecture.md "Folders and what each may include")
HOST_LIB_SRCS := $(sort $(filter-out $(HOST_MAIN),$(wildcard host/*.c host/*/*.c report/*/*.c)) \
	$(filter-out bench/lib/runner.c,$(wildcard bench/lib/*.c bench/base/*.c)) bench/ipc/oncrpc.c \
	bench/mem/plateau.c bench/mem/bw_layout.c bench/mem/bw_loops.c bench/proc/elfinterp.c \
	bench/macro/abstat.c bench/macro/abload.c bench/macro/buildlist.c bench/macro/httpserve.c \
	bench/macro/tcpcount.c initramfs/cpio.c initramfs/dump.c initramfs/blkid.c bench/gen/benchgen.c)
HOST_LIB_OBJS := $(patsubst %.c,$(O)/host/%.o,$(HOST_LIB_SRCS))
HOST_LIB := $(O)/host/libinitbench.a
# unit tests live in a folder per part of the tree (tests/unit/bench, macro, host, report, initramfs);
# one left at the top would be built by nothing, so it stops the build instead
UNIT_SRCS := $(sort $(wildcard tests/unit/*/test_*.c))
UNIT_BINS := $(patsubst %.c,$(O)/tests/%,$(notdir $(UNIT_SRCS)))
$(if $(wildcard tests/unit/test_*.c),$(error initbench: $(wildcard tests/unit/test_*.c): a unit test goes in a folder of tests/unit/ (docs/testing.md)))
vpath test_%.c $(sort $(dir $(UNIT_SRCS)))
TOOL_SRCS := $(sort $(wildcard tests/tools/*.c))
# a tool of several files is a folder tests/tools/NAME/ whose .c files make $(O)/tests/NAME
TOOL_DIRS := $(patsubst tests/tools/%/,%,$(sort $(dir $(wildcard tests/tools/*/*.c))))
TOOL_BINS := $(patsubst tests/tools/%.c,$(O)/tests/%,$(TOOL_SRCS)) $(TOOL_DIRS:%=$(O)/tests/%)

SUITE := $(O)/bench/ibsuite
HELLO := $(O)/bench/ib-hello
IB_AB := $(O)/bench/ib-ab
HELLO_DYN := $(O)/bench/ib-hello-dyn
INIT := $(O)/initramfs/init
MKCPIO := $(O)/initramfs/mkcpio
INITBENCH := $(O)/initbench
IMAGE := $(O)/initramfs.cpio.gz

# Image timestamps: SOURCE_DATE_EPOCH, else the last commit, else 0; so two builds of the
# same tree and config are byte-identical.
SOURCE_DATE_EPOCH ?= $(shell git -C $(srctree) log -1 --format=%ct 2>/dev/null || echo 0)
BUSYBOX ?= $(shell sed -n 's/^CONFIG_IB_BUSYBOX="\(.*\)"/\1/p' $(O)/.config 2>/dev/null)

# The suite version: VERSION plus the commit, so that a record names the code it ran.
IB_VERSION := $(shell cat $(srctree)/VERSION)$(shell git -C $(srctree) rev-parse --short=12 HEAD 2>/dev/null | sed 's/^/-g/')

# ---- run parameters ---------------------------------------------------------------------
KERNEL ?= default
KERNELS ?= $(O)/kernels
RUNS ?=
LABEL ?= $(if $(filter uml,$(KERNEL)),uml,default)
ACCEL ?=
SMP ?=
APPEND ?=
KERNEL_PATH = $(if $(filter default,$(KERNEL)),$(KERNELS)/default/vmlinuz,$(KERNEL))
FS ?=
RUN_ARGS = --kernel '$(KERNEL_PATH)' --label '$(LABEL)' --image $(IMAGE) \
	--results $(O)/results $(if $(RUNS),--runs $(RUNS)) $(if $(ACCEL),--accel $(ACCEL)) \
	$(if $(SMP),--smp '$(SMP)') \
	$(if $(APPEND),--append '$(APPEND)') $(if $(DISK),--disk '$(DISK)') \
	$(if $(FS),--fs '$(FS)') $(VFLAG)

FORCE:

.PHONY: all help deps defconfig menuconfig nconfig oldconfig olddefconfig savedefconfig \
	listnewconfig clean mrproper distclean run report native kernel-default check \
	check-unit bench-harness image suite host tools

all: image host $(IB_AB)

help:
	@echo 'initbench: an lmbench-style benchmark image for kernel developers'
	@echo ''
	@echo 'Configuration (like the kernel; .config lives in O=, default out/):'
	@echo '  defconfig        - the full lmbench summary profile (configs/defconfig)'
	@$(foreach c,$(sort $(notdir $(wildcard configs/*_defconfig))),printf '  %-16s - %s\n' '$(c)' 'configs/$(c)';)
	@echo '  menuconfig       - menu-driven configuration (kconfig-mconf)'
	@echo '  nconfig          - ncurses configuration (kconfig-nconf)'
	@echo '  oldconfig        - update .config, asking about new symbols'
	@echo '  olddefconfig     - update .config, new symbols take their defaults'
	@echo '  savedefconfig    - write the minimal $$(O)/defconfig'
	@echo ''
	@echo 'Build:'
	@echo '  all (default)    - the image $$(O)/initramfs.cpio.gz and the host tool $$(O)/initbench'
	@echo '  image / suite / host - one part only'
	@echo '                     MODULES=DIR|default: append CONFIG_IB_MODULES of a /lib/modules/<version>'
	@echo '                     tree (default: the default kernel'"'"'s .deb) as a second cpio (docs/disk.md)'
	@echo '                     CONFIG_IB_MACRO=y (menuconfig: Image and PID 1): append the compile'
	@echo '                     workload'"'"'s cpio (tcc and its sources, docs/macro.md); make check'
	@echo '                     builds $$(O)/initramfs-macro.cpio.gz, the image with it, either way'
	@echo '  deps             - install the build'"'"'s missing Debian packages; every target installs'
	@echo '                     what it needs first (as root; otherwise it prints the apt-get line and stops)'
	@echo ''
	@echo 'Measure and report:'
	@echo '  run              - boot KERNEL RUNS times, store results under LABEL, print the summary'
	@echo '                     KERNEL=default|uml|PATH (default: Debian cloud kernel, fetched once)'
	@echo '                     RUNS=n LABEL=name ACCEL=auto|kvm|tcg APPEND="kernel args"'
	@echo '                     SMP=n a QEMU guest with n CPUs (default 1; docs/launch.md "SMP guests")'
	@echo '                     DISK=[ro:][nvme:]FILE attach a disk image (with APPEND="initbench.out=vda")'
	@echo '                     FS=ext4|xfs|vfat|tmpfs: the file benchmarks on a fresh disk of that file'
	@echo '                     system (mkfs on the host; ext4 as lmbench), or a tmpfs (docs/disk.md)'
	@echo '  native           - run the same suite on this host, label "native", RUNS=n'
	@echo '  compare-run      - boot VARIANTS="base:default new:PATH" interleaved, RUNS blocks, then compare'
	@echo '                     gate: FAIL_ON=slower|faster|any [THRESHOLD=PCT] [GATE_METRICS=..|GATE_SECTIONS=..]'
	@echo '                     [KTAP=1] [JUNIT=FILE]: exit 9 on a significant change that way (docs/compare.md)'
	@echo '                     APPEND="args" for all, APPEND_<name>="args" per variant, SEED=n for a'
	@echo '                     reproducible order, RUN_OPTS="--reps 5 ..." more initbench run options'
	@echo '  report           - print the lmbench summary of every stored boot'
	@echo '  export           - FORMAT=html|csv|json [COMPARE=compare.json] [LABELS=...]: $$(O)/export* (csv: 3 tables)'
	@echo '  lava-job         - a LAVA job for this image: LAVA_DEVICE_TYPE=qemu|TYPE [LAVA_BOOT_METHOD=...] (docs/lava.md)'
	@echo '  lava-run         - run that job with lava-run (no server), import its log as label lava, report'
	@echo '  kernel-default   - fetch and unpack Debian'"'"'s cloud kernel into $$(KERNELS) (default $$(O)/kernels)'
	@echo '  kernel           - build KERNEL_SRC=DIR|TARBALL [KERNEL_BASE=tinyconfig|defconfig|olddefconfig]'
	@echo '                     [KERNEL_CONFIG=FILE] [LABEL=name] into $$(O)/kernels/LABEL/ (bzImage, config);'
	@echo '                     KERNEL_FRAGMENT="FILE..." merged last (e.g. an option off), KERNEL_BUILD=DIR'
	@echo '                     reuses another label'"'"'s build tree (incremental)'
	@echo ''
	@echo 'Real machines (docs/boot.md):'
	@echo '  grub-entry       - print a GRUB menuentry for KERNEL and the image, APPEND="args"'
	@echo '  ipxe-script      - write $$(O)/initbench.ipxe for BASE_URL=http://server/dir'
	@echo '  disk-image       - $$(DISK_IMAGE) (default $$(O)/initbench-disk.img) to dd to a USB stick: GRUB'
	@echo '                     for BIOS and UEFI boots KERNEL RUNS times by itself (or VARIANTS= interleaved,'
	@echo '                     SEED=n), then powers off; FIRMWARE=bios|uefi; results on the disk, read'
	@echo '                     back with initbench import DISK (no step needs root)'
	@echo '  cmdline          - a kernel command line for quieter measurements, each flag explained'
	@echo '                     (target/kexec KERNEL IMAGE [ARGS]: kexec into it from a running system)'
	@echo ''
	@echo 'Tests and figures:'
	@echo '  check            - every test (about 45 minutes): unit tests; the quick profile booted under QEMU'
	@echo '                     (x86_64 and arm64), UML and natively; make kernel, disks, LAVA, faults, fuzz,'
	@echo '                     sanitizers, make install; make run in a fresh Debian root (debootstrap);'
	@echo '                     TESTS="boot-fs.sh test_summary": only those tests, by file name'
	@echo '  check-unit       - unit tests only'
	@echo '  bench-harness    - print image size, time to first record, quick and full profile wall times,'
	@echo '                     the full profile per summary section and its time budget (native, TCG)'
	@echo '  tools            - the test tools in $$(O)/tests: plausible, boot-figures, stat-eval (which per-boot'
	@echo '                     statistic is steadiest over a label'"'"'s boots, docs/compare.md), ...'
	@echo '  fuzz             - libFuzzer on the record parser and lmbench importer, FUZZ_SECONDS=600 each'
	@echo '  sanitize         - ASan+UBSan builds of initbench, the unit tests and the suite in $$(O)/san'
	@echo ''
	@echo 'Install (docs/install.md; never builds: run make first, with the same O= and ARCH=):'
	@echo '  install          - copy the host tool, the image, the suite, the man page and bash completion'
	@echo '                     under DESTDIR/PREFIX (PREFIX=/usr/local; DESTDIR= for a staging tree);'
	@echo '                     an ARCH= build for another machine installs its image in lib/initbench/ARCH/'
	@echo '  uninstall        - remove what install put there (same PREFIX, DESTDIR and ARCH)'
	@echo '  docs             - render docs/architecture.svg from docs/architecture.dot (graphviz)'
	@echo '  man              - the manual page $$(O)/man/initbench.1, from initbench'"'"'s own help (help2man)'
	@echo ''
	@echo 'Cleaning:'
	@echo '  clean            - remove build output and $$(O)/check; keep .config, kernels and results'
	@echo '  mrproper, distclean - remove all of $$(O)'
	@echo ''
	@echo 'Options: O=dir (output directory), V=1 (show commands and launcher command lines)'
	@echo 'Architectures (ARCH=, default this host'"'"'s: $(ib_host_arch); CROSS_COMPILE=prefix; docs/arch.md):'
	@$(ib_arch_help)

# Every entry target installs what it needs before it starts: deps-TARGET installs the
# packages of the PKGS_* variables that DEPS_TARGET names (expanded when it runs, so that
# mk/*.mk can still add to them). As a normal user a missing package stops the target with
# the apt-get line to run as root (scripts/deps.sh exits 3).
DEPS_ENV = IB_DEPS_LOG=$(O)/deps.log
deps:
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh $(PKGS_BUILD)

deps-%: arch-setup FORCE
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh $(foreach v,$(DEPS_$*),$($(v)))

DEPS_run = PKGS_BUILD PKGS_RUN $(if $(FS),PKGS_FS_$(FS))
DEPS_compare-run := PKGS_BUILD PKGS_RUN
DEPS_export = PKGS_BUILD $(if $(filter html,$(FORMAT)),PKGS_PLOT)
DEPS_docs := PKGS_DOCS

# docs: the one picture of docs/architecture.md, rendered from its text source into the
# source tree (the .svg is committed so that the doc shows it; tool/docs.sh checks it is current)
.PHONY: docs
docs: deps-docs
	$(call quiet,DOT,docs/architecture.svg)dot -Tsvg $(srctree)/docs/architecture.dot \
		-o $(srctree)/docs/architecture.svg

# ---- kconfig ----------------------------------------------------------------------------
$(O)/.config: | deps $(benches_kconfig)
	$(Q)mkdir -p $(O)
	@echo 'initbench: no $(patsubst $(srctree)/%,%,$(O))/.config yet, using configs/defconfig' >&2
	$(Q)cd $(O) && $(KCONFIG_ENV) $(CONF) -s --defconfig=$(srctree)/configs/defconfig $(srctree)/Kconfig

defconfig: deps $(benches_kconfig)
	$(Q)mkdir -p $(O) && cd $(O) && $(KCONFIG_ENV) $(CONF) --defconfig=$(srctree)/configs/defconfig $(srctree)/Kconfig

%_defconfig: deps $(benches_kconfig)
	$(Q)test -f configs/$@ || { echo "initbench: no configs/$@ (see make help)" >&2; exit 2; }
	$(Q)mkdir -p $(O) && cd $(O) && $(KCONFIG_ENV) $(CONF) --defconfig=$(srctree)/configs/$@ $(srctree)/Kconfig

menuconfig: deps $(O)/.config $(benches_kconfig)
	$(Q)cd $(O) && $(KCONFIG_ENV) kconfig-mconf $(srctree)/Kconfig

nconfig: deps $(O)/.config $(benches_kconfig)
	$(Q)cd $(O) && $(KCONFIG_ENV) kconfig-nconf $(srctree)/Kconfig

oldconfig olddefconfig listnewconfig: deps $(O)/.config $(benches_kconfig)
	$(Q)cd $(O) && $(KCONFIG_ENV) $(CONF) --$@ $(srctree)/Kconfig

savedefconfig: deps $(O)/.config $(benches_kconfig)
	$(Q)cd $(O) && $(KCONFIG_ENV) $(CONF) --savedefconfig=$(O)/defconfig $(srctree)/Kconfig
	@echo 'initbench: wrote $(O)/defconfig'

# config.h is rewritten only when its content changes, so that touching .config without
# changing a value rebuilds nothing. An out-of-range value is refused by kconfig itself.
config_stamp := $(O)/include/.tmp/stamp

$(config_h): $(config_stamp)
	@:

# olddefconfig rewrites .config (checked already by values-ok, below): the check is touched
# after it, or every make would redo it, and with it the manifest and the image.
$(config_stamp): $(O)/.config $(KCONFIG_FILES)
	$(call quiet,CONF,$(config_h))mkdir -p $(O)/include/config $(O)/include/.tmp
	$(Q)cd $(O) && $(KCONFIG_ENV) $(CONF) -s --olddefconfig $(srctree)/Kconfig
	$(Q)rm -f $(O)/include/.tmp/auto.conf
	$(Q)cd $(O) && $(KCONFIG_ENV) KCONFIG_AUTOHEADER=$(O)/include/.tmp/config.h \
		KCONFIG_AUTOCONFIG=$(O)/include/.tmp/auto.conf $(CONF) -s --silentoldconfig $(srctree)/Kconfig
	$(Q)cmp -s $(O)/include/.tmp/config.h $(config_h) || cp $(O)/include/.tmp/config.h $(config_h)
	$(Q)touch $(config_values_ok) $@

# Bad Kconfig values (docs/faults.md): kconfig itself replaces an out-of-range int with its
# default without a word, and a malformed one with only a warning. Before config.h is made,
# .config is run through olddefconfig in a scratch copy; any value kconfig would change is
# refused with one line naming it. (Symbols kconfig drops, e.g. unmet dependencies, pass.)
config_values_ok := $(O)/include/.tmp/values-ok

$(config_stamp): $(config_values_ok)

$(config_values_ok): $(O)/.config $(KCONFIG_FILES)
	$(Q)rm -rf $(O)/include/.tmp/vcheck && mkdir -p $(O)/include/.tmp/vcheck
	$(Q)cp $(O)/.config $(O)/include/.tmp/vcheck/.config
	$(Q)cd $(O)/include/.tmp/vcheck && srctree=$(srctree) KCONFIG_CONFIG=.config \
		IB_BENCHES_KCONFIG=$(benches_kconfig) \
		$(CONF) -s --olddefconfig $(srctree)/Kconfig > /dev/null 2>&1
	$(Q)awk 'NR == FNR { if (/^CONFIG_/) v[$$1] = substr($$0, index($$0, "=") + 1); next } \
		/^CONFIG_[A-Za-z0-9_]*=/ { k = $$1; x = substr($$0, index($$0, "=") + 1); \
		if ((k in v) && v[k] != x) { printf "initbench: %s: %s=%s is out of range or malformed (kconfig would use %s): fix it, or make menuconfig\n", \
		cfg, k, x, v[k] > "/dev/stderr"; bad = 1 } } END { exit bad }' FS== cfg='$(O)/.config' \
		$(O)/include/.tmp/vcheck/.config $(O)/.config
	$(Q)touch $@


# benchgen (bench/gen/benchgen.h) is built without config.h, which it helps to make. Its
# outputs are rewritten only when their content changes, so editing a benchmark's code
# neither reruns kconfig nor rebuilds every file.
$(BENCHGEN): bench/gen/benchgen-main.c bench/gen/benchgen.c bench/gen/benchgen.h | deps
	$(call quiet,HOSTCC,$@)mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(WARN) -I$(srctree) -o $@ bench/gen/benchgen-main.c bench/gen/benchgen.c

$(benches_def) $(benches_kconfig): $(benches_stamp)
	@:

$(benches_stamp): $(BENCH_SRCS) $(BENCHGEN)
	$(call quiet,GEN,$(benches_def))mkdir -p $(O)/include/.tmp
	$(Q)$(BENCHGEN) $(O)/include/.tmp/benches.def $(O)/include/.tmp/benches.kconfig $(BENCH_SRCS)
	$(Q)for f in benches.def benches.kconfig; do cmp -s $(O)/include/.tmp/$$f $(O)/include/$$f || \
		cp $(O)/include/.tmp/$$f $(O)/include/$$f; done
	$(Q)touch $@

# The config hash and suite version change without .config changing (a new commit): this
# rule runs every time and rewrites the header only when its content differs.
$(config_hash_h): $(config_h) $(srctree)/VERSION FORCE
	$(Q)h=$$(grep -v '^#' $(O)/.config | grep . | LC_ALL=C sort | sha256sum | cut -c1-16); \
		printf '/* generated */\n#define IB_CONFIG_HASH "%s"\n#define IB_SUITE_VERSION "%s"\n' \
			"$$h" '$(IB_VERSION)' > $(config_hash_h).tmp; \
		cmp -s $(config_hash_h).tmp $(config_hash_h) || mv $(config_hash_h).tmp $(config_hash_h); \
		rm -f $(config_hash_h).tmp

# ---- guest programs (static, musl) ------------------------------------------------------
$(O)/guest/%.o: %.c $(config_h) | deps $(config_hash_h)
	$(call quiet,CC,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -MMD -MP -c -o $@ $<

$(O)/guest/bench/registry.o: $(benches_def)

$(SUITE): $(SUITE_OBJS)
	$(call quiet,LD,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_LDFLAGS) -o $@ $^

$(HELLO): $(O)/guest/bench/hello.o
	$(call quiet,LD,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_LDFLAGS) -o $@ $^

# exec proc's hello is dynamically linked, as lmbench's: it must name the loader the image
# carries (IB_ARCH_LDSO, mk/arch.mk), or exec proc would fail in every boot
$(HELLO_DYN): $(O)/guest/bench/hello.o
	$(call quiet,LD,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) -o $@.tmp $^
	$(Q)interp=$$(readelf -l $@.tmp | sed -n 's/.*program interpreter: \(.*\)\]$$/\1/p'); \
		[ "$$interp" = '$(IB_ARCH_LDSO)' ] || { rm -f $@.tmp; echo "initbench: $@ names the loader '$$interp', not $(IB_ARCH_LDSO) (mk/arch.mk)" >&2; exit 1; }
	$(Q)mv $@.tmp $@

INIT_OBJS := $(patsubst %.c,$(O)/guest/%.o,initramfs/init.c initramfs/diskout.c \
	initramfs/fsmount.c initramfs/dump.c initramfs/blkid.c initramfs/say.c bench/base/record.c \
	bench/base/pid1knobs.c bench/lib/knobs.c)
$(INIT): $(INIT_OBJS)
	$(call quiet,LD,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_LDFLAGS) -o $@ $^

# ib-ab: the HTTP workload's load generator on its own (bench/ab.c), static musl too
$(IB_AB): $(patsubst %.c,$(O)/guest/%.o,bench/ab.c bench/macro/abload.c bench/macro/abstat.c)
	$(call quiet,LD,$@)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_LDFLAGS) -o $@ $^

suite: $(SUITE) $(HELLO) $(HELLO_DYN) $(IB_AB)

# ---- host programs ----------------------------------------------------------------------
$(O)/host/%.o: %.c $(config_h) | deps $(config_hash_h)
	$(call quiet,HOSTCC,$@)mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(JANSSON_CFLAGS) -MMD -MP -c -o $@ $<

$(HOST_LIB): $(HOST_LIB_OBJS)
	$(call quiet,AR,$@)rm -f $@ && ar rcs $@ $^

$(INITBENCH): $(O)/host/$(HOST_MAIN:.c=.o) $(HOST_LIB)
	$(call quiet,HOSTLD,$@)$(HOST_CC) -o $@ $^ $(JANSSON_LIBS) -lm

# mkcpio needs only the writer: a broken host module must not block the image.
$(MKCPIO): $(O)/host/initramfs/mkcpio.o $(O)/host/initramfs/cpio.o
	$(call quiet,HOSTLD,$@)mkdir -p $(dir $@) && $(HOST_CC) -o $@ $^

host: $(INITBENCH)

# ---- the image --------------------------------------------------------------------------
$(O)/initramfs/manifest: initramfs/manifest.in $(config_stamp)
	$(call quiet,GEN,$@)mkdir -p $(dir $@)
	$(Q)test -x '$(BUSYBOX)' || { echo "initbench: busybox '$(BUSYBOX)' (CONFIG_IB_BUSYBOX) is missing: install busybox-static" >&2; exit 1; }
	$(Q)test -f '$(IB_ARCH_LDSO)' || { echo "initbench: musl's dynamic loader $(IB_ARCH_LDSO) is missing: install musl$(if $(ib_cross),:$(IB_ARCH_DEB))" >&2; exit 1; }
	$(Q)sed -e 's|@O@|$(O)|g' -e 's|@BUSYBOX@|$(BUSYBOX)|g' -e 's|@LDSO@|$(IB_ARCH_LDSO)|g' $< > $@

# MODULES=DIR (a /lib/modules/<version> tree) or MODULES=default (the default kernel's,
# from its .deb): CONFIG_IB_MODULES and their dependencies as a second cpio appended to the
# image (the kernel unpacks concatenated archives). modules/spec holds what the modules cpio
# was made from and changes only when that does, so the image is rebuilt only then.
# FS=ext4|xfs|vfat with the default kernel: its virtio_blk (and xfs, vfat) are modules, so
# the image carries them unless MODULES= says otherwise
# make disk-image with the default kernel (or a variant of it): its virtio_blk and vfat too
MODULES ?= $(if $(or $(and $(filter ext4 xfs vfat,$(FS)),$(filter default,$(KERNEL))),$(and \
	$(filter disk-image,$(MAKECMDGOALS)),$(if $(VARIANTS),$(filter %:default,$(VARIANTS)),$(filter \
	default,$(KERNEL))))),default)
MODULES_CPIO := $(O)/modules.cpio.gz
modules_dir = $(if $(filter default,$(MODULES)),$(KERNELS)/linux-image-$(shell cat \
	$(KERNELS)/default/version 2>/dev/null)/lib/modules/$(shell cat $(KERNELS)/default/version \
	2>/dev/null),$(MODULES))
modules_names = $(shell sed -n 's/^CONFIG_IB_MODULES="\(.*\)"/\1/p' $(O)/.config 2>/dev/null)

$(O)/modules/spec: $(config_stamp) $(if $(filter default,$(MODULES)),$(KERNELS)/default/vmlinuz) FORCE
	$(Q)mkdir -p $(dir $@) && printf '%s\n%s\n' '$(modules_dir)' '$(modules_names)' > $@.tmp && \
		{ cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp

$(MODULES_CPIO): $(O)/modules/spec $(MKCPIO) scripts/mkmodules.sh
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh kmod
	$(call quiet,MODULES,$@)$(srctree)/scripts/mkmodules.sh '$(modules_dir)' \
		'$(modules_names)' $@ $(MKCPIO) $(SOURCE_DATE_EPOCH)

# CONFIG_IB_MACRO=y: the compile workload's compiler and code base (tcc, built static with
# musl from Debian's tcc source package, and tcc's own sources) as one more cpio appended to
# the image (scripts/mkmacro.sh, docs/macro.md); the base image stays as it is. The source
# package is fetched once into SOURCES (beside the kernels, so that out/check shares it) and
# pinned: version and the SHA-256 of its upstream tarball. Its files carry time 0: what it
# holds depends on that package, musl and the script, not on this tree's last commit.
# $(O)/macro/tree is the same tree for a native run (initbench native finds it there).
SOURCES ?= $(KERNELS)/sources
MACRO_PKG := tcc
MACRO_VER := 0.9.27+git20200814.62c30a4a-1
MACRO_SHA256 := d63c113bcdd657f51c8ee197a0b0a24203603313e19a52b5f678d40ab7f5df35
MACRO_CPIO := $(O)/macro.cpio.gz
macro_on = $(shell grep -qx 'CONFIG_IB_MACRO=y' $(O)/.config 2>/dev/null && echo y)

$(O)/macro.spec: $(config_stamp) FORCE
	$(Q)printf '%s\n' '$(MACRO_PKG) $(MACRO_VER) $(MACRO_SHA256)' '$(ARCH) $(GUEST_CC) $(IB_ARCH_MUSL)' \
		> $@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; } && rm -f $@.tmp

$(MACRO_CPIO): $(O)/macro.spec $(MKCPIO) scripts/mkmacro.sh scripts/fetch-source.sh
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh $(PKGS_MACRO)
	$(Q)$(srctree)/scripts/fetch-source.sh '$(SOURCES)' $(MACRO_PKG) $(MACRO_VER) $(MACRO_SHA256)
	$(call quiet,MACRO,$@)$(srctree)/scripts/mkmacro.sh '$(SOURCES)/$(MACRO_PKG)_$(MACRO_VER)' \
		$(ARCH) '$(GUEST_CC)' $(IB_ARCH_MUSL) $(patsubst /usr/lib/%,/usr/include/%,$(IB_ARCH_MUSL)) \
		$(O)/macro $@ $(MKCPIO) 0

$(IMAGE): $(O)/initramfs/manifest $(MKCPIO) $(INIT) $(SUITE) $(HELLO) $(HELLO_DYN) $(BUSYBOX) \
		$(wildcard $(IB_ARCH_LDSO)) $(O)/modules/spec $(if $(MODULES),$(MODULES_CPIO)) \
		$(if $(macro_on),$(MACRO_CPIO))
	$(call quiet,CPIO,$@)$(MKCPIO) -t $(SOURCE_DATE_EPOCH) -o $(O)/initramfs.cpio $(O)/initramfs/manifest
	$(Q)gzip -9 -n -c $(O)/initramfs.cpio > $@.tmp
	$(Q)$(if $(MODULES),cat $(MODULES_CPIO) >> $@.tmp;) $(if $(macro_on),cat $(MACRO_CPIO) >> $@.tmp;) mv $@.tmp $@

# the size of each part, so that the base image's own size stays visible
image: $(IMAGE)
	@printf 'initbench: image %s  %s bytes  sha256 %s%s%s\n' '$(patsubst $(srctree)/%,%,$(IMAGE))' \
		"$$(stat -c %s $(IMAGE))" "$$(sha256sum $(IMAGE) | cut -d' ' -f1)" \
		'$(if $(MODULES),  (with modules of $(MODULES)))' \
		"$(if $(or $(MODULES),$(macro_on)),  (base $$(( $$(stat -c %s $(IMAGE))$(if $(MODULES), - \
		$$(stat -c %s $(MODULES_CPIO)))$(if $(macro_on), - $$(stat -c %s $(MACRO_CPIO))) ))$(if \
		$(MODULES), + modules $$(stat -c %s $(MODULES_CPIO)))$(if $(macro_on), + macro $$(stat -c %s $(MACRO_CPIO)))))"

# The image with the macro cpio appended whatever CONFIG_IB_MACRO says: make check's tree
# keeps the quick profile's small image for its other boots and boots this one for the macro
# workloads (tests/integration/boot/compare-pti.sh and macro.sh).
IMAGE_MACRO := $(O)/initramfs-macro.cpio.gz
$(IMAGE_MACRO): $(IMAGE) $(MACRO_CPIO)
	$(call quiet,CPIO,$@)$(if $(macro_on),cp $(IMAGE),cat $(IMAGE) $(MACRO_CPIO)) > $@.tmp && mv $@.tmp $@
# (the compile workload is built for x86_64 guests only so far: scripts/mkmacro.sh)
CHECK_PREREQS += $(if $(filter x86_64,$(ARCH)),$(IMAGE_MACRO))

# ---- kernels ----------------------------------------------------------------------------
kernel-default: $(KERNELS)/default/vmlinuz
	@:

$(KERNELS)/default/vmlinuz:
	$(Q)$(srctree)/scripts/fetch-kernel.sh $(KERNELS) $(IB_KERNEL_PKG)

# make kernel KERNEL_SRC=DIR|TARBALL [KERNEL_BASE=tinyconfig|defconfig|olddefconfig]
#   [KERNEL_CONFIG=FILE] [KERNEL_FRAGMENT="FILE..."] [KERNEL_BUILD=DIR] [LABEL=name]:
#   $(KERNELS)/LABEL/{bzImage,config,version,build/}, configs/kernel/initbench.config and
#   then KERNEL_FRAGMENT merged in by the kernel's merge_config.sh. LABEL defaults to the
#   source's name and the base. KERNEL_BUILD: build in another label's tree, incrementally.
KERNEL_SRC ?=
KERNEL_BASE ?= tinyconfig
KERNEL_CONFIG ?=
KERNEL_FRAGMENT ?=
KERNEL_BUILD ?=
kernel_label = $(if $(filter command line,$(origin LABEL)),$(LABEL),$(notdir $(patsubst %/,%,$(basename $(basename $(KERNEL_SRC)))))-$(KERNEL_BASE))
.PHONY: kernel
kernel:
	$(Q)test -n '$(KERNEL_SRC)' || { echo 'initbench: make kernel needs KERNEL_SRC=DIR (a kernel tree, or a tarball such as /usr/src/linux-source-6.1.tar.xz)' >&2; exit 2; }
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh $(PKGS_KERNEL)
	$(Q)KERNEL_FRAGMENT='$(KERNEL_FRAGMENT)' KERNEL_BUILD='$(KERNEL_BUILD)' \
		$(srctree)/scripts/build-kernel.sh '$(KERNEL_SRC)' '$(KERNEL_BASE)' '$(kernel_label)' \
		'$(KERNELS)' $(srctree)/configs/kernel/initbench.config '$(KERNEL_CONFIG)'

# ---- real machines: GRUB, iPXE, the quiet command line ---------------------------------
# make grub-entry [KERNEL=PATH|default] [APPEND="..."]: a menuentry on stdout (target/grub-entry)
# make ipxe-script BASE_URL=http://server/dir [KERNEL=...] [APPEND=...]: $(O)/initbench.ipxe
.PHONY: grub-entry ipxe-script cmdline
grub-entry: image
	$(Q)$(if $(filter default,$(KERNEL)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(srctree)/target/grub-entry '$(KERNEL_PATH)' $(IMAGE) $(APPEND)

ipxe-script: image
	$(Q)test -n '$(BASE_URL)' || { echo 'initbench: ipxe-script needs BASE_URL=http://server/dir (where the kernel and image will be served)' >&2; exit 2; }
	$(Q)$(if $(filter default,$(KERNEL)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)sed -e 's|@BASE_URL@|$(BASE_URL)|g' -e "s|@KERNEL_NAME@|$$(basename '$(KERNEL_PATH)')|g" \
		-e 's|@IMAGE_NAME@|$(notdir $(IMAGE))|g' -e "s|@SHA256@|$$(sha256sum $(IMAGE) | cut -d' ' -f1)|" \
		-e 's|@CMDLINE@|console=tty0 console=ttyS0,115200 panic=-1$(if $(APPEND), $(APPEND))|' \
		$(srctree)/target/initbench.ipxe.in > $(O)/initbench.ipxe
	@echo 'initbench: wrote $(O)/initbench.ipxe: serve it, $(KERNEL_PATH) and $(IMAGE) from $(BASE_URL)'

# What to consider for quieter figures; never forced (docs/methods.md). Each line says why.
cmdline:
	@echo 'Kernel command line for quieter measurements (APPEND="..."; consider, never forced):'
	@echo ''
	@echo '  quiet loglevel=1     no console messages during the run (PID 1 lowers the level too)'
	@echo '  nowatchdog           no soft/hard lockup watchdog timers firing on the measured CPU'
	@echo '  nosoftlockup         (the same, for kernels that keep the soft lockup detector)'
	@echo '  tsc=reliable         keep the TSC clocksource: no watchdog switch to hpet mid-run (x86)'
	@echo '  cpufreq.default_governor=performance'
	@echo '                       no frequency ramp; PID 1 sets it too where cpufreq exists'
	@echo '  intel_pstate=passive (Intel) let the performance governor decide, not HWP'
	@echo '  processor.max_cstate=1 idle=poll   no deep C-state exit latency in wake-up paths'
	@echo '                       (bare metal; burns power; idle=poll changes ctx/pipe figures)'
	@echo ''
	@echo 'These change what is measured: compare with and without as an experiment axis, not a default:'
	@echo '  isolcpus=1 nohz_full=1 rcu_nocbs=1   a CPU without ticks or RCU callbacks; run with'
	@echo '                       pin=1 cpu=1 (initbench.pin=1 initbench.cpu=1); nohz_full makes'
	@echo '                       syscall entry/exit dearer'
	@echo '  nosmt / mitigations=off / pti=off    CPU security state: the figures then describe'
	@echo '                       another kernel configuration, by design of the experiment'
	@echo '  nokaslr              fixed addresses: fewer run-to-run layout effects'

# ---- measure and report -----------------------------------------------------------------
run: deps-run all
	$(Q)$(if $(filter default,$(KERNEL)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(INITBENCH) run $(RUN_ARGS); rc=$$?; \
		[ $$rc -eq 2 ] || $(INITBENCH) report --results $(O)/results '$(LABEL)'; exit $$rc

# compare-run: a campaign of VARIANTS="NAME:KERNEL ..." (KERNEL default|uml|PATH), interleaved
# in RUNS randomised blocks (SEED= to replay one), APPEND shared, APPEND_<NAME> per variant,
# RUN_OPTS extra `initbench run` options; then `initbench compare FIRST OTHERS...`, also
# written as $(O)/compare.json for `make export`. The regression gate (docs/compare.md):
# FAIL_ON=slower|faster|any [THRESHOLD=PCT] [GATE_METRICS=a,b | GATE_SECTIONS=...] [KTAP=1]
# [JUNIT=FILE]; the make exits with compare's 9 when the gate fails.
cr_gate = $(if $(FAIL_ON),--fail-on $(FAIL_ON)) $(if $(THRESHOLD),--threshold $(THRESHOLD)) \
	$(if $(GATE_METRICS),--metrics '$(GATE_METRICS)') $(if $(GATE_SECTIONS),--sections '$(GATE_SECTIONS)') \
	$(if $(KTAP),--ktap) $(if $(JUNIT),--junit '$(JUNIT)')
cr_name = $(firstword $(subst :, ,$(1)))
cr_kernel = $(if $(filter default,$(1)),$(KERNELS)/default/vmlinuz,$(1))
cr_variant = --variant '$(call cr_name,$(1)):$(call cr_kernel,$(word 2,$(subst :, ,$(1))))$(if $(APPEND_$(call cr_name,$(1))),:$(APPEND_$(call cr_name,$(1))))'
.PHONY: compare-run
compare-run: deps-compare-run all
	$(Q)test -n '$(VARIANTS)' || { echo 'initbench: compare-run needs VARIANTS="base:default new:PATH"' >&2; exit 2; }
	$(Q)$(if $(filter %:default,$(VARIANTS)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(INITBENCH) run $(foreach v,$(VARIANTS),$(call cr_variant,$(v))) --image $(IMAGE) \
		--results $(O)/results $(if $(RUNS),--runs $(RUNS)) $(if $(SEED),--seed $(SEED)) \
		$(if $(ACCEL),--accel $(ACCEL)) $(if $(SMP),--smp '$(SMP)') \
		$(if $(APPEND),--append '$(APPEND)') $(RUN_OPTS) \
		$(VFLAG); rc=$$?; [ $$rc -eq 2 ] || $(INITBENCH) compare $(cr_gate) --results $(O)/results \
		--json $(O)/compare.json $(foreach v,$(VARIANTS),'$(call cr_name,$(v))') \
		$(if $(FAIL_ON),|| { r=$$?; [ $$r -le $$rc ] || rc=$$r; }); exit $$rc

native: all
	$(Q)$(INITBENCH) native --suite $(SUITE) --hello $(HELLO) --hello-dyn $(HELLO_DYN) \
		--results $(O)/results \
		$(if $(RUNS),--runs $(RUNS)) $(VFLAG); rc=$$?; \
		$(INITBENCH) report --results $(O)/results native; exit $$rc

report: host
	$(Q)$(INITBENCH) report --results $(O)/results

# FORMAT=html (default): the directory $(O)/export/; json: the file $(O)/export.json; csv:
# the three tables (docs/export.md), $(O)/export.csv (samples), export-measurements.csv and
# export-boots.csv, the exit code the worst of the three.
# COMPARE=file (from `initbench compare --json`; default: the last compare-run's
# $(O)/compare.json when there is one) adds the ratio charts; LABELS=... a subset.
FORMAT ?= html
COMPARE ?= $(wildcard $(O)/compare.json)
.PHONY: export
export: deps-export host
	$(Q)$(if $(filter csv,$(FORMAT)),rc=0; for t in measurements boots; do \
		$(INITBENCH) export --format csv --table $$t --results $(O)/results \
		--out $(O)/export-$$t.csv $(LABELS); r=$$?; [ $$r -le $$rc ] || rc=$$r; done; ) \
	$(INITBENCH) export --format $(FORMAT) --results $(O)/results \
		--out $(if $(filter html,$(FORMAT)),$(O)/export,$(O)/export.$(FORMAT)) \
		$(if $(and $(COMPARE),$(filter html,$(FORMAT))),--compare $(COMPARE)) $(LABELS) \
		$(if $(filter csv,$(FORMAT)),; r=$$?; [ $$r -le $$rc ] || rc=$$r; exit $$rc)

# ---- tests ------------------------------------------------------------------------------
# TEST_LDFLAGS_<test>: a test's own link flags (test_measure reads a pretend clock through
# --wrap, so that its bounds on sizing and subtraction are exact, whatever the host's speed)
TEST_LDFLAGS_test_measure := -Wl,--wrap=ib_now_ns
TEST_LDFLAGS_test_inject := -Wl,--wrap=ib_now_ns
$(O)/tests/test_%: test_%.c $(HOST_LIB) $(config_h)
	$(call quiet,HOSTLD,$@)mkdir -p $(dir $@) $(O)/deps/tests
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(JANSSON_CFLAGS) -MMD -MP -MF $(O)/deps/tests/$(notdir $@).d -MT $@ -o $@ $< \
		$(HOST_LIB) $(JANSSON_LIBS) $(TEST_LDFLAGS_test_$*) -lcmocka -lm

$(O)/tests/%: tests/tools/%.c $(HOST_LIB) $(config_h)
	$(call quiet,HOSTLD,$@)mkdir -p $(dir $@) $(O)/deps/tests
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(JANSSON_CFLAGS) -MMD -MP -MF $(O)/deps/tests/$(notdir $@).d -MT $@ -o $@ $< \
		$(HOST_LIB) $(JANSSON_LIBS) -lm

define tool_dir_rule
$(O)/tests/$(1): $(wildcard tests/tools/$(1)/*.[ch]) $(HOST_LIB) $(config_h)
	$$(call quiet,HOSTLD,$$@)mkdir -p $$(dir $$@)
	$$(Q)$$(HOST_CC) $$(HOST_CFLAGS) $$(JANSSON_CFLAGS) -o $$@ \
		$(wildcard tests/tools/$(1)/*.c) $$(HOST_LIB) $$(JANSSON_LIBS) -lm
endef
$(foreach t,$(TOOL_DIRS),$(eval $(call tool_dir_rule,$(t))))

check-deps:
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh $(PKGS_BUILD) $(PKGS_RUN) $(PKGS_CHECK)

check-unit: check-deps $(UNIT_BINS) $(MKCPIO)
	$(Q)O=$(O) srctree=$(srctree) $(srctree)/tests/run-tests.sh unit $(UNIT_BINS) \
		$(srctree)/tests/integration/tool/includes.sh

# CHECK_PREREQS: more targets (paths under $(O)) that mk/*.mk need built before the tests.
check: check-deps
	$(Q)$(MAKE) O=$(O)/check quick_defconfig >/dev/null
	$(Q)$(MAKE) O=$(O)/check KERNELS=$(KERNELS) all $(UNIT_BINS:$(O)/%=$(O)/check/%) \
		$(TOOL_BINS:$(O)/%=$(O)/check/%) $(CHECK_PREREQS:$(O)/%=$(O)/check/%) kernel-default
	$(Q)O=$(O)/check KERNELS=$(KERNELS) srctree=$(srctree) TESTS='$(TESTS)' \
		$(srctree)/tests/run-tests.sh all

tools: $(TOOL_BINS)

bench-harness: check-deps
	$(Q)$(MAKE) O=$(O)/check quick_defconfig >/dev/null
	$(Q)$(MAKE) O=$(O)/check KERNELS=$(KERNELS) all $(O)/check/tests/boot-figures kernel-default \
		$(O)/check/initramfs-macro.cpio.gz
	$(Q)$(MAKE) O=$(O)/full defconfig >/dev/null
	$(Q)$(MAKE) O=$(O)/full KERNELS=$(KERNELS) all
	$(Q)O=$(O)/check FULL=$(O)/full KERNELS=$(KERNELS) srctree=$(srctree) $(srctree)/tests/bench-harness.sh

# ---- parts with rules of their own (mk/*.mk: lava, fuzz, architectures, ...) -------------
include $(sort $(wildcard $(srctree)/mk/*.mk))

# ---- cleaning ---------------------------------------------------------------------------
clean:
	$(Q)rm -rf $(O)/guest $(O)/host $(O)/bench $(O)/initramfs $(O)/tests $(O)/include \
		$(O)/initbench $(O)/initramfs.cpio $(IMAGE) $(O)/check $(O)/full $(O)/man \
		$(O)/macro $(MACRO_CPIO) $(O)/macro.spec $(IMAGE_MACRO)

mrproper distclean:
	$(Q)rm -rf $(O)

-include $(SUITE_OBJS:.o=.d) $(HOST_LIB_OBJS:.o=.d) $(O)/guest/bench/hello.d $(O)/guest/bench/ab.d \
	$(INIT_OBJS:.o=.d) $(O)/host/initramfs/mkcpio.d $(O)/host/$(HOST_MAIN:.c=.d) \
	$(patsubst $(O)/tests/%,$(O)/deps/tests/%.d,$(UNIT_BINS)) \
	$(patsubst tests/tools/%.c,$(O)/deps/tests/%.d,$(TOOL_SRCS))
