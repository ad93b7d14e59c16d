# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the quick profile under UML (Debian's linux.uml, pinned); same checks as QEMU.
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || die "no /usr/bin/linux.uml (user-mode-linux not installed)"
rm -rf "$RESULTS/uml"
"$IB" run --kernel uml --label uml --image "$IMAGE" --results "$RESULTS" || die "initbench run exited $?"
j="$RESULTS/uml/1/results.json"
"$O/tests/plausible" "$j" || die "implausible results"
"$IB" report --results "$RESULTS" uml > "$O/test-logs/report-uml.txt" || die "report failed"
cat "$O/test-logs/report-uml.txt"
grep -q '^uml ' "$O/test-logs/report-uml.txt" || die "no row for uml"
