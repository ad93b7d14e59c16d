#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Figures, not a test (issue 18 item 7, run by tests/bench-harness.sh): the A/A minimum
# detectable effect at B = 5 (BLOCKS) under QEMU-TCG and natively, with the old analysis
# (each boot's median, Welch's interval) and the new (each boot's best sample; under TCG
# also paired by block), side by side from one run of each. An A/A pair is one kernel under
# two labels: whatever compare could detect there is the noise floor of the method.
#   TCG: one campaign, initbench run --variant a:K --variant b:K --runs BLOCKS (its blocks
#        boot a and b back to back, in random order).
#   native: BLOCKS pairs of runs, a and b alternately (initbench native has no campaign:
#        Welch only, said so).
# BENCHES: the eleven benchmarks the first measurement used (null call to the pipe's
# bandwidth). O= a built tree, KERNELS= where the default kernel is, R= where to store.
set -u
: "${O:?}" "${KERNELS:?}" "${R:?}"
BLOCKS=${BLOCKS:-5}
BENCHES=${BENCHES:-null_call,null_io,stat,open_close,sig_inst,fork_proc,lat_pipe,lat_unix,lat_udp,page_fault,bw_pipe}
rm -rf "$R/aa-tcg" "$R/aa-native"
mde() {   # store, analysis name: the MDE lines of compare, old and new
	for pb in median best; do
		"$O/initbench" compare --results "$1" --per-boot $pb a b > "$1/compare-$pb.txt" 2>&1
		w=$(sed -n 's/^minimum detectable effect at B = \([0-9]*\): \([0-9.]*%\).*/\2 at B = \1/p' \
			"$1/compare-$pb.txt")
		p=$(sed -n 's/^paired minimum detectable effect: \([0-9.]*%\).*/\1/p' "$1/compare-$pb.txt")
		nsig=$(grep -c '^  [a-z].* \* ' "$1/compare-$pb.txt")
		printf '  %-6s per boot %-6s Welch %-16s paired %-8s significant rows %s\n' "$2" "$pb" \
			"${w:--}" "${p:--}" "$nsig"
	done
}
echo "A/A sensitivity (B = $BLOCKS, $BENCHES):"
echo "load average before the TCG campaign: $(cut -d' ' -f1-3 /proc/loadavg)"
K="$KERNELS/default/vmlinuz"
"$O/initbench" run --variant a:"$K" --variant b:"$K" --runs "$BLOCKS" --accel tcg \
	--bench "$BENCHES" --results "$R/aa-tcg" > "$R/aa-tcg.log" 2>&1 ||
	echo "tcg A/A: initbench run exited $? (see $R/aa-tcg.log)"
echo "load average before the native runs: $(cut -d' ' -f1-3 /proc/loadavg)"
for k in $(seq 1 "$BLOCKS"); do
	for l in a b; do
		"$O/initbench" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" \
			--hello-dyn "$O/bench/ib-hello-dyn" --bench "$BENCHES" --label $l \
			--results "$R/aa-native" >> "$R/aa-native.log" 2>&1 ||
			echo "native A/A: initbench native exited $? (see $R/aa-native.log)"
	done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
mde "$R/aa-tcg" tcg
mde "$R/aa-native" native
echo "  (first measured with the old analysis: 22% natively, 41% under TCG at B = 5; target half)"
