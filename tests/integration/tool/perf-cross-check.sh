# SPDX-License-Identifier: GPL-2.0-or-later
# The Scheduler benchmarks (bench/sched/) against Debian's `perf bench sched` (linux-perf),
# natively, on this machine, with the same parameters, in interleaved rounds (each round runs
# both tools back to back; medians over ROUNDS rounds are compared, as the host moves ~25 %
# for seconds at a time). Both tools run under `taskset -c CPU` (one CPU, as the guest has by
# default; the suite also pins with --pin 1 --cpu CPU).
#  - hackbench_thread_sock against `perf bench sched messaging -g G -l L -t`: seconds, within
#    a factor RATIO.
#  - hackbench_proc_sock and _proc_pipe against the same without -t (and with -p): perf's
#    process mode has a fixed cost of its own here, about 20 ms per process whatever the
#    messages (-g 1 -l 1: perf 0.69-1.04 s, its -t 0.003 s, ours 0.029-0.076 s; its run used
#    0.5 s of CPU in 1 s: waiting, cause not established), so its total is 3-4x ours at
#    -g 1 -l 100 (0.20-0.64 in six runs of this test). So ours/perf must lie within
#    PROC_LO..PROC_HI = 0.1..1.25: not slower than perf, whose figure holds all ours does and
#    that fixed cost besides, and not so much faster that our messages could be missing (our
#    run at 1 loop, 400 messages, is 0.03-0.08 of perf's at 100). The messages' part (each
#    tool's seconds at L loops minus at 1 loop, same round) is printed, not judged: perf's
#    fixed part spreads more than its messages cost (its difference came out -0.03..0.58 s),
#    and the ratio of the messages' parts was 0.64-2.1.
#  - sched_pipe against `perf bench sched pipe -l N` (usecs/op): our µs per round trip (5
#    samples of >= 50 ms) against perf's, within RATIO.
# Debian 12's linux-perf (6.1) installs /usr/bin/perf itself, no perf_6.1 behind a wrapper
# that wants the running kernel's version, and `perf bench` runs on this host's 6.18 kernel.
# RATIO 2: on the shared 2-CPU VM at load 15-31 the medians of 3 rounds gave ours/perf
# 0.79-1.62 for threads and 0.77-1.11 for sched pipe over four runs of this test.
. "$srctree/tests/lib.sh"
G=${SCHED_CHECK_G:-1}
L=${SCHED_CHECK_L:-100}
N=${SCHED_CHECK_N:-20000}
ROUNDS=${SCHED_CHECK_ROUNDS:-3}
RATIO=${SCHED_CHECK_RATIO:-2}
PROC_LO=0.1 PROC_HI=1.25
SUITE=${SCHED_CHECK_SUITE:-$O/bench/ibsuite}
command -v perf > /dev/null || { echo "no perf (apt-get install linux-perf)"; exit 77; }
command -v taskset > /dev/null || { echo "no taskset"; exit 77; }
[ -x "$SUITE" ] || die "$SUITE not built"
CPU=$(taskset -cp $$ | sed 's/.*: *//; s/[-,].*//')
W="$O/test-logs/perf-cross-check"
rm -rf "$W"
mkdir -p "$W"
perf bench --format=simple sched messaging -g 1 -l 1 > "$W/probe" 2>&1 ||
	{ echo "perf bench does not run here: $(tail -n 1 "$W/probe")"; exit 77; }

# the median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# the median sample of metric $2 in the suite's output $1
ours() {
	grep -a "# IB " "$1" | tr ' ' '\n' | awk -v m="metric=$2" '
		$0 == m { hit = 1 } hit && /^samples=/ { print substr($0, 9); exit }' |
		tr ',' '\n' | median
}
# judge NAME WHAT [LO HI]: the medians' ratio ours/perf within LO..HI (1/RATIO..RATIO)
judge() {
	p=$(median < "$W/$1.perf") o=$(median < "$W/$1.ours")
	lo=${3:-$(awk -v m="$RATIO" 'BEGIN { print 1 / m }')} hi=${4:-$RATIO}
	ratio=$(awk -v a="$o" -v b="$p" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "nan" }')
	say "$1: ours $o, perf $p ($2), ratio $ratio; rounds ours $(tr '\n' ' ' < "$W/$1.ours")perf $(tr '\n' ' ' < "$W/$1.perf")"
	awk -v r="$ratio" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(r + 0 == r && r >= lo && r <= hi) }' ||
		die "$1: ours/perf $ratio is outside $lo..$hi"
}

# $1: perf's arguments after messaging; prints its seconds
perf_hb() {
	taskset -c "$CPU" perf bench --format=simple sched messaging $1 > "$W/perf.out" 2>&1 ||
		die "perf bench sched messaging $1: $(tail -n 1 "$W/perf.out")"
	tail -n 1 "$W/perf.out"
}
# $1 bench, $2 loops, $3 file: prints our seconds
ours_hb() {
	taskset -c "$CPU" "$SUITE" --mode=native --pin=1 --cpu="$CPU" --reps=1 \
		--hackbench_groups="$G" --hackbench_loops="$2" --bench="$1" > "$3" 2> "$3.err" ||
		die "$1: suite exit $?: $(tail -n 3 "$3.err")"
	v=$(ours "$3" "$1")
	[ -n "$v" ] || die "$1: no record in $3"
	echo "$v"
}

fail=0
for v in proc_sock: proc_pipe:-p thread_sock:-t; do
	name=hackbench_${v%%:*} flag=${v#*:}
	for r in $(seq "$ROUNDS"); do
		perf_hb "-g $G -l $L $flag" >> "$W/$name.perf"
		ours_hb "$name" "$L" "$W/$name-$r.txt" >> "$W/$name.ours"
		[ "$flag" = -t ] && continue
		p1=$(perf_hb "-g $G -l 1 $flag")
		o1=$(ours_hb "$name" 1 "$W/$name-$r-1.txt")
		awk -v a="$(tail -n 1 "$W/$name.perf")" -v b="$p1" 'BEGIN { print a - b }' >> "$W/$name.msg.perf"
		awk -v a="$(tail -n 1 "$W/$name.ours")" -v b="$o1" 'BEGIN { print a - b }' >> "$W/$name.msg.ours"
	done
	grep -q "groups=$G loops=$L fds=20" "$W/$name-1.txt" || die "$name: the record lacks groups=$G loops=$L"
	if [ "$flag" = -t ]; then
		(judge "$name" "s, -g $G -l $L $flag") || fail=1
	else
		(judge "$name" "s, -g $G -l $L $flag" "$PROC_LO" "$PROC_HI") || fail=1
		(judge "$name.msg" "s at -l $L minus at -l 1, -g $G $flag: not judged" -1e9 1e9)
	fi
done
for r in $(seq "$ROUNDS"); do
	taskset -c "$CPU" perf bench sched pipe -l "$N" > "$W/pipe.out" 2>&1 ||
		die "perf bench sched pipe: $(tail -n 1 "$W/pipe.out")"
	sed -n 's/^ *\([0-9.]*\) usecs\/op.*/\1/p' "$W/pipe.out" >> "$W/sched_pipe.perf"
	taskset -c "$CPU" "$SUITE" --mode=native --pin=1 --cpu="$CPU" --reps=5 --budget_ms=50 \
		--bench=sched_pipe > "$W/sched_pipe-$r.txt" 2> "$W/sched_pipe-$r.err" ||
		die "sched_pipe: suite exit $?: $(tail -n 3 "$W/sched_pipe-$r.err")"
	ours "$W/sched_pipe-$r.txt" sched_pipe >> "$W/sched_pipe.ours"
done
(judge sched_pipe "us/op, -l $N") || fail=1
exit "$fail"
