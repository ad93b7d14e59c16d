# SPDX-License-Identifier: GPL-2.0-or-later
# The regression gate as a CI calls it, on the stored fixture boots of tests/data/compare
# (null_call +10% and ctx_2p_0k +3% slower, bw_pipe +20% faster; no boots): exit 9 when it
# fails and 0 when not, the A/A case (base against a second label holding the same boots)
# passing; --ktap a KTAP document after the table; --junit a file that python3's xml.etree
# parses with one <testcase> per row and a <failure> where the gate failed; an unknown
# metric exit 2 with one line naming it; and `make compare-run` handing FAIL_ON, THRESHOLD,
# GATE_METRICS, GATE_SECTIONS, KTAP and JUNIT to compare (make -n). The pti=on A/B of
# tests/integration/boot/compare-pti.sh runs the same gate on real boots.
. "$srctree/tests/lib.sh"
R="$RESULTS/compare-gate"
rm -rf "$R"
mkdir -p "$R/store/base" "$R/store/new" "$R/store/again"
for k in 1 2 3; do
	for l in base new; do
		mkdir "$R/store/$l/$k"
		cp "$srctree/tests/data/compare/$l/$k/results.json" "$R/store/$l/$k/"
	done
	cp -r "$R/store/base/$k" "$R/store/again/$k"
done

"$IB" compare --results "$R/store" --fail-on slower --ktap --junit "$R/junit.xml" base new \
	> "$R/slower.txt" 2> "$R/slower.err"
rc=$?
cat "$R/slower.txt" "$R/slower.err"
[ $rc -eq 9 ] || die "--fail-on slower exited $rc, not 9"
grep -q '^gate: --fail-on slower, threshold the row.s noise floor: 2 of 5 rows fail: new.null_call +10.0% new.ctx_2p_0k +3.0%$' \
	"$R/slower.txt" || die "no gate line naming the two slower rows"
[ "$(grep -c 'gate failed' "$R/slower.err")" -eq 1 ] || die "not one stderr line for the gate"
sed -n '/^KTAP version 1$/,$p' "$R/slower.txt" > "$R/ktap.txt"
[ "$(sed -n 3p "$R/ktap.txt")" = "1..5" ] || die "KTAP plan is not 1..5"
[ "$(grep -c '^not ok [0-9]* new\.' "$R/ktap.txt")" -eq 2 ] || die "KTAP: not 2 'not ok'"
[ "$(grep -c '^ok [0-9]* new\.' "$R/ktap.txt")" -eq 3 ] || die "KTAP: not 3 'ok'"

python3 - "$R/junit.xml" <<'EOF' || die "the JUnit file does not parse or say the gate"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites" and root.get("failures") == "2", root.attrib
cases = root.findall("./testsuite/testcase")
assert len(cases) == 5, len(cases)
failed = sorted(c.get("name") for c in cases if c.find("failure") is not None)
assert failed == ["ctx_2p_0k", "null_call"], failed
assert {c.get("classname") for c in cases} >= {"Processor, Processes", "Context switching"}
print("# junit: %d testcases, failed: %s" % (len(cases), " ".join(failed)))
EOF

# bigger is better: bw_pipe rose, so it fails faster, not slower
"$IB" compare --results "$R/store" --fail-on faster --metrics bw_pipe base new > /dev/null
[ $? -eq 9 ] || die "--fail-on faster --metrics bw_pipe did not fail"
"$IB" compare --results "$R/store" --fail-on slower --metrics bw_pipe base new > /dev/null ||
	die "--fail-on slower --metrics bw_pipe failed: a rate that rose is not slower"
# A/A: the same boots under two labels pass every direction
"$IB" compare --results "$R/store" --fail-on any --junit "$R/aa.xml" base again > "$R/aa.txt" ||
	die "A/A failed the gate (exit $?)"
grep '^gate:' "$R/aa.txt"
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); assert r.get("failures") == "0"' \
	"$R/aa.xml" || die "A/A JUnit has failures"
# --ktap without a gate: every judged row ok, exit unchanged
"$IB" compare --results "$R/store" --ktap base new > "$R/nogate.txt" || die "--ktap alone exited $?"
! grep -q '^not ok\|^gate:' "$R/nogate.txt" || die "--ktap without --fail-on failed a row"
[ "$(grep -c '^ok [0-9]* new\.' "$R/nogate.txt")" -eq 5 ] || die "--ktap alone: not 5 ok"
# usage
"$IB" compare --results "$R/store" --fail-on slower --metrics null_call,nosuch base new \
	> /dev/null 2> "$R/unknown.err"
rc=$?
[ $rc -eq 2 ] || die "an unknown metric exited $rc, not 2"
[ "$(wc -l < "$R/unknown.err")" -eq 1 ] && grep -q "unknown metric 'nosuch'" "$R/unknown.err" ||
	die "not one line naming the unknown metric: $(cat "$R/unknown.err")"

# make compare-run passes the gate through to compare
m=$(make -s -n -C "$srctree" O="$O" compare-run VARIANTS="base:/k1 new:/k2" FAIL_ON=slower \
	THRESHOLD=5 GATE_METRICS=null_call KTAP=1 JUNIT=/tmp/j.xml 2>/dev/null | grep ' compare ')
say "make -n: $m"
for w in '--fail-on slower' '--threshold 5' "--metrics 'null_call'" '--ktap' "--junit '/tmp/j.xml'"; do
	case "$m" in *"$w"*) ;; *) die "make compare-run does not pass '$w'" ;; esac
done
