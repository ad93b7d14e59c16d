# SPDX-License-Identifier: GPL-2.0-or-later
# Tiny memory. With 80 MB (a little above the least Debian's cloud kernel boots in: ~35 MB are left
# once it is up) the quick profile runs to its end record; every benchmark that needs more
# memory than there is says so and is skipped (never failed, never a made-up figure), the
# others are ok. At 72 MB it boots, or panics unpacking the image ("Out of memory and no
# killable processes": exit 3), from one boot to the next. With 64 MB it dies in its
# decompressor before printing a byte: the user sees "no records" (exit 5) within seconds.
. "$srctree/tests/lib.sh"
[ -r "$KERNEL_DEFAULT" ] || { echo "no kernel $KERNEL_DEFAULT"; exit 77; }
[ -r "$IMAGE" ] || { echo "no image $IMAGE"; exit 77; }
command -v qemu-system-x86_64 > /dev/null || { echo "no qemu-system-x86_64"; exit 77; }
R="$RESULTS/fault-tiny-mem"
rm -rf "$R"

"$IB" run --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --results "$R" --label mem80 --accel tcg \
	--mem 80 --timeout 300 > "$R.out" 2>&1
rc=$?
grep -v ' ok (' "$R.out"
[ $rc -eq 0 ] || die "80 MB: exit $rc, want 0 (complete)"
L="$R/mem80/1/console.log"
skipped=$(grep -ac '^# IB [0-9]* outcome .* status=skipped reason=[^ ]' "$L")
failed=$(grep -a '^# IB [0-9]* outcome ' "$L" | grep -Ev ' status=(ok|skipped) ')
[ -z "$failed" ] || die "80 MB: benchmarks neither ok nor skipped: $failed"
[ "$skipped" -ge 1 ] || die "80 MB: nothing skipped: is the memory check gone?"
# the guest has one CPU, so Placement's cross-CPU runs are skipped for that, not for memory
if grep -a '^# IB [0-9]* outcome .* status=skipped' "$L" |
	grep -av 'bench=[a-z0-9_]*_cross status=skipped reason=one%20CPU%20online ' | grep -avq 'reason=[^ ]*[Mm]em'; then
	die "80 MB: a skip whose reason does not name memory"
fi
for b in $(grep -ao '^# IB [0-9]* outcome bench=[a-z0-9_]* status=skipped' "$L" | sed 's/.*bench=\([^ ]*\) .*/\1/'); do
	if grep -aq "^# IB [0-9]* m bench=$b " "$L"; then die "80 MB: skipped $b still has figures"; fi
done
say "80 MB: complete, $skipped memory-hungry benchmarks skipped with the reason, the rest ok"

start=$(date +%s)
"$IB" run --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --results "$R" --label mem64 --accel tcg \
	--mem 64 --timeout 60 --bench null_call > "$R.out64" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
cat "$R.out64"
[ $rc -eq 5 ] || die "64 MB: exit $rc, want 5 (no records)"
[ $took -le 20 ] || die "64 MB: took ${took}s"
grep -q 'initbench: qemu ended after .* s without a console byte: the kernel stopped or reset before its console came up (too little memory for it: --mem 64?' \
	"$R.out64" || die "64 MB: no line saying where to look"
say "64 MB: no records (exit 5) after ${took}s"
