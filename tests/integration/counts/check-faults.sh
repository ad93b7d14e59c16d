#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-faults.sh - does each touch of the page fault benchmarks (bench/fs/lat_fault.c) take the
# one fault its record says, by a count the benchmark does not make itself?
#
# Each of pf_per_fault, pf_anon_read, pf_anon_write, pf_file_read, pf_file_write runs alone in
# the native suite under GNU time, which reports the minor + major faults of the suite and
# every child it waited for (wait4's rusage: the kernel's count of the whole process tree).
# From the record:
#     E = iters * (samples + 1 warm-up)    touches of the timed intervals
#     F = faults                           the benchmark's own getrusage sum around each pass's touches
#                                          (sizing, warm-up and samples)
# and it checks
#     E <= F                      every timed touch took at least one fault
#     F <= E + SIZING_FACTOR * iters + 1 x iters   at most one per touch (sizing as in
#                                          check-counts.sh; the 1 x iters: 1 % of 52 x iters)
#     F <= C <= F + SLACK          the tree's count holds the benchmark's, and what lies outside
#                                  the touch batches (the suite's start, the fork, the scratch
#                                  file, the records) is small: SLACK = the faults of the same
#                                  suite running null_call alone, plus 512
# With reps=51 a kind that took 2 faults per touch has F about 2 E and fails the second
# check; one that took none fails the first. The file kinds run on a tmpfs (FSDIR, default
# /dev/shm), where a fault maps one small folio (on ext4 a 6.18 kernel maps a 16-page folio
# per shared write fault, which the record shows and this check would call wrong); without a
# tmpfs only the anonymous kinds run.
#
# usage: check-faults.sh [SUITE]   (default: out/bench/ibsuite; 77 without /usr/bin/time)
set -u

SUITE=${1:-${O:-out}/bench/ibsuite}
FSDIR=${FSDIR:-/dev/shm}
REPS=${REPS:-51}
SIZING_FACTOR=${SIZING_FACTOR:-10}

[ -x /usr/bin/time ] || { echo "check-faults: no /usr/bin/time (Debian package time), skipped"; exit 77; }
[ -x "$SUITE" ] || { echo "check-faults: $SUITE not built" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# run BENCH: the records on $tmp/records.txt, the tree's faults (minor + major) printed
run() {
	/usr/bin/time -f '%R %F' -o "$tmp/time.txt" "$SUITE" --mode=native --bench="$1" \
		--reps="$REPS" --fsdir="$FSDIR" >"$tmp/records.txt" 2>"$tmp/stderr.txt" || {
		echo "check-faults: suite failed on $1" >&2; cat "$tmp/stderr.txt" >&2; return 1; }
	awk '{ print $1 + $2 }' "$tmp/time.txt"
}

base=$(run null_call) || exit 1
slack=$((base + 512))
echo "# null_call alone: $base faults, so SLACK=$slack"

benches="pf_anon_read pf_anon_write"
if [ "$(stat -f -c %T "$FSDIR" 2>/dev/null)" = tmpfs ]; then
	benches="pf_per_fault $benches pf_file_read pf_file_write"
else
	echo "# $FSDIR is not a tmpfs: the file kinds are not checked"
fi

fail=0
for b in $benches; do
	c=$(run "$b") || { fail=1; continue; }
	awk -v metric="$b" -v C="$c" -v fac="$SIZING_FACTOR" -v slack="$slack" '
	{
		i = index($0, "# IB "); if (!i) next
		n = split(substr($0, i + 5), f, " ")
		if (f[2] != "m") next
		m = ""; iters = 0; ns = 0; F = -1; fpt = ""
		for (k = 3; k <= n; k++) {
			if (f[k] ~ /^metric=/) m = substr(f[k], 8)
			else if (f[k] ~ /^iters=/) iters = substr(f[k], 7)
			else if (f[k] ~ /^samples=/) ns = split(substr(f[k], 9), s, ",")
			else if (f[k] ~ /^faults=/) F = substr(f[k], 8) + 0
			else if (f[k] ~ /^faults_per_touch=/) fpt = substr(f[k], 18)
		}
		if (m != metric) next
		found = 1
		E = iters * (ns + 1); hi = E + (fac + 1) * iters
		ok = (F >= E && F <= hi && C >= F && C <= F + slack)
		printf "%s %-14s touches E=%d faults F=%d (E..%d) tree C=%d (F..F+%d) faults_per_touch=%s\n",
			ok ? "ok  " : "FAIL", metric, E, F, hi, C, slack, fpt
		exit !ok
	}
	END { if (!found) { printf "FAIL %-14s no record\n", metric; exit 1 } }' "$tmp/records.txt" || fail=1
done
exit "$fail"
