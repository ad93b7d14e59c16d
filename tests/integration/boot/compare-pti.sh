# SPDX-License-Identifier: GPL-2.0-or-later
# A real A/B that this machine shows plainly: the default kernel with pti=on against the same
# kernel without it, under QEMU-TCG (the null call is many times slower with pti=on there),
# B=3 boots per variant in seeded interleaved blocks. compare must flag it, right sign; a
# metric pti cannot touch much (fork is dominated by copying page tables either way) is not
# asserted. The regression gate must fail pti=on (exit 9) and pass an A/A. Then the HTML
# export of the comparison must be complete.
#
# The same boots carry the macro workloads' known effect (docs/macro.md), so that it costs no
# boots of its own: they boot the check tree's initramfs-macro.cpio.gz (the quick image with
# the compile workload's cpio appended) and also run compile, http_c100 and http_c10 at
# http_n=200 (not the quick profile's 100: one wave at -c 100, so that the rates judged come
# from more than one burst of connections). Every boot's row of the Macro workloads section
# must be filled (seven cells); compare's ratio must put the compile's system time higher
# under pti=on (every kernel entry and exit switches page tables, which TCG pays for in
# full) and both HTTP rates lower, unless a run retransmitted on loopback (below). Where the
# macro cpio is not built (not x86_64: scripts/mkmacro.sh), the quick image and the three
# microbenchmarks only.
#
# The same boots also carry the known effect on the newer operations: pti=on makes every
# kernel entry and exit switch page tables (and, without PCID, flush the TLB), a page fault's
# as well as a system call's. So a read of CLOCK_MONOTONIC through the system call
# (clock_sys), sched_yield(), a poll() over 10 descriptors, a 1-byte pread(), mmap + munmap
# of 4 KB and an anonymous write fault (pf_anon_write) must come out slower, while the same
# clock read through the vDSO (where the clocksource has a vDSO mode), which enters no
# kernel, must stay within 25 %. docs/compare.md quotes a table.
. "$srctree/tests/lib.sh"
R="$RESULTS/pti"
rm -rf "$R"
image=$IMAGE benches=null_call,null_io,sig_inst,clock_vdso,clock_sys,sched_yield,poll_10,read_1,mmap_4k
benches=$benches,pf_anon_write,tlb macro=0
if [ "$(uname -m)" = x86_64 ]; then
	image="$O/initramfs-macro.cpio.gz" benches="$benches,compile,http_c100,http_c10" macro=1
	[ -r "$image" ] || die "no $image (make check builds it)"
fi
"$IB" run --variant base:"$KERNEL_DEFAULT" --variant pti:"$KERNEL_DEFAULT":pti=on --runs 3 \
	--seed 42 --accel tcg --image "$image" --bench "$benches" --http_n 200 --results "$R" ||
	die "campaign exited $?"
ls "$R"/campaigns/*.json > /dev/null 2>&1 || die "no campaign file"
for d in "$R"/base/* "$R"/pti/*; do
	grep -q '"status": "complete"' "$d/results.json" || die "$d: not complete"
done
"$IB" compare --results "$R" --json "$O/test-logs/compare-pti.json" base pti \
	> "$O/test-logs/compare-pti.txt" || die "compare exited $?"
cat "$O/test-logs/compare-pti.txt"
"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti null_call higher || die "pti=on not flagged on null call"
"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti null_io higher || die "pti=on not flagged on null I/O"
# The regression gate on the same boots (docs/compare.md, "Regression gate"): pti=on must
# fail --fail-on slower with the gate's own code 9 (null_call and null_io, significant as
# asserted above, among its rows), its JUnit must parse and name both failures; the A/A,
# base's boots under a second label (their campaign dropped, so that Welch judges rather
# than a pairing of identical boots), must pass --fail-on any.
"$IB" compare --results "$R" --fail-on slower --ktap --junit "$O/test-logs/compare-pti-junit.xml" \
	base pti > "$O/test-logs/compare-pti-gate.txt"
rc=$?
sed -n '/^gate:/p;/^KTAP version 1$/,$p' "$O/test-logs/compare-pti-gate.txt"
[ $rc -eq 9 ] || die "pti=on: compare --fail-on slower exited $rc, not 9"
grep -q '^not ok [0-9]* pti\.null_call ' "$O/test-logs/compare-pti-gate.txt" ||
	die "pti=on: KTAP does not fail null_call"
python3 -c '
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().findall("./testsuite/testcase")
failed = [c.get("name") for c in cases if c.find("failure") is not None]
assert "null_call" in failed and "null_io" in failed, failed
print("# junit: %d testcases, %d failures" % (len(cases), len(failed)))
' "$O/test-logs/compare-pti-junit.xml" || die "pti=on: the JUnit file does not parse or fail null_call, null_io"
AA="$RESULTS/pti-aa"
rm -rf "$AA"
mkdir -p "$AA/base" "$AA/again"
for d in "$R"/base/*/; do
	cp -r "$d" "$AA/base/"
	cp -r "$d" "$AA/again/"
done
python3 -c '
import json, sys
for p in sys.argv[1:]:
    j = json.load(open(p))
    j.get("launch", {}).pop("campaign", None)
    j.get("launch", {}).pop("block", None)
    json.dump(j, open(p, "w"))
' "$AA"/again/*/results.json || die "cannot write the A/A copy"
"$IB" compare --results "$AA" --fail-on any base again > "$O/test-logs/compare-pti-aa.txt" ||
	die "A/A: compare --fail-on any exited $?, not 0"
grep '^gate:' "$O/test-logs/compare-pti-aa.txt"

# The newer operations: the direction of the geometric means (up), as for the compile below:
# each moves by 5-20x under TCG, but on a host busy with other boots one disturbed boot of
# three (bCV 50 % seen) can widen an interval past 1 (poll_10: +254 % [-24, +1551]), while
# null_call and null_io above carry the significance claim.
for m in clock_sys sched_yield poll_10 read_1 mmap_4k pf_anon_write; do
	"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti $m up ||
		die "pti=on: $m is not slower"
done
# The vDSO reads the clock in user space only where the clocksource has a vDSO mode; the
# begin records name it (TCG's is tsc or tsc-early, or hpet/acpi_pm where the guest distrusts
# its TSC, and then clock_gettime() is a system call too): judged only when every boot's is.
novdso=$(grep -aho ' clocksource=[^ ]*' "$R"/base/*/console.log "$R"/pti/*/console.log |
	sed 's/.*=//' | sort -u |
	grep -vx 'tsc\|tsc-early\|kvm-clock\|hyperv_clocksource_tsc_page\|arch_sys_counter' | tr '\n' ' ')
# Within 25 % of its point estimate (a system call moves 5-20x), not "not significant": under
# TCG pti=on still costs the user-space loop a little (not traced): with the best sample per
# boot one campaign gave +6.2 % [+3.3, +9.2], significant, another -4.1 %.
if [ -z "$novdso" ]; then
	"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti clock_vdso within 25 ||
		die "pti=on moved the vDSO clock read by more than 25 %, and it enters no kernel"
else
	say "clock_vdso not judged: clocksource ${novdso% } has no vDSO mode"
fi
# tlb is in the campaign to be seen (its chase enters no kernel either), not judged: under
# TCG a load beyond the TLB's reach is a miss in the host's TLB, and other processes on the
# host CPU moved it 0.5-2x between boots of one arm.

if [ $macro -eq 1 ]; then
	"$IB" report --results "$R" base pti > "$O/test-logs/report-pti.txt" || die "report failed"
	sed -n '/^Macro workloads - /,/^$/p' "$O/test-logs/report-pti.txt"
	macro_rows_filled "$O/test-logs/report-pti.txt" base 3
	macro_rows_filled "$O/test-logs/report-pti.txt" pti 3
	# The direction of compare's ratio (the geometric means over the boots). On a busy host a
	# whole boot can run 3x slower than its neighbours (one plain boot's three builds took
	# 3.6, 3.6 and 5.3 s of system time where the other plain boots took 0.9-1.2 and the
	# pti=on ones 1.7-3.2), so neither the t-interval nor the ordering of every boot holds at
	# B=3 there; docs/macro.md quotes a campaign in which every boot was in order.
	"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti compile_sys up ||
		die "pti=on: the compile's system time is not higher"
	# The HTTP rates are judged only when no boot's runs retransmitted a segment on loopback:
	# a retransmission there is the guest's clock jumping past TCP's 200 ms RTO while the
	# host does not run QEMU (a busy host), and its stall, not the kernel, then makes the
	# figure.
	retrans=$(grep -aho ' retrans_segs=[1-9][0-9]*' "$R"/base/*/console.log "$R"/pti/*/console.log | wc -l)
	if [ "$retrans" -eq 0 ]; then
		for m in http_c100_rps http_c10_rps; do
			"$O/tests/expect-compare" "$O/test-logs/compare-pti.json" pti $m down ||
				die "pti=on: $m is not lower"
		done
	else
		say "HTTP under pti=on not judged: $retrans runs retransmitted on loopback (a busy host; see retrans_segs)"
	fi
fi

"$IB" export --format html --results "$R" --compare "$O/test-logs/compare-pti.json" \
	--out "$O/test-logs/compare-pti-html" base pti || die "export exited $?"
[ -s "$O/test-logs/compare-pti-html/index.html" ] || die "no index.html"
"$IB" export --format csv --results "$R" --out "$O/test-logs/compare-pti.csv" base pti || die "csv export exited $?"
[ "$(wc -l < "$O/test-logs/compare-pti.csv")" -gt 10 ] || die "csv export too short"
