#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Figures, not tests: image size, boot-to-first-record, init-start-to-first-record and the
# wall time of the quick profile per boot, under QEMU-TCG and UML. Run by `make bench-harness`
# with O= a tree built from quick_defconfig. Targets (issue 2): quick profile <= 60 s per
# boot under TCG, boot included; init start to first record <= 0.3 s.
set -u
: "${O:?}" "${KERNELS:?}"
R="$O/bench-harness"
RUNS=${RUNS:-3}
rm -rf "$R"
mkdir -p "$R"
echo "image: $(stat -c %s "$O/initramfs.cpio.gz") bytes, $O/initramfs.cpio.gz"
"$O/initbench" run --kernel "$KERNELS/default/vmlinuz" --accel tcg --label tcg --runs "$RUNS" \
	--results "$R" > "$R/tcg.log" 2>&1 || echo "tcg: initbench run exited $? (see $R/tcg.log)"
"$O/initbench" run --kernel uml --label uml --runs "$RUNS" --results "$R" > "$R/uml.log" 2>&1 ||
	echo "uml: initbench run exited $? (see $R/uml.log)"
"$O/tests/boot-figures" "$R"/tcg/*/results.json "$R"/uml/*/results.json
