# SPDX-License-Identifier: GPL-2.0-or-later
#
# Fuzzing the host's readers of guest output and of the store (both untrusted): libFuzzer
# harnesses built with Debian's clang, ASan and UBSan, for the record parser
# (tests/fuzz/fuzz-logparse.c: report/log/logparse.c, logcheck.c, report/store/store.c), the
# lmbench-summary importer (tests/fuzz/fuzz-import.c: report/import/import-lmbench.c), the
# store's checks and the CSV writer (tests/fuzz/fuzz-csv.c: report/store/validate.c,
# report/export/export.c) and the whole import path (tests/fuzz/fuzz-capture.c: `initbench
# import` of any file into a store, read back and exported).
#
#   make fuzz [FUZZ_SECONDS=600] [FUZZ_TARGETS="logparse import csv capture"] [FUZZ_JOBS=1] [FUZZ_MAX_LEN=65536]
#
# runs each harness for FUZZ_SECONDS on a corpus kept in $(O)/fuzz/corpus-<target> (seeded
# from tests/fuzz/seeds/, tests/data/ and every stored console.log under out/results/), and
# first replays tests/fuzz/regress/<target>/ (inputs that once crashed). A crash, leak,
# sanitizer report or broken invariant stops it with the input in $(O)/fuzz/artifacts/;
# add that file to tests/fuzz/regress/<target>/ once fixed. `make check` runs a bounded pass
# (tests/integration/fault/fault-fuzz.sh, FUZZ_CHECK_SECONDS, 30 s per harness by default).

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= logparse import csv capture
FUZZ_JOBS ?= 1
FUZZ_MAX_LEN ?= 65536
FUZZ_CFLAGS := -std=c11 -g -O1 -Wall -Wextra -Werror -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-I$(srctree) -I$(O)/include
FUZZ_logparse_SRCS := tests/fuzz/fuzz-logparse.c report/log/logparse.c report/log/logcheck.c \
	host/lib/hostutil.c host/lib/safeio.c report/stats/stats.c \
	report/store/store.c bench/base/record.c
FUZZ_LMBENCH_SRCS := report/import/import-lmbench.c report/import/lmbench-words.c \
	report/import/lmbench-columns.c
FUZZ_import_SRCS := tests/fuzz/fuzz-import.c $(FUZZ_LMBENCH_SRCS)
# the store and the exporters, with what they call (the export command's own code included)
FUZZ_STORE_SRCS := report/store/store.c report/store/storedir.c report/store/validate.c \
	report/store/bootdata.c report/stats/stats.c report/log/logparse.c report/log/logcheck.c \
	report/export/export.c report/export/export-html.c report/export/export-plot.c \
	report/summary/summary.c report/summary/sections.c report/summary/rowtext.c \
	report/summary/format.c bench/base/record.c \
	host/lib/hostutil.c host/lib/safeio.c host/lib/cli-paths.c host/lib/cli-opt.c host/lib/argv.c
FUZZ_csv_SRCS := tests/fuzz/fuzz-csv.c $(FUZZ_STORE_SRCS)
FUZZ_capture_SRCS := tests/fuzz/fuzz-capture.c $(FUZZ_STORE_SRCS) report/import/import.c \
	$(FUZZ_LMBENCH_SRCS) report/import/import-lava.c report/import/diskdump.c \
	report/import/import-disk.c report/log/capsplit.c initramfs/blkid.c host/lib/runprog.c \
	initramfs/dump.c
FUZZ_BINS := $(foreach t,$(FUZZ_TARGETS),$(O)/tests/fuzz/fuzz-$(t))
PKGS_FUZZ := clang libclang-rt-dev
PKGS_CHECK += $(PKGS_FUZZ)
DEPS_fuzz-build := PKGS_BUILD PKGS_FUZZ

define fuzz_rule
$(O)/tests/fuzz/fuzz-$(1): $(FUZZ_$(1)_SRCS) $(wildcard host/*/*.h report/*.h report/*/*.h bench/lib/*.h) $(config_h)
	$$(call quiet,FUZZCC,$$@)mkdir -p $$(dir $$@)
	$$(Q)$$(FUZZ_CC) $$(FUZZ_CFLAGS) $$(JANSSON_CFLAGS) -o $$@ $(FUZZ_$(1)_SRCS:%=$(srctree)/%) \
		$$(JANSSON_LIBS) -lm
endef
$(foreach t,logparse import csv capture,$(eval $(call fuzz_rule,$(t))))

CHECK_PREREQS += $(O)/tests/fuzz/fuzz-logparse $(O)/tests/fuzz/fuzz-import \
	$(O)/tests/fuzz/fuzz-csv $(O)/tests/fuzz/fuzz-capture

.PHONY: fuzz fuzz-build
fuzz-build: deps-fuzz-build $(FUZZ_BINS)

fuzz: fuzz-build
	$(Q)O=$(O) srctree=$(srctree) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) \
		$(srctree)/tests/fuzz/run-fuzz.sh $(FUZZ_TARGETS)
