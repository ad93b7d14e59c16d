#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# check-counts.sh - do the benchmarks do the number of operations their records claim?
#
# Runs the native suite under `strace -f -c` for a few benchmarks whose operation is one
# distinctive syscall, and compares each syscall's count with what the `m` records report:
#     expected E = sum over the listed metrics of iters * (samples + 1 warm-up)
# The harness also runs fn during sizing (bench/lib/measure.h), and the records do not say
# how many operations that took. Sizing stops once an interval reaches the target or after
# IB_SIZE_MAX_TARGETS (8) targets of wall time past its first interval; the last sizing
# interval is about iters operations. So, with per-operation cost roughly constant, sizing
# costs at most (8 + 2) * iters operations per metric: the accepted bound is
#     E <= count <= E + SIZING_FACTOR * sum(iters) + SLACK
# with SIZING_FACTOR=10 and SLACK=64 calls for the few set-up calls outside the loops (the
# harness's own sigaction()s and wait()s, our save/restore). The run uses reps=51, so E is
# 52 x iters and the worst-case sizing is under a fifth of it: the check catches an operation
# that makes the wrong number of calls (2 per op, 0 per op) or a loop that does not do n,
# not an off-by-one per interval (that needs the sizing counts, which no record carries).
# Typical excess is 1-3 x iters; it is printed so drift in the harness's sizing shows.
# Parsing is done here in awk (no TODO left): records are split at "# IB ", fields at spaces.
# A metric written METRIC*K makes the syscall K times per operation (a round trip between two
# processes: K = 2), so it counts K x iters in E and in the sizing bound; K = 0 says the
# operation makes no such call (at most SLACK of them in the whole run); METRIC*chunks takes
# K from the record's `chunks` parameter (a file reread's read()s per pass, which depend on
# the file's size); METRIC*LO-HI, between LO and HI times per operation (a partner process
# whose share of the calls depends on the scheduler: lat_fcntl), counts LO x iters in E and
# HI x iters in the upper bound and its sizing. BENCHES, CHECKS and
# SELECT_CHECK (empty: no select check) may be set in the environment to check other
# benchmarks with the same rule, and RUNS to check several sets one strace run each (below;
# tests/integration/counts/check-ipc.sh and check-core.sh do); SUITE_ARGS, more suite
# arguments (knobs: check-sched.sh's hackbench size).
# exec proc's dynamic hello is checked to run musl's loader: it makes two mprotect() calls
# (RELRO of the program and of libc, musl 1.2.3) that the static hello does not; the hellos
# are taken from beside SUITE (HELLO_DIR), and their children's calls count (strace -f).
#
# usage: check-counts.sh [SUITE]   (default: out/bench/ibsuite; needs strace)
# exit 0 if every check passes, 1 if one fails, 77 (automake's "skipped") without strace.
set -eu

SUITE=${1:-${O:-out}/bench/ibsuite}
SIZING_FACTOR=${SIZING_FACTOR:-10}
SLACK=${SLACK:-64}
REPS=${REPS:-51}
BENCHES=${BENCHES:-null_call,sig_inst,sig_hndl,fork_proc,exec_proc_dyn,exec_proc,select_tcp_wr,select_tcp,select_file_wr}
HELLO_DIR=${HELLO_DIR:-$(dirname "$SUITE")}

# syscall:metric[*K][+metric[*K]...] - the syscall each listed metric's operation makes (K) once
CHECKS=${CHECKS:-"getppid:null_call rt_sigaction:sig_inst kill:sig_kill0+sig_hndl rt_sigreturn:sig_hndl wait4:fork_proc+exec_proc_dyn+exec_proc execve:exec_proc_dyn+exec_proc mprotect:exec_proc_dyn*2+exec_proc*0"}
# musl's select() is SYS_select on x86-64, pselect6 where there is none; count either
SELECT_CHECK=${SELECT_CHECK-"select_tcp_wr+select_tcp+select_file_wr"}

command -v strace >/dev/null 2>&1 || { echo "check-counts: no strace, skipped"; exit 77; }

# RUNS, lines BENCH|CHECKS (check-ipc.sh, check-core.sh): one strace run per line, so that
# benchmarks sharing a syscall do not mix; each line is checked as below, with its BENCHES
# and CHECKS and no select check. Exit 1 if any line fails.
if [ -n "${RUNS:-}" ]; then
	fail=0
	while IFS='|' read -r bench checks; do
		echo "# $bench"
		RUNS= BENCHES=$bench CHECKS=$checks SELECT_CHECK= sh "$0" "$SUITE" || fail=1
	done <<EOF
$RUNS
EOF
	exit "$fail"
fi
[ -x "$SUITE" ] || { echo "check-counts: $SUITE not built" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

strace -f -c -o "$tmp/strace.txt" "$SUITE" --mode=native --bench="$BENCHES" --reps="$REPS" \
	${SUITE_ARGS:-} --hello="$HELLO_DIR/ib-hello" --hello_dyn="$HELLO_DIR/ib-hello-dyn" \
	>"$tmp/records.txt" 2>"$tmp/stderr.txt" || {
	echo "check-counts: suite failed" >&2; cat "$tmp/stderr.txt" >&2; exit 1; }

# metric iters nsamples, one line per `m` record (no CRC check here: the parser's job)
awk '{
	i = index($0, "# IB "); if (!i) next
	n = split(substr($0, i + 5), f, " ")
	if (f[2] != "m") next
	metric = ""; iters = 0; ns = 0; chunks = 0
	for (k = 3; k <= n; k++) {
		if (f[k] ~ /^metric=/) metric = substr(f[k], 8)
		else if (f[k] ~ /^iters=/) iters = substr(f[k], 7)
		else if (f[k] ~ /^samples=/) ns = split(substr(f[k], 9), s, ",")
		else if (f[k] ~ /^chunks=/) chunks = substr(f[k], 8)
	}
	print metric, iters, ns, chunks
}' "$tmp/records.txt" >"$tmp/metrics.txt"

# syscall calls, from the strace -c table (calls is column 4, the name the last column)
awk '$1 ~ /^[0-9.]+$/ && NF >= 5 && $NF != "total" { print $NF, $4 }' "$tmp/strace.txt" \
	>"$tmp/calls.txt"

# check SYSCALL[|SYSCALL] METRIC[+METRIC]: prints a line, returns 1 on failure
check() {
	awk -v sc="$1" -v ms="$2" -v fac="$SIZING_FACTOR" -v slack="$SLACK" '
	FILENAME == ARGV[1] { iters[$1] = $2; ns[$1] = $3; chunks[$1] = $4; next }
	{ calls[$1] = $2 }
	END {
		nm = split(ms, m, "+"); E = 0; I = 0; EH = 0
		for (k = 1; k <= nm; k++) {
			K = 1; KH = 1; name = m[k]
			if (split(m[k], mk, "*") == 2) {
				name = mk[1]
				if (split(mk[2], kr, "-") == 2) { K = kr[1] + 0; KH = kr[2] + 0 }
				else K = KH = mk[2] == "chunks" ? chunks[name] + 0 : mk[2] + 0
			}
			if (!(name in iters)) { printf "FAIL %-22s no record for %s\n", sc, name; exit 1 }
			E += K * iters[name] * (ns[name] + 1); I += KH * iters[name]
			EH += KH * iters[name] * (ns[name] + 1)
		}
		nsc = split(sc, s, "|"); C = 0
		for (k = 1; k <= nsc; k++) C += calls[s[k]]
		hi = EH + fac * I + slack
		ok = (C >= E && C <= hi)
		printf "%s %-22s %-20s calls=%d expected=%d..%d (sizing excess %.2f x iters)\n",
			ok ? "ok  " : "FAIL", sc, ms, C, E, hi, I ? (C - E) / I : 0
		exit !ok
	}' "$tmp/metrics.txt" "$tmp/calls.txt"
}

fail=0
for c in $CHECKS; do
	check "${c%%:*}" "${c#*:}" || fail=1
done
[ -z "$SELECT_CHECK" ] || check "select|pselect6" "$SELECT_CHECK" || fail=1

[ "$fail" = 0 ] || { echo "--- records"; cat "$tmp/metrics.txt"; echo "--- strace"; cat "$tmp/strace.txt"; } >&2
exit "$fail"
