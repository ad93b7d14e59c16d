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
