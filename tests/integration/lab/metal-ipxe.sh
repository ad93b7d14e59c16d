# SPDX-License-Identifier: GPL-2.0-or-later
# iPXE netboot for real (docs/boot.md): the script `make ipxe-script` writes is fetched and
# run by QEMU's own iPXE ROM (Debian's ipxe-qemu, the NIC's option ROM under SeaBIOS), which
# loads the kernel and the image over TFTP from QEMU's user-mode network (restrict=on: the
# guest reaches nothing but QEMU's own DHCP and TFTP at 10.0.2.2) and boots them; the suite
# writes its records to an attached NVMe disk (a raw dump). The console shows iPXE at work
# (SeaBIOS's serial console carries the ROM's output), the begin record names iPXE as the
# boot loader, every address in the log is the user network's, and `initbench import` of
# the disk gives one complete boot whose records equal the console's.
. "$srctree/tests/lib.sh"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is missing"
[ -r /usr/lib/ipxe/qemu/efi-virtio.rom ] || die "no iPXE ROM for virtio-net (make check installs ipxe-qemu)"
w="$O/metal-ipxe"
rm -rf "$w" && mkdir -p "$w/tftp"
BENCH=null_call,fork_proc
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" ipxe-script BASE_URL=tftp://10.0.2.2 \
	APPEND="initbench.bench=$BENCH initbench.out=nvme0n1" > "$w/make.log" 2>&1 ||
	{ cat "$w/make.log"; die "make ipxe-script failed"; }
cp "$O/initbench.ipxe" "$w/tftp/" && cp -L "$KERNEL_DEFAULT" "$w/tftp/vmlinuz" &&
	cp "$IMAGE" "$w/tftp/initramfs.cpio.gz" || die "cannot fill the TFTP directory"
truncate -s 8M "$w/nvme.img"
# SeaBIOS copies its screen (and so the ROM's output) to the serial port named here
printf '\370\003' > "$w/sercon-port"
t0=$(date +%s)
metal_boot "$w/ipxe.log" 600 -fw_cfg "name=etc/sercon-port,file=$w/sercon-port" \
	-netdev "user,id=n0,restrict=on,tftp=$w/tftp,bootfile=initbench.ipxe" \
	-device virtio-net-pci,netdev=n0 -boot n \
	-drive "file=$w/nvme.img,if=none,id=d0,format=raw" -device nvme,drive=d0,serial=ib0 \
	> "$w/qemu.out" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$w/qemu.out"; tail -c 3000 "$w/ipxe.log"; die "QEMU exited $rc (124: the netboot did not end)"; }
say "netboot, suite and power off: $(( $(date +%s) - t0 )) s"
L="$w/ipxe.log"
grep -aq 'iPXE [0-9].* -- Open Source Network Boot Firmware' "$L" || die "no iPXE banner on the console"
for f in initbench.ipxe vmlinuz initramfs.cpio.gz; do
	tr -d "\r" < "$L" | grep -aq "tftp://10.0.2.2/$f\.\.\..* ok$" || die "iPXE did not fetch $f"
done
grep -aq 'initbench: vmlinuz with initramfs.cpio.gz from tftp://10.0.2.2' "$L" || die "the script's echo is missing"
records "$L" > "$w/console.rec"
grep -q ' boot.fw=bios boot.fw_vendor=SeaBIOS .* boot.loader=iPXE boot.loader_type=0x' "$w/console.rec" ||
	{ grep -o ' boot\.[^ ]*' "$w/console.rec"; die "the begin record does not name iPXE"; }
# addresses: the user network's (10.0.2.0/24, and its IPv6 fec0::/fe80::) or the loopback
bad=$(tr -d '\r' < "$L" | grep -aoE '\b([0-9]{1,3}\.){3}[0-9]{1,3}\b' | grep -vE '^(10\.0\.2\.[0-9]+|127\.[0-9.]+|255\.255\.255\.0|0\.0\.0\.0)$' | sort -u)
[ -z "$bad" ] || die "addresses outside the user network: $bad"
"$IB" import "$w/nvme.img" --label ipxe --results "$w/results" > "$w/import" 2> "$w/import.err" ||
	{ cat "$w/import" "$w/import.err"; die "import of the disk failed"; }
grep -qx 'ipxe/1: console capture, complete' "$w/import" || { cat "$w/import"; die "not one complete boot"; }
records "$w/results/ipxe/1/console.log" > "$w/disk.rec"
cmp -s "$w/console.rec" "$w/disk.rec" || { diff "$w/console.rec" "$w/disk.rec" | head; die "the disk's records differ from the console's"; }
say "iPXE: $(wc -l < "$w/disk.rec") records on the disk, equal to the console's; addresses: $(tr -d '\r' < "$L" | grep -aoE '\b10\.0\.2\.[0-9]+\b' | sort -u | tr '\n' ' ')"
"$IB" report --results "$w/results" ipxe || die "report failed"
rm -rf "$w"
