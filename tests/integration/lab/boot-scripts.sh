# SPDX-License-Identifier: GPL-2.0-or-later
# The real-machine glue (docs/boot.md): target/grub-entry's menuentry passes grub-script-check
# and carries the kernel arguments word for word; target/kexec hands kexec-tools exactly the
# kernel, image and command line (a stand-in kexec on PATH records its arguments: a real
# kexec would replace this machine's kernel); make ipxe-script fills its template; make
# cmdline explains each flag; bad input gets one line and exit 2.
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
command -v grub-script-check >/dev/null || die "grub-script-check is missing (make check installs grub-common)"
w="$O/boot-scripts"
rm -rf "$w" && mkdir -p "$w/bin"
K="$KERNEL_DEFAULT"

"$srctree/target/grub-entry" "$K" "$IMAGE" initbench.out=LABEL=IBOUT:vfat:/runs/ initbench.end=reboot \
	> "$w/entry.cfg" || die "grub-entry failed"
grub-script-check "$w/entry.cfg" || { cat "$w/entry.cfg"; die "grub-script-check refused the entry"; }
grep -q "^	linux '/boot/initbench/vmlinuz' 'console=tty0' 'console=ttyS0,115200' 'panic=-1' 'initbench.out=LABEL=IBOUT:vfat:/runs/' 'initbench.end=reboot'" "$w/entry.cfg" ||
	{ cat "$w/entry.cfg"; die "the linux line does not carry the arguments"; }
grep -q "^	initrd '/boot/initbench/initramfs.cpio.gz'" "$w/entry.cfg" || die "no initrd line"
grep -q "sha256 of the image: $(sha256sum "$IMAGE" | cut -d' ' -f1)" "$w/entry.cfg" || die "no sha256"
DEST=/initbench TITLE='initbench: tiny' "$srctree/target/grub-entry" "$K" "$IMAGE" > "$w/e2.cfg" &&
	grep -q "^menuentry 'initbench: tiny'" "$w/e2.cfg" && grep -q "search --no-floppy --file --set=root '/initbench/vmlinuz'" "$w/e2.cfg" ||
	die "DEST/TITLE not used"
if "$srctree/target/grub-entry" "$K" "$IMAGE" "it's" > /dev/null 2> "$w/err"; then die "a single quote was accepted"; fi
grep -q "no single quotes" "$w/err" || die "no reason given for the quote"
if "$srctree/target/grub-entry" /nonexistent "$IMAGE" > /dev/null 2> "$w/err"; then die "a missing kernel was accepted"; fi
grep -q "cannot read /nonexistent" "$w/err" || die "the missing kernel was not named"

# kexec: dry run, then a stand-in kexec that records what it was given
"$srctree/target/kexec" -n "$K" "$IMAGE" initbench.out=sdb > "$w/dry" || die "kexec -n failed"
grep -qxF "kexec --load $K --initrd=$IMAGE --command-line='console=tty0 console=ttyS0,115200 panic=-1 initbench.out=sdb'" "$w/dry" ||
	{ cat "$w/dry"; die "kexec -n printed the wrong command"; }
printf '#!/bin/sh\nfor a in "$@"; do printf "<%%s>" "$a"; done >> %s/calls\necho >> %s/calls\n' "$w" "$w" > "$w/bin/kexec"
chmod +x "$w/bin/kexec"
PATH="$w/bin:$PATH" "$srctree/target/kexec" "$K" "$IMAGE" 'initbench.bench=null_call' > /dev/null 2>&1 || die "kexec failed"
cat > "$w/want" <<EOT
<--load><$K><--initrd=$IMAGE><--command-line=console=tty0 console=ttyS0,115200 panic=-1 initbench.bench=null_call>
<--exec>
EOT
cmp -s "$w/want" "$w/calls" || { diff "$w/want" "$w/calls"; die "kexec-tools got other arguments"; }

# iPXE
make -C "$srctree" -s O="$O" KERNELS="$KERNELS" ipxe-script BASE_URL=http://10.0.0.1/ib APPEND=initbench.out=vda \
	> "$w/ipxe.log" 2>&1 || { cat "$w/ipxe.log"; die "make ipxe-script failed"; }
s="$O/initbench.ipxe"
head -n 1 "$s" | grep -qx '#!ipxe' || die "the iPXE script does not start with #!ipxe"
grep -qx 'kernel http://10.0.0.1/ib/vmlinuz console=tty0 console=ttyS0,115200 panic=-1 initbench.out=vda' "$s" || { cat "$s"; die "bad kernel line"; }
grep -qx 'initrd http://10.0.0.1/ib/initramfs.cpio.gz' "$s" || die "bad initrd line"
if grep -q '@' "$s"; then die "an unfilled @placeholder@ is left"; fi
if make -C "$srctree" -s O="$O" ipxe-script > /dev/null 2> "$w/err"; then die "ipxe-script without BASE_URL worked"; fi
grep -q 'needs BASE_URL' "$w/err" || die "no reason for the missing BASE_URL"

make -C "$srctree" -s cmdline > "$w/cmdline" || die "make cmdline failed"
for flag in nowatchdog nohz_full isolcpus mitigations=off; do
	grep -q "$flag" "$w/cmdline" || die "make cmdline does not mention $flag"
done
grep -q 'change what is measured' "$w/cmdline" || die "make cmdline does not mark the experiment axes"
say "grub-entry, kexec, ipxe-script and cmdline as documented"
rm -rf "$w"
