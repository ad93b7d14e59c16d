# SPDX-License-Identifier: GPL-2.0-or-later
# `initbench run --until-mde PCT --max-runs N` as a user types it (accel auto, the default
# kernel, the quick image), on two variants of one kernel, null_call and stat only:
#  - with a target every row meets after two blocks (1000 %), the campaign checks after its
#    second block, says "stop", boots no third block of its five, and the campaign file says
#    after which block and on which row;
#  - with a target no row can meet in three blocks (0.5 %: TCG moves a figure by tens of %
#    between boots), it checks after block 2, says "go on", boots the whole --max-runs and
#    says the target was not reached; compare's JSON then has a stop_mde_pct per row above it.
# The rule's false-positive rate is test_untilmde's (simulated A/A campaigns).
. "$srctree/tests/lib.sh"
R="$RESULTS/until-mde"
rm -rf "$R"
[ -f "$KERNEL_DEFAULT" ] || die "no default kernel $KERNEL_DEFAULT"

"$IB" run --variant a:"$KERNEL_DEFAULT" --variant b:"$KERNEL_DEFAULT" --until-mde 1000 \
	--max-runs 5 --bench null_call,stat --seed 7 --results "$R" 2> "$O/test-logs/until-mde-1.log" ||
	{ tail -5 "$O/test-logs/until-mde-1.log"; die "campaign (1000 %) exited $?"; }
grep '^initbench: --until-mde' "$O/test-logs/until-mde-1.log" | sed 's/^/# /'
grep -q '^initbench: --until-mde 1000%: after block 2 of at most 5 the largest stop MDE is [0-9.]*% (.*), 0 of 2 rows above: stop$' \
	"$O/test-logs/until-mde-1.log" || die "no stop after block 2"
[ "$(grep -c '^initbench: --until-mde' "$O/test-logs/until-mde-1.log")" -eq 1 ] || die "checked more than once"
[ "$(ls "$R/a" | wc -l)" -eq 2 ] && [ "$(ls "$R/b" | wc -l)" -eq 2 ] || die "not two boots per variant"
python3 - "$R"/campaigns/*.json << 'PY' || die "campaign file"
import json, sys
c = json.load(open(sys.argv[1]))
u = c["until_mde"]
assert u["target_pct"] == 1000 and u["max_blocks"] == 5 and u["stopped_after_block"] == 2, u
assert u["worst_stop_mde_pct"] <= 1000 and u["worst_row"].split()[0] in ("null_call", "stat"), u
booted = [b for b in c["boots"] if b["verdict"] is not None]
assert len(booted) == 4 and all(b["block"] <= 2 for b in booted), booted
print("# campaign file: stopped after block 2, worst row %s at %.1f %%" % (u["worst_row"], u["worst_stop_mde_pct"]))
PY

"$IB" run --variant c:"$KERNEL_DEFAULT" --variant d:"$KERNEL_DEFAULT" --until-mde 0.5 \
	--max-runs 3 --bench null_call,stat --seed 8 --results "$R" 2> "$O/test-logs/until-mde-2.log" ||
	{ tail -5 "$O/test-logs/until-mde-2.log"; die "campaign (0.5 %) exited $?"; }
grep '^initbench: --until-mde' "$O/test-logs/until-mde-2.log" | sed 's/^/# /'
grep -q '^initbench: --until-mde 0.5%: after block 2 of at most 3 .*: go on$' "$O/test-logs/until-mde-2.log" ||
	die "no 'go on' after block 2"
grep -q '^initbench: --until-mde 0.5%: not reached within the 3 blocks of --max-runs' \
	"$O/test-logs/until-mde-2.log" || die "the unreached target is not said"
[ "$(ls "$R/c" | wc -l)" -eq 3 ] && [ "$(ls "$R/d" | wc -l)" -eq 3 ] || die "not three boots per variant"
"$IB" compare --results "$R" --json "$O/test-logs/until-mde.json" c d > /dev/null || die "compare exited $?"
python3 - "$O/test-logs/until-mde.json" << 'PY' || die "compare's stop_mde_pct"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 2 and all(r["stop_mde_pct"] > 0.5 and r["mde_pct"] > 0 for r in rows), rows
for r in rows:
    print("# %s: mde %.1f %%, stop mde %.1f %% (by %s, 3 blocks)" % (r["metric"], r["mde_pct"], r["stop_mde_pct"], r["by"]))
PY
say "until-mde: stopped after block 2 at 1000 %, went on to 3 of 3 at 0.5 %"
