# SPDX-License-Identifier: GPL-2.0-or-later
# Two clean builds of the same tree and config give byte-identical images, which hold the
# suite, both hellos and the dynamic loader the dynamic one names; so does the image with the
# compile workload's macro cpio appended (docs/macro.md). Then `make image` of a tree with
# CONFIG_IB_MACRO=y reports the size of each part, and the parts add up to the image, the
# macro cpio at its end.
. "$srctree/tests/lib.sh"
other="$O/repro"
rm -rf "$other"
mkdir -p "$other"
cp "$O/.config" "$other/.config"
make -C "$srctree" -s O="$other" image > "$other/build.log" 2>&1 || { cat "$other/build.log"; die "second build failed"; }
a=$(sha256sum < "$IMAGE"); b=$(sha256sum < "$other/initramfs.cpio.gz")
say "first  $a"; say "second $b"
[ "$a" = "$b" ] || die "images differ"
cpio -t < "$O/initramfs.cpio" > "$other/list" 2>/dev/null || die "cpio -t cannot list the image"
for f in init bin/ibsuite bin/ib-hello bin/ib-hello-dyn bin/busybox bin/sh dev/console; do
	grep -qx "$f" "$other/list" || die "image lacks $f"
done
# exec proc's dynamic hello needs musl's loader, under the name the hello gives it
interp=$(readelf -l "$O/bench/ib-hello-dyn" | sed -n 's/.*program interpreter: \/\(.*\)\]$/\1/p')
[ -n "$interp" ] || die "bench/ib-hello-dyn names no program interpreter"
grep -qx "$interp" "$other/list" || die "image lacks /$interp, the loader bench/ib-hello-dyn names"
say "the image carries /$interp for bench/ib-hello-dyn"

# the image with the macro cpio (the tcc source package is fetched once, into KERNELS); the
# compile workload is built for x86_64 guests only so far
if [ "$(uname -m)" != x86_64 ]; then
	say "not x86_64: the macro cpio is not built here"
	rm -rf "$other"
	exit 0
fi
for o in "$O" "$other"; do
	make -C "$srctree" -s O="$o" KERNELS="$KERNELS" "$o/initramfs-macro.cpio.gz" > "$other/macro.log" 2>&1 ||
		{ tail -n 20 "$other/macro.log"; die "building $o/initramfs-macro.cpio.gz failed"; }
done
a=$(sha256sum < "$O/initramfs-macro.cpio.gz"); b=$(sha256sum < "$other/initramfs-macro.cpio.gz")
say "with the macro cpio: first  $a"; say "with the macro cpio: second $b"
[ "$a" = "$b" ] || die "images with the macro cpio differ"
zcat "$other/macro.cpio.gz" | cpio -t > "$other/macro-list" 2>/dev/null || die "cpio -t cannot list the macro cpio"
for f in opt/macro/bin/tcc opt/macro/build.list opt/macro/lib/tcc/libtcc1.a opt/macro/lib/musl/lib/libc.a \
	opt/macro/lib/musl/include/stdio.h opt/macro/src/tccgen.c opt/macro/src/COPYING; do
	grep -qx "$f" "$other/macro-list" || die "the macro cpio lacks $f"
done

# CONFIG_IB_MACRO=y: the size of each part
echo 'CONFIG_IB_MACRO=y' >> "$other/.config"
make -C "$srctree" -s O="$other" KERNELS="$KERNELS" image > "$other/image.log" 2>&1 ||
	{ tail -n 20 "$other/image.log"; die "the CONFIG_IB_MACRO=y build failed"; }
line=$(grep '^initbench: image ' "$other/image.log")
say "$line"
size=$(stat -c %s "$other/initramfs.cpio.gz") macro=$(stat -c %s "$other/macro.cpio.gz")
base=$(echo "$line" | sed -n 's/.*(base \([0-9]*\) + macro \([0-9]*\))$/\1/p')
echo "$line" | grep -q " $size bytes .*(base $base + macro $macro)\$" ||
	die "the image line does not give the image's size ($size) as base + macro ($macro)"
[ $((base + macro)) -eq "$size" ] || die "base $base + macro $macro is not the image's $size bytes"
tail -c "$macro" "$other/initramfs.cpio.gz" | cmp -s - "$other/macro.cpio.gz" || die "the image does not end with the macro cpio"
rm -rf "$other"
