# SPDX-License-Identifier: GPL-2.0-or-later
# A real A/B that this machine shows plainly: the default kernel with pti=on against the same
# kernel without it, under QEMU-TCG (the null call is many times slower with pti=on there),
# B=3 boots per variant in seeded interleaved blocks. compare must flag it, right sign; a
# metric pti cannot touch much (fork is dominated by copying page tables either way) is not
# asserted. Then the HTML export of the comparison must be complete.
. "$srctree/tests/lib.sh"
R="$RESULTS/pti"
rm -rf "$R"
"$IB" run --variant base:"$KERNEL_DEFAULT" --variant pti:"$KERNEL_DEFAULT":pti=on --runs 3 \
	--seed 42 --accel tcg --bench null_call,null_io,sig_inst --results "$R" ||
	die "campaign exited $?"
ls "$R"/campaigns/*.json > /dev/null 2>&1 || die "no campaign file"
"$IB" compare --results "$R" --json "$O/test-logs/compare-pti.json" base pti ||
	die "compare exited $?"
"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti null_call higher || die "pti=on not flagged on null call"
"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti null_io higher || die "pti=on not flagged on null I/O"
"$IB" export --format html --results "$R" --compare "$O/test-logs/compare-pti.json" \
	--out "$O/test-logs/compare-pti-html" base pti || die "export exited $?"
[ -s "$O/test-logs/compare-pti-html/index.html" ] || die "no index.html"
"$IB" export --format csv --results "$R" --out "$O/test-logs/compare-pti.csv" base pti || die "csv export exited $?"
[ "$(wc -l < "$O/test-logs/compare-pti.csv")" -gt 10 ] || die "csv export too short"
