# SPDX-License-Identifier: GPL-2.0-or-later
# The second architecture end to end: `make ARCH=arm64` builds the quick profile's image in
# its own O (cross gcc + Debian's musl for arm64, busybox-static:arm64), a second build gives
# the same bytes, Debian's arm64 cloud kernel boots it 3 times under qemu-system-aarch64
# with --accel auto (on an x86_64 host: the loud fallback to TCG, no KVM probe), every boot
# complete and plausible (plausible.c, orderings on the median of the per-boot ratios), the report
# labels the rows aarch64, and `initbench compare` refuses to set them against x86_64 boots.
# About 2 minutes here (builds ~40 s, a quick boot ~20 s under TCG, the pairs boots ~20 s).
. "$srctree/tests/lib.sh"
for tool in qemu-system-aarch64 aarch64-linux-gnu-gcc; do
	command -v "$tool" > /dev/null || { echo "no $tool (make check-deps installs it as root)"; exit 77; }
done
[ -r /usr/lib/aarch64-linux-musl/musl-gcc.specs ] || { echo "no musl-dev:arm64 (make check-deps installs it as root)"; exit 77; }

A="$O/arm64"
B="$O/arm64-repro"
K="$KERNELS/arm64/default/vmlinuz"
AIMG="$A/initramfs.cpio.gz"
rm -rf "$B" "$RESULTS/arm64-tcg" "$RESULTS/x86-like"
mkdir -p "$A"
cp "$O/.config" "$A/.config" || die "no $O/.config"

# the build, as a user would run it (the kernel is fetched once into KERNELS/arm64/)
make -C "$srctree" -s O="$A" ARCH=arm64 KERNELS="$KERNELS" all kernel-default > "$A/build.log" 2>&1 ||
	{ cat "$A/build.log"; die "make ARCH=arm64 failed"; }
cat "$A/build.log"
for f in "$A/bench/ibsuite" "$A/bench/ib-hello" "$A/bench/ib-hello-dyn" "$A/initramfs/init"; do
	file "$f" | grep -q 'ARM aarch64' || die "$f is not an aarch64 binary: $(file "$f")"
done
# exec proc's hello is dynamic: musl's aarch64 loader must be in the image under its name
file "$A/bench/ib-hello-dyn" | grep -q 'interpreter /lib/ld-musl-aarch64.so.1' ||
	die "ib-hello-dyn does not name musl's aarch64 loader: $(file "$A/bench/ib-hello-dyn")"
cpio -t < "$A/initramfs.cpio" 2>/dev/null | grep -qx 'lib/ld-musl-aarch64.so.1' ||
	die "the arm64 image lacks lib/ld-musl-aarch64.so.1"
[ -r "$K" ] || die "no arm64 kernel at $K"

# reproducible: a second clean build of the same tree and config (same busybox)
mkdir -p "$B"
cp "$A/.config" "$B/.config"
make -C "$srctree" -s O="$B" ARCH=arm64 KERNELS="$KERNELS" BUSYBOX="$A/arm64-pkgs/bin/busybox" \
	image > "$B/build.log" 2>&1 || { cat "$B/build.log"; die "second arm64 build failed"; }
a=$(sha256sum < "$AIMG"); b=$(sha256sum < "$B/initramfs.cpio.gz")
say "first  $a"; say "second $b"
[ "$a" = "$b" ] || die "arm64 images differ"
grep -q "image .*initramfs.cpio.gz  [0-9]* bytes  sha256 " "$B/build.log" || die "make image printed no size and sha256"
rm -rf "$B"

# 3 boots; auto, so that an x86_64 host shows its fallback line (no /dev/kvm probe)
"$IB" run --kernel "$K" --accel auto --label arm64-tcg --image "$AIMG" --runs 3 \
	--results "$RESULTS" 2> "$O/test-logs/arm64-run.err"
rc=$?
grep -v '^initbench: benchmark ' "$O/test-logs/arm64-run.err"
[ $rc -eq 0 ] || die "initbench run exited $rc"
if [ "$(uname -m)" = x86_64 ]; then
	grep -q 'KVM unusable (arm64 guest on an x86_64 host.*falling back to TCG' \
		"$O/test-logs/arm64-run.err" || die "no fallback line for an arm64 guest on x86_64"
	[ ! -e "$RESULTS/arm64-tcg/1/kvm-probe.log" ] || die "a KVM probe ran for a foreign guest"
fi
cmd="$RESULTS/arm64-tcg/1/command.txt"
for w in qemu-system-aarch64 '-M virt' 'console=ttyAMA0' '-accel tcg'; do
	grep -q -- "$w" "$cmd" || die "command.txt lacks '$w': $(cat "$cmd")"
done
grep -q '"arch": "arm64"' "$RESULTS/arm64-tcg/1/results.json" || die "launch facts lack arch arm64"
grep -q '"uname_m": "aarch64"' "$RESULTS/arm64-tcg/1/results.json" || die "begin record lacks uname_m aarch64"
# The close orderings as on x86_64 (boot-qemu-tcg.sh): two more boots run only their seven
# benchmarks, 10 rounds each, so the two of a pair are measured back to back; plausible
# judges them on all 23 (boot, round) pairs. In 27 quick boots of earlier checks 2p/0K came
# out above 2x 16p/64K in one, AF UNIX above 2x UDP in one, 0K create above 10K in one:
# a median of 3 fails when 2 of 3 do, about once in 250 checks each. One such boot of 10
# rounds: 2p/0K/16p/64K beyond 2x in 1 round, medians 0.74, 0.96, 0.77, 0.41. ~20 s.
rm -rf "$RESULTS/arm64-tcg-pairs"
"$IB" run --kernel "$K" --accel tcg --label arm64-tcg-pairs --image "$AIMG" --runs 2 --rounds 10 \
	--bench ctx_2p_0k,ctx_16p_64k,lat_unix,lat_udp,lat_tcp,fs_0k,fs_10k --results "$RESULTS" \
	2> "$O/test-logs/arm64-pairs.err" || { tail -n 5 "$O/test-logs/arm64-pairs.err"; die "initbench run (pairs) exited $?"; }
"$O/tests/plausible" "$RESULTS"/arm64-tcg/*/results.json "$RESULTS"/arm64-tcg-pairs/*/results.json \
	> "$O/test-logs/plausible-arm64.txt"
rc=$?
cat "$O/test-logs/plausible-arm64.txt"
[ $rc -eq 0 ] || die "implausible results"
for o in ctx_2p_0k lat_unix lat_udp fs_flat_create_0k_best; do
	grep -q "^plausible: ok $o .* over 23 paired rounds)" "$O/test-logs/plausible-arm64.txt" ||
		die "the $o ordering was not judged over the 23 paired rounds of 5 boots"
done

"$IB" report --results "$RESULTS" arm64-tcg > "$O/test-logs/report-arm64.txt" || die "report failed"
cat "$O/test-logs/report-arm64.txt"
[ "$(grep -c '^arm64-tcg ' "$O/test-logs/report-arm64.txt")" -ge 21 ] || die "not one row per boot"
grep -q '^arm64-tcg .* aarch64 TCG ' "$O/test-logs/report-arm64.txt" || die "Basic system parameters do not say aarch64 TCG"

# the same boot relabelled as x86_64: compare must refuse, exit 2, naming both
mkdir -p "$RESULTS/x86-like/1"
sed 's/"uname_m": "aarch64"/"uname_m": "x86_64"/' "$RESULTS/arm64-tcg/1/results.json" > "$RESULTS/x86-like/1/results.json"
"$IB" compare --results "$RESULTS" x86-like arm64-tcg > /dev/null 2> "$O/test-logs/arm64-compare.err"
rc=$?
cat "$O/test-logs/arm64-compare.err"
[ $rc -eq 2 ] || die "compare across architectures exited $rc, want 2"
grep -q 'will not compare across architectures: x86-like is x86_64, arm64-tcg is aarch64' \
	"$O/test-logs/arm64-compare.err" || die "compare did not say why"
rm -rf "$RESULTS/x86-like"
