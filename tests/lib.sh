# SPDX-License-Identifier: GPL-2.0-or-later
# Shared glue for the integration scripts (sourced). Env from tests/run-tests.sh: O, srctree.
set -u
IB="$O/initbench"
IMAGE="$O/initramfs.cpio.gz"
KERNEL_DEFAULT="$KERNELS/default/vmlinuz"
RESULTS="$O/test-results"
say() { echo "# $*"; }
die() { echo "FAIL: $*"; exit 1; }
# 0 when the run whose stderr is in $1 says UML cannot run on this host at all (a CPU that
# Debian's UML kernel does not support: host/boot/uml.h), so a UML test can skip with the reason
uml_refused() { grep -q '^initbench: UML cannot run on this host' "$1"; }
# dies unless the report $1 has $3 rows of label $2 in its Macro workloads section, each with
# all seven cells (macro.sh, compare-pti.sh)
macro_rows_filled() {
	awk -v l="$2" '
		/^Macro workloads - / { in_sec = 1; next }
		in_sec && /^$/ { in_sec = 0 }
		in_sec && $1 == l { rows++; if (NF == 2 + 7 + 1) full++ }
		END { printf "%d %d\n", rows, full }' "$1" > "$1.rows"
	read -r rows full < "$1.rows"
	rm -f "$1.rows"
	[ "$rows" -eq "$3" ] || die "$2: $rows rows in Macro workloads, want $3"
	[ "$full" -eq "$3" ] || die "$2: $(($3 - full)) of its Macro workloads rows have blank cells"
}
