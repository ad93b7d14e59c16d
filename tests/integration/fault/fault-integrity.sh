# SPDX-License-Identifier: GPL-2.0-or-later
# Integrity in every report: a real console log stored complete three times under label a and
# b, plus under b one cut short (no end) and one with a flipped byte. `report` names each
# incomplete boot with records expected, found, corrupt, missing; `compare` leaves both out,
# lists them, flags its rows incomplete and averages only the complete boots. None of them
# exits 0 on these (host/lib/exitcode.h): import and parse 6, report and compare 6 after
# printing.
. "$srctree/tests/lib.sh"
R="$RESULTS/fault-integrity"
rm -rf "$R"
mkdir -p "$R"
L="$srctree/tests/fuzz/seeds/logparse/qemu-quick.log"
for i in 1 2 3; do
	"$IB" import "$L" --label a --results "$R/store" > /dev/null || die "import a"
	"$IB" import "$L" --label b --results "$R/store" > /dev/null || die "import b"
done
head -c 24000 "$L" > "$R/cut.log"
# flip one bit inside record 6 (the null_call measurement)
off=$(grep -abo '^# IB 6 m ' "$L" | cut -d: -f1)
{ head -c $((off + 40)) "$L"; head -c $((off + 41)) "$L" | tail -c 1 | tr 'a-z' 'A-Z'; tail -c +$((off + 42)) "$L"; } > "$R/flip.log"
cmp -s "$L" "$R/flip.log" && die "flip.log is not changed"
for f in cut flip; do
	"$IB" import "$R/$f.log" --label b --results "$R/store" > /dev/null 2> "$R/import-$f.err"
	rc=$?
	[ $rc -eq 6 ] || die "import of $f.log: exit $rc, want 6"
	grep -q "^initbench import: $R/$f.log: the records are incomplete" "$R/import-$f.err" ||
		die "import of $f.log: no line naming the file: $(cat "$R/import-$f.err")"
done

"$IB" parse "$R/flip.log" > "$R/parse.out" 2>&1
rc=$?
cat "$R/parse.out"
[ $rc -eq 6 ] || die "parse of a corrupt log: exit $rc, want 6"
grep -q "line $(grep -n '^# IB 6 m ' "$L" | cut -d: -f1): record 6 corrupt (crc)" "$R/parse.out" || die "parse: the corrupt line is not named"

"$IB" report --results "$R/store" > "$R/report.out" 2>&1
rc=$?
[ $rc -eq 6 ] || die "report of incomplete boots: exit $rc, want 6"
grep -q '^b/4: incomplete: records: expected unknown, found 3, corrupt 1, missing 0, duplicates 0, digest no end$' "$R/report.out" ||
	{ cat "$R/report.out"; die "report: the cut boot is not named with its counts"; }
grep -q '^b/5: incomplete: records: expected 11, found 10, corrupt 1, missing 1 (6), duplicates 0, digest bad$' "$R/report.out" ||
	die "report: the corrupt boot is not named with its counts"
grep -q '^b/5: null_call: no null_call measurement' "$R/report.out" || die "report: the lost measurement is not explained"

"$IB" compare --results "$R/store" a b > "$R/compare.out" 2>&1
rc=$?
cat "$R/compare.out" | head -n 12
[ $rc -eq 6 ] || die "compare leaving out incomplete boots: exit $rc, want 6"
grep -q '^excluded: b/4: incomplete' "$R/compare.out" || die "compare: b/4 not listed as left out"
grep -q '^excluded: b/5: incomplete' "$R/compare.out" || die "compare: b/5 not listed as left out"
grep -q '^b: 3 boots (2 incomplete left out)' "$R/compare.out" || die "compare: the count of boots left out is not shown"
grep -q '^  null_call .* incomplete$' "$R/compare.out" || die "compare: rows not flagged incomplete"
say "report names both incomplete boots with their counts; compare leaves them out and says so"
