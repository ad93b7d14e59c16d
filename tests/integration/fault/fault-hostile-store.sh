# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile guests and broken stores (docs/faults.md, "Hostile stores"): tests/tools/mkhostile
# writes the captures and stores of issue 15; report, compare, export (every format and
# table) and import run against each. Checked: the exit code, the one-line reason naming the
# file, the output's size against its documented bound, and that nothing outside the output
# directory changed.
. "$srctree/tests/lib.sh"
MK="$O/tests/mkhostile"
[ -x "$MK" ] || die "no $MK (make check builds tests/tools)"
R="$RESULTS/fault-hostile-store"
rm -rf "$R"
mkdir -p "$R"
H="$R/data"
"$MK" "$H" || die "mkhostile failed"
S="$H/store"
OUT="$R/out"     # what the commands write (--out, --json)
W="$R/work"      # stores the imports make, inputs made here
mkdir -p "$OUT" "$W"

# every file of the captures and stores, with size, mtime and link target (directories by
# name: their entries are listed): compared after each step, none may change
snap() { find "$H" \( -type d -printf '%p d\n' \) -o -printf '%p %s %T@ %l\n' | sort; }
snap > "$W/before"
unchanged() {
	snap > "$W/after"
	cmp -s "$W/before" "$W/after" || { diff "$W/before" "$W/after" | head; die "$1 changed something outside $OUT"; }
}
# run CMD...: exit code in $rc, stderr in $OUT/err, the CPU seconds it used (user + system,
# rounded up: a bound a busy machine cannot move) in $cpu
run() {
	( timeout 120 "$@" > "$OUT/stdout" 2> "$OUT/err" < /dev/null; echo $? > "$W/rc"; times > "$W/times" )
	rc=$(cat "$W/rc")
	cpu=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); print int(u[1] * 60 + u[2] + s[1] * 60 + s[2] + 0.999) }' "$W/times")
}
# said PATTERN: some stderr line matches it, and every stderr line is one reason
said() { grep -q -- "$1" "$OUT/err" || { cat "$OUT/err"; die "stderr does not say '$1'"; }; }

# ---- a broken store: every label or boot left out is named, with why; never exit 0
run "$IB" report --results "$S"
[ $rc -eq 6 ] || { cat "$OUT/err"; die "report of the broken store: exit $rc, want 6"; }
said "$S/broken/1/results.json: not JSON as initbench writes it (line [0-9]*, column [0-9]*: .*): boot left out"
said "$S/format99/1/results.json: refused: format 99: not a format this initbench reads"
said "$S/negcount/1/results.json: refused: integrity.found = -4: a count cannot be negative"
said "$S/negsample/1/results.json: refused: measurements\[0\].samples\[0\] = -5 us, below -overhead"
said "$S/bigstr/1/results.json: refused: env.uname_r is 10485760 bytes, more than 256"
said "$S/fifo/1/results.json: a FIFO, not a regular file (boot left out)"
said "$S/fifolog/1/console.log: a FIFO, not a regular file (boot left out)"
said "$S/-x: not a label name"
said "$S/base/007: not a boot number"
grep -q 'hidden\|notes.txt\|linked' "$OUT/err" && die "report names what is no label: $(cat "$OUT/err")"
grep -q '^base ' "$OUT/stdout" || die "report: the good boots are not printed"
[ "$(stat -c %s "$OUT/stdout")" -lt 20000 ] || die "report: $(stat -c %s "$OUT/stdout") bytes"
unchanged report
if [ "$(id -u)" -eq 0 ] && command -v setpriv > /dev/null; then
	# as another user, from a copy in a directory anybody may enter (the checkout may not be)
	U=$(mktemp -d)
	chmod 755 "$U"
	mkdir -p "$U/store/base"
	cp -a "$S/base/1" "$S/base/2" "$U/store/base/"
	cp -a "$S/secret" "$U/store/"
	cp "$IB" "$U/ib"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$U/ib" report --results "$U/store" \
		> "$OUT/stdout" 2> "$OUT/err" < /dev/null
	rc=$?
	[ $rc -eq 1 ] || { rm -rf "$U"; die "an unreadable label: exit $rc, want 1"; }
	said "$U/store/secret: Permission denied (label left out)"
	grep -q '^base ' "$OUT/stdout" || { rm -rf "$U"; die "as another user: base not printed"; }
	rm -rf "$U"
fi
say "report: 10 broken labels and boots named with why, exit 6 (unreadable: 1)"

run "$IB" compare --results "$S" base broken
[ $rc -eq 6 ] || die "compare base broken: exit $rc, want 6"
said "broken: no complete boot to compare"
said "$S/broken/2/results.json: not JSON"
run "$IB" compare --results "$S" base nope
[ $rc -eq 2 ] || die "compare with a label not stored: exit $rc, want 2"
said "$S/nope: no such label stored"
unchanged compare
for t in samples measurements boots; do
	run "$IB" export --format csv --table $t --results "$S" --out "$OUT/broken-$t.csv"
	[ $rc -eq 6 ] || die "export csv $t of the broken store: exit $rc, want 6"
	grep -q '^base,' "$OUT/broken-$t.csv" || die "export $t: the good boots are missing"
done
said "$S/bigstr/1/results.json: refused"
for f in json html; do
	run "$IB" export --format $f --results "$S" --out "$OUT/broken-$f"
	[ $rc -eq 6 ] || die "export $f of the broken store: exit $rc, want 6"
done
[ "$(du -sb "$OUT" | cut -f1)" -lt 3000000 ] || die "exports of the broken store: $(du -sb "$OUT")"
unchanged export
say "compare exits 6 naming the boots it left out, 2 for a label not stored; every export 6"

# ---- the amplifying capture: cut and flagged; every export within its bound
set -- $("$MK" --bounds)
ROW_S=$2 ROW_M=$4 ROW_B=$6
run "$IB" import "$H/amp.log" --label amp --results "$W/amp"
[ $rc -eq 6 ] || die "import of the amplifying capture: exit $rc, want 6 (values cut)"
said "uname_r cut to 256 bytes (it held 5000)"
said "$H/amp.log: the records are incomplete"
took=0
for t in samples measurements boots; do
	run "$IB" export --format csv --table $t --results "$W/amp" --out "$OUT/amp-$t.csv"
	[ $rc -eq 6 ] || die "export amp $t: exit $rc, want 6"
	took=$((took + cpu))
done
run "$IB" export --format json --results "$W/amp" --out "$OUT/amp.json"
took=$((took + cpu))
nsamp=$(awk -F, 'NR > 1 { n += $11 } END { print n + 0 }' "$OUT/amp-measurements.csv")
nmeas=$(( $(wc -l < "$OUT/amp-measurements.csv") - 1 ))
[ "$nsamp" -eq 300000 ] && [ "$nmeas" -eq 200 ] || die "amp: $nmeas measurements, $nsamp samples"
# bound NAME ROW ROWS: the table is at most a header and ROWS rows of ROW bytes each
bound() {
	size=$(stat -c %s "$OUT/amp-$1.csv")
	[ "$size" -le $(( ($3 + 1) * $2 )) ] || die "amp $1: $size bytes, more than ($3 + 1) x $2"
}
bound samples "$ROW_S" "$nsamp"
bound measurements "$ROW_M" "$nmeas"
bound boots "$ROW_B" 1
grep -q 'AAAA' "$OUT/amp-samples.csv" && die "amp: a per-boot string is repeated per sample"
csv=$(( $(stat -c %s "$OUT/amp-samples.csv") + $(stat -c %s "$OUT/amp-measurements.csv") + $(stat -c %s "$OUT/amp-boots.csv") ))
json=$(stat -c %s "$OUT/amp.json")
store=$(stat -c %s "$W/amp/amp/1/results.json")
[ "$json" -le $(( 8 * store + 64 )) ] || die "amp json: $json bytes, more than 8 x $store"
[ "$csv" -lt 10000000 ] || die "amp csv: $csv bytes"
[ $took -le 20 ] || die "amp exports took ${took}s of CPU, more than 20"
say "amplifying capture ($(stat -c %s "$H/amp.log") bytes): CSV $csv bytes in 3 tables, JSON $json bytes, at most ${took}s of CPU (was 4.6 GB in 17 s)"

# ---- no formula cells: a guest's = + - @ start is text; numbers stay numbers
run "$IB" import "$H/formula.log" --label formula --results "$W/formula"
[ $rc -eq 0 ] || die "import formula.log: exit $rc"
for t in samples measurements boots; do
	run "$IB" export --format csv --table $t --results "$W/formula" --out "$OUT/formula-$t.csv"
	[ $rc -eq 0 ] || die "export formula $t: exit $rc"
done
grep -q ",\"'=cmd|' /C calc'!A0\"," "$OUT/formula-boots.csv" || die "uname_r not neutralised: $(cat "$OUT/formula-boots.csv")"
grep -q ",\"'+HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"," "$OUT/formula-boots.csv" || die "hypervisor not neutralised"
grep -q ",\"'@SUM(1)\"," "$OUT/formula-boots.csv" || die "clocksource not neutralised"
grep -q "^formula,1,0,\"'-2+3\",0,-0.5" "$OUT/formula-samples.csv" || die "metric or a negative number wrong: $(cat "$OUT/formula-samples.csv")"
if cut -d, -f1- "$OUT"/formula-*.csv | tr ',' '\n' | grep -q '^[=+@]'; then die "a cell starts a formula"; fi
say "formula cells written as text ('=cmd...), -0.5 left a number"

# ---- import: exit codes, caps, files that are no files, labels
run "$IB" import "$H/cut.log" --label cut --results "$W/imp"
[ $rc -eq 6 ] || die "import of a cut capture: exit $rc, want 6"
said "$H/cut.log: the records are incomplete (the problems above): stored as cut/1 all the same"
mkfifo "$W/fifo.in"
run "$IB" import "$W/fifo.in" --results "$W/imp"
[ $rc -eq 2 ] || die "import of a FIFO: exit $rc, want 2 (and no hang)"
said "$W/fifo.in: a FIFO, not a regular file"
run "$IB" import --lava "$W/fifo.in" --results "$W/imp"
[ $rc -eq 2 ] || die "import --lava of a FIFO: exit $rc, want 2"
run "$IB" import /dev/zero --results "$W/imp"
[ $rc -eq 2 ] && said "/dev/zero: a character device, not a regular file" || die "import /dev/zero: exit $rc"
head -c 2200000 /dev/zero | tr '\0' 'x' > "$W/big.in"
run "$IB" import "$W/big.in" --log-max 2 --results "$W/imp"
[ $rc -eq 6 ] || die "import over --log-max: exit $rc, want 6"
said "$W/big.in: 2 MiB, more than --log-max 2 MiB (what .initbench run. keeps of one console)"
truncate -s 300M "$W/sparse.in"
run "$IB" import "$W/sparse.in" --results "$W/imp"
[ $rc -eq 6 ] && said "more than --log-max 256 MiB" || die "import of 300 MiB: exit $rc"
rm -f "$W/sparse.in" "$W/big.in"
run "$IB" import "$H/formula.log" --label linked --results "$S"
[ $rc -eq 1 ] || die "import into a linked label directory: exit $rc, want 1"
said "$S/linked is a symbolic link: not written through"
[ -z "$(ls "$H/outside")" ] || die "import wrote through the link: $(ls "$H/outside")"
run "$IB" import "$H/formula.log" --label -x --results "$W/imp"
[ $rc -eq 2 ] && said "bad argument '--label -x'" || die "import --label -x: exit $rc"
run "$IB" report --results "$W/imp" -- cut
[ $rc -eq 6 ] && grep -q '^cut ' "$OUT/stdout" || die "report -- cut: exit $rc"
run "$IB" report --results "$W/imp" -- -x
[ $rc -eq 2 ] && said "bad label '-x'" || die "report -- -x: exit $rc"
unchanged import
say "import: cut capture 6, FIFO/device 2 at once, over --log-max 6 naming it, linked label 1, label -x 2"

# ---- the 10,000-row summary: one copy of the file, linear time
start=$(date +%s)
run "$IB" import "$H/summary-10k.txt" --results "$W/sum"
wall=$(( $(date +%s) - start ))
[ $rc -eq 0 ] || { tail -n 3 "$OUT/err"; die "import of the 10,000-row summary: exit $rc"; }
[ "$(ls "$W/sum/frodo" | wc -l)" -eq 10000 ] || die "summary: not 10,000 boots"
[ "$(find "$W/sum" -name lmbench-summary.txt | wc -l)" -eq 1 ] || die "summary: the file is stored more than once"
bytes=$(find "$W/sum" -type f -printf '%s\n' | awk '{ n += $1 } END { print n }')
in=$(stat -c %s "$H/summary-10k.txt")
[ "$bytes" -le $(( in + 10000 * 8192 )) ] || die "summary: $bytes bytes stored for $in"
[ "$cpu" -le 30 ] || die "summary: ${cpu}s of CPU, more than 30"
say "10,000-row summary ($in bytes): $bytes bytes stored (was 13 GB in 83 s), at most ${cpu}s of CPU, ${wall}s here"

# ---- outputs: never through a link the user did not name; whole or not at all
echo precious > "$W/victim"
ln -s victim "$W/named.json"
run "$IB" compare --results "$W/formula" --json "$W/named.json" formula formula
[ $rc -eq 0 ] && said "$W/named.json is a symbolic link: writing its target" || die "compare --json LINK: exit $rc"
[ -L "$W/named.json" ] && grep -q '"format"' "$W/victim" || die "compare --json: the named link's target not written"
D="$OUT/html"
mkdir -p "$D" "$W/outside/plots" "$W/outside/data"
echo keep > "$W/outside/log"
ln -s "$W/outside/plots" "$D/plots"
ln -s "$W/outside/data" "$D/data"
ln -s "$W/outside/log" "$D/gnuplot.log"
snap > "$W/before"
run "$IB" export --format html --results "$W/formula" --out "$D" formula
[ $rc -eq 1 ] && said "$D/data is a symbolic link: not written through" || die "html through linked data/: exit $rc"
rm "$D/data" "$D/plots"
run "$IB" export --format html --results "$W/formula" --out "$D" formula
[ $rc -le 1 ] || die "html: exit $rc"
[ -f "$D/gnuplot.log" ] && [ ! -L "$D/gnuplot.log" ] || die "html: gnuplot.log still a link"
[ "$(cat "$W/outside/log")" = keep ] && [ -z "$(find "$W/outside/plots" "$W/outside/data" -mindepth 1)" ] ||
	die "html: something was written outside $D"
unchanged "export html"
ls -a "$D" | grep -q '^\.initbench-\|^\..*\.[a-z0-9]\{6\}$' && die "html: a temporary file is left: $(ls -a "$D")"
# two exports to one path at once: both done, the file whole (the same as one export alone)
run "$IB" export --format csv --results "$W/amp" --out "$OUT/ref.csv"
for i in 1 2 3; do
	"$IB" export --format csv --results "$W/amp" --out "$OUT/two.csv" 2> /dev/null & p1=$!
	"$IB" export --format csv --results "$W/amp" --out "$OUT/two.csv" 2> /dev/null & p2=$!
	wait $p1; r1=$?
	wait $p2; r2=$?
	[ $r1 -eq 6 ] && [ $r2 -eq 6 ] || die "concurrent exports: exit $r1 and $r2"
	cmp -s "$OUT/two.csv" "$OUT/ref.csv" || die "concurrent exports: the file is not one whole export"
done
# a signal removes the temporary file; the old file stays (a store of 8 boots, so that the
# export is still writing when the signal comes; tried again if it was done first). SIGTERM:
# a background job of a script starts with SIGINT ignored, and an ignored signal stays so
mkdir -p "$W/amp8/amp"
for i in 1 2 3 4 5 6 7 8; do
	cp -r "$W/amp/amp/1" "$W/amp8/amp/$i"
done
caught=0
for try in 1 2 3 4 5; do
	printf 'old\r\n' > "$OUT/sig.csv"
	"$IB" export --format csv --results "$W/amp8" --out "$OUT/sig.csv" 2> /dev/null & pid=$!
	i=0
	while [ $i -lt 600 ] && ! ls -a "$OUT" | grep -q '^\.sig\.csv\.'; do sleep 0.02; i=$((i + 1)); done
	kill -TERM $pid 2> /dev/null
	wait $pid
	rc=$?
	ls -a "$OUT" | grep -q '^\.sig\.csv\.' && die "SIGTERM left the temporary file"
	[ $rc -eq 6 ] && continue   # done before the signal: again
	[ $rc -eq 143 ] || die "export killed by SIGTERM: exit $rc"
	[ "$(cat "$OUT/sig.csv")" = "$(printf 'old\r')" ] || die "SIGTERM: the old file was changed"
	caught=1
	break
done
[ $caught -eq 1 ] || die "the export was done before SIGTERM five times"
say "outputs: a named link followed and said, no write through linked data/ plots/ gnuplot.log, concurrent exports whole, SIGTERM leaves no temporary file"
