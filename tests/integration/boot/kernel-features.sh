# SPDX-License-Identifier: GPL-2.0-or-later
# A kernel that lacks what benchmarks need, built for real (not a mock): the tiny kernel of
# kernel-build.sh without unix and inet sockets (make kernel KERNEL_FRAGMENT=, built in
# check-tiny's tree with KERNEL_BUILD=, so Kbuild recompiles only what the two options touch:
# about 80 s here, against 8 minutes from scratch). tinyconfig also leaves out hugetlbfs and
# cpufreq. Booted with the quick profile: every benchmark that needs a socket is skipped with
# the reason the kernel gave, without a figure, and so is pf_thp (no transparent huge pages);
# every other benchmark ends ok; the boot is complete (exit 0: a skip is not a failure); the
# begin record says there is no cpufreq governor; the report names each skip. The tree is left
# holding this kernel: the next kernel-build.sh rebuilds check-tiny in it the same incremental
# way.
. "$srctree/tests/lib.sh"
src=/usr/src/linux-source-6.1.tar.xz
[ -f "$src" ] || die "$src is missing (make check installs linux-source-6.1)"
tiny="$KERNELS/check-tiny"
label=check-nosock
out="$KERNELS/$label"
w="$O/kernel-features-test"
rm -rf "$w" && mkdir -p "$w"
R="$w/results"
before=$(cat "$tiny/bzImage" "$tiny/config" 2>/dev/null | cksum)

start=$(date +%s)
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" kernel KERNEL_SRC="$src" LABEL=$label \
	KERNEL_FRAGMENT="$srctree/tests/data/kernel-no-sockets.config" KERNEL_BUILD="$tiny/build" \
	> "$w/build.log" 2>&1 || { tail -n 30 "$w/build.log"; die "make kernel without sockets failed"; }
say "make kernel: $(tail -n 1 "$w/build.log") in $(( $(date +%s) - start )) s"
for want in '# CONFIG_UNIX is not set' '# CONFIG_INET is not set' '# CONFIG_HUGETLBFS is not set' \
	'# CONFIG_CPU_FREQ is not set' 'CONFIG_NET=y'; do
	grep -qxF "$want" "$out/config" || die "the kernel's config lacks '$want'"
done
[ ! -e "$out/build" ] || die "KERNEL_BUILD= given, yet $out/build was made"
[ "$(cat "$tiny/bzImage" "$tiny/config" 2>/dev/null | cksum)" = "$before" ] ||
	die "building in check-tiny's tree changed check-tiny's own bzImage or config"

# an extra fragment line that cannot hold stops the build, naming it
printf 'CONFIG_INITBENCH_NO_SUCH_OPTION=y\n' > "$w/bad.config"
if make -C "$srctree" -s O="$O" KERNELS="$w/kernels" kernel KERNEL_SRC="$KERNELS/src/linux-source-6.1" \
	LABEL=$label-bad KERNEL_FRAGMENT="$w/bad.config" > "$w/bad.log" 2>&1; then
	die "an extra fragment line that cannot hold did not stop the build"
fi
grep -q "KERNEL_FRAGMENT $w/bad.config did not survive olddefconfig.*CONFIG_INITBENCH_NO_SUCH_OPTION=y" "$w/bad.log" ||
	{ tail -n 5 "$w/bad.log"; die "the extra fragment's failed line was not named"; }
make -C "$srctree" -s O="$O" KERNELS="$w/kernels" kernel KERNEL_SRC="$src" LABEL=x \
	KERNEL_FRAGMENT="$w/none.config" > "$w/missing.log" 2>&1 && die "a missing KERNEL_FRAGMENT was accepted"
grep -q "KERNEL_FRAGMENT: $w/none.config is missing" "$w/missing.log" || die "a missing KERNEL_FRAGMENT was not named"

"$IB" run --kernel "$out" --accel tcg --image "$IMAGE" --results "$R" --label nosock \
	> "$w/run.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { tail -n 20 "$w/run.log"; die "the kernel without sockets did not complete the quick profile (exit $rc)"; }
log="$R/nosock/1/console.log"
grep -aq "uname_r=$(cat "$out/version") " "$log" || die "the begin record does not name $(cat "$out/version")"
grep -aq '"status": "complete"' "$R/nosock/1/results.json" || die "the boot is not complete"
planned=$(grep -ao ' plan count=[0-9]*' "$log" | cut -d= -f2)
[ "${planned:-0}" -gt 20 ] || die "no plan in the log"
"$IB" report --results "$R" > "$w/report.txt" || die "report failed"
skipped=0
must_skip() {
	fam=$1; shift
	for b in "$@"; do
		grep -aq "outcome bench=$b status=skipped reason=no%20$fam " "$log" ||
			die "$b was not skipped with 'no $fam': $(grep -ao "outcome bench=$b [^*]*" "$log")"
		! grep -aq " m bench=$b " "$log" || die "$b skipped, yet it has a measurement"
		grep -q "^nosock/1: $b skipped: no $fam\$" "$w/report.txt" ||
			die "the report does not say why $b has no figure"
		skipped=$((skipped + 1))
	done
}
must_skip AF_INET select_tcp select_tcp_wr lat_udp lat_rpc_udp lat_rpc_udp_poll lat_tcp lat_tcp_same \
	lat_rpc_tcp lat_rpc_tcp_poll lat_tcp_conn bw_tcp http_c100 http_c10 bw_udp
must_skip AF_UNIX lat_unix lat_unix_same bw_unix lat_unix_connect sendfile_64k hackbench_proc_sock \
	hackbench_thread_sock
# the guest has one CPU: Placement's cross-CPU runs are skipped for that before any socket is made
for b in $(grep -ao ' outcome bench=[a-z0-9_]*_cross status=skipped reason=one%20CPU%20online ' "$log" |
	sed 's/.*bench=\([^ ]*\) .*/\1/'); do
	! grep -aq " m bench=$b " "$log" || die "$b skipped, yet it has a measurement"
	skipped=$((skipped + 1))
done
# tinyconfig has no transparent huge pages either: pf_thp says so (were they in, a 512 MB guest
# would have them 'never', which it says too)
grep -aq ' outcome bench=pf_thp status=skipped reason=[^ ]*transparent%20huge%20pages' "$log" ||
	die "pf_thp was not skipped for want of THP: $(grep -ao 'outcome bench=pf_thp [^*]*' "$log")"
! grep -aq " m bench=pf_thp " "$log" || die "pf_thp skipped, yet it has a measurement"
skipped=$((skipped + 1))
ok=$(grep -ac ' outcome bench=[^ ]* status=ok ' "$log")
[ "$ok" -eq $((planned - skipped)) ] ||
	die "$ok benchmarks ok of $planned planned with $skipped skipped: $(grep -ao ' outcome bench=[^ ]* status=[a-z]* reason=[^ ]*' "$log" | grep -v status=ok)"
grep -aq ' init.governor=none ' "$log" || die "the begin record does not say there is no cpufreq governor"
say "no unix, no inet: $skipped benchmarks skipped with the reason, $ok ok, boot complete; no cpufreq: init.governor=none"
rm -rf "$w"
