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
# Env: JOBS (default: the number of CPUs), V=1 for the kernel's own verbose output;
#   KERNEL_FRAGMENT  more fragments (blank-separated files) merged after FRAGMENT: their lines
#             win over FRAGMENT's (`# CONFIG_INET is not set` builds a kernel without inet)
#             and must survive olddefconfig too
#   KERNEL_BUILD  build in this directory instead of KERNELS/LABEL/build: a tree another
#             label was built in (same SRC) is rebuilt incrementally, Kbuild recompiling only
#             what the changed options touch (a minute, not eight, for no inet and no unix);
#             it then holds this kernel, and KERNELS/LABEL gets no build/ of its own
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
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
fragment=$(abspath "$fragment")
extra=
for f in ${KERNEL_FRAGMENT:-}; do
	[ -f "$f" ] || die "KERNEL_FRAGMENT: $f is missing (a file of CONFIG_ lines)"
	grep -q '^CONFIG_\|^# CONFIG_[A-Za-z0-9_]* is not set$' "$f" ||
		die "KERNEL_FRAGMENT: $f has no CONFIG_X=... or '# CONFIG_X is not set' line"
	extra="$extra $(abspath "$f")"
done

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
if [ -n "${KERNEL_BUILD:-}" ]; then
	mkdir -p "$KERNEL_BUILD"
	build=$(cd "$KERNEL_BUILD" && pwd)
	# the kernel's own O= link back to the source it was configured from
	[ ! -e "$build/source" ] || [ "$(readlink -f "$build/source")" = "$(readlink -f "$src")" ] ||
		die "KERNEL_BUILD=$KERNEL_BUILD was built from $(readlink -f "$build/source"), not $src"
fi
mkdir -p "$out" "$build"
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
"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$fragment" $extra >/dev/null
kmake -s olddefconfig

# symbols the extra fragments set (either way): theirs is the line that must hold
overridden=$(sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' \
	/dev/null $extra)
missing=$(grep '^CONFIG_' "$fragment" | while IFS= read -r want; do
	echo "$overridden" | grep -qxF "${want%%=*}" && continue
	grep -qxF "$want" "$build/.config" || echo "$want"; done)
[ -z "$missing" ] || die "the fragment did not survive olddefconfig in $src (missing dependencies?): $(echo $missing)"
for f in $extra; do
	missing=$(grep '^CONFIG_\|^# CONFIG_[A-Za-z0-9_]* is not set$' "$f" | while IFS= read -r want; do
		case $want in
		'# '*) sym=${want#'# '}; sym=${sym%' is not set'}
		       ! grep -q "^$sym=" "$build/.config" || echo "$want" ;;
		*)     grep -qxF "$want" "$build/.config" || echo "$want" ;;
		esac; done)
	[ -z "$missing" ] || die "KERNEL_FRAGMENT $f did not survive olddefconfig in $src (selected by another option, or missing dependencies?): $(echo $missing)"
done

kmake -j"${JOBS:-$(nproc)}" bzImage
cp "$build/arch/x86/boot/bzImage" "$out/bzImage.tmp" && mv "$out/bzImage.tmp" "$out/bzImage"
cp "$build/.config" "$out/config"
release=$(kmake -s kernelrelease)
echo "$release" > "$out/version"
printf 'initbench: kernel %s: %s (%s, %s bytes), config %s\n' "$label" "$out/bzImage" \
	"$release" "$(stat -c %s "$out/bzImage")" "$out/config"
