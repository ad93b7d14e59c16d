#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetch Debian's cloud kernel once and unpack it (never install it).
# Usage: scripts/fetch-kernel.sh KERNELS_DIR [METAPACKAGE]
# METAPACKAGE defaults to linux-image-cloud-amd64; a foreign architecture's carries its
# :arch (linux-image-cloud-arm64:arm64, mk/arch.mk), which needs that architecture enabled
# in dpkg. Leaves KERNELS_DIR/default/vmlinuz (a symlink to the unpacked kernel: a bzImage,
# an arm64 Image) and KERNELS_DIR/default/version. Reuses what is there.
set -eu
dir=$1
meta=${2:-linux-image-cloud-amd64}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [ -e "$dir/default/vmlinuz" ]; then
	exit 0
fi
apt_known() { apt-cache show "$1" >/dev/null 2>&1; }
apt_known "$meta" || apt-get update -qq || {
	echo "initbench: apt-get update failed; cannot fetch $meta" >&2; exit 1; }
# The metapackage only depends on the versioned image package: resolve it.
# (for a foreign architecture apt names it with its :arch, the .deb file without)
pkgarch=$(apt-cache depends "$meta" 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}')
pkg=${pkgarch%%:*}
[ -n "$pkg" ] || { echo "initbench: cannot resolve the kernel package behind $meta" >&2; exit 1; }
dl="$dir/debs"
mkdir -p "$dl"
if ! ls "$dl/${pkg}_"*.deb >/dev/null 2>&1; then
	echo "initbench: downloading $pkgarch (apt-get download)" >&2
	# apt's sandbox user cannot write into root-owned dirs: download as the caller.
	(cd "$dl" && apt-get -q -o APT::Sandbox::User=root download "$pkgarch" >&2)
fi
deb=$(ls "$dl/${pkg}_"*.deb | head -n 1)
tree="$dir/$pkg"
rm -rf "$tree.tmp"
dpkg-deb -x "$deb" "$tree.tmp"
rm -rf "$tree"
mv "$tree.tmp" "$tree"
img=$(ls "$tree"/boot/vmlinuz-* | head -n 1)
[ -f "$img" ] || { echo "initbench: no vmlinuz in $deb" >&2; exit 1; }
mkdir -p "$dir/default"
# relative, so that a kernels directory still works when moved or copied
ln -sfn "../$pkg/boot/$(basename "$img")" "$dir/default/vmlinuz"
basename "$img" | sed 's/^vmlinuz-//' > "$dir/default/version"
echo "initbench: default kernel $(cat "$dir/default/version") in $tree" >&2
