# SPDX-License-Identifier: GPL-2.0-or-later
# The image as a LAVA payload, end to end with Debian's real dispatcher (lava-run, no
# server; docs/lava.md): the job that `make lava-run` writes for the default kernel, run as a
# user types it (KVM probed, TCG here), passes `lava-run --validate` and a real run; LAVA's
# own results hold one passing case per m record with the record's first sample and unit, and one case per outcome; the
# log imported with `initbench import --lava` gives a complete boot in the same format as a
# direct `initbench run` of the same variant, and the report shows both. A second, small job
# checks the fail cases (a benchmark that fails, one that times out). Exit 77 without
# lava-dispatcher.
. "$srctree/tests/lib.sh"
PY=/usr/bin/python3
command -v lava-run > /dev/null || { echo "lava-run missing: apt-get install --no-install-recommends lava-dispatcher"; exit 77; }
$PY -c 'import lava_common' 2> /dev/null || { echo "lava_common missing: lava-dispatcher not installed right"; exit 77; }
[ -f "$KERNEL_DEFAULT" ] || { echo "no default kernel $KERNEL_DEFAULT (make kernel-default)"; exit 77; }
W="$O/test-lava"
R="$RESULTS/lava"
rm -rf "$W" "$R"
mkdir -p "$W"

# ---- the job as a user runs it: make lava-run with its defaults ----
# (accel auto: KVM is probed on this host as `make run` does, and the job falls back to TCG
# loudly when the KVM guest stays silent; the job and its device land in $O)
start=$(date +%s)
make -C "$srctree" O="$O" KERNELS="$KERNELS" lava-run > "$W/make-lava-run.log" 2>&1
rc=$?
[ $rc -eq 0 ] || { tail -n 30 "$W/make-lava-run.log"; die "make lava-run exited $rc"; }
say "make lava-run: $(( $(date +%s) - start )) s"
grep 'initbench lava: KVM' "$W/make-lava-run.log" | sed 's/^/# /'
grep -q 'initbench lava: KVM \(answers\|unusable (.*), falling back to TCG\)' "$W/make-lava-run.log" ||
	die "make lava-run did not say whether the job uses KVM"
grep -q '^lava ' "$W/make-lava-run.log" || die "make lava-run printed no summary row for label lava"
cp "$O/lava-job.yaml" "$W/job.yaml" && cp "$O/lava-device-qemu.yaml" "$W/device.yaml" &&
	cp "$O/lava/job.log" "$W/job.log" || die "make lava-run left no job, device or log in $O"
grep -q "sha256sum: $(sha256sum "$IMAGE" | cut -d' ' -f1)" "$W/job.yaml" || die "the job does not name the image's sha256"
lava-run --validate --job-id "v$$" --output-dir "$W/v" --device "$W/device.yaml" "$W/job.yaml" \
	> "$W/validate.log" 2>&1 || { tail -5 "$W/validate.log"; die "lava-run --validate refused the job"; }
say "lava-run --validate: ok"

# a job whose QEMU refused to start (seen with -cpu host and no KVM): the import says what
# LAVA's console said, not only that no record came
"$IB" import --lava "$srctree/tests/data/lava/cpu-host-without-kvm.log" --label nokvm \
	--results "$W/nokvm" 2> "$W/nokvm.err" && die "import of a failed job exited 0"
grep -q "CPU model 'host' requires KVM or HVF" "$W/nokvm.err" ||
	{ cat "$W/nokvm.err"; die "the import did not quote LAVA's console line"; }
say "failed job: $(cat "$W/nokvm.err")"

# LAVA's results against the records of the console LAVA logged
check_cases() {
	$PY - "$1" "$2" << 'EOF'
import json, re, sys
log, want_fail = sys.argv[1], sys.argv[2].split(",") if sys.argv[2] else []
fix = {"ok": "pass", "skipped": "skip", "failed": "fail", "timeout": "fail"}
cases, records, job = [], [], None
for line in open(log, errors="replace"):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("lvl") == "results" and e["msg"].get("definition") == "initbench":
        cases.append(e["msg"])
    elif e.get("lvl") == "results" and e["msg"].get("case") == "job":
        job = e["msg"]["result"]
    elif e.get("lvl") == "target" and "# IB " in e["msg"]:
        records.append(e["msg"].replace('\\"', '"'))
want = []
for r in records:
    f = dict(w.split("=", 1) for w in r[r.index("# IB "):].split()[4:-1] if "=" in w)
    typ = r[r.index("# IB "):].split()[3]
    if typ == "m":
        cid = "%s metric=%s" % (f["bench"], f["metric"])
        want.append((cid, "pass", f["samples"].split(",")[0], f["unit"]))
    elif typ == "outcome":
        want.append((f["bench"], fix[f["status"]], f["wall_ms"], "ms"))
got = [(c["extra"]["test_case_id"], c["result"], c["measurement"], c["units"]) for c in cases]
def die(msg):
    print("FAIL:", msg); sys.exit(1)
if job != "pass":
    die("LAVA job result %s" % job)
if got != want:
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            die("case %d: LAVA %s, records %s" % (i, g, w))
    die("%d LAVA cases for %d records" % (len(got), len(want)))
for c in cases:
    if c["case"] != re.sub(r"\W+", "_", c["extra"]["test_case_id"].lower()):
        die("case name %s" % c["case"])
nm = sum(1 for r in records if " m bench=" in r)
npass = sum(1 for c in cases if c["result"] == "pass" and " metric=" in c["extra"]["test_case_id"])
if nm == 0 or npass != nm:
    die("%d passing measurement cases for %d m records" % (npass, nm))
fails = sorted(c["case"] for c in cases if c["result"] == "fail")
if fails != sorted(want_fail):
    die("fail cases %s, expected %s" % (fails, want_fail))
print("# LAVA results: %d cases, %d measurements (all pass, values = first samples), fail: %s"
      % (len(cases), nm, ",".join(fails) or "none"))
EOF
}
check_cases "$W/job.log" "" || die "LAVA's results do not match the records"

# ---- import, and a direct run of the same variant ----
"$IB" import --lava "$W/job.log" --label lava --results "$R" || die "import --lava exited $?"
"$IB" run --kernel "$KERNEL_DEFAULT" --label direct --image "$IMAGE" \
	--results "$R" || die "initbench run exited $?"
$PY - "$R/lava/1/results.json" "$R/direct/1/results.json" << 'EOF' || die "imported boot differs from a direct one"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def die(msg):
    print("FAIL:", msg); sys.exit(1)
if sorted(a) != sorted(b):
    die("top-level members %s vs %s" % (sorted(a), sorted(b)))
for x in (a, b):
    if x["integrity"]["status"] != "complete" or x["integrity"]["missing"] or x["integrity"]["corrupt"]:
        die("not complete: %s" % x["integrity"]["summary"])
if sorted(a["integrity"]) != sorted(b["integrity"]):
    die("integrity members differ")
if sorted(a["env"]) != sorted(b["env"]):
    die("env keys differ: %s" % sorted(set(a["env"]) ^ set(b["env"])))
for k in ("cmdline", "config", "suite", "uname_r", "hypervisor"):
    if a["env"][k] != b["env"][k]:
        die("env %s: %s vs %s" % (k, a["env"][k], b["env"][k]))
if a["plan"] != b["plan"]:
    die("plans differ")
def shape(m):
    return (m["bench"], m["metric"], m["unit"], sorted(m), sorted(m["params"]), len(m["samples"]))
# tlb's search (lmbench's find_tlb) measures as many tlb_chase points as the data asks for:
# 17 pairs in one boot, 20 in the next (a ratio above 1.15 is measured twice); so its points
# are held to being there in both, every other measurement to the same kind, order and count
chase = ("tlb_chase", "tlb_chase_base")
sa, sb = [shape(m) for m in a["measurements"]], [shape(m) for m in b["measurements"]]
fa, fb = [s for s in sa if s[1] not in chase], [s for s in sb if s[1] not in chase]
if [s[:4] + (s[5],) for s in fa] != [s[:4] + (s[5],) for s in fb]:
    die("measurements differ in kind or sample count")
for x in (sa, sb):
    if not all(any(s[1] == c for s in x) for c in chase):
        die("a boot lacks tlb's chase points")
if [(o["bench"], o["status"]) for o in a["outcomes"]] != [(o["bench"], o["status"]) for o in b["outcomes"]]:
    die("outcomes differ")
if a["launch"]["launcher"] != "lava" or a["launch"]["lava"]["job_result"] != "pass":
    die("launch facts: %s" % a["launch"]["launcher"])
print("# imported boot = direct boot in format and completeness: %d measurements, %d outcomes"
      % (len(a["measurements"]), len(a["outcomes"])))
EOF
"$IB" report --results "$R" lava direct > "$W/report.txt" || die "report failed"
grep -q '^lava ' "$W/report.txt" && grep -q '^direct ' "$W/report.txt" || die "the report lacks a row per boot"
sed -n '/^Processor/,/^$/p' "$W/report.txt"

# ---- fail and timeout cases: exec_proc cannot find its hello, lat_mem runs past 1 s ----
"$IB" lava --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --accel tcg --out "$W/fail.yaml" \
	--bench null_call,exec_proc,lat_mem --hello /nonexistent --timeout_s 1 --reps 3 2> /dev/null || die "initbench lava (fail job) exited $?"
lava-run --job-id "f$$" --output-dir "$W/f" --device "$W/device.yaml" "$W/fail.yaml" \
	> "$W/fail.log" 2>&1 || { tail -20 "$W/fail.log"; die "lava-run (fail job) exited $?"; }
check_cases "$W/fail.log" "exec_proc,lat_mem" || die "LAVA's fail cases do not match the outcomes"

# ---- a board job: LAVA's own schema accepts it ----
"$IB" lava --device-type x86 --boot-method ipxe --kernel "$KERNEL_DEFAULT" --image "$IMAGE" \
	--kernel-url http://lab.example/bzImage --image-url http://lab.example/initramfs.cpio.gz \
	--out "$W/board.yaml" 2> /dev/null || die "initbench lava (board) exited $?"
$PY -c 'import sys, yaml; from lava_common.schemas import validate; validate(yaml.safe_load(open(sys.argv[1])), strict=True)' \
	"$W/board.yaml" || die "LAVA's schema refuses the tftp job"
say "board job (tftp, ipxe): schema ok"

# ---- arm64: the job follows the kernel's architecture (console, QEMU, machine, CPU) ----
AK="$KERNELS/arm64/default/vmlinuz" AIMG="$O/arm64/initramfs.cpio.gz"
if [ -r "$AK" ] && [ -r "$AIMG" ]; then
	"$IB" lava --kernel "$AK" --image "$AIMG" --accel tcg --bench null_call,stat \
		--out "$W/arm64.yaml" --device-out "$W/arm64-device.yaml" 2> /dev/null || die "initbench lava (arm64) exited $?"
	grep -q "^  arch: arm64" "$W/arm64.yaml" && grep -q "console=ttyAMA0 " "$W/arm64.yaml" &&
		grep -q "command: qemu-system-aarch64" "$W/arm64-device.yaml" || die "the arm64 job is not an arm64 job"
	lava-run --job-id "a$$" --output-dir "$W/a" --device "$W/arm64-device.yaml" "$W/arm64.yaml" \
		> "$W/arm64.log" 2>&1 || { tail -20 "$W/arm64.log"; die "lava-run (arm64) exited $?"; }
	check_cases "$W/arm64.log" "" || die "LAVA's arm64 results do not match the records"
	say "arm64 job: run by lava-run, every case as the records say"
else
	say "no arm64 image or kernel (boot-arm64.sh makes them): arm64 job not run"
fi
