#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The image's second cpio: kernel modules for PID 1 to load (`make MODULES=DIR`).
# Usage: scripts/mkmodules.sh MODDIR "NAMES" OUT.cpio.gz MKCPIO EPOCH
#   MODDIR  a /lib/modules/<version> tree (its basename is the version)
#   NAMES   modules asked for (CONFIG_IB_MODULES); their dependencies come from depmod and
#           `modprobe --show-depends`, run on a symlink copy of MODDIR so that the tree is
#           never written to (a kernel .deb ships no modules.dep). Built-in ones are skipped.
# The cpio holds /lib/modules/<version>/initbench/*.ko (compressed modules are
# decompressed here: finit_module then needs no decompressor in the kernel) and
# /lib/modules/<version>/initbench.load, the load order, dependencies first, one file a line;
# a module that is only a soft dependency (modinfo softdep, e.g. libcrc32c's "pre: crc32c",
# which is crc32c-intel: no such CPU under QEMU's TCG) is followed by " optional": PID 1
# loads it too, as modprobe would, but its failure is not the disk's.
set -eu
moddir=$1 names=$2 out=$3 mkcpio=$4 epoch=$5

die() { echo "initbench: MODULES=$moddir: $*" >&2; exit 2; }
[ -d "$moddir" ] || die "not a directory (a /lib/modules/<version> tree, or MODULES=default)"
[ -f "$moddir/modules.order" ] || [ -d "$moddir/kernel" ] ||
	die "no modules.order or kernel/ in it: not a /lib/modules/<version> tree"
moddir=$(cd "$moddir" && pwd)
ver=$(basename "$moddir")
command -v depmod >/dev/null && command -v modprobe >/dev/null ||
	die "depmod and modprobe are needed (apt-get install kmod)"

work=$out.d
rm -rf "$work"
mkdir -p "$work/base/lib/modules/$ver" "$work/ko"
cp -as "$moddir/." "$work/base/lib/modules/$ver/"
rm -f "$work/base/lib/modules/$ver"/modules.*.bin "$work/base/lib/modules/$ver/modules.dep"
depmod -b "$work/base" "$ver"

# NAME and every module it needs (modinfo depends, recursively), one a line, '-' as '_'
hard_deps() {
	echo "$1" | tr - _
	for d in $(modinfo -b "$work/base" -k "$ver" -F depends "$1" 2>/dev/null | tr , ' '); do
		hard_deps "$d"
	done
}

: > "$work/load"
for m in $names; do
	hard_deps "$m" > "$work/hard"
	deps=$(modprobe -d "$work/base" -S "$ver" --show-depends "$m" 2>&1) ||
		die "module $m: $(echo "$deps" | tail -n 1)"
	echo "$deps" | while read -r kind path _; do
		case $kind in
		insmod) ;;
		builtin) echo "initbench: module $m is built into $ver: not packed" >&2; continue ;;
		*) die "module $m: unexpected modprobe output '$kind $path'" ;;
		esac
		ko=$(basename "$path")
		name=${ko%.ko*}.ko
		cut -d' ' -f1 "$work/load" | grep -qxF "$name" && continue
		opt=
		echo "${ko%.ko*}" | tr - _ | grep -qxFf - "$work/hard" || opt=" optional"
		case $ko in
		*.ko) cp -L "$path" "$work/ko/$name" ;;
		*.ko.xz) xz -dc "$path" > "$work/ko/$name" ;;
		*.ko.zst) zstd -qdc "$path" > "$work/ko/$name" ;;
		*.ko.gz) gzip -dc "$path" > "$work/ko/$name" ;;
		*) die "module $m: unknown file $path" ;;
		esac
		echo "$name$opt" >> "$work/load"
	done
done

{
	echo "dir /lib 0755 0 0"
	echo "dir /lib/modules 0755 0 0"
	echo "dir /lib/modules/$ver 0755 0 0"
	echo "dir /lib/modules/$ver/initbench 0755 0 0"
	echo "file /lib/modules/$ver/initbench.load $work/load 0644 0 0"
	while read -r name _; do
		echo "file /lib/modules/$ver/initbench/$name $work/ko/$name 0644 0 0"
	done < "$work/load"
} > "$work/manifest"
"$mkcpio" -t "$epoch" -o "$work/modules.cpio" "$work/manifest"
gzip -9 -n -c "$work/modules.cpio" > "$out.tmp" && mv "$out.tmp" "$out"
echo "initbench: modules for $ver: $(tr '\n' ' ' < "$work/load")($(stat -c %s "$out") bytes)" >&2
