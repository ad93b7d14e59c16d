# SPDX-License-Identifier: GPL-2.0-or-later
# The reboot loop of `make disk-image` is safe (docs/boot.md): five entries in one loop, four
# of them broken on purpose, booted under SeaBIOS by themselves:
#   gone   its kernel file deleted from the disk: GRUB cannot boot it, falls back to the
#          entry that reboots into the next count
#   hang   rdinit=/bin/sh: a shell waits on the console for ever; the test plays the person
#          (or the watchdog) who resets the machine, and the next count boots
#   good   the suite, its records in /runs/NN-good.log
#   nodisk its results device never appears (initbench.out=LABEL=NOSUCH): said, the suite
#          runs, the machine reboots
#   panic  rdinit=/nonexistent: the kernel panics (no root file system) and panic=-1
#          reboots at once
# (that order: seed 10). GRUB advances its counter before each boot, so every count boots
# exactly once; after the last one (the panic) the counter has run out and GRUB's last
# entry powers the machine off: QEMU exits by itself. The disk then holds the one good
# boot, complete. GRUB's menu wait is 0 here (DISK_OPTS="--timeout 0"): the loop's safety
# does not depend on it, metal-grub.sh boots the default 3 s, and it saves 18 s.
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
for t in qemu-system-x86_64 mkfifo mdel mtype; do
	command -v $t >/dev/null || die "$t is missing (make check installs qemu-system-x86, mtools)"
done
w="$O/metal-loop"
rm -rf "$w" && mkdir -p "$w"
img="$w/image.cpio.gz"
K=default
start=$(date +%s)
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" IMAGE="$img" DISK_IMAGE="$w/disk.img" \
	disk-image RUNS=1 SEED=10 APPEND="initbench.bench=null_call" \
	VARIANTS="good:$K panic:$K nodisk:$K hang:$K gone:$K" APPEND_panic=rdinit=/nonexistent \
	APPEND_nodisk=initbench.out=LABEL=NOSUCH:vfat:/runs/x.log APPEND_hang=rdinit=/bin/sh \
	DISK_OPTS="--timeout 0" \
	> "$w/make.log" 2>&1 || { cat "$w/make.log"; die "make disk-image failed"; }
say "make disk-image: $(( $(date +%s) - start )) s"
part() { sfdisk -d "$w/disk.img" | awk -F'[=,]' -v p="$w/disk.img$1 " 'index($0, p) == 1 { print $2 * 512 }'; }
esp="$w/disk.img@@$(part 2)" out="$w/disk.img@@$(part 3)"
export MTOOLS_SKIP_CHECK=1
mtype -i "$out" ::/plan.txt | tr -d '\r' | awk 'NF == 3 && $1 ~ /^[0-9]+$/ { print $1, $2 }' > "$w/plan"
[ "$(cut -d' ' -f2 "$w/plan" | tr '\n' ' ')" = "gone hang good nodisk panic " ] ||
	{ cat "$w/plan"; die "seed 10 no longer gives the planned order (src/launch/campaign.c changed?)"; }
count() { awk -v v="$1" '$2 == v { print $1 }' "$w/plan"; }
mdel -i "$esp" ::/initbench/gone/vmlinuz || die "cannot delete gone's kernel"

mkfifo "$w/mon.in" "$w/mon.out"
t0=$(date +%s)
metal_boot "$w/loop.log" 900 -drive "file=$w/disk.img,format=raw,if=virtio" -monitor "pipe:$w/mon" \
	> "$w/qemu.out" 2>&1 &
qpid=$!
# the person at the machine: once the hanging boot has sat at its shell for 2 s, reset it
hang=$(count hang)
for i in $(seq 1 600); do
	grep -aq "initbench: boot $hang of 5" "$w/loop.log" 2>/dev/null &&
		sed -n "/initbench: boot $hang of 5/,\$p" "$w/loop.log" | grep -aq 'Run /bin/sh as init process' && break
	kill -0 $qpid 2>/dev/null || break
	sleep 1
done
sleep 2
echo system_reset > "$w/mon.in"
say "the hanging boot (count $hang) sat at its shell; reset after $(( $(date +%s) - t0 )) s"
wait $qpid
rc=$?
[ $rc -eq 0 ] || { cat "$w/qemu.out"; tail -c 4000 "$w/loop.log"; die "QEMU exited $rc (124: the loop did not end by itself)"; }
say "5 counts, 4 of them broken, and the power off: $(( $(date +%s) - t0 )) s"
L="$w/loop.log"
for c in 1 2 3 4 5; do
	[ "$(grep -ac "initbench: boot $c of 5" "$L")" -eq 1 ] || die "count $c was not booted exactly once"
done
[ "$(grep -ac 'initbench: boot [0-9]* of 5' "$L")" -eq 5 ] || die "more boots than counts"
grep -aq "file .*/initbench/gone/vmlinuz' not found" "$L" || die "gone: GRUB did not say the kernel is missing"
grep -aq 'initbench: that entry did not boot: rebooting into the next count' "$L" || die "gone: no fall back"
grep -aq 'init: out: no block device with LABEL=NOSUCH' "$L" || die "nodisk: the missing device was not said"
grep -aq 'Kernel panic - not syncing' "$L" || die "panic: no panic"
grep -aq 'initbench: boot counter initbench_boot=5: the 5 boots are done, powering off' "$L" ||
	die "the last entry did not power off"
mtype -i "$esp" ::/boot/grub/grubenv | grep -q '^initbench_boot=5$' || die "the counter did not end at 5"
"$IB" import "$w/disk.img" --results "$w/results" > "$w/import" 2> "$w/import.err" ||
	{ cat "$w/import" "$w/import.err"; die "import failed"; }
[ "$(cat "$w/import")" = "good/1: console capture, complete" ] || { cat "$w/import"; die "the disk does not hold exactly the good boot"; }
grep -q "0$(count good)-good.log" "$w/results/good/1/console.log" || die "the good boot's file is not its count's"
say "every count booted once: gone fell back, hang was reset, nodisk said so, panic rebooted; good/1 complete on the disk"
rm -rf "$w"
