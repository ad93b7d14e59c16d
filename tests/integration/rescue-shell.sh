# SPDX-License-Identifier: GPL-2.0-or-later
# initbench.shell=1: PID 1 starts busybox sh on the console instead of measuring; a command
# typed there runs, and the shell's poweroff ends the guest. Under UML (fast to boot); the
# input is sent after the prompt has had time to appear (busybox asks the terminal for the
# cursor position first and eats what arrives before), and stdin stays open until poweroff
# (UML drops its console when stdin hits end of file).
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || die "no /usr/bin/linux.uml"
dir=$(mktemp -d /dev/shm/ib-shell.XXXXXX 2>/dev/null || mktemp -d)
log="$O/test-logs/rescue-shell.console"
(sleep 4; echo 'echo SHELL-OK-$((6*7))'; sleep 2; echo poweroff; sleep 8) |
	timeout 60 taskset -c 1 /usr/bin/linux.uml mem=256M initrd="$IMAGE" con0=fd:0,fd:1 con=null \
	uml_dir="$dir" initbench.shell=1 > "$log" 2>&1
rc=$?
rm -rf "$dir"
[ $rc -ne 124 ] || die "UML did not power off from the rescue shell (timeout)"
grep -q 'initbench.shell=1: rescue shell' "$log" || die "PID 1 did not say it started the rescue shell"
grep -q 'SHELL-OK-42' "$log" || die "the command typed in the rescue shell did not run"
if grep -q '# IB ' "$log"; then die "the suite ran although shell=1"; fi
say "rescue shell ran the command and powered off"
