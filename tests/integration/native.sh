# SPDX-License-Identifier: GPL-2.0-or-later
# The same suite natively on this host (label native), 3 runs like the guests' 3 boots:
# complete, plausible (with the checks that need a real CPU; orderings on the median over the
# runs: one run saw UDP 17.6 against TCP 17.2 where the others see ~13.5 and ~17.5), and
# shown by the report beside guest rows.
. "$srctree/tests/lib.sh"
rm -rf "$RESULTS/native"
"$IB" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" --runs 3 --results "$RESULTS" ||
	die "initbench native exited $?"
"$O/tests/plausible" --native "$RESULTS"/native/*/results.json || die "implausible native results"
"$IB" report --results "$RESULTS" > "$O/test-logs/report-all.txt" || die "report failed"
cat "$O/test-logs/report-all.txt"
grep -q '^native ' "$O/test-logs/report-all.txt" || die "no row for native"
