# SPDX-License-Identifier: GPL-2.0-or-later
# The host CLI as a user types it: --version names VERSION and a commit of this tree; help
# names what each command reads and every COMMAND --help is usage on stdout, exit 0; one
# results rule from any working directory (INITBENCH_RESULTS, else results/ beside a build
# tree's initbench; report, report --labels and export from /tmp); --dry-run of a run and of a
# campaign prints one command line per boot and stores nothing; every knob of `run --help`
# goes through run --dry-run (initbench.KNOB=VALUE) and native --dry-run (--KNOB=VALUE, or
# refused for PID 1's knobs); --budget-ms and --budget_ms; a relative --hello natively, a
# relative path knob refused for the guest; and the progress: through a pty one line redrawn
# with "\r" naming "benchmark i/3", without a terminal plain lines and no "\r".
. "$srctree/tests/lib.sh"
R="$RESULTS/cli"
rm -rf "$R"
mkdir -p "$R"
cr=$(printf '\r')
BENCH="--bench null_call,stat,fork_proc --reps 3"

# ---- version and help
v=$("$IB" --version) || die "--version exited $?"
case "$v" in "initbench $(cat "$srctree/VERSION")-g"*) ;; *) die "--version: '$v'" ;; esac
commit=${v##*-g}
if git -C "$srctree" rev-parse --git-dir > /dev/null 2>&1; then
	git -C "$srctree" cat-file -e "$commit^{commit}" 2> /dev/null || die "--version: $commit is no commit here"
fi
say "version: $v"
"$IB" help > "$R/help" || die "help exited $?"
for w in "lmbench summary" "console capture" "raw disk dump" "LAVA job log" "console log"; do
	tr -s '\n ' '  ' < "$R/help" | grep -q "$w" || die "help does not say what import/parse read: '$w'"
done
for c in run native report parse compare export import lava help version; do
	"$IB" $c --help > "$R/help-$c" 2> "$R/help-$c.err" || die "$c --help exited $?"
	[ -s "$R/help-$c.err" ] && die "$c --help wrote to stderr"
	grep -q "^usage: initbench $c" "$R/help-$c" || die "$c --help: $(head -n 1 "$R/help-$c")"
done
grep -q 'INITBENCH_RESULTS' "$R/help-report" || die "report --help does not give the results rule"
say "help: every command's usage on stdout, exit 0"

# ---- every knob of run --help, through both commands' dry runs
K="$KERNEL_DEFAULT"
[ -r "$K" ] || K=
knobs=$(sed -n '/guest knobs/,/results:/p' "$R/help-run" | grep -o '\[--[a-z-]* [^]]*\]' | tr -d '[]' | tr ' ' '=')
[ "$(printf '%s\n' $knobs | wc -l)" -ge 15 ] || die "run --help lists only: $knobs"
n=0
for kf in $knobs; do
	opt=${kf%%=*} form=${kf#*=}
	name=$(printf '%s' "${opt#--}" | tr - _)
	case "$form" in
	LIST) val=null_call ;;
	PATH) val=/ib/$name ;;
	SPEC) val=vda ;;
	*..*) val=${form%%..*} ;;
	*) val=${form##*|} ;;
	esac
	if [ -n "$K" ]; then
		"$IB" run --kernel "$K" --dry-run "$opt" "$val" > "$R/k.out" 2> "$R/k.err" ||
			{ cat "$R/k.err"; die "run --dry-run $opt $val exited $?"; }
		grep -q " initbench\.$name=$val[ ']" "$R/k.out" || die "run $opt $val: $(cat "$R/k.out")"
	fi
	"$IB" native --dry-run "$opt" "$val" > "$R/k.out" 2> "$R/k.err"
	rc=$?
	case "$name" in
	shell|out|end) [ $rc -eq 2 ] && grep -q "only PID 1" "$R/k.err" || die "native $opt: exit $rc" ;;
	*) [ $rc -eq 0 ] && grep -q " --$name=$val\( \|$\)" "$R/k.out" || die "native $opt $val: exit $rc: $(cat "$R/k.out" "$R/k.err")" ;;
	esac
	n=$((n + 1))
done
say "knobs: $n through run --dry-run${K:+ and} native --dry-run"

# ---- spellings, relative paths
"$IB" native --dry-run --budget-ms 2 > "$R/a" && "$IB" native --dry-run --budget_ms=2 > "$R/b" ||
	die "--budget-ms/--budget_ms refused"
cmp -s "$R/a" "$R/b" && grep -q -- '--budget_ms=2' "$R/a" || die "the two spellings differ: $(cat "$R/a" "$R/b")"
(cd "$O" && "$IB" native --dry-run --hello bench/ib-hello --fsdir tmp) > "$R/rel" || die "relative --hello refused"
grep -q -- "--hello=$O/bench/ib-hello --fsdir=$O/tmp" "$R/rel" || die "relative --hello: $(cat "$R/rel")"
if [ -n "$K" ]; then
	"$IB" run --kernel "$K" --dry-run --fsdir tmp > "$R/out" 2> "$R/err" && die "run --fsdir tmp accepted"
	[ "$(wc -l < "$R/err")" -eq 1 ] && grep -q "'--fsdir tmp'.*path in the guest" "$R/err" || die "run --fsdir tmp: $(cat "$R/err")"
fi
say "spellings: --budget-ms = --budget_ms; relative --hello made absolute; --fsdir tmp refused for the guest"

# ---- dry runs store nothing
if [ -n "$K" ]; then
	"$IB" run --kernel "$K" --runs 2 --results "$R/dry" --dry-run > "$R/dry.out" || die "run --dry-run exited $?"
	[ "$(grep -c "qemu-system.* -initrd $(readlink -f "$IMAGE") " "$R/dry.out")" -eq 2 ] || die "run --dry-run: $(cat "$R/dry.out")"
	for i in 1 2; do
		"$IB" run --variant base:"$K" --variant new:"$K":quiet --runs 2 --seed 9 --results "$R/dry" \
			--dry-run > "$R/camp$i.out" || die "campaign --dry-run exited $?"
	done
	[ "$(wc -l < "$R/camp1.out")" -eq 4 ] && [ "$(grep -c "quiet'" "$R/camp1.out")" -eq 2 ] ||
		die "campaign --dry-run: $(cat "$R/camp1.out")"
	cmp -s "$R/camp1.out" "$R/camp2.out" || die "campaign --dry-run: one seed, two orders"
	[ -e "$R/dry" ] && die "a dry run created $R/dry"
	say "dry runs: 2 boots, a campaign of 4 in one order for one seed, nothing stored"
else
	say "no default kernel: dry runs of run not checked"
fi
"$IB" native --dry-run --runs 3 --results "$R/dry" > "$R/ndry.out" || die "native --dry-run exited $?"
[ "$(grep -c "ibsuite --mode=native" "$R/ndry.out")" -eq 3 ] && [ ! -e "$R/dry" ] || die "native --dry-run: $(cat "$R/ndry.out")"

# ---- progress: a pty gets one redrawn line, a file plain lines
command -v script > /dev/null || { echo "no script (util-linux) for the pty rows"; exit 77; }
script -qfec "cd '$O' && INITBENCH_RESULTS='$R/env' '$IB' native $BENCH --hello bench/ib-hello --label clienv" \
	/dev/null > "$R/tty.out" 2>&1 < /dev/null || { cat -A "$R/tty.out" | tail; die "native under a pty failed"; }
for i in 1 2 3; do
	grep -q "${cr}initbench: boot 1/1 clienv: benchmark $i/3 [a-z_]*, [0-9]* s" "$R/tty.out" ||
		{ cat -A "$R/tty.out" | head -c 2000; die "pty: no CR-redrawn line naming benchmark $i/3"; }
done
grep -q "^initbench: benchmark [0-9]/3" "$R/tty.out" && die "pty: plain benchmark lines too"
(cd /tmp && INITBENCH_RESULTS="$R/env" "$IB" native $BENCH --label clienv) > "$R/plain.out" 2> "$R/plain.err" ||
	{ cat "$R/plain.err"; die "native without a terminal failed"; }
grep -q "$cr" "$R/plain.err" && die "no terminal, yet a CR in the output"
[ "$(grep -c '^initbench: benchmark [123]/3 ' "$R/plain.err")" -eq 3 ] || die "plain: $(cat "$R/plain.err")"
say "progress: $(grep -o "${cr}initbench: boot" "$R/tty.out" | wc -l) redraws on a pty; 3 plain lines and no CR otherwise"

# ---- one results rule, from any directory
(cd /tmp && INITBENCH_RESULTS="$R/env" "$IB" report --labels) > "$R/labels" || die "report --labels exited $?"
[ "$(cat "$R/labels")" = clienv ] || die "report --labels: $(cat "$R/labels")"
(cd /tmp && INITBENCH_RESULTS="$R/env" "$IB" report) > "$R/report" || die "report from /tmp exited $?"
grep -q '^clienv ' "$R/report" || die "report from /tmp: $(cat "$R/report")"
(cd "$R" && "$IB" export --format csv --results env clienv) > "$R/csv" || die "export --results env exited $?"
grep -q '^clienv,' "$R/csv" || die "export: no clienv rows"
# no --results, no variable: results/ beside this build tree's initbench
L="cli-default-$$"
(cd /tmp && unset INITBENCH_RESULTS && "$IB" native --bench null_call --reps 3 --label "$L") 2> "$R/def.err" ||
	{ cat "$R/def.err"; die "native into the default store failed"; }
[ -f "$O/results/$L/1/results.json" ] || { rm -rf "${O:?}/results/$L"; die "the default store is not $O/results"; }
(cd /tmp && unset INITBENCH_RESULTS && "$IB" report --labels) | grep -qx "$L" || { rm -rf "${O:?}/results/$L"; die "report --labels from /tmp misses $L"; }
(cd /tmp && unset INITBENCH_RESULTS && "$IB" export --format json "$L") > "$R/json" || { rm -rf "${O:?}/results/$L"; die "export from /tmp exited $?"; }
rm -rf "${O:?}/results/$L"
grep -q "\"$L\"" "$R/json" || die "export from /tmp: no $L"
say "results: INITBENCH_RESULTS, --results relative, and $O/results by default, from /tmp"
