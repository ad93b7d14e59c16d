# SPDX-License-Identifier: GPL-2.0-or-later
# Two clean builds of the same tree and config give byte-identical images, which hold the
# suite, both hellos and the dynamic loader the dynamic one names.
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
rm -rf "$other"
