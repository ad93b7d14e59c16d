#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build a candidate kernel out of tree for initbench (`make kernel`).
# Usage: scripts/build-kernel.sh SRC BASE LABEL KERNELS FRAGMENT [BASE_CONFIG]
#   SRC       a kernel source tree, or a tarball of one (Debian's
#             /usr/src/linux-source-6.1.tar.xz), unpacked once into KERNELS/src/
#   BASE      tinyconfig | defconfig | olddefconfig (start from BASE_CONFIG, else SRC/.config)
#   LABEL     the result goes to KERNELS/LABEL/: bzImage, config (the final .config), build/
#   FRAGMENT  configs/kernel/initbench.config: merged with the kernel's own merge_config.sh;
#             every line of it must survive olddefconfig, or the build stops naming the lines
# Env: JOBS (default: the number of CPUs), V=1 for the kernel's own verbose output.
set -eu
src=$1 base=$2 label=$3 kernels=$4 fragment=$5 base_config=${6:-}

die() { echo "initbench: make kernel: $*" >&2; exit 2; }

case $base in tinyconfig|defconfig|olddefconfig) ;;
	*) die "KERNEL_BASE=$base: expected tinyconfig, defconfig or olddefconfig" ;; esac
case $label in ''|default|uml|src|.*|*[!A-Za-z0-9._-]*)
	die "LABEL='$label': name the kernel with [A-Za-z0-9._-] (not default, uml or src)" ;; esac
[ -e "$src" ] || die "KERNEL_SRC=$src does not exist (a kernel tree or a tarball of one)"
[ -f "$fragment" ] || die "fragment $fragment is missing"
mkdir -p "$kernels"
kernels=$(cd "$kernels" && pwd)
fragment=$(cd "$(dirname "$fragment")" && pwd)/$(basename "$fragment")

if [ -f "$src" ]; then
	name=$(basename "$src"); name=${name%.tar*}
	tree=$kernels/src/$name
	if [ ! -f "$tree/.initbench-unpacked" ]; then
		echo "initbench: unpacking $src into $tree" >&2
		rm -rf "$tree.tmp" && mkdir -p "$tree.tmp"
		tar -xf "$src" -C "$tree.tmp"
		top=$(ls "$tree.tmp")
		[ "$(echo "$top" | wc -l)" -eq 1 ] && [ -f "$tree.tmp/$top/Kconfig" ] ||
			die "$src does not hold one kernel source tree"
		rm -rf "$tree" && mv "$tree.tmp/$top" "$tree" && rmdir "$tree.tmp"
		touch "$tree/.initbench-unpacked"
	fi
	src=$tree
fi
src=$(cd "$src" && pwd)
[ -f "$src/Kconfig" ] && [ -f "$src/scripts/kconfig/merge_config.sh" ] ||
	die "KERNEL_SRC=$src is not a kernel source tree (no Kconfig or scripts/kconfig/merge_config.sh)"
[ ! -f "$src/.config" ] || [ "$base" = olddefconfig ] ||
	die "$src has a .config of its own: out-of-tree builds need a clean tree (make -C $src mrproper)"

out=$kernels/$label
build=$out/build
mkdir -p "$build"
kmake() { make -C "$src" O="$build" ARCH=x86_64 ${V:+V=$V} "$@"; }

if [ "$base" = olddefconfig ]; then
	from=${base_config:-$src/.config}
	[ -f "$from" ] || die "KERNEL_BASE=olddefconfig needs KERNEL_CONFIG=FILE or $src/.config"
	cp "$from" "$build/.config"
	echo "initbench: base configuration $from" >&2
else
	kmake -s "$base"
fi
# -m merges only; olddefconfig then fills in dependencies the way the kernel decides them.
"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$fragment" >/dev/null
kmake -s olddefconfig

missing=$(grep '^CONFIG_' "$fragment" | while IFS= read -r want; do
	grep -qxF "$want" "$build/.config" || echo "$want"; done)
[ -z "$missing" ] || die "the fragment did not survive olddefconfig in $src (missing dependencies?): $(echo $missing)"

kmake -j"${JOBS:-$(nproc)}" bzImage
cp "$build/arch/x86/boot/bzImage" "$out/bzImage.tmp" && mv "$out/bzImage.tmp" "$out/bzImage"
cp "$build/.config" "$out/config"
release=$(kmake -s kernelrelease)
echo "$release" > "$out/version"
printf 'initbench: kernel %s: %s (%s, %s bytes), config %s\n' "$label" "$out/bzImage" \
	"$release" "$(stat -c %s "$out/bzImage")" "$out/config"
