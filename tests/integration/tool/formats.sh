# SPDX-License-Identifier: GPL-2.0-or-later
# report --format text|markdown|json [--by-label] and compare --format
# text|markdown|json|narrow on the fixture boots (tests/data/summary, tests/data/compare):
# text is today's output byte for byte (summary-golden.txt, compare-golden.txt); the other
# formats print exactly tests/data/formats/* (to update one after a deliberate change, copy
# $O/test-results/formats/out/NAME over it and review the diff); every markdown and narrow
# line fits in 80 columns; both JSON documents parse (python3), compare's --format json is
# byte for byte what --json FILE writes, and report's medians are the medians of the boots;
# with one boot an arm the post says why no row can be significant; a bad --format exits 2
# with one line naming the choices and nothing on stdout.
. "$srctree/tests/lib.sh"
R="$RESULTS/formats"
G="$srctree/tests/data/formats"
S="$srctree/tests/data/summary"
C="$srctree/tests/data/compare"
rm -rf "$R"
mkdir -p "$R/out"

# run NAME WANT_RC CMD...: stdout to $R/out/NAME, stderr to $R/NAME.err; dies on another exit
run() {
	_n=$1 _want=$2
	shift 2
	"$@" > "$R/out/$_n" 2> "$R/$_n.err"
	_rc=$?
	[ $_rc -eq "$_want" ] || { cat "$R/$_n.err"; die "$_n: exit $_rc, not $_want: $*"; }
}

# text: unchanged, with and without --format text (uml/2 is incomplete: exit 6)
run report-text 6 "$IB" report --results "$S" --format text
cmp -s "$R/out/report-text" "$srctree/tests/data/summary-golden.txt" ||
	die "report --format text differs from summary-golden.txt"
run compare-text 6 "$IB" compare --results "$C" --format text base new
cmp -s "$R/out/compare-text" "$srctree/tests/data/compare-golden.txt" ||
	die "compare --format text differs from compare-golden.txt"

run report-by-label.txt 6 "$IB" report --results "$S" --by-label
run report.md 6 "$IB" report --results "$S" --by-label --format markdown
run report.json 6 "$IB" report --results "$S" --by-label --format json
run compare.md 6 "$IB" compare --results "$C" --format markdown base new
run compare-aa-gate.narrow 9 "$IB" compare --results "$C" --format narrow --fail-on slower \
	--aa base base2 base new base2
run compare.json 6 "$IB" compare --results "$C" --format json --json "$R/compare-file.json" \
	base new

for g in report-by-label.txt report.md report.json compare.md compare-aa-gate.narrow compare.json; do
	diff -u "$G/$g" "$R/out/$g" || die "$g differs from tests/data/formats/$g (actual: $R/out/$g)"
done
say "goldens: report-by-label.txt report.md report.json compare.md compare-aa-gate.narrow compare.json"

for g in report.md compare.md compare-aa-gate.narrow; do
	awk -v f="$g" 'length > 80 { printf "%s:%d: %d columns\n", f, NR, length; bad = 1 }
		END { exit bad }' "$R/out/$g" || die "$g has lines over 80 columns"
done
say "markdown and narrow: no line over 80 columns"

# the text with --by-label is today's with one median row after each label's boots
[ "$(diff "$srctree/tests/data/summary-golden.txt" "$R/out/report-by-label.txt" | grep -c '^>')" -eq \
	"$(grep -c 'median of 2' "$R/out/report-by-label.txt")" ] ||
	die "--by-label changed more than adding median rows"
diff "$srctree/tests/data/summary-golden.txt" "$R/out/report-by-label.txt" | grep -q '^<' &&
	die "--by-label removed or changed a line of the text"

cmp -s "$R/out/compare.json" "$R/compare-file.json" ||
	die "compare --format json differs from what --json FILE wrote"
python3 - "$R/out/compare.json" "$R/compare-file.json" "$R/out/report.json" <<'PY' ||
import json, statistics, sys
out, file, rep = (json.load(open(p)) for p in sys.argv[1:])
assert out == file
assert out["base"] == "base" and out["variants"] == ["new"], out["variants"]
sig = sorted(r["metric"] for r in out["rows"] if r["significant"])
assert sig == ["bw_pipe", "ctx_2p_0k", "null_call"], sig
titles = [s["title"] for s in rep["sections"]]
assert titles[0] == "Basic system parameters", titles[0]
proc = rep["sections"][1]
assert proc["title"].startswith("Processor, Processes"), proc["title"]
boots = [r for r in proc["rows"] if r["label"] == "orig" and "boot" in r]
med = [r for r in proc["rows"] if r["label"] == "orig" and "median_of" in r]
assert len(boots) == 2 and len(med) == 1 and med[0]["median_of"] == 2, proc["rows"]
want = statistics.median(b["values"]["null_call"]["value"] for b in boots)
got = med[0]["values"]["null_call"]
assert abs(got["value"] - want) < 1e-9 and got["unit"] == "us", (got, want)
assert any(n.startswith("uml/2:") for n in rep["notes"]), rep["notes"][:3]
print("# json: compare %d rows, %d significant; report %d sections, orig null_call median %g"
      % (len(out["rows"]), len(sig), len(titles), got["value"]))
PY
	die "a JSON document does not parse or say what it should"

# one boot an arm: no interval, so no row can be significant, and the post says why
mkdir -p "$R/one/a" "$R/one/b"
cp -r "$C/base/1" "$R/one/a/"
cp -r "$C/new/1" "$R/one/b/"
run one.narrow 0 "$IB" compare --results "$R/one" --format narrow a b
grep -q '^No row can be significant: B = 1 in an arm' "$R/out/one.narrow" &&
	grep -q 'no MDE (B < 2)' "$R/out/one.narrow" && ! awk 'length > 80' "$R/out/one.narrow" | grep -q . ||
	die "B = 1: the narrow post does not say why nothing is significant, or is wider than 80"

for cmd in report compare; do
	run "bad-$cmd" 2 "$IB" $cmd --results "$C" --format yaml base new
	[ ! -s "$R/out/bad-$cmd" ] && [ "$(wc -l < "$R/bad-$cmd.err")" -eq 1 ] &&
		grep -q "bad --format 'yaml': text, markdown" "$R/bad-$cmd.err" ||
		die "$cmd --format yaml: not one line naming the choices: $(cat "$R/bad-$cmd.err")"
done
grep -q "narrow" "$R/bad-compare.err" || die "compare's choices do not name narrow"
say "bad --format: exit 2, $(cat "$R/bad-compare.err")"
