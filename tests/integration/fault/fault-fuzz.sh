# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile guest output: a bounded libFuzzer pass over the record parser and the lmbench
# importer (mk/fuzz.mk, tests/fuzz/), ASan and UBSan on, FUZZ_CHECK_SECONDS (30) per harness,
# inputs up to 16 KiB; first the inputs that once crashed (tests/fuzz/regress/). `make fuzz
# FUZZ_SECONDS=3600` is the long run.
. "$srctree/tests/lib.sh"
for t in logparse import; do
	[ -x "$O/tests/fuzz/fuzz-$t" ] || { echo "no $O/tests/fuzz/fuzz-$t (clang missing?)"; exit 77; }
done
FUZZ_SECONDS=${FUZZ_CHECK_SECONDS:-30} FUZZ_MAX_LEN=16384 "$srctree/tests/fuzz/run-fuzz.sh" logparse import ||
	die "the fuzzer found a problem (inputs in $O/fuzz/artifacts/)"
say "no crash, hang, sanitizer report or broken invariant"
