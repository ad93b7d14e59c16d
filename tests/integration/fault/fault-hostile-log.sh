# SPDX-License-Identifier: GPL-2.0-or-later
# The guest is untrusted: a console capture whose records carry good CRCs but hostile values
# (backquotes, $(...), quotes, ../, <script>, a 64-byte label-like bench name) goes through
# import, parse, report, compare and every export. Nothing may run a command, write outside
# the output directories, or reach the HTML unescaped. A console flood ends at --log_max.
. "$srctree/tests/lib.sh"
command -v python3 > /dev/null || { echo "no python3 to write the log"; exit 77; }
R="$RESULTS/fault-hostile-log"
rm -rf "$R"
mkdir -p "$R/out"
P="$R/pwned"
python3 - "$R/evil.log" "$P" <<'PY'
import sys, zlib
log, pwned = sys.argv[1], sys.argv[2]
def esc(s):
    return "".join("%%%02X" % ord(c) if ord(c) <= 0x20 or ord(c) >= 0x7f or c == "%" else c for c in s)
bad = [f"`touch {pwned}`", f"$(touch {pwned})", f"'.system(\"touch {pwned}\").'",
       f"\";touch {pwned};\"", "../../../../../../tmp/escape", "<script>alert(1)</script>"]
recs = ["begin proto=1 uname_s=Linux uname_r=" + esc(bad[0]) + " cpu_model=" + esc(bad[5]) +
        " hypervisor=" + esc(bad[1]) + " clocksource=" + esc(bad[4]),
        "plan count=2 benches=null_call," + esc(bad[4])]
for i, b in enumerate(bad):
    recs.append("m bench=null_call metric=" + esc(b) + " unit=" + esc(bad[(i + 1) % len(bad)]) +
                " iters=1 overhead=0 samples=1,2,3 raw_ns=1,2,3 cpu=0 p=" + esc(bad[(i + 2) % len(bad)]))
recs.append("m bench=null_call metric=null_call unit=us iters=1 overhead=0 samples=1,2,3 raw_ns=1,2,3 cpu=0")
recs.append("outcome bench=null_call status=ok reason= wall_ms=1")
recs.append("outcome bench=" + esc(bad[4]) + " status=failed reason=" + esc(bad[2]) + " wall_ms=1")
out, dig = [], 0
for i, r in enumerate(recs):
    l = b"# IB %d %s" % (i, r.encode())
    l += b" *%08x" % zlib.crc32(l)
    out.append(l)
    dig = zlib.crc32(l + b"\n", dig)
l = b"# IB %d end records=%d digest=%08x" % (len(recs), len(recs), dig)
out.append(l + b" *%08x" % zlib.crc32(l))
open(log, "wb").write(b"\n".join(out) + b"\n")
PY
cd "$R/out" || die "no $R/out"
# the values naming $P are longer than a metric or unit may be (64 bytes): cut and said, so
# the boot is stored but incomplete (exit 6), never done
for l in a b; do
	"$IB" import "$R/evil.log" --label $l --results "$R/store" > /dev/null 2> "$R/import-$l.err"
	rc=$?
	[ $rc -eq 6 ] || { cat "$R/import-$l.err"; die "import $l: exit $rc, want 6"; }
done
grep -q 'metric cut to 64 bytes' "$R/import-a.err" || die "import: the cut metric is not said"
"$IB" parse "$R/evil.log" --json "$R/out/parsed.json" > "$R/parse.out" 2>&1
[ $? -eq 6 ] || { cat "$R/parse.out"; die "parse: values were cut, yet not incomplete"; }
grep -q 'digest ok, values cut ' "$R/parse.out" || die "parse: records not whole, or the cut not counted"
"$IB" report --results "$R/store" > "$R/report.out" 2>&1
[ $? -eq 6 ] || die "report: exit $?, want 6"
"$IB" compare --results "$R/store" a b > "$R/compare.out" 2>&1
for f in csv json; do
	"$IB" export --format $f --results "$R/store" --out "$R/out/export-$f" > /dev/null 2>&1
	[ $? -eq 6 ] || die "export $f: exit $?, want 6"
done
# html: gnuplot refuses a title that starts with a quote (export-plot.c writes '' for it,
# which gnuplot reads as an empty string there), so plots may be missing; what matters here
# is that nothing runs and nothing escapes
"$IB" export --format html --results "$R/store" --out "$R/out/export-html" > "$R/html.out" 2>&1 ||
	say "export html: exit $? ($(grep -c 'unexpected' "$R/out/export-html/gnuplot.log" 2>/dev/null) gnuplot syntax errors)"
[ -f "$R/out/export-html/index.html" ] || die "export html: no index.html"
[ ! -e "$P" ] || die "a guest string was run as a command"
[ ! -e /tmp/escape ] && [ ! -e "$R/escape" ] || die "a guest string made a path outside the output"
if grep -q '<script>' "$R/out/export-html/index.html"; then die "HTML export: <script> not escaped"; fi
grep -q '&lt;script&gt;' "$R/out/export-html/index.html" || say "(the cpu model is not shown in the HTML)"
new=$(find "$R" /tmp -maxdepth 1 -newer "$R/evil.log" -name 'escape*' 2> /dev/null)
[ -z "$new" ] || die "unexpected files: $new"
say "hostile values went through import, parse, report, compare and 3 exports: nothing ran, nothing escaped"

# a guest that floods its console (here a "suite" that prints without end, natively): the
# log ends at --log_max MiB, the launcher is stopped at once, the verdict is the records'
printf '#!/bin/sh\nwhile :; do echo "flood flood flood flood flood flood flood flood"; done\n' > "$R/flood.sh"
chmod +x "$R/flood.sh"
start=$(date +%s)
"$IB" native --suite "$R/flood.sh" --log_max 1 --results "$R/flood" --label flood > "$R/flood.out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
cat "$R/flood.out"
[ $rc -eq 5 ] || die "flood: exit $rc, want 5 (no records)"
[ $took -le 30 ] || die "flood: took ${took}s"
grep -q 'ended by flood' "$R/flood.out" || die "flood: not ended by flood"
grep -q 'initbench: the console log reached 1 MiB (--log-max): .* was stopped and the log ends there' \
	"$R/flood.out" || die "flood: no line saying why it stopped"
[ "$(stat -c %s "$R/flood/flood/1/console.log")" -eq 1048576 ] || die "flood: console.log is not 1 MiB"
"$IB" native --suite "$R/flood.sh" --log_max 0 --results "$R/flood" > "$R/flood0.out" 2>&1 &&
	die "flood: --log_max 0 accepted"
grep -q "bad argument '--log_max 0': use 1..1048576 (MiB)" "$R/flood0.out" || die "flood: --log_max 0 not named"
say "a console flood: stopped at 1 MiB in ${took}s, exit 5, the log 1 MiB"
