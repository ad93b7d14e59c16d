# SPDX-License-Identifier: GPL-2.0-or-later
# A benchmark that crashes (SIGSEGV), exits, hangs past its limit or is OOM-killed gives an
# outcome record, and the suite goes on to the next one and ends with its end record: PID 1
# never dies. Uses the self-test build ($O/selftest, CONFIG_IB_BENCH_SELFTEST=y,
# bench/selftest.c): natively first (seconds), then one QEMU-TCG boot with 160 MB where the
# OOM killer really comes. Two rounds (knob rounds=2), so that in round 2 the good
# benchmarks run after every bad one of round 1: they must be ok, with figures.
. "$srctree/tests/lib.sh"
ST="$O/selftest"
[ -x "$ST/bench/ibsuite" ] && [ -r "$ST/initramfs.cpio.gz" ] || { echo "no self-test build in $ST (make selftest-image)"; exit 77; }
R="$RESULTS/fault-bench"
rm -rf "$R"
mkdir -p "$R"
BENCH=null_call,selftest_segv,selftest_exit,selftest_hang,selftest_oom,stat

# outcome LOG BENCH STATUS [REASON]: both rounds' outcome records of BENCH say so
outcome() {
	n=$(grep -ac "^# IB [0-9]* outcome bench=$2 " "$1")
	[ "$n" -eq 2 ] || die "$1: $n outcomes for $2, want 2 (one per round)"
	grep -a "^# IB [0-9]* outcome bench=$2 " "$1" | while read -r line; do
		case "$line" in *" status=$3 "*) ;; *) die "$1: $2: want status=$3, got: $line" ;; esac
		[ -z "${4:-}" ] || case "$line" in *" reason=$4 "*) ;; *) die "$1: $2: want reason=$4, got: $line" ;; esac
	done || exit 1
}

# natively: the suite itself, then through initbench native (which must call it complete)
start=$(date +%s)
"$IB" native --suite "$ST/bench/ibsuite" --hello "$ST/bench/ib-hello" --results "$R" --label native \
	--bench "$BENCH" --rounds 2 --reps 3 --budget_ms 1 --timeout_s 3 > "$R/native.out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
cat "$R/native.out"
[ $rc -eq 0 ] || die "native: exit $rc, want 0 (every record there, whatever the outcomes)"
[ $took -le 30 ] || die "native: took ${took}s"
grep -aq "^# IB [0-9]* plan count=12 benches=null_call#1,stat#1,.*,null_call#2," "$R/native/1/console.log" ||
	die "native: the plan does not run round 2 after round 1"
L="$R/native/1/console.log"
outcome "$L" null_call ok
outcome "$L" selftest_segv failed SIGSEGV
outcome "$L" selftest_exit failed 'exit%203'
outcome "$L" selftest_hang timeout 'after%203%20s'
outcome "$L" selftest_oom skipped
outcome "$L" stat ok
grep -aq "^# IB [0-9]* m bench=selftest_segv metric=selftest_getpid " "$L" || die "native: the measurement before the crash is lost"
grep -aq "^# IB [0-9]* end " "$L" || die "native: no end record"
grep -q 'not ok .* selftest_segv#1 # failed: SIGSEGV' "$L" || die "native: no KTAP line for the crash"
if pgrep -f "$ST/bench/ibsuite" > /dev/null; then pgrep -af "$ST/bench/ibsuite"; die "native: a hung benchmark's process is left behind"; fi
say "native: crash, exit, hang and skip each gave an outcome; the suite went on"

# one boot: the OOM killer for real; PID 1 and the suite survive it
[ -r "$KERNEL_DEFAULT" ] || { echo "no kernel $KERNEL_DEFAULT"; exit 77; }
command -v qemu-system-x86_64 > /dev/null || { echo "no qemu-system-x86_64"; exit 77; }
start=$(date +%s)
"$IB" run --kernel "$KERNEL_DEFAULT" --image "$ST/initramfs.cpio.gz" --results "$R" --label boot \
	--accel tcg --mem 160 --timeout 240 --bench "$BENCH" --rounds 2 --reps 3 --budget_ms 1 --timeout_s 6 \
	> "$R/boot.out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
cat "$R/boot.out"
[ $rc -eq 0 ] || die "boot: exit $rc, want 0 (complete)"
L="$R/boot/1/console.log"
outcome "$L" null_call ok
outcome "$L" selftest_segv failed SIGSEGV
outcome "$L" selftest_exit failed 'exit%203'
outcome "$L" selftest_hang timeout 'after%206%20s'
# PID 1 lowered the log level (no OOM text on the console): the kernel's oom_kill count says who
outcome "$L" selftest_oom failed 'SIGKILL%20(OOM%20killer)'
outcome "$L" stat ok
[ "$(grep -ac '^# IB [0-9]* m bench=stat ' "$L")" -eq 2 ] || die "boot: stat has no figures in both rounds"
grep -aq "^# IB [0-9]* end " "$L" || die "boot: no end record after the OOM kill"
if grep -aq 'Kernel panic' "$L"; then die "boot: kernel panic (PID 1 died?)"; fi
"$IB" report --results "$R" boot > "$R/report.txt" 2>&1 || die "report failed"
grep -q 'selftest_segv#1 failed: SIGSEGV' "$R/report.txt" || { cat "$R/report.txt"; die "report does not list the crash"; }
say "boot: OOM kill, crash, exit and hang each gave an outcome in ${took}s; end record seen, no panic"
