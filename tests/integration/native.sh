# SPDX-License-Identifier: GPL-2.0-or-later
# The same suite natively on this host (label native): complete, plausible (with the checks
# that need a real CPU), and shown by the report beside guest rows.
. "$srctree/tests/lib.sh"
rm -rf "$RESULTS/native"
"$IB" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" --results "$RESULTS" ||
	die "initbench native exited $?"
"$O/tests/plausible" --native "$RESULTS/native/1/results.json" || die "implausible native results"
"$IB" report --results "$RESULTS" > "$O/test-logs/report-all.txt" || die "report failed"
cat "$O/test-logs/report-all.txt"
grep -q '^native ' "$O/test-logs/report-all.txt" || die "no row for native"
