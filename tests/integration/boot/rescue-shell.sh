# SPDX-License-Identifier: GPL-2.0-or-later
# initbench.shell=1: PID 1 starts busybox sh on the console instead of measuring; a command
# typed there runs, and the shell's poweroff ends the guest. Under UML (fast to boot), or
# under QEMU-TCG where this host's CPU cannot run Debian's UML (host/boot/uml.h). The input is
# sent once PID 1 has said it starts the shell, and a second later (busybox asks the
# terminal for the cursor position first and eats what arrives before); stdin stays open
# until poweroff (UML drops its console when stdin hits end of file).
. "$srctree/tests/lib.sh"
[ -x /usr/bin/linux.uml ] || die "no /usr/bin/linux.uml"
log="$O/test-logs/rescue-shell.console"
fifo="$O/test-logs/rescue-shell.in"

# $@: the launcher, its console on stdin and stdout
shell_session() {
	rm -f "$fifo" "$log" && mkfifo "$fifo" && : > "$log" || die "cannot make $fifo"
	(
		exec 3> "$fifo"
		n=0
		until grep -q 'initbench.shell=1: rescue shell' "$log" || [ $n -ge 90 ]; do
			sleep 0.5; n=$((n + 1))
		done
		sleep 1; echo 'echo SHELL-OK-$((6*7))' >&3; sleep 2; echo poweroff >&3; sleep 10
	) &
	writer=$!
	timeout 60 "$@" < "$fifo" > "$log" 2>&1
	rc=$?
	kill $writer 2> /dev/null; wait $writer 2> /dev/null
	rm -f "$fifo"
	return $rc
}

dir=$(mktemp -d /dev/shm/ib-shell.XXXXXX 2>/dev/null || mktemp -d)
shell_session taskset -c 1 /usr/bin/linux.uml mem=256M initrd="$IMAGE" con0=fd:0,fd:1 con=null \
	uml_dir="$dir" initbench.shell=1
rc=$?
rm -rf "$dir"
how=UML
if grep -q 'ptrace set fp regs failed' "$log"; then
	say "UML cannot run on this host's CPU ($(grep -o 'userspace - ptrace.*' "$log" | tr -d '\r')): under QEMU-TCG"
	[ -f "$KERNEL_DEFAULT" ] || die "no default kernel $KERNEL_DEFAULT for QEMU"
	shell_session qemu-system-x86_64 -nodefaults -no-reboot -display none -m 256 -accel tcg \
		-kernel "$KERNEL_DEFAULT" -initrd "$IMAGE" -append "console=ttyS0 panic=-1 initbench.shell=1" \
		-chardev stdio,id=s0,signal=off -serial chardev:s0
	rc=$?
	how=QEMU-TCG
fi
[ $rc -ne 124 ] || die "$how did not power off from the rescue shell (timeout)"
grep -q 'initbench.shell=1: rescue shell' "$log" || die "PID 1 did not say it started the rescue shell"
grep -q 'SHELL-OK-42' "$log" || die "the command typed in the rescue shell did not run"
if grep -q '# IB ' "$log"; then die "the suite ran although shell=1"; fi
say "rescue shell under $how ran the command and powered off"
