# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input gets a clear one-line error naming what to fix (docs/faults.md): Kconfig values
# out of range or malformed; bad knob values for the suite (natively and as initbench.*= on
# a real boot: the run goes on with the built-in values and the begin record says which were
# refused); bad CLI arguments and labels (nothing is interpolated by a shell, nothing written
# outside the results directory); a KERNEL that is missing, unreadable, a directory, a FIFO or
# not a kernel; a results directory that cannot be written; a full disk on the host.
. "$srctree/tests/lib.sh"
R="$RESULTS/fault-bad-input"
rm -rf "$R"
mkdir -p "$R"
K="$KERNEL_DEFAULT"

# refused CODE PATTERN CMD...: exits CODE within 15 s, and the first stderr line matches
refused() {
	want=$1 pat=$2
	shift 2
	timeout 15 "$@" > "$R/out" 2> "$R/err" < /dev/null
	rc=$?
	first=$(head -n 1 "$R/err")
	[ $rc -eq "$want" ] || { cat "$R/err"; die "'$*': exit $rc, want $want"; }
	printf '%s\n' "$first" | grep -q -- "$pat" || die "'$*': first line '$first' does not say '$pat'"
	say "exit $rc: $first"
}

# ---- Kconfig: a value kconfig would silently replace is refused, naming it
KC="$R/kconfig"
mkdir -p "$KC"
cp "$O/.config" "$KC/.config"
sed -i 's/^CONFIG_IB_REPS=.*/CONFIG_IB_REPS=0/; s/^CONFIG_IB_TIMEOUT_S=.*/CONFIG_IB_TIMEOUT_S=2x/' "$KC/.config"
make -C "$srctree" -s O="$KC" "$KC/include/config.h" > "$KC/out" 2>&1 && die "kconfig: out-of-range values accepted"
grep -q 'CONFIG_IB_REPS=0 is out of range or malformed (kconfig would use 11)' "$KC/out" || { cat "$KC/out"; die "kconfig: no line naming CONFIG_IB_REPS"; }
grep -q 'CONFIG_IB_TIMEOUT_S=2x is out of range or malformed' "$KC/out" || die "kconfig: no line naming CONFIG_IB_TIMEOUT_S"
say "kconfig: $(grep -c 'out of range' "$KC/out") bad values refused by name"

# ---- the suite's knobs, natively: refused by name, defaults kept, the run goes on
"$O/bench/ibsuite" --bench=null_call --reps=abc --budget_ms=0 --pin=7 --timeout_s=-3 --cpu=x \
	--hello="$O/bench/ib-hello" > "$R/suite.out" 2> "$R/suite.err"
rc=$?
[ $rc -eq 0 ] || die "suite with bad knobs: exit $rc"
for k in reps=abc budget_ms=0 pin=7 timeout_s=-3 cpu=x; do
	grep -q "refused $k" "$R/suite.err" || die "suite: no message for $k"
done
begin=$(grep '^# IB 0 begin ' "$R/suite.out")
case "$begin" in *" refused=reps=abc,budget_ms=0,pin=7,timeout_s=-3,cpu=x "*) ;; *) die "suite: begin record: $(printf '%s' "$begin" | grep -o 'refused=[^ ]*')" ;; esac
case "$begin" in *" knob.reps=$(sed -n 's/^CONFIG_IB_REPS=//p' "$O/.config") "*) ;; *) die "suite: reps not the built-in value" ;; esac
grep -q '^# IB [0-9]* outcome bench=null_call status=ok ' "$R/suite.out" || die "suite: null_call did not run"
say "suite: 5 bad knobs refused by name, run complete with the built-in values"

# ---- exec proc's hellos: a dynamic hello whose loader is missing (lmbench would time fork +
# failed exec + exit), hellos linked the other way: failed before timing, naming the path
LC_ALL=C sed 's|/lib/ld-musl-|/lib/ld-nosl-|' "$O/bench/ib-hello-dyn" > "$R/hello-noloader"
chmod +x "$R/hello-noloader"
"$O/bench/ibsuite" --bench=exec_proc_dyn,sh_proc_dyn,exec_proc --reps=3 --budget_ms=1 \
	--hello_dyn="$R/hello-noloader" --hello="$O/bench/ib-hello-dyn" > "$R/hello.out" 2> "$R/hello.err"
for b in exec_proc_dyn sh_proc_dyn; do
	grep -q "^not ok [0-9]* $b # failed: dynamic loader /lib/ld-nosl-[a-z0-9_]*\.so\.1: No such file or directory (named by hello_dyn $R/hello-noloader)" \
		"$R/hello.out" || { cat "$R/hello.out"; die "$b: no failure naming the missing loader"; }
done
grep -q "^not ok [0-9]* exec_proc # failed: hello $O/bench/ib-hello-dyn is dynamically linked" "$R/hello.out" ||
	die "exec_proc: a dynamic hello not refused"
"$O/bench/ibsuite" --bench=exec_proc_dyn --reps=3 --budget_ms=1 --hello_dyn="$O/bench/ib-hello" \
	> "$R/hello.out" 2> "$R/hello.err"
grep -q "^not ok 1 exec_proc_dyn # failed: hello_dyn $O/bench/ib-hello is statically linked" "$R/hello.out" ||
	die "exec_proc_dyn: a static hello not refused"
say "exec proc: a missing loader and hellos linked the other way fail, naming the path"

# ---- host CLI
refused 2 "unknown command" "$IB" nosuch
refused 2 "'--nosuch': unknown option" "$IB" run --kernel "$K" --nosuch
refused 2 "'--runs abc'" "$IB" run --kernel "$K" --runs abc
refused 2 "'--mem 8'" "$IB" run --kernel "$K" --mem 8
refused 2 "'--timeout 0'" "$IB" run --kernel "$K" --timeout 0
refused 2 "'--accel fast'" "$IB" run --kernel "$K" --accel fast
# a suite knob the guest would refuse (and go on without) stops the command before a boot
refused 2 "'--rounds 21': not an integer in 1..20" "$IB" run --kernel "$K" --rounds 21
refused 2 "'--budget_ms 0': not an integer in 1..10000" "$IB" native --budget_ms 0
refused 2 "needs a value" "$IB" run --kernel
# labels: a safe set only; metacharacters are refused, never given to a shell
for l in '../up' 'a/b' '.hidden' '-x' 'a b' '$(touch x)' "semi;colon" "$(printf 'x%.0s' $(seq 65))"; do
	refused 2 "label" "$IB" run --kernel "$K" --results "$R/store" --label "$l"
	refused 2 "label" "$IB" import "$srctree/tests/data/small.log" --results "$R/store" --label "$l"
done
[ ! -e x ] && [ ! -e "$R/x" ] && [ ! -e "$R/up" ] || die "a label made a file outside the store"
if [ -d "$R/store" ] && [ -n "$(ls -A "$R/store" 2>/dev/null)" ]; then ls -R "$R/store"; die "a refused label left something in the store"; fi
# results and paths with metacharacters are taken literally (execve, no shell)
odd="$R/odd \$(touch pwned) 'q'"
mkdir -p "$odd"
"$IB" import "$srctree/tests/data/small.log" --results "$odd" --label lit > /dev/null 2>&1 || die "import into '$odd' failed"
[ -f "$odd/lit/1/console.log" ] || die "import: not stored under the literal path"
[ ! -e pwned ] && [ ! -e "$R/pwned" ] || die "a path was run through a shell"
say "labels: 8 bad ones refused for run and import; odd paths taken literally"

# ---- KERNEL
refused 2 "No such file" "$IB" run --kernel "$R/nonexistent" --image "$IMAGE"
refused 2 "not a regular file\|a directory without a kernel in it" "$IB" run --kernel "$R" --image "$IMAGE"
mkfifo "$R/fifo"
refused 2 "not a regular file" "$IB" run --kernel "$R/fifo" --image "$IMAGE"
refused 2 "neither a bzImage" "$IB" run --kernel "$srctree/README.md" --image "$IMAGE"
# unreadable: root reads any file, so as root this runs as nobody (setpriv), from a copy of
# the tool in a directory nobody may enter (the checkout's may be private)
U=$(mktemp -d)
chmod 755 "$U"
cp "$IB" "$U/initbench" && cp "$KERNELS/check-tiny/bzImage" "$U/bzImage" 2>/dev/null ||
	cp "$srctree/README.md" "$U/bzImage"
chmod 000 "$U/bzImage"
as_nobody=
[ "$(id -u)" -ne 0 ] || as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
refused 2 "initbench run: kernel $U/bzImage: Permission denied" $as_nobody "$U/initbench" run \
	--kernel "$U/bzImage" --image "$IMAGE" --results "$U/results"
rm -rf "$U"
refused 2 "image" "$IB" run --kernel "$K" --image "$R/no-image.cpio.gz"

# ---- results directory not writable, disk full
touch "$R/file"
refused 1 "$R/file/x" "$IB" native --suite "$O/bench/ibsuite" --results "$R/file/x" --bench null_call
M="$R/mnt"
mkdir -p "$M"
if mount -t tmpfs -o ro,size=64k initbench-ro "$M" 2> /dev/null; then
	refused 1 "Read-only file system" "$IB" native --suite "$O/bench/ibsuite" --results "$M" --bench null_call
	umount "$M"
	mount -t tmpfs -o size=8k initbench-full "$M" || die "cannot mount a small tmpfs"
	timeout 60 "$IB" native --suite "$O/bench/ibsuite" --hello "$O/bench/ib-hello" --results "$M" \
		--bench null_call,null_io,stat,open_close,fork_proc,lat_pipe > "$R/full.out" 2> "$R/full.err"
	rc=$?
	umount "$M"
	grep -v 'benchmark [0-9]' "$R/full.err"
	[ $rc -eq 1 ] || die "disk full: exit $rc, want 1"
	grep -q 'No space left on device' "$R/full.err" || die "disk full: not said"
	say "read-only and full results directories: exit 1, said"
else
	say "no tmpfs mounts here (not root?): read-only and disk-full rows not run"
fi

# ---- initbench.*= on a real boot: refused in the begin record, the boot complete
[ -r "$K" ] && [ -r "$IMAGE" ] && command -v qemu-system-x86_64 > /dev/null || { echo "no kernel/image/qemu for the boot row"; exit 77; }
"$IB" run --kernel "$K" --image "$IMAGE" --results "$R/store" --label knobs --accel tcg --timeout 120 \
	--bench null_call --append "initbench.reps=abc initbench.budget_ms=99999 initbench.pin=2" > "$R/boot.out" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$R/boot.out"; die "boot with bad initbench.*=: exit $rc, want 0"; }
grep -aq 'refused=reps=abc,budget_ms=99999,pin=2 ' "$R/store/knobs/1/console.log" || die "boot: begin record lacks the refusals"
grep -aq 'ibsuite: refused reps=abc' "$R/store/knobs/1/console.log" || die "boot: no message on the console"
say "boot: 3 bad initbench.*= values refused, named in the begin record, boot complete"
