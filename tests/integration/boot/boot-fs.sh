# SPDX-License-Identifier: GPL-2.0-or-later
# --fs TYPE (docs/disk.md): the file benchmarks on a file system made on the host (mkfs on a
# plain file), attached as a disk and mounted by PID 1, with Debian's cloud kernel under
# QEMU-TCG loading its virtio_blk and xfs/vfat modules from the image's second cpio.
#  - ext4 as a user types it: make run FS=ext4 (make adds the default kernel's modules);
#  - xfs, vfat, tmpfs with initbench run --fs;
#  - xfs with an image without modules: the file benchmarks are "skipped: ... no xfs", the
#    others run, the console says why, the report says "fs=xfs asked, not there";
#  - UML: the disk is ubd1 (/dev/ubdb).
# Each boot runs only file benchmarks. Checked each time: the begin record (init.fs, knob.fs,
# fsdir.type, fsdir.dev), the fs= of every file benchmark's records (the statfs() type the
# benchmark saw), every outcome ok, the report's fsdir line, launch.fs in results.json, and
# that the disk image is gone after the boot. (The syscalls per file: check-fs.sh, natively.)
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
for t in mkfs.ext4 mkfs.xfs mkfs.vfat; do
	command -v $t >/dev/null || die "$t is missing (make check installs e2fsprogs, xfsprogs, dosfstools)"
done
w="$O/fs-test"
rm -rf "$w" "$O/results/fs-ext4" && mkdir -p "$w"
R="$w/results"
img="$w/image.cpio.gz"
FILES=fs_0k,fs_10k,fs_tree_0k,mmap_lat,pf_per_fault,page_fault,pf_file_read,pf_file_write,bw_file_rd,bw_file_wr_fsync


# check LABEL_DIR TYPE DEV BENCHES REPORT: one boot of BENCHES on TYPE from DEV (PID 1's note)
check() {
	d=$1 type=$2 dev=$3 benches=$4 report=$5
	log="$d/console.log"
	records "$log" > "$w/rec"
	grep -q "^# IB 0 begin .* knob.fs=$type " "$w/rec" || die "$type: begin record without knob.fs=$type"
	grep -q "^# IB 0 begin .* fsdir.type=$type .*fsdir.dev=$dev " "$w/rec" ||
		die "$type: begin record: fsdir is not $type on $dev: $(grep -o 'fsdir[.a-z]*=[^ ]*' "$w/rec" | tr '\n' ' ')"
	grep -q "^# IB 0 begin .* init.fs=$type:$dev:/mnt/fs" "$w/rec" ||
		die "$type: PID 1 did not say it mounted $dev: $(grep -o 'init.fs=[^ ]*' "$w/rec")"
	for b in $(echo "$benches" | tr , ' '); do
		grep -q "^# IB [0-9]* outcome bench=$b status=ok " "$w/rec" ||
			die "$type: $b: $(grep "outcome bench=$b " "$w/rec" | cut -c1-200)"
		n=$(grep "^# IB [0-9]* m bench=$b " "$w/rec" | grep -c " fs=$type ")
		[ "$n" -ge 1 ] && [ "$n" -eq "$(grep -c "^# IB [0-9]* m bench=$b .* fs=" "$w/rec")" ] ||
			die "$type: $b's records do not all say fs=$type"
	done
	grep -q "^  fsdir: $report/1 $type (rw,.*) at /mnt/fs$( [ "$dev" = tmpfs ] || echo " on $dev"): fs=$type\$" "$6" ||
		die "$type: the report has no fsdir line for it: $(grep 'fsdir:' "$6")"
	grep -A1 '"fs": {' "$d/results.json" | grep -q "\"type\": \"$type\"" ||
		[ "$type" = tmpfs ] || die "$type: results.json has no launch.fs"
	[ ! -e "$d/fs.img" ] || die "$type: the disk image is still there"
	say "$type: on $dev at /mnt/fs, $(grep -c '^# IB [0-9]* m ' "$w/rec") records of $benches all fs=$type"
}

# as a user types it: make run FS=ext4 (the image gets the default kernel's modules)
make -C "$srctree" O="$O" KERNELS="$KERNELS" IMAGE="$img" run FS=ext4 LABEL=fs-ext4 ACCEL=tcg \
	APPEND="initbench.bench=$FILES" > "$w/make-run.log" 2>&1 ||
	{ tail -n 30 "$w/make-run.log"; die "make run FS=ext4 exited $?"; }
zcat "$img" | grep -aq 'lib/modules/[^/]*/initbench/xfs.ko' || die "make run FS=ext4 built no modules into the image"
check "$O/results/fs-ext4/1" ext4 /dev/vda "$FILES" fs-ext4 "$w/make-run.log"
grep -q "initbench.fs=ext4" "$O/results/fs-ext4/1/command.txt" ||
	die "make run FS=ext4 did not pass --fs"

# boot LABEL IMAGE BENCHES ARGS...: initbench run --fs, then its report
boot() {
	label=$1 im=$2 benches=$3
	shift 3
	"$IB" run --accel tcg --image "$im" --results "$R" --label "$label" --bench "$benches" "$@" \
		> "$w/$label.run" 2>&1
	rc=$?
	"$IB" report --results "$R" "$label" > "$w/$label.report" 2>&1
	return $rc
}
for fs in xfs vfat tmpfs; do
	boot "fs-$fs" "$img" fs_0k,mmap_lat --kernel "$KERNEL_DEFAULT" --fs $fs ||
		{ cat "$w/fs-$fs.run"; die "--fs $fs: initbench run exited non-zero"; }
	check "$R/fs-$fs/1" $fs "$( [ $fs = tmpfs ] && echo tmpfs || echo /dev/vda)" fs_0k,mmap_lat fs-$fs "$w/fs-$fs.report"
done
grep -q 'init.modules=not_loaded' "$R/fs-tmpfs/1/console.log" || die "tmpfs: PID 1 loaded modules for no disk"

# a kernel without xfs (the image without modules): a clear skip, the rest goes on
boot fs-noxfs "$IMAGE" null_call,fs_0k,mmap_lat --kernel "$KERNEL_DEFAULT" --fs xfs ||
	{ cat "$w/fs-noxfs.run"; die "--fs xfs without xfs: initbench run exited non-zero"; }
records "$R/fs-noxfs/1/console.log" > "$w/rec"
for b in fs_0k mmap_lat; do
	grep -q "outcome bench=$b status=skipped reason=[a-z_0-9]*:%20no%20xfs%20" "$w/rec" ||
		die "no xfs: $b: $(grep "outcome bench=$b " "$w/rec" | cut -c1-200)"
done
grep -q "outcome bench=null_call status=ok " "$w/rec" || die "no xfs: null_call did not run"
grep -aq 'init: fs: no block device labelled IBFS' "$R/fs-noxfs/1/console.log" || die "no xfs: PID 1 said nothing"
grep -q '^  fsdir: fs-noxfs/1 .*: fs=xfs asked, not there (file benchmarks skipped)$' "$w/fs-noxfs.report" ||
	die "no xfs: the report does not say it: $(grep 'fsdir:' "$w/fs-noxfs.report")"
grep -q '^fs-noxfs/1: fs_0k skipped: fs_flat_create_0k: no xfs' "$w/fs-noxfs.report" || die "no xfs: no note"
say "no xfs: fs_0k and mmap_lat skipped (no xfs), null_call ran, PID 1 and the report said why"

# UML: the same disk as ubd1
if boot fs-uml "$img" fs_0k --kernel /usr/bin/linux.uml --fs ext4; then
	check "$R/fs-uml/1" ext4 /dev/ubdb fs_0k fs-uml "$w/fs-uml.report"
elif uml_refused "$w/fs-uml.run"; then
	say "uml: not judged: $(grep '^initbench: UML cannot run on this host' "$w/fs-uml.run" | cut -c1-160)"
else
	cat "$w/fs-uml.run"; die "--fs ext4 under UML: initbench run exited non-zero"
fi
rm -rf "$w" "$O/results/fs-ext4"
