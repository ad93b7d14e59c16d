# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the quick profile under QEMU-TCG with the default kernel, 5 times (METHODS.md's default
# B); check completeness of every boot and the plausibility of the figures (orderings on the
# median over the boots of each boot's ratio), and that the report shows one row per boot.
# Not 3 (the smoke B): in 58 boots of earlier checks each of 2p/0K < 16p/64K, AF UNIX <= UDP
# and UDP < TCP flipped in 3 boots (2p/0K lands in a ~2x slow mode now and then), so a median
# of 3 fails about once in 130 checks per ordering (3p^2, p = 3/58), and one CI check did; a
# median of 5 about once in 800 (10p^3).
. "$srctree/tests/lib.sh"
rm -rf "$RESULTS/qemu-tcg"
"$IB" run --kernel "$KERNEL_DEFAULT" --accel tcg --label qemu-tcg --image "$IMAGE" \
	--runs 5 --results "$RESULTS" || die "initbench run exited $?"
[ -s "$RESULTS/qemu-tcg/1/console.log" ] || die "no console.log"
[ -s "$RESULTS/qemu-tcg/1/command.txt" ] || die "no command.txt"
grep -q -- '-accel tcg' "$RESULTS/qemu-tcg/1/command.txt" || die "command.txt lacks -accel tcg"
"$O/tests/plausible" "$RESULTS"/qemu-tcg/*/results.json || die "implausible results"
"$IB" report --results "$RESULTS" qemu-tcg > "$O/test-logs/report-qemu.txt" || die "report failed"
cat "$O/test-logs/report-qemu.txt"
grep -q '^Processor, Processes - times in microseconds - smaller is better' "$O/test-logs/report-qemu.txt" || die "no Processor section"
grep -q '^Context switching - times in microseconds - smaller is better' "$O/test-logs/report-qemu.txt" || die "no Context switching section"
[ "$(grep -c '^qemu-tcg ' "$O/test-logs/report-qemu.txt")" -ge 21 ] || die "not one row per boot for qemu-tcg"
