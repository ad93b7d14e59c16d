# SPDX-License-Identifier: GPL-2.0-or-later
# A lab machine booting the suite through real firmware and GRUB (docs/boot.md): `make
# disk-image RUNS=3` writes one disk image; QEMU boots it WITHOUT -kernel, once under SeaBIOS
# and once under OVMF (Debian's ovmf), and each time the machine boots the suite three
# times by itself (GRUB's boot counter in grubenv, initbench.end=reboot) and powers off.
# `initbench import` of the disk afterwards gives three complete boots whose records equal
# those of the serial capture (itself imported: three boots), each with the firmware and
# the boot loader the kernel saw in its begin record. The image's grub.cfg passes
# grub-script-check and its entry is target/grub-entry's for the same files and words.
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
for t in qemu-system-x86_64 sfdisk mkfs.vfat mcopy mtype grub-mkimage grub-editenv grub-script-check; do
	command -v $t >/dev/null || die "$t is missing (make check installs grub-pc-bin, grub-efi-amd64-bin, mtools, dosfstools, fdisk)"
done
[ -r "$OVMF_CODE" ] || die "no $OVMF_CODE (make check installs ovmf)"
w="$O/metal-grub"
rm -rf "$w" && mkdir -p "$w"
R="$w/results"
img="$w/image.cpio.gz"
BENCH=null_call,fork_proc

start=$(date +%s)
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" IMAGE="$img" DISK_IMAGE="$w/disk.img" \
	disk-image RUNS=3 APPEND="initbench.bench=$BENCH" > "$w/make.log" 2>&1 ||
	{ cat "$w/make.log"; die "make disk-image failed"; }
grep -q "wrote $w/disk.img (.*): GRUB for BIOS and UEFI, 3 boots" "$w/make.log" || { cat "$w/make.log"; die "make disk-image said nothing"; }
say "make disk-image: $(( $(date +%s) - start )) s, $(stat -c %s "$w/disk.img") bytes"
esp="$w/disk.img@@$((4096 * 512))"
MTOOLS_SKIP_CHECK=1 mtype -i "$esp" ::/boot/grub/grub.cfg > "$w/grub.cfg" || die "no /boot/grub/grub.cfg on the ESP"
grub-script-check "$w/grub.cfg" || die "grub-script-check refused the disk's grub.cfg"
for f in /EFI/BOOT/BOOTX64.EFI /boot/grub/grubenv /initbench/default/vmlinuz /initbench/default/image.cpio.gz; do
	MTOOLS_SKIP_CHECK=1 mdir -i "$esp" "::$f" > /dev/null 2>&1 || die "no $f on the ESP"
done
# entry 1 is what target/grub-entry prints for the same kernel, image and words
DEST=/initbench/default "$srctree/target/grub-entry" "$KERNEL_DEFAULT" "$img" \
	initbench.out=LABEL=IBOUT:vfat:/runs/01-default.log initbench.end=reboot "initbench.bench=$BENCH" |
	grep -E "^	(linux|initrd) " > "$w/entry.want"
sed -n "/--id ib-1 {/,/^}/p" "$w/grub.cfg" | grep -E "^	(linux|initrd) " > "$w/entry.got"
cmp -s "$w/entry.want" "$w/entry.got" || { diff "$w/entry.want" "$w/entry.got"; die "the disk's entry is not grub-entry's"; }

# FW: QEMU with that firmware boots a copy of the disk by itself. The two machines run side
# by side (one CPU each; make check runs one test at a time on two): half the wall time.
boot() {
	fw=$1
	shift
	t0=$(date +%s)
	metal_boot "$w/$fw.log" 900 "$@" -drive "file=$w/$fw.img,format=raw,if=virtio" > "$w/$fw.qemu" 2>&1
	rc=$?
	echo "$rc $(( $(date +%s) - t0 ))" > "$w/$fw.rc"
}
# then the loop's console, and both imports: of the disk and of the serial capture
check() {
	fw=$1
	read -r rc secs < "$w/$fw.rc"
	[ "$rc" -eq 0 ] || { cat "$w/$fw.qemu"; tail -c 3000 "$w/$fw.log"; die "$fw: QEMU exited $rc (124: the loop did not power off by itself)"; }
	say "$fw: 3 boots and power off by themselves in $secs s"
	for n in 1 2 3; do
		[ "$(grep -ac "initbench: boot $n of 3" "$w/$fw.log")" -ge 1 ] || die "$fw: GRUB did not say boot $n of 3"
	done
	"$IB" import "$w/$fw.img" --label "$fw" --results "$R" > "$w/$fw.import" 2>&1 ||
		{ cat "$w/$fw.import"; die "$fw: import of the disk image failed"; }
	[ "$(grep -c "^$fw/[123]: console capture, complete$" "$w/$fw.import")" -eq 3 ] ||
		{ cat "$w/$fw.import"; die "$fw: the disk did not give three complete boots"; }
	"$IB" import "$w/$fw.log" --label "$fw-console" --results "$R" > "$w/$fw-console.import" 2>&1 ||
		{ cat "$w/$fw-console.import"; die "$fw: import of the serial capture failed"; }
	grep -q "3 boots in one capture" "$w/$fw-console.import" || die "$fw: the capture was not split in three"
	for n in 1 2 3; do
		records "$R/$fw/$n/console.log" > "$w/$fw.d$n"
		records "$R/$fw-console/$n/console.log" > "$w/$fw.c$n"
		[ -s "$w/$fw.d$n" ] && cmp -s "$w/$fw.d$n" "$w/$fw.c$n" || { diff "$w/$fw.c$n" "$w/$fw.d$n" | head; die "$fw: boot $n: the disk's records differ from the console's"; }
		grep -q "cmdline=.*/runs/0$n-default.log" "$w/$fw.d$n" || die "$fw: boot $n is not count $n"
	done
	say "$fw: $(wc -l < "$w/$fw.d1"), $(wc -l < "$w/$fw.d2"), $(wc -l < "$w/$fw.d3") records on the disk, equal to the console's"
}

cp "$w/disk.img" "$w/bios.img" && cp "$w/disk.img" "$w/uefi.img" && cp "$OVMF_VARS" "$w/vars.fd" || die "cannot copy the disk"
t0=$(date +%s)
boot bios &
boot uefi -drive "if=pflash,format=raw,unit=0,readonly=on,file=$OVMF_CODE" -drive "if=pflash,format=raw,unit=1,file=$w/vars.fd" &
wait
say "SeaBIOS and OVMF side by side: $(( $(date +%s) - t0 )) s"
check bios
for n in 1 2 3; do
	grep -q ' boot.fw=bios boot.fw_vendor=SeaBIOS .* boot.loader=GRUB boot.loader_type=0x72 ' "$w/bios.d$n" ||
		{ grep -o ' boot\.[^ ]*' "$w/bios.d$n"; die "bios: boot $n: the begin record does not say SeaBIOS and GRUB"; }
done
check uefi
for n in 1 2 3; do
	grep -q ' boot.fw=efi boot.fw_vendor=EFI%20Development%20Kit%20II%20/%20OVMF .* boot.loader=GRUB boot.loader_type=0x72 ' "$w/uefi.d$n" ||
		{ grep -o ' boot\.[^ ]*' "$w/uefi.d$n"; die "uefi: boot $n: the begin record does not say EFI (OVMF) and GRUB"; }
done
# FIRMWARE=bios and FIRMWARE=uefi leave out the other firmware's part (not booted: the two
# boots above went through the same GRUB images and the same grub.cfg)
part() { sfdisk -d "$1" | awk -F'[=,]' -v p="$1$2 " 'index($0, p) == 1 { print $2 * 512 }'; }
for fw in bios uefi; do
	make -C "$srctree" -s O="$O" KERNELS="$KERNELS" IMAGE="$img" DISK_IMAGE="$w/$fw-only.img" \
		disk-image FIRMWARE=$fw > "$w/$fw-only.make" 2>&1 || { cat "$w/$fw-only.make"; die "make disk-image FIRMWARE=$fw failed"; }
	grep -q ": GRUB for $(echo $fw | tr a-z A-Z), 1 boot " "$w/$fw-only.make" || { cat "$w/$fw-only.make"; die "FIRMWARE=$fw: not said"; }
done
sfdisk -d "$w/bios-only.img" | grep -q 'name="BIOS boot"' || die "FIRMWARE=bios: no BIOS boot partition"
head -c 512 "$w/bios-only.img" | grep -aq GRUB || die "FIRMWARE=bios: no GRUB boot code in the MBR"
MTOOLS_SKIP_CHECK=1 mdir -i "$w/bios-only.img@@$(part "$w/bios-only.img" 2)" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1 &&
	die "FIRMWARE=bios: GRUB for UEFI on the ESP"
sfdisk -d "$w/uefi-only.img" | grep -q 'name="BIOS boot"' && die "FIRMWARE=uefi: a BIOS boot partition"
head -c 512 "$w/uefi-only.img" | grep -aq GRUB && die "FIRMWARE=uefi: GRUB's BIOS boot code in the MBR"
MTOOLS_SKIP_CHECK=1 mdir -i "$w/uefi-only.img@@$(part "$w/uefi-only.img" 1)" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1 ||
	die "FIRMWARE=uefi: no /EFI/BOOT/BOOTX64.EFI on partition 1"
say "FIRMWARE=bios: BIOS boot partition and MBR code, no UEFI GRUB; FIRMWARE=uefi: the reverse"
"$IB" report --results "$R" bios uefi || die "report failed"
rm -rf "$w"
