# SPDX-License-Identifier: GPL-2.0-or-later
# Fault paths of `initbench run` and their exit codes (docs/launch.md): a kernel panic (3),
# a guest that prints nothing and never ends (4), a guest whose records go to another
# console (5), a missing QEMU (7), a kernel file of unknown kind and a bad label (2).
# Each must end within its --timeout plus a few seconds and leave console.log behind.
. "$srctree/tests/lib.sh"
[ -r "$KERNEL_DEFAULT" ] || { echo "no kernel $KERNEL_DEFAULT"; exit 77; }
[ -r "$IMAGE" ] || { echo "no image $IMAGE"; exit 77; }
command -v qemu-system-x86_64 > /dev/null || { echo "no qemu-system-x86_64"; exit 77; }
R="$RESULTS/faults"
rm -rf "$R"

# expect CODE[,CODE] MAX_SECONDS LABEL ARGS...: run, check the exit code and the time taken
expect() {
	want=$1 max=$2 label=$3
	shift 3
	start=$(date +%s)
	PATH="${RUN_PATH:-$PATH}" "$IB" run --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --results "$R" --label "$label" "$@"
	rc=$?
	took=$(( $(date +%s) - start ))
	say "$label: exit $rc after ${took}s (want $want, at most ${max}s)"
	case ",$want," in *",$rc,"*) ;; *) die "$label: exit $rc, want $want" ;; esac
	[ "$took" -le "$max" ] || die "$label: took ${took}s, more than ${max}s"
}

# no init: the kernel panics; QEMU ends at once (panic=-1, -no-reboot)
expect 3 65 panic --accel tcg --timeout 60 --append rdinit=/nonexistent
grep -q 'Kernel panic - not syncing' "$R/panic/1/console.log" || die "panic: no panic text in console.log"
grep -q '"ended_by"' "$R/panic/1/results.json" || die "panic: no launch facts in results.json"

# kernel and shell on tty0 (nowhere), nothing on ttyS0, the shell waits for input forever
expect 4 20 silent --accel tcg --timeout 12 --append "console=tty0 loglevel=0 rdinit=/bin/sh"
[ -e "$R/silent/1/console.log" ] || die "silent: no console.log"
if grep -q '# IB ' "$R/silent/1/console.log"; then die "silent: records on ttyS0?"; fi

# the suite runs and powers off, but its records go to tty0: the launcher ends, no records
expect 5 125 elsewhere --accel tcg --timeout 120 --append "console=tty0 loglevel=0" \
	--bench null_call --reps 3 --budget_ms 1

# no QEMU on PATH: the launcher cannot start
RUN_PATH=/nonexistent
expect 7 5 noqemu --accel tcg --timeout 10
RUN_PATH=
grep -q qemu-system-x86_64 "$R/noqemu/1/command.txt" || die "noqemu: command.txt lacks the command"

# refused before anything starts
junk="$R/junk-kernel"
mkdir -p "$R" && head -c 4096 /dev/zero > "$junk"
"$IB" run --kernel "$junk" --image "$IMAGE" --results "$R" 2> "$R/junk.err"
rc=$?
[ $rc -eq 2 ] || die "junk kernel: exit $rc, want 2"
grep -q "$junk" "$R/junk.err" || die "junk kernel: the message does not name the file"
"$IB" run --kernel "$KERNEL_DEFAULT" --image "$IMAGE" --results "$R" --label ../x 2> /dev/null
rc=$?
[ $rc -eq 2 ] || die "bad label: exit $rc, want 2"
say "all fault paths gave their exit codes"
