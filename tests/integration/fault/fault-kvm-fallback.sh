# SPDX-License-Identifier: GPL-2.0-or-later
# /dev/kvm opens but a KVM guest never prints (these development VMs): with --accel auto the
# launcher probes for --probe_s seconds, says "KVM unusable (<why>), falling back to TCG"
# on stderr and the boot completes under TCG; results.json records the accelerator and why.
# Where KVM works, the probe succeeds and there is nothing to fall back from: skipped.
. "$srctree/tests/lib.sh"
[ -r "$KERNEL_DEFAULT" ] && [ -r "$IMAGE" ] || { echo "no kernel or image"; exit 77; }
command -v qemu-system-x86_64 > /dev/null || { echo "no qemu-system-x86_64"; exit 77; }
R="$RESULTS/fault-kvm"
rm -rf "$R"
start=$(date +%s)
"$IB" run --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --results "$R" --label kvm --accel auto \
	--probe_s 4 --timeout 120 --bench null_call --reps 3 --budget_ms 1 > "$R.out" 2> "$R.err"
rc=$?
took=$(( $(date +%s) - start ))
cat "$R.err"
if ! grep -q 'falling back to TCG' "$R.err"; then
	grep -q '"accel": *"kvm"' "$R/kvm/1/results.json" 2> /dev/null && { echo "KVM works here: no fallback to test"; exit 77; }
	die "no fallback line on stderr"
fi
grep -q '^initbench: KVM unusable (.*), falling back to TCG' "$R.err" || die "the fallback line does not say why"
[ $rc -eq 0 ] || die "exit $rc after the fallback, want 0"
[ $took -le 100 ] || die "took ${took}s"
grep -q '"tcg"' "$R/kvm/1/results.json" || die "results.json does not record TCG"
say "KVM unusable: said on stderr, TCG boot complete in ${took}s"
