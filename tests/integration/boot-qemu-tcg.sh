# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the quick profile under QEMU-TCG with the default kernel; check completeness and
# plausibility of the stored results, and that the report shows the label's row.
. "$srctree/tests/lib.sh"
rm -rf "$RESULTS/qemu-tcg"
"$IB" run --kernel "$KERNEL_DEFAULT" --accel tcg --label qemu-tcg --image "$IMAGE" \
	--results "$RESULTS" || die "initbench run exited $?"
j="$RESULTS/qemu-tcg/1/results.json"
[ -s "$RESULTS/qemu-tcg/1/console.log" ] || die "no console.log"
[ -s "$RESULTS/qemu-tcg/1/command.txt" ] || die "no command.txt"
grep -q -- '-accel tcg' "$RESULTS/qemu-tcg/1/command.txt" || die "command.txt lacks -accel tcg"
"$O/tests/plausible" "$j" || die "implausible results"
"$IB" report --results "$RESULTS" qemu-tcg > "$O/test-logs/report-qemu.txt" || die "report failed"
cat "$O/test-logs/report-qemu.txt"
grep -q '^Processor, Processes - times in microseconds - smaller is better' "$O/test-logs/report-qemu.txt" || die "no Processor section"
grep -q '^Context switching - times in microseconds - smaller is better' "$O/test-logs/report-qemu.txt" || die "no Context switching section"
grep -q '^qemu-tcg ' "$O/test-logs/report-qemu.txt" || die "no row for qemu-tcg"
