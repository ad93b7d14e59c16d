# SPDX-License-Identifier: GPL-2.0-or-later
# Results to a disk (initbench.out=, docs/disk.md), with Debian's cloud kernel under QEMU-TCG
# loading its own virtio_pci/virtio_blk/vfat modules from the image's second cpio
# (make MODULES=default), its built-in NVMe, and UML's ubd: for a raw dump, a file on vfat
# found by LABEL= (one file per boot in a directory) and a file on ext4 found by PARTUUID=
# on a GPT disk,
# `initbench import` of what is on the disk gives the very records of the console, and
# the same summary. Then the failures: a device that never appears, a raw dump over a file
# system (refused, the disk untouched), the wrong file system, a bad spec, a read-only disk,
# a device too small (the whole lines that fit, marked truncated). In every case the console records stay complete.
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
for t in mkfs.vfat mkfs.ext4 sfdisk mcopy debugfs; do
	command -v $t >/dev/null || die "$t is missing (make check installs dosfstools, e2fsprogs, fdisk, mtools)"
done
w="$O/disk-test"
rm -rf "$w" && mkdir -p "$w"
R="$w/results"
img="$w/image.cpio.gz"
BENCH=null_call,stat,fork_proc

make -C "$srctree" -s O="$O" KERNELS="$KERNELS" MODULES=default IMAGE="$img" "$img" \
	> "$w/build.log" 2>&1 || { cat "$w/build.log"; die "the image with modules did not build"; }
# the second archive (the kernel reads concatenated ones; cpio -t stops at the first trailer)
zcat "$img" | grep -aq 'lib/modules/[^/]*/initbench/virtio_blk.ko' || die "no virtio_blk.ko in the image"
[ "$(stat -c %s "$img")" -gt "$(stat -c %s "$IMAGE")" ] || die "the image with modules is not bigger"

# boot LABEL DISK OUT [KERNEL]: LOG is then the console log
boot() {
	"$IB" run --kernel "${4:-$KERNEL_DEFAULT}" --accel tcg --image "${IMG:-$img}" --results "$R" \
		--label "$1" --disk "$2" --out "$3" --bench "$BENCH" > "$w/$1.run" 2>&1
	rc=$?
	LOG="$R/$1/1/console.log"
	[ $rc -eq 7 ] && uml_refused "$w/$1.run" && return 77
	[ $rc -eq 0 ] || { cat "$w/$1.run"; die "$1: initbench run exited $rc (console records incomplete?)"; }
}
# the disk's records equal the console's, and the two summaries agree cell for cell
same_as_console() {
	label=$1 file=$2
	"$IB" import "$file" --label "d$label" --results "$R" > "$w/$label.import" 2>&1 ||
		{ cat "$w/$label.import"; die "$label: import of $file failed"; }
	records "$R/$label/1/console.log" > "$w/$label.con"
	records "$R/d$label/1/console.log" > "$w/$label.dsk"
	[ -s "$w/$label.con" ] || die "$label: no records on the console"
	cmp -s "$w/$label.con" "$w/$label.dsk" || { diff "$w/$label.con" "$w/$label.dsk" | head; die "$label: the disk's records differ from the console's"; }
	"$IB" report --results "$R" "$label" |
		sed -E "s#^$label +#X #; s#^$label/#X/#; s#^  fsdir: $label/#  fsdir: X/#" > "$w/$label.sum"
	"$IB" report --results "$R" "d$label" |
		sed -E "s#^d$label +#X #; s#^d$label/#X/#; s#^  fsdir: d$label/#  fsdir: X/#" > "$w/d$label.sum"
	cmp -s "$w/$label.sum" "$w/d$label.sum" || { diff "$w/$label.sum" "$w/d$label.sum"; die "$label: the summaries differ"; }
	say "$label: $(wc -l < "$w/$label.con") records on the disk, equal to the console's; $(head -n 1 "$w/$label.import")"
}

# raw, virtio-blk
truncate -s 8M "$w/raw.img"
boot raw "$w/raw.img" vda; log=$LOG
grep -aq 'init: out: wrote .* bytes to /dev/vda (raw dump v1' "$log" || die "raw: no 'wrote' line on the console"
nmod=$(grep -c . "$O/modules.cpio.gz.d/load")
grep -aEq "init.modules=($nmod|[0-9]+/$nmod(,optional:[^ ,]*)+) " "$log" ||
	die "raw: the begin record does not say the $nmod modules loaded (optional ones may fail)"
same_as_console raw "$w/raw.img"
grep -q 'raw dump v1, .* data CRC ok' "$w/raw.import" || die "raw: import did not verify the CRC"

# NVMe is built into the cloud kernel: the image without modules is enough
truncate -s 8M "$w/nvme.img"
IMG="$IMAGE" boot nvme "nvme:$w/nvme.img" nvme0n1; log=$LOG
grep -aq 'init.modules=none' "$log" || die "nvme: the base image has modules?"
same_as_console nvme "$w/nvme.img"

# vfat by LABEL=, a directory: one file per boot
truncate -s 32M "$w/vfat.img" && mkfs.vfat -n IBOUT "$w/vfat.img" > /dev/null
boot vfat "$w/vfat.img" LABEL=IBOUT:vfat:/runs/; log=$LOG
name=$(mdir -i "$w/vfat.img" -b ::/runs | sed 's|.*/||')
[ "$(echo "$name" | wc -l)" -eq 1 ] && echo "$name" | grep -Eq '^ib-[0-9a-f]{8}\.log$' || die "vfat: expected one ib-XXXXXXXX.log in /runs, found: $name"
mcopy -n -i "$w/vfat.img" "::/runs/$name" "$w/vfat.log"
same_as_console vfat "$w/vfat.log"

# ext4 on a GPT partition, by PARTUUID=
truncate -s 64M "$w/gpt.img"
printf 'label: gpt\nstart=2048, size=98304, uuid=5eed0000-1b1b-4c4c-8d8d-0123456789ab\n' | sfdisk -q "$w/gpt.img"
mkfs.ext4 -q -F -E offset=1048576 "$w/gpt.img" 48M
boot ext4 "$w/gpt.img" PARTUUID=5EED0000-1B1B-4C4C-8D8D-0123456789AB:ext4:/ib/result.log; log=$LOG
grep -aq 'init: out: wrote .* bytes to /ib/result.log on /dev/vda1 (ext4)' "$log" || die "ext4: no 'wrote' line naming /dev/vda1"
dd if="$w/gpt.img" of="$w/part1.img" bs=1M skip=1 count=48 2>/dev/null
debugfs -R 'cat /ib/result.log' "$w/part1.img" > "$w/ext4.log" 2>/dev/null
same_as_console ext4 "$w/ext4.log"

# UML: ubd0= is /dev/ubda, built into the UML kernel
truncate -s 8M "$w/uml.img"
if boot uml "$w/uml.img" ubda /usr/bin/linux.uml; then
	same_as_console uml "$w/uml.img"
else
	# the host's CPU, said by initbench (host/boot/uml.h): the UML disk is not judged here
	say "uml: not judged: $(grep '^initbench: UML cannot run on this host' "$w/uml.run" | cut -c1-160)"
fi

# failures: the console records stay complete (boot() insists on exit 0) and a line says why
boot missing "$w/raw.img" vdb; log=$LOG
grep -aq 'init: out: /dev/vdb does not exist after [0-9]* s: the results are on the console only' "$log" || die "missing: no line about /dev/vdb"
sum=$(sha256sum < "$w/vfat.img")
boot overfs "$w/vfat.img" vda; log=$LOG
grep -aq 'init: out: /dev/vda holds vfat data: refusing to overwrite it with a raw dump' "$log" || die "overfs: the raw dump over vfat was not refused"
[ "$(sha256sum < "$w/vfat.img")" = "$sum" ] || die "overfs: the vfat disk was changed"
boot wrongfs "$w/vfat.img" vda:ext4:/x.log; log=$LOG
grep -aq 'init: out: cannot mount /dev/vda as ext4' "$log" || die "wrongfs: no line about the failed mount"
boot badspec "$w/raw.img" 'vda:vfat:/../x'; log=$LOG
grep -aq 'initbench.out=vda:vfat:/../x refused' "$log" || die "badspec: the bad spec was not refused"
grep -aq 'init.refused=out=vda:vfat:/../x' "$log" || die "badspec: the begin record does not name the refused value"
boot ro "ro:$w/raw.img" vda; log=$LOG
grep -aq 'init: out: writing /dev/vda: .*(a read-only device?)' "$log" || die "ro: no line about the read-only device"
truncate -s 4096 "$w/tiny.img"
BENCH=null_call,null_io,stat,open_close,sig_inst,fork_proc   # more than 3.5 KB of records
boot tiny "$w/tiny.img" vda; log=$LOG
grep -aq 'TRUNCATED: the device is too small' "$log" || die "tiny: no truncation line"
"$IB" import "$w/tiny.img" --label dtiny --results "$R" > "$w/tiny.import" 2>&1
grep -q 'TRUNCATED' "$w/tiny.import" || { cat "$w/tiny.import"; die "tiny: import did not say TRUNCATED"; }
grep -q 'dtiny/1: console capture, incomplete' "$w/tiny.import" || die "tiny: the truncated dump was not marked incomplete"
say "missing device, raw over vfat, wrong fs, bad spec, read-only and a too small device: said on the console, records complete"
rm -rf "$w"
