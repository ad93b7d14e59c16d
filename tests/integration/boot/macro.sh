# SPDX-License-Identifier: GPL-2.0-or-later
# The macro workloads (docs/macro.md) booted with the macro cpio: the check tree's
# initramfs-macro.cpio.gz, its quick image with the compile workload's cpio appended.
#  1. UML, one boot at the quick profile's http_n: every cell of its Macro workloads row
#     filled (seven; skipped where UML cannot run on this CPU).
#  2. Natively, with the build's macro/tree: the same seven cells.
#  3. Without the cpio's tree (natively, macro_dir an empty directory: the same check the
#     guest makes on /opt/macro, without a boot of its own): bench=compile is skipped,
#     naming the cpio.
# Under QEMU-TCG the workloads run in compare-pti.sh's six boots, which judge the known
# effect of pti=on on them as well; this test adds no TCG boot.
. "$srctree/tests/lib.sh"
MACRO_IMAGE="$O/initramfs-macro.cpio.gz"
BENCHES=compile,http_c100,http_c10
[ "$(uname -m)" = x86_64 ] || { echo "the compile workload is built for x86_64 guests only (scripts/mkmacro.sh)"; exit 77; }
if [ ! -r "$MACRO_IMAGE" ]; then
	make -C "$srctree" -s O="$O" KERNELS="$KERNELS" "$MACRO_IMAGE" > "$O/test-logs/macro-build.log" 2>&1 ||
		{ tail -n 20 "$O/test-logs/macro-build.log"; die "building $MACRO_IMAGE failed"; }
fi
R="$RESULTS/macro"
rm -rf "$R" "$R".*
mkdir -p "$R" "$O/test-logs"

# 1. UML, one boot
"$IB" run --kernel uml --label uml --image "$MACRO_IMAGE" --bench "$BENCHES" --results "$R" \
	2> "$R.uml.err"
rc=$?
uml=1
if [ $rc -eq 7 ] && uml_refused "$R.uml.err"; then
	say "UML cannot run on this host's CPU: not booted"
	uml=0
else
	[ $rc -eq 0 ] || { tail -n 20 "$R.uml.err"; die "UML boot exited $rc"; }
fi

# 2. natively, with the tree the build staged
"$IB" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" --bench "$BENCHES" \
	--macro_dir "$O/macro/tree" --results "$R" > "$R.native.out" 2>&1 ||
	{ rc=$?; tail -n 20 "$R.native.out"; die "native run exited $rc"; }

"$IB" report --results "$R" > "$R/report.txt" || die "report failed"
sed -n '/^Macro workloads - /,/^$/p' "$R/report.txt"
[ $uml -eq 0 ] || macro_rows_filled "$R/report.txt" uml 1
macro_rows_filled "$R/report.txt" native 1

# 3. no tree where macro_dir points (what an image without the cpio has at /opt/macro): the
# compile is skipped and says why
mkdir -p "$R.empty"
"$IB" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" --bench compile --label nocpio \
	--macro_dir "$R.empty" --results "$R" \
	> "$R.nocpio.out" 2>&1 || { rc=$?; tail -n 20 "$R.nocpio.out"; die "run without the tree exited $rc"; }
grep -aq 'outcome bench=compile status=skipped reason=[^ ]*/macro.empty/build.list:%20missing%20(an%20image%20without%20the%20macro%20cpio' \
	"$R/nocpio/1/console.log" || die "the compile was not skipped naming the macro cpio: $(grep -a 'outcome' "$R/nocpio/1/console.log")"
rm -rf "$R.empty"
say "macro workloads: $([ $uml -eq 1 ] && echo "UML, ")native complete; no tree: skipped (TCG: compare-pti.sh)"
