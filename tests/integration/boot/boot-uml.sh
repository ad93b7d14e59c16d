# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the quick profile under UML (Debian's linux.uml, pinned) 3 times; same checks as QEMU.
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || die "no /usr/bin/linux.uml (user-mode-linux not installed)"
rm -rf "$RESULTS/uml"
"$IB" run --kernel uml --label uml --runs 3 --image "$IMAGE" --results "$RESULTS" 2> "$O/test-logs/uml-run.err"
rc=$?
cat "$O/test-logs/uml-run.err"
if [ $rc -eq 7 ] && uml_refused "$O/test-logs/uml-run.err"; then
	# the host, not the image: said by initbench itself (exit 7), the test cannot judge UML
	echo "UML cannot run on this host's CPU: $(grep -o 'it said "[^"]*"' "$O/test-logs/uml-run.err")"
	exit 77
fi
[ $rc -eq 0 ] || die "initbench run exited $rc"
"$O/tests/plausible" "$RESULTS"/uml/*/results.json || die "implausible results"
"$IB" report --results "$RESULTS" uml > "$O/test-logs/report-uml.txt" || die "report failed"
cat "$O/test-logs/report-uml.txt"
[ "$(grep -c '^uml ' "$O/test-logs/report-uml.txt")" -ge 21 ] || die "not one row per boot for uml"
