# SPDX-License-Identifier: GPL-2.0-or-later
#
# ASan + UBSan builds (tests/integration/sanitize.sh runs them in `make check`):
#   $(O)/san/initbench       the host tool
#   $(O)/san/tests/test_*    every unit test
#   $(O)/san/bench/ibsuite   the suite for native mode, built with gcc against glibc (the
#                            sanitizers' runtimes need a libc they know; musl is not one)
# all from the same .config as $(O), by a sub-make with O=$(O)/san and the compilers
# replaced. `make sanitize` builds them; `make selftest-image` the self-test image below.

SAN_FLAGS := -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
SAN_HOST_CC := gcc $(SAN_FLAGS)
# the guest flags without -static, reading the sub-make's config.h
SAN_GUEST_CFLAGS := $(filter-out -static,$(subst -I$(O)/include,-I$(O)/san/include,$(GUEST_CFLAGS)))

CHECK_PREREQS += $(O)/san/.stamp

.PHONY: sanitize
sanitize: $(O)/san/.stamp

# the sub-make decides what is out of date; the stamp only says it ran
$(O)/san/.stamp: $(O)/.config FORCE
	$(Q)mkdir -p $(O)/san
	$(Q)cmp -s $(O)/.config $(O)/san/.config || cp $(O)/.config $(O)/san/.config
	$(Q)$(MAKE) O=$(O)/san HOST_CC='$(SAN_HOST_CC)' GUEST_CC='$(SAN_HOST_CC)' \
		GUEST_CFLAGS='$(SAN_GUEST_CFLAGS)' GUEST_LDFLAGS=-lm \
		$(O)/san/initbench $(O)/san/bench/ibsuite $(UNIT_BINS:$(O)/%=$(O)/san/%)
	$(Q)touch $@

# The self-test image (tests/integration/fault-bench.sh): $(O)'s .config plus
# CONFIG_IB_BENCH_SELFTEST=y (bench/selftest.c: benchmarks that crash, hang or exhaust memory
# on purpose), built in $(O)/selftest. No profile of configs/ enables that symbol.
CHECK_PREREQS += $(O)/selftest/.stamp

.PHONY: selftest-image
selftest-image: $(O)/selftest/.stamp

$(O)/selftest/.stamp: $(O)/.config FORCE
	$(Q)mkdir -p $(O)/selftest
	$(Q){ grep -v 'CONFIG_IB_BENCH_SELFTEST' $(O)/.config; echo 'CONFIG_IB_BENCH_SELFTEST=y'; } > $(O)/selftest/.config.new
	$(Q)cmp -s $(O)/selftest/.config.new $(O)/selftest/.config.want || \
		{ cp $(O)/selftest/.config.new $(O)/selftest/.config.want; cp $(O)/selftest/.config.new $(O)/selftest/.config; }
	$(Q)$(MAKE) O=$(O)/selftest $(O)/selftest/initramfs.cpio.gz $(O)/selftest/bench/ibsuite \
		$(O)/selftest/bench/ib-hello
	$(Q)touch $@

# Bad Kconfig values (docs/faults.md): kconfig itself replaces an out-of-range int with its
# default without a word, and a malformed one with only a warning. Before config.h is made,
# .config is run through olddefconfig in a scratch copy; any value kconfig would change is
# refused with one line naming it. (Symbols kconfig drops, e.g. unmet dependencies, pass.)
# This hooks an extra prerequisite onto the Makefile's config stamp; it lives here until
# the lead moves it next to that rule.
config_values_ok := $(O)/include/.tmp/values-ok

$(config_stamp): $(config_values_ok)

$(config_values_ok): $(O)/.config $(KCONFIG_FILES)
	$(Q)rm -rf $(O)/include/.tmp/vcheck && mkdir -p $(O)/include/.tmp/vcheck
	$(Q)cp $(O)/.config $(O)/include/.tmp/vcheck/.config
	$(Q)cd $(O)/include/.tmp/vcheck && srctree=$(srctree) KCONFIG_CONFIG=.config \
		$(CONF) -s --olddefconfig $(srctree)/Kconfig > /dev/null 2>&1
	$(Q)awk 'NR == FNR { if (/^CONFIG_/) v[$$1] = substr($$0, index($$0, "=") + 1); next } \
		/^CONFIG_[A-Za-z0-9_]*=/ { k = $$1; x = substr($$0, index($$0, "=") + 1); \
		if ((k in v) && v[k] != x) { printf "initbench: %s: %s=%s is out of range or malformed (kconfig would use %s): fix it, or make menuconfig\n", \
		cfg, k, x, v[k] > "/dev/stderr"; bad = 1 } } END { exit bad }' FS== cfg='$(O)/.config' \
		$(O)/include/.tmp/vcheck/.config $(O)/.config
	$(Q)touch $@
