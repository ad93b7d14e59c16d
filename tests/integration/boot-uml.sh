# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the quick profile under UML (Debian's linux.uml, pinned) 3 times; same checks as QEMU.
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || die "no /usr/bin/linux.uml (user-mode-linux not installed)"
rm -rf "$RESULTS/uml"
"$IB" run --kernel uml --label uml --runs 3 --image "$IMAGE" --results "$RESULTS" || die "initbench run exited $?"
"$O/tests/plausible" "$RESULTS"/uml/*/results.json || die "implausible results"
"$IB" report --results "$RESULTS" uml > "$O/test-logs/report-uml.txt" || die "report failed"
cat "$O/test-logs/report-uml.txt"
[ "$(grep -c '^uml ' "$O/test-logs/report-uml.txt")" -ge 21 ] || die "not one row per boot for uml"
