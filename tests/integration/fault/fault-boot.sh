# SPDX-License-Identifier: GPL-2.0-or-later
# Boot faults beyond boot-faults.sh (panic 3, silent 4, no records 5, QEMU missing 7):
#  - /init not executable (rdinit=/dev/null): the kernel says "Failed to execute /dev/null"
#    and falls back to /bin/sh, an interactive busybox shell that never ends: stopped 2 s
#    after that line, no records (5) in seconds, not a hang at --timeout, with a line that
#    says what to fix;
#  - output stops mid-suite (the self-test image's selftest_hang with a long timeout_s: the
#    guest goes quiet after its first benchmark): hang (4), and the records printed before
#    are kept, the boot marked incomplete, the benchmarks that never ended named;
#  - QEMU that fails at start, a UML "kernel" that exits at once: launcher failed (7) at once.
. "$srctree/tests/lib.sh"
[ -r "$KERNEL_DEFAULT" ] && [ -r "$IMAGE" ] || { echo "no kernel or image"; exit 77; }
command -v qemu-system-x86_64 > /dev/null || { echo "no qemu-system-x86_64"; exit 77; }
R="$RESULTS/fault-boot"
rm -rf "$R"
mkdir -p "$R"

# run CODE MAX_SECONDS LABEL ARGS...
run() {
	want=$1 max=$2 label=$3
	shift 3
	start=$(date +%s)
	"$IB" run --image "${RUN_IMAGE:-$IMAGE}" --results "$R" --label "$label" "$@" > "$R/$label.out" 2>&1
	rc=$?
	took=$(( $(date +%s) - start ))
	grep -v 'benchmark [0-9]' "$R/$label.out"
	[ $rc -eq "$want" ] || die "$label: exit $rc, want $want"
	[ $took -le "$max" ] || die "$label: took ${took}s, more than ${max}s"
	say "$label: exit $rc after ${took}s"
}

run 5 15 noexec --kernel "$KERNEL_DEFAULT" --accel tcg --timeout 60 --append rdinit=/dev/null
grep -aq 'Failed to execute /dev/null (error -13)' "$R/noexec/1/console.log" || die "noexec: the kernel's message is not in console.log"
grep -q 'no records (exit 5) after .* s, ended by no_init' "$R/noexec.out" || die "noexec: not ended by no_init"
grep -q "initbench: the kernel could not run the image's init (\"Failed to execute /dev/null (error -13)\"): the image needs an executable /init" \
	"$R/noexec.out" || die "noexec: no line saying what to fix"

ST="$O/selftest/initramfs.cpio.gz"
if [ -r "$ST" ]; then
	RUN_IMAGE="$ST" run 4 45 cut --kernel "$KERNEL_DEFAULT" --accel tcg --timeout 30 \
		--bench null_call,selftest_hang,stat --timeout_s 600 --reps 3 --budget_ms 1
	J="$R/cut/1/results.json"
	grep -q '"status": "incomplete"' "$J" || die "cut: results.json not marked incomplete"
	grep -q '"metric": "null_call"' "$J" || die "cut: the measurement before the stop is lost"
	grep -q '"digest": "no end"' "$J" || die "cut: an end record?"
	"$IB" report --results "$R" cut > "$R/cut.report" 2>&1
	grep -q '^cut/1: incomplete: records: expected unknown, found ' "$R/cut.report" || { cat "$R/cut.report"; die "cut: report does not mark the boot"; }
	grep -q '^cut/1: selftest_hang: no outcome' "$R/cut.report" || die "cut: the benchmark that never ended is not named"
else
	say "no self-test image ($ST): the mid-suite row is not run"
fi

mkdir -p "$R/bin"
printf '#!/bin/sh\necho "$0: cannot start" >&2\nexit 1\n' > "$R/bin/qemu-system-x86_64"
chmod +x "$R/bin/qemu-system-x86_64"
PATH="$R/bin:$PATH" run 7 10 qemufails --kernel "$KERNEL_DEFAULT" --accel tcg --timeout 10
grep -q 'qemu exited 1 with no console output: .*cannot start' "$R/qemufails.out" || die "qemufails: QEMU's own message not shown"
cp /bin/false "$R/false-uml"
run 7 10 umlfails --kernel "$R/false-uml" --timeout 10
grep -q 'uml exited 1 with no console output' "$R/umlfails.out" || die "umlfails: not said"
say "init not executable, output stopping mid-suite, launchers failing at start: each as documented"
