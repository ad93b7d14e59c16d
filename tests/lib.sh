# SPDX-License-Identifier: GPL-2.0-or-later
# Shared glue for the integration scripts (sourced). Env from tests/run-tests.sh: O, srctree.
set -u
IB="$O/initbench"
IMAGE="$O/initramfs.cpio.gz"
KERNEL_DEFAULT="$KERNELS/default/vmlinuz"
RESULTS="$O/test-results"
say() { echo "# $*"; }
# the record lines of a console log or disk copy, without what precedes the tag or a \r
records() { grep -a '# IB ' "$1" | tr -d '\r' | sed 's/^.*\(# IB \)/\1/'; }
die() { echo "FAIL: $*"; exit 1; }
# 0 when the run whose stderr is in $1 says UML cannot run on this host at all (a CPU that
# Debian's UML kernel does not support: host/boot/uml.h), so a UML test can skip with the reason
uml_refused() { grep -q '^initbench: UML cannot run on this host' "$1"; }
# metal_boot LOG SECONDS QEMU-ARGS...: a PC under TCG (512 MiB, one CPU) started without
# -kernel, so that its firmware and boot loader do the booting, serial console to LOG; QEMU
# may reboot it (no -no-reboot). 0 when the guest powered itself off, 124 after SECONDS.
metal_boot() {
	_log=$1 _secs=$2
	shift 2
	timeout "$_secs" qemu-system-x86_64 -nodefaults -display none -M pc -accel tcg -m 512 \
		-smp 1 -serial "file:$_log" "$@"
}
OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.fd
OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
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
