# SPDX-License-Identifier: GPL-2.0-or-later
# make kernel: Debian's linux-source-6.1 (the tarball, unpacked once), tinyconfig plus
# configs/kernel/initbench.config merged by the kernel's own merge_config.sh, built out of
# tree. The kernel must boot the image and complete the quick profile under QEMU-TCG, with a
# fine clock; the run finds the .config beside the bzImage, keeps a copy and puts its
# CRC on the command line (so in the begin record). KERNEL= may name the output directory
# or the kernel build tree. The fragment's virtio-blk and ext4 are built in: a raw dump
# and an ext4 file need no module. A fragment line that cannot hold stops the build.
# Building takes about 5 minutes on 2 idle cores; an unchanged tree is rebuilt in seconds.
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
src=/usr/src/linux-source-6.1.tar.xz
[ -f "$src" ] || die "$src is missing (make check installs linux-source-6.1)"
label=check-tiny
out="$KERNELS/$label"
w="$O/kernel-test"
rm -rf "$w" && mkdir -p "$w"
R="$w/results"

start=$(date +%s)
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" kernel KERNEL_SRC="$src" LABEL=$label \
	> "$w/build.log" 2>&1 || { tail -n 30 "$w/build.log"; die "make kernel failed"; }
say "make kernel: $(tail -n 1 "$w/build.log") in $(( $(date +%s) - start )) s"
for f in bzImage config version build/.config; do
	[ -s "$out/$f" ] || die "make kernel left no $out/$f"
done
grep '^CONFIG_' "$srctree/configs/kernel/initbench.config" | while read -r want; do
	grep -qxF "$want" "$out/config" || die "the saved config lacks $want"
done || exit 1
grep -qx 'CONFIG_MODULES=y' "$out/config" && die "tinyconfig should have no module support"

# a fragment line the tree cannot hold must stop the build, naming it
printf 'CONFIG_INITBENCH_NO_SUCH_OPTION=y\n' > "$w/bad.config"
cp "$srctree/configs/kernel/initbench.config" "$w/frag.config"
cat "$w/bad.config" >> "$w/frag.config"
if "$srctree/scripts/build-kernel.sh" "$KERNELS/src/linux-source-6.1" tinyconfig "$label-bad" "$w/kernels" "$w/frag.config" \
	> "$w/bad.log" 2>&1; then die "a fragment line that cannot hold did not stop the build"; fi
grep -q 'did not survive olddefconfig.*CONFIG_INITBENCH_NO_SUCH_OPTION=y' "$w/bad.log" ||
	{ tail -n 5 "$w/bad.log"; die "the failed fragment line was not named"; }

# the quick profile, KERNEL= the output directory. Every benchmark must end ok with sane
# samples; the orderings are boot-qemu-tcg.sh's (one TCG boot cannot carry them: seen here,
# AF UNIX 202 against UDP 191 us over 3 boots of this UP tinyconfig kernel)
"$IB" run --kernel "$out" --accel tcg --image "$IMAGE" --results "$R" --label tiny \
	> "$w/run.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { tail -n 20 "$w/run.log"; die "the built kernel did not complete the quick profile (exit $rc)"; }
log="$R/tiny/1/console.log"
"$O/tests/plausible" --values "$R/tiny/1/results.json" > "$w/plausible.log" 2>&1 ||
	{ cat "$w/plausible.log"; die "implausible figures from the built kernel"; }
grep -aq "uname_r=$(cat "$out/version") " "$log" || die "the begin record does not name $(cat "$out/version")"
# a clock fine enough for loops sized by time: below 1 us (the tick would be 4e+06)
res=$(grep -ao ' timer_res_ns=[^ ]*' "$log" | head -n 1 | cut -d= -f2)
awk -v r="$res" 'BEGIN { exit !(r + 0 >= 1 && r + 0 < 1000) }' ||
	die "the built kernel's clock steps by $res ns (timer_res_ns): too coarse to time loops"
crc=$(grep -ao 'initbench.kconfig=[0-9a-f]*' "$log" | head -n 1 | cut -d= -f2)
[ -n "$crc" ] || die "no initbench.kconfig= on the kernel command line"
cmp -s "$out/config" "$R/tiny/1/kernel.config" || die "the boot has no copy of the kernel's config"
grep -q "\"kernel_config_crc32\": \"$crc\"" "$R/tiny/1/results.json" || die "results.json lacks kernel_config_crc32 $crc"
say "tiny kernel: quick profile complete, every value sane, kconfig $crc recorded"

# KERNEL= the build tree; built-in virtio-blk + ext4: a file on ext4 without modules
truncate -s 32M "$w/ext4.img" && mkfs.ext4 -q -F -L TINYOUT "$w/ext4.img"
"$IB" run --kernel "$out/build" --accel tcg --image "$IMAGE" --results "$R" --label tinydisk \
	--disk "$w/ext4.img" --out LABEL=TINYOUT:ext4:/r.log --bench null_call > "$w/disk.log" 2>&1 ||
	{ tail -n 20 "$w/disk.log"; die "the build-tree boot with a disk failed"; }
grep -q "qemu $out/build/arch/x86/boot/bzImage" "$w/disk.log" || die "KERNEL=build tree did not find arch/x86/boot/bzImage"
grep -aq 'init: out: wrote .* bytes to /r.log on /dev/vda (ext4)' "$R/tinydisk/1/console.log" ||
	die "the built kernel did not write to its ext4 disk"
grep -aq 'init.modules=none' "$R/tinydisk/1/console.log" || die "modules were loaded where none were packed"
rm -rf "$w"
