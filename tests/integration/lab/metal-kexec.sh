# SPDX-License-Identifier: GPL-2.0-or-later
# kexec, for real (docs/boot.md): a first-stage guest (Debian's cloud kernel with a small
# initramfs: busybox, Debian's kexec-tools and the libraries it links, target/kexec, the
# candidate kernel and the image) runs target/kexec as a lab machine's own Linux would;
# kexec-tools loads the candidate, which boots without the firmware, runs the suite and
# writes its records to an NVMe disk. The console shows both stages (the first one's words,
# then a second kernel whose begin record names kexec-tools as its boot loader); `initbench
# import` of the disk gives one complete boot whose records equal the console's.
. "$srctree/tests/lib.sh"
for t in qemu-system-x86_64 cpio gzip ldd; do
	command -v $t >/dev/null || die "$t is missing"
done
[ -x /bin/busybox ] || die "no /bin/busybox (busybox-static)"
w="$O/metal-kexec"
rm -rf "$w" && mkdir -p "$w"
libs=$("$srctree/scripts/fetch-kexec.sh" "$KERNELS/kexec-tools" 2> "$w/fetch.log") ||
	{ cat "$w/fetch.log"; die "cannot fetch kexec-tools"; }
kx="$KERNELS/kexec-tools/root/sbin/kexec"
s="$w/stage1"
mkdir -p "$s/bin" "$s/sbin" "$s/proc" "$s/sys" "$s/dev" "$s/boot" "$s/target"
cp /bin/busybox "$s/bin/" && for a in sh mount mkdir echo uname id sync poweroff sleep cat; do
	ln -s busybox "$s/bin/$a"; done
cp "$kx" "$s/sbin/kexec" && cp "$srctree/target/kexec" "$s/target/kexec" || die "cannot copy kexec"
# what kexec links, at the paths its loader looks them up (the host's own for the rest)
LD_LIBRARY_PATH="$libs" ldd "$kx" | awk '/=> \// { print $3 } /^\t\// { print $1 }' > "$w/libs"
while read -r lib; do
	dest="$s$(echo "$lib" | sed "s|^$KERNELS/kexec-tools/root||")"
	mkdir -p "$(dirname "$dest")" && cp -L "$lib" "$dest" || die "cannot copy $lib"
done < "$w/libs"
cp -L "$KERNEL_DEFAULT" "$s/boot/vmlinuz" && cp "$IMAGE" "$s/boot/initramfs.cpio.gz" || die "cannot copy the candidate"
cat > "$s/init" <<'EOT'
#!/bin/sh
export PATH=/bin:/sbin
mount -t proc proc /proc && mount -t sysfs sys /sys && mount -t devtmpfs dev /dev
echo "stage1: Linux $(uname -r) running; kexec into the candidate"
/target/kexec /boot/vmlinuz /boot/initramfs.cpio.gz initbench.bench=null_call,fork_proc initbench.out=nvme0n1
echo "stage1: target/kexec returned $?"
poweroff -f
EOT
chmod +x "$s/init"
(cd "$s" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 > "$w/stage1.cpio.gz" || die "cannot pack stage 1"
truncate -s 8M "$w/nvme.img"
t0=$(date +%s)
timeout 600 qemu-system-x86_64 -nodefaults -display none -M pc -accel tcg -m 512 -smp 1 \
	-serial "file:$w/kexec.log" -kernel "$KERNEL_DEFAULT" -initrd "$w/stage1.cpio.gz" \
	-append "console=ttyS0,115200 panic=-1 rdinit=/init" -no-reboot \
	-drive "file=$w/nvme.img,if=none,id=d0,format=raw" -device nvme,drive=d0,serial=ib0 \
	> "$w/qemu.out" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$w/qemu.out"; tail -c 3000 "$w/kexec.log"; die "QEMU exited $rc"; }
say "stage 1, kexec, the suite and power off: $(( $(date +%s) - t0 )) s"
L="$w/kexec.log"
grep -aq 'stage1: Linux .* running; kexec into the candidate' "$L" || die "no first stage on the console"
grep -aq 'initbench: kexec: jumping into /boot/vmlinuz' "$L" || die "target/kexec did not jump"
grep -aq 'stage1: target/kexec returned' "$L" && die "target/kexec returned to the first stage"
[ "$(grep -ac '] Linux version ' "$L")" -eq 2 ] || die "not two kernels on the console"
first=$(grep -an 'initbench: kexec: jumping' "$L" | cut -d: -f1)
sed -n "$first,\$p" "$L" | grep -aq '] Linux version ' || die "no second kernel after the jump"
records "$L" > "$w/console.rec"
grep -q ' boot.fw=bios boot.fw_vendor=SeaBIOS .* boot.loader=kexec-tools boot.loader_type=0xd' "$w/console.rec" ||
	{ grep -o ' boot\.[^ ]*' "$w/console.rec"; die "the begin record does not name kexec-tools"; }
grep -q 'cmdline=console=tty0%20console=ttyS0,115200%20panic=-1%20initbench.bench=null_call,fork_proc%20initbench.out=nvme0n1 ' "$w/console.rec" ||
	die "the second kernel's command line is not target/kexec's"
"$IB" import "$w/nvme.img" --label kexec --results "$w/results" > "$w/import" 2> "$w/import.err" ||
	{ cat "$w/import" "$w/import.err"; die "import of the disk failed"; }
grep -qx 'kexec/1: console capture, complete' "$w/import" || { cat "$w/import"; die "not one complete boot"; }
records "$w/results/kexec/1/console.log" > "$w/disk.rec"
cmp -s "$w/console.rec" "$w/disk.rec" || { diff "$w/console.rec" "$w/disk.rec" | head; die "the disk's records differ from the console's"; }
say "kexec: first stage $(grep -a 'stage1: Linux' "$L" | tr -d '\r' | cut -c1-60), then $(wc -l < "$w/disk.rec") records on the disk, equal to the console's"
"$IB" report --results "$w/results" kexec | sed -n '/^Processor/,/^$/p' || die "report failed"
rm -rf "$w"
