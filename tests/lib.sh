# SPDX-License-Identifier: GPL-2.0-or-later
# Shared glue for the integration scripts (sourced). Env from tests/run-tests.sh: O, srctree.
set -u
IB="$O/initbench"
IMAGE="$O/initramfs.cpio.gz"
KERNEL_DEFAULT="$KERNELS/default/vmlinuz"
RESULTS="$O/test-results"
say() { echo "# $*"; }
die() { echo "FAIL: $*"; exit 1; }
