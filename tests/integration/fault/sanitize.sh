# SPDX-License-Identifier: GPL-2.0-or-later
# ASan + UBSan (mk/sanitize.mk, $O/san): every unit test; one native run of the whole suite
# (3 samples of 1 ms) with the sanitized suite under the sanitized host tool; then the
# sanitized tool's readers (parse, report, compare, export, import) on real logs and on
# every input that once crashed the fuzzers, with leak checking on. Any sanitizer report
# fails the test: a report aborts the process (-fno-sanitize-recover), so it shows as an
# exit code or a benchmark outcome, and its text is looked for in the output too.
. "$srctree/tests/lib.sh"
S="$O/san"
[ -x "$S/initbench" ] && [ -x "$S/bench/ibsuite" ] || { echo "no sanitizer build in $S (make sanitize)"; exit 77; }
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
W="$RESULTS/sanitize"
rm -rf "$W"
mkdir -p "$W"
clean() { # FILE: no sanitizer report in it
	if grep -E 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$1"; then
		die "sanitizer report in $1"
	fi
}

# unit tests: their own helpers keep buffers to exit, so no leak checking here. A failure
# without a sanitizer report is retried up to twice (test_console and test_noisy_console
# time real children; test_measure's bounds are on a pretend clock and need no retry); a
# sanitizer report fails at once
n=0
for t in "$S"/tests/test_*; do
	log="$W/$(basename "$t").log"
	try=1
	until ASAN_OPTIONS=detect_leaks=0 "$t" > "$log" 2>&1; do
		clean "$log"
		[ $try -lt 3 ] || { tail -n 30 "$log"; die "$(basename "$t") failed 3 times under ASan+UBSan"; }
		say "$(basename "$t") failed (try $try), retrying"
		try=$((try + 1))
	done
	clean "$log"
	n=$((n + 1))
done
say "$n unit tests pass under ASan+UBSan"

# the suite natively: option strings live until exit, so no leak checking of run/native
ASAN_OPTIONS=detect_leaks=0 "$S/initbench" native --suite "$S/bench/ibsuite" --hello "$O/bench/ib-hello" \
	--hello-dyn "$O/bench/ib-hello-dyn" \
	--results "$W/store" --label san --reps 3 --budget_ms 1 > "$W/native.out" 2> "$W/native.err"
rc=$?
clean "$W/native.err"
clean "$W/store/san/1/console.log"
[ $rc -eq 0 ] || { tail -n 20 "$W/native.err"; die "sanitized native run exited $rc"; }
bad=$(grep -o 'status=[a-z]*' "$W/store/san/1/console.log" | grep -vc 'status=ok')
[ "$bad" -eq 0 ] || { grep 'outcome' "$W/store/san/1/console.log" | grep -v status=ok; die "$bad benchmarks not ok under ASan+UBSan"; }
say "native suite: $(grep -c ' outcome ' "$W/store/san/1/console.log") benchmarks ok under ASan+UBSan"

# the readers, leak checking on
export ASAN_OPTIONS=detect_leaks=1
i=0
for f in "$srctree"/tests/fuzz/seeds/logparse/* "$srctree"/tests/fuzz/regress/logparse/* "$srctree"/tests/data/*.log; do
	[ -f "$f" ] || continue
	i=$((i + 1))
	"$S/initbench" parse "$f" --json "$W/parse-$i.json" > "$W/parse-$i.out" 2>&1
	rc=$?
	clean "$W/parse-$i.out"
	case $rc in 0|2|5|6) ;; *) die "initbench parse $f exited $rc" ;; esac
	"$S/initbench" import "$f" --label "imp$i" --results "$W/store" > "$W/import-$i.out" 2>&1
	clean "$W/import-$i.out"
done
for f in "$srctree"/tests/data/lmbench/* "$srctree"/tests/fuzz/regress/import/*; do
	[ -f "$f" ] || continue
	i=$((i + 1))
	"$S/initbench" import "$f" --label "lmb$i" --results "$W/store" > "$W/import-$i.out" 2>&1
	clean "$W/import-$i.out"
done
# the seeds include cut and corrupt logs: their boots are incomplete, so 6 is the answer
"$S/initbench" report --results "$W/store" > "$W/report.out" 2>&1
case $? in 0|6) ;; *) die "sanitized report failed" ;; esac
clean "$W/report.out"
"$S/initbench" compare --results "$W/store" san imp1 > "$W/compare.out" 2>&1
clean "$W/compare.out"
for fmt in csv json html; do
	"$S/initbench" export --format $fmt --results "$W/store" --out "$W/export-$fmt" > "$W/export-$fmt.out" 2>&1
	case $? in 0|6) ;; *) die "sanitized export $fmt failed" ;; esac
	clean "$W/export-$fmt.out"
done
say "parse, import, report, compare, export: no sanitizer report on $i inputs"

# a store whose results.json files are cut short or of the wrong types (a hand edit, another
# tool): the readers say so or skip what they cannot use; no crash, no sanitizer report
J="$W/badjson"
mkdir -p "$J/x/1" "$J/x/2" "$J/x/3" "$J/x/4"
cp "$W/store/san/1/results.json" "$J/x/1/"
head -c 500 "$W/store/san/1/results.json" > "$J/x/2/results.json"
echo '{"format":1,"integrity":5,"env":[],"measurements":{"x":1},"outcomes":"ok","plan":7}' > "$J/x/3/results.json"
if command -v python3 > /dev/null; then
	python3 - "$W/store/san/1/results.json" "$J/x/4/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in d["measurements"]:
    m["samples"], m["median"], m["params"], m["unit"] = ["x", None, {}], "a", [1], 7
d["outcomes"] = [{"bench": 5, "status": None}, "ok", {"bench": "null_call", "status": "ok", "round": "x"}]
d["integrity"]["status"] = ["complete"]
d["env"] = {"uname_r": 3, "hypervisor": {}}
json.dump(d, open(sys.argv[2], "w"))
PY
fi
for c in "report --results $J" "compare --results $J x x" "export --format csv --results $J --out $J/e.csv" \
	"export --format json --results $J --out $J/e.json" "export --format html --results $J --out $J/html"; do
	$S/initbench $c > "$J/out" 2>&1
	rc=$?
	clean "$J/out"
	[ $rc -lt 128 ] || die "initbench $c: killed by a signal ($rc)"
done
say "report, compare, export on cut and mistyped results.json: no crash, no sanitizer report"

# the hostile captures and stores (tests/tools/mkhostile, fault-hostile-store.sh) through the
# sanitized readers and writers
if [ -x "$O/tests/mkhostile" ]; then
	Hs="$W/hostile"
	"$O/tests/mkhostile" "$Hs" || die "mkhostile failed"
	chmod 755 "$Hs/store/secret"
	for c in "report --results $Hs/store" "compare --results $Hs/store base broken" \
		"export --format csv --table measurements --results $Hs/store --out $Hs/m.csv" \
		"export --format json --results $Hs/store --out $Hs/e.json" \
		"import $Hs/amp.log --results $Hs/imp" "import $Hs/formula.log --results $Hs/imp" \
		"import $Hs/cut.log --results $Hs/imp" \
		"export --format csv --results $Hs/imp --out $Hs/s.csv" \
		"export --format html --results $Hs/imp --out $Hs/html"; do
		$S/initbench $c > "$Hs/out" 2>&1
		rc=$?
		clean "$Hs/out"
		[ $rc -lt 128 ] || die "initbench $c: killed by a signal ($rc)"
	done
	say "report, compare, export, import on the hostile captures and stores: no sanitizer report"
fi
