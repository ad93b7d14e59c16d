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
