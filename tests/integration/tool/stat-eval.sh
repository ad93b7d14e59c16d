# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools/stat-eval (issue 18 item 3, docs/compare.md "The per-boot statistic") on boots
# whose answer is known: six boots of two metrics, 11 samples each. null_call (us): ten
# samples at 1.00 and one stray sample that grows from boot to boot (2, 4, ... 64 us), so
# the median, the best and the lower quantiles are the same in every boot (spread 0) and
# the mean is not; bw_pipe (MB/s, bigger is better): every sample of boot b at 1000 x 1.1^b
# but for one 10x sample in every boot, so every statistic moves by the same factor per
# boot (spread 100 x sd(b ln 1.1) = 100 x 0.0953 x 1.8708 = 17.8 %) and only the best (the
# largest, 10x) and the mean carry the outlier, still as a constant factor (spread 17.8 %).
# The sections: Processor, Processes for null_call; bandwidths for bw_pipe, both with a
# winner printed; a file that is no JSON is left out with a line, none at all exits 2.
. "$srctree/tests/lib.sh"
W="$O/test-results/stat-eval"
rm -rf "$W" && mkdir -p "$W"
python3 - "$W" <<'PY' || die "cannot write the boots"
import json, sys
for b in range(1, 7):
    stray = 2.0 ** b
    nc = [1.0] * 10 + [stray]
    bw = [1000 * 1.1 ** b] * 10 + [10000 * 1.1 ** b]
    doc = {"outcomes": [{"bench": "null_call", "status": "ok"}, {"bench": "bw_pipe", "status": "ok"}],
           "measurements": [
               {"bench": "null_call", "metric": "null_call", "unit": "us", "params": {}, "samples": nc},
               {"bench": "bw_pipe", "metric": "bw_pipe", "unit": "MB/s", "params": {}, "samples": bw}]}
    json.dump(doc, open("%s/%d.json" % (sys.argv[1], b), "w"))
PY
echo "not json" > "$W/bad.json"
"$O/tests/stat-eval" "$W"/*.json > "$W/out.txt" 2> "$W/err.txt" || die "stat-eval exited $?"
cat "$W/out.txt" "$W/err.txt"
grep -q "bad.json.*left out" "$W/err.txt" || die "the bad file was not named"
# the section name has blanks: the six spreads are the last six fields
awk '$1 == "metric" && $2 == "null_call" {
	# median best best10 best25 trim20 (0) mean (> 0)
	for (i = NF - 5; i < NF; i++) if ($i != 0) exit 1
	if (!($NF > 10)) exit 1; found = 1
} END { exit !found }' "$W/out.txt" || die "null_call: the stray sample moved a robust statistic, or not the mean"
awk '$1 == "metric" && $2 == "bw_pipe" {
	for (i = NF - 5; i <= NF; i++) if ($i < 17.7 || $i > 17.9) exit 1; found = 1
} END { exit !found }' "$W/out.txt" || die "bw_pipe: a spread is not 17.8 %"
grep -q '^section Processor, Processes .* median 0.00$' "$W/out.txt" ||
	die "Processor, Processes: median not named smallest at 0"
grep -q '^section \*Local\* Communication bandwi.* median 17.83 (median.s x1.00)$' "$W/out.txt" ||
	die "bandwidths: a tie must keep the median"
"$O/tests/stat-eval" "$W/bad.json" > /dev/null 2>&1
[ $? -eq 2 ] || die "no readable file: not exit 2"
