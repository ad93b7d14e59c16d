# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile guest output and broken stores: a bounded libFuzzer pass over the record parser,
# the lmbench importer, the store's checks with the CSV writer, and the whole import path
# (mk/fuzz.mk, tests/fuzz/), ASan and UBSan on, FUZZ_CHECK_SECONDS (30) per harness for the
# first two and half that for the others, inputs up to 16 KiB; first the inputs that once
# crashed (tests/fuzz/regress/). `make fuzz FUZZ_SECONDS=3600` is the long run.
. "$srctree/tests/lib.sh"
for t in logparse import csv capture; do
	[ -x "$O/tests/fuzz/fuzz-$t" ] || { echo "no $O/tests/fuzz/fuzz-$t (clang missing?)"; exit 77; }
done
secs=${FUZZ_CHECK_SECONDS:-30}
FUZZ_SECONDS=$secs FUZZ_MAX_LEN=16384 "$srctree/tests/fuzz/run-fuzz.sh" logparse import ||
	die "the fuzzer found a problem (inputs in $O/fuzz/artifacts/)"
FUZZ_SECONDS=$(( (secs + 1) / 2 )) FUZZ_MAX_LEN=16384 "$srctree/tests/fuzz/run-fuzz.sh" csv capture ||
	die "the fuzzer found a problem (inputs in $O/fuzz/artifacts/)"
say "no crash, hang, sanitizer report or broken invariant"
