#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Figures, not tests: image size, boot-to-first-record, init-start-to-first-record and the
# wall time of the quick profile per boot, under QEMU-TCG and UML; then the default (full)
# profile once natively and once under QEMU-TCG, per boot, per benchmark and per summary
# section (tests/tools/boot-figures.c: each benchmark's wall_ms summed by the section its
# metrics print in), with the time budget of the sections issue 19 added: "Core operations +
# lmbench 3 additions + TLB + COW/THP faults", and total / (total - those), the full
# profile's time against the same boot's without them; then the same without the Macro
# workloads, which are most of a full boot and move most with the host's load. The load
# average is printed beside. Last, the A/A MDE of the old and the new analysis
# (tests/bench-aa.sh).
# Run by `make bench-harness`: O= a tree built from quick_defconfig, FULL= one built from
# defconfig. Targets: quick profile <= 60 s per boot under TCG, boot included; init start to
# first record <= 0.3 s; the full profile <= 60 s natively and <= 5 min per boot under TCG;
# its ratio total / (total - those) <= 2.0 under TCG.
set -u
: "${O:?}" "${KERNELS:?}" "${FULL:?}"
R="$O/bench-harness"
RUNS=${RUNS:-3}
rm -rf "$R"
mkdir -p "$R"
echo "image: $(stat -c %s "$O/initramfs.cpio.gz") bytes, $O/initramfs.cpio.gz"
[ -f "$O/macro.cpio.gz" ] && echo "macro cpio (CONFIG_IB_MACRO, the compile workload): $(stat -c %s \
	"$O/macro.cpio.gz") bytes; with it the image is $(stat -c %s "$O/initramfs-macro.cpio.gz") bytes"
echo "load average before the quick boots: $(cut -d' ' -f1-3 /proc/loadavg)"
"$O/initbench" run --kernel "$KERNELS/default/vmlinuz" --accel tcg --label tcg --runs "$RUNS" \
	--results "$R" > "$R/tcg.log" 2>&1 || echo "tcg: initbench run exited $? (see $R/tcg.log)"
"$O/initbench" run --kernel uml --label uml --runs "$RUNS" --results "$R" > "$R/uml.log" 2>&1 ||
	echo "uml: initbench run exited $? (see $R/uml.log)"
"$O/tests/boot-figures" "$R"/tcg/*/results.json "$R"/uml/*/results.json

echo
echo "full profile ($FULL, configs/defconfig):"
echo "load average before the native run: $(cut -d' ' -f1-3 /proc/loadavg)"
"$FULL/initbench" native --suite "$FULL/bench/ibsuite" --hello "$FULL/bench/ib-hello" \
	--hello-dyn "$FULL/bench/ib-hello-dyn" \
	--results "$R/full" > "$R/full-native.log" 2>&1 || echo "native: exited $? (see $R/full-native.log)"
echo "load average before the TCG boot: $(cut -d' ' -f1-3 /proc/loadavg)"
"$FULL/initbench" run --kernel "$KERNELS/default/vmlinuz" --accel tcg --label tcg --results "$R/full" \
	> "$R/full-tcg.log" 2>&1 || echo "tcg: initbench run exited $? (see $R/full-tcg.log)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$O/tests/boot-figures" --per-bench "$R"/full/native/*/results.json "$R"/full/tcg/*/results.json \
	| tee "$R/full-figures.txt"
echo
echo "time budget of the full profile (targets: native <= 60 s; TCG ratio <= 2.0):"
awk '/^[^ ]/ && $1 != "label" { label[++n] = $1; wall[n] = $3 }
/^    total +[0-9]/ { total[n] = $2 }
/^    total without/ { bare[n] = $(NF - 1) }
/^    of it / { added[n] = $(NF - 1) }
/^    ratio total/ { ratio[n] = $NF }
/^    ratio the same/ { bratio[n] = $NF }
END { for (i = 1; i <= n; i++) {
	printf "  %-6s %s s of benchmarks (%s s wall), %s s of them Core operations + lmbench 3 additions + TLB + COW/THP faults: ratio %s\n", label[i], total[i], wall[i], added[i], ratio[i]
	if (i in bare) printf "  %-6s without Macro workloads %s s, ratio %s\n", label[i], bare[i], bratio[i] } }' \
	"$R/full-figures.txt"

echo
R="$R" O="$O" KERNELS="$KERNELS" "$(dirname "$0")/bench-aa.sh"
