# SPDX-License-Identifier: GPL-2.0-or-later
# Two runs at once, as a user types them (docs/usage.md "Two runs at once"): quick UML boots
# of two cheap benchmarks. A holds host CPU 1; B, started while A boots, waits for it and says
# who holds it; C with --no-wait is refused (exit 8); D (--host-cpu -1) boots beside A
# unlocked and its results.json says unpinned, which compare flags; E (--host-cpu any) takes
# the other CPU. All but C complete. A private lock directory (INITBENCH_LOCK_DIR) keeps the
# test from waiting on runs of other checkouts on this host. Then a disturbance (docs/compare.md,
# "Disturbed boots"): 4 quiet boots on host CPU 1 and one beside a busy loop pinned there; each
# results.json has the guest's and the host's counters, and compare flags the busy boot by
# vm_delay_ratio and no quiet one by it.
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || { echo "no /usr/bin/linux.uml (user-mode-linux not installed)"; exit 77; }
[ "$(nproc)" -ge 2 ] || { echo "one CPU: --host-cpu any has nothing else to pick"; exit 77; }
L="$O/test-logs/cpulock"
rm -rf "$L" "$RESULTS"/cpulock-*
mkdir -p "$L/locks"
export INITBENCH_LOCK_DIR="$L/locks"
# a quick boot: $IB run $Q --label LABEL --results $RESULTS (a simple command, so that $! is
# initbench's own pid, the one its lock file names)
Q="--kernel uml --bench null_call,null_io --image $IMAGE"
"$IB" run $Q --label cpulock-a --results "$RESULTS" --host-cpu 1 2> "$L/a.err" &
A=$!
# B must find the CPU held: wait until A's line is in the lock file
i=0
until grep -q "^$A " "$L/locks/cpu1.lock" 2> /dev/null; do
	i=$((i + 1))
	[ $i -le 100 ] || die "run A (pid $A) never took host CPU 1: $(cat "$L/a.err")"
	sleep 0.1
done
say "A (pid $A) holds host CPU 1: $(cat "$L/locks/cpu1.lock")"
"$IB" run $Q --label cpulock-b --results "$RESULTS" 2> "$L/b.err" &
B=$!
"$IB" run $Q --label cpulock-d --results "$RESULTS" --host-cpu -1 2> "$L/d.err" &
D=$!
"$IB" run $Q --label cpulock-e --results "$RESULTS" --host-cpu any 2> "$L/e.err" &
E=$!
"$IB" run $Q --label cpulock-c --results "$RESULTS" --no-wait 2> "$L/c.err"
rc=$?
cat "$L/c.err"
[ $rc -eq 8 ] || die "--no-wait while A holds the CPU: exit $rc, want 8"
grep -q "^initbench: host CPU 1 is held by pid $A (.*initbench run .*since [0-9:]*); refused (--no-wait" "$L/c.err" ||
	die "--no-wait: no refusal naming A"
[ "$(wc -l < "$L/c.err")" -eq 1 ] || die "--no-wait: more than one line"
[ -e "$RESULTS/cpulock-c" ] && die "a refused run made its label directory"
for p in A B D E; do
	eval "wait \$$p"
	rc=$?
	f="$L/$(echo $p | tr ABDE abde).err"
	cat "$f"
	if [ $rc -eq 7 ] && uml_refused "$f"; then
		echo "UML cannot run on this host's CPU"
		exit 77
	fi
	[ $rc -eq 0 ] || die "run $p exited $rc"
done
grep -q "^initbench: host CPU 1 is held by pid $A (.*); waiting (--no-wait refuses, --host-cpu any" "$L/b.err" ||
	die "B did not say it waited for A"
grep -q "held by" "$L/d.err" "$L/e.err" && die "an unlocked or 'any' run waited"
grep -q "^initbench: --host-cpu any: host CPU 0$" "$L/e.err" || die "--host-cpu any did not take CPU 0"
# what each results.json says about its CPU
facts() { # LABEL: host_cpu unpinned lock-waited_s
	python3 -c 'import json,sys
l=json.load(open(sys.argv[1]))["launch"]
k=l["host_cpu_lock"]
print(l["host_cpu"], l["disturbance"]["unpinned"], "none" if k is None else "%.1f" % k["waited_s"])' \
		"$RESULTS/$1/1/results.json"
}
set -- $(facts cpulock-a); say "A: host_cpu $1 unpinned $2 waited $3 s"
[ "$1 $2 $3" = "1 False 0.0" ] || die "A: $*"
set -- $(facts cpulock-b); say "B: host_cpu $1 unpinned $2 waited $3 s"
[ "$1 $2" = "1 False" ] && [ "$3" != none ] && [ "${3%%.*}" -ge 1 ] || die "B: $*"
set -- $(facts cpulock-d); say "D: host_cpu $1 unpinned $2 lock $3"
[ "$1 $2 $3" = "-1 True none" ] || die "D: $*"
set -- $(facts cpulock-e); say "E: host_cpu $1 unpinned $2 waited $3 s"
[ "$1 $2 $3" = "0 False 0.0" ] || die "E: $*"
"$IB" compare --results "$RESULTS" cpulock-a cpulock-d > "$L/compare.txt" 2>&1
cat "$L/compare.txt"
grep -q "^  DISTURBED: 1 boot unpinned" "$L/compare.txt" || die "compare: no DISTURBED line for D"
grep -q '^  null_call .*unpinned=1' "$L/compare.txt" || die "compare: null_call not flagged unpinned"
"$IB" report --results "$RESULTS" cpulock-a cpulock-d > "$L/report.txt" 2>&1
grep -q '^cpulock-d/1: disturbed: the launcher ran unpinned (--host-cpu -1)' "$L/report.txt" ||
	die "report: no disturbed note for D"
# A shares its CPU with D only when the sampling caught D's threads there (D boots beside it,
# unpinned): the report says so exactly when A's results.json does
shared=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["launch"]["disturbance"]["cpu_shared"])' \
	"$RESULTS/cpulock-a/1/results.json")
if [ "$shared" = True ]; then
	grep -q '^cpulock-a/1: disturbed: another benchmark run was runnable on its host CPU in [1-9][0-9]* of [0-9]* samples (' \
		"$L/report.txt" || die "report: A's shared CPU not noted"
else
	! grep -q '^cpulock-a/1: disturbed' "$L/report.txt" || die "report: A called disturbed"
fi
grep '^cpulock-./1: disturbed' "$L/report.txt" | sed 's/^/# /'

"$IB" run $Q --label cpulock-quiet --results "$RESULTS" --host-cpu 1 --runs 4 2> "$L/quiet.err" ||
	die "quiet boots: exit $?: $(tail -3 "$L/quiet.err")"
taskset -c 1 sh -c 'while :; do :; done' &
BUSY=$!
"$IB" run $Q --label cpulock-busy --results "$RESULTS" --host-cpu 1 2> "$L/busy.err"
rc=$?
kill $BUSY
wait $BUSY 2> /dev/null
[ $rc -eq 0 ] || die "the boot beside a busy loop: exit $rc: $(tail -3 "$L/busy.err")"
for f in "$RESULTS"/cpulock-quiet/*/results.json "$RESULTS"/cpulock-busy/1/results.json; do
	python3 -c 'import json,sys
r=json.load(open(sys.argv[1])); d=r["launch"]["disturbance"]
for k in ("dist.t_ns", "dist.ctxt", "dist.intr", "dist.softirqs", "dist.cpu_ticks", "dist.nivcsw"):
    assert int(r["env"][k]) >= 0 and int(r["end"][k]) >= int(r["env"][k]), k
for k in ("load1_start", "load1_end", "host_cpu_ticks", "guest_nivcsw", "launcher_nivcsw", "guest_run_s", "guest_delay_s"):
    assert d[k] is not None and d[k] >= 0, k
print("# %s: guest ctxt +%d, intr +%d; host load %.2f -> %.2f; UML ran %.2f s, waited %.2f s (%.0f %%), %d involuntary switches" % (
    "/".join(sys.argv[1].split("/")[-3:-1]), int(r["end"]["dist.ctxt"]) - int(r["env"]["dist.ctxt"]),
    int(r["end"]["dist.intr"]) - int(r["env"]["dist.intr"]), d["load1_start"], d["load1_end"],
    d["guest_run_s"], d["guest_delay_s"], 100 * d["guest_delay_s"] / (d["guest_run_s"] + d["guest_delay_s"]),
    d["guest_nivcsw"]))' "$f" || die "$f: a disturbance counter missing"
done
"$IB" compare --results "$RESULTS" cpulock-quiet cpulock-busy > "$L/disturb.txt" 2>&1
grep '^disturbance\|^  DISTURBED\|^without' "$L/disturb.txt" | sed 's/^/# /'
grep -q '^  DISTURBED cpulock-busy/1: vm_delay_ratio [0-9.]* (median ' "$L/disturb.txt" ||
	die "compare: the boot beside a busy loop not flagged by vm_delay_ratio"
! grep -q '^  DISTURBED cpulock-quiet/[0-9]*: vm_delay_ratio' "$L/disturb.txt" ||
	die "compare: a quiet boot flagged by vm_delay_ratio"
grep -q '^without the [0-9]* flagged boot' "$L/disturb.txt" || die "compare: no rows without the flagged boots"
exit 0
