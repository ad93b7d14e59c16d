# SPDX-License-Identifier: GPL-2.0-or-later
#
# ASan + UBSan builds (tests/integration/fault/sanitize.sh runs them in `make check`):
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

# The self-test image (tests/integration/fault/fault-bench.sh): $(O)'s .config plus
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

