#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetch Debian's kexec-tools once, with the shared libraries it needs that this host does
# not have (Debian's kexec links libxenctrl), and unpack them (never install them: an
# installed kexec-tools would take over this machine's reboots). For the first stage of
# tests/integration/lab/metal-kexec.sh, a small Linux that kexecs into the candidate.
# Usage: scripts/fetch-kexec.sh DIR   leaves DIR/root/sbin/kexec and DIR/root/usr/lib/...
# and prints the library directories to give LD_LIBRARY_PATH. Reuses what is there.
set -eu
dir=$1
mkdir -p "$dir/debs"
dir=$(cd "$dir" && pwd)
libs="$dir/root/lib/x86_64-linux-gnu:$dir/root/usr/lib/x86_64-linux-gnu"
if [ -x "$dir/root/sbin/kexec" ]; then
	echo "$libs"
	exit 0
fi
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
# the library packages in kexec-tools' dependency closure that are not installed here
deps() {
	apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks \
		--no-replaces --no-enhances "$1" 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^lib/ { sub(/:any$/, "", $2); print $2 }'
}
want=kexec-tools todo=kexec-tools
while [ -n "$todo" ]; do
	next=
	for p in $todo; do
		for d in $(deps "$p"); do
			case " $want $next " in *" $d "*) continue ;; esac
			installed "$d" || next="$next $d"
		done
	done
	want="$want$next" todo=$next
done
echo "initbench: downloading$(printf ' %s' $want) (apt-get download, unpacked, not installed)" >&2
# apt's sandbox user cannot write into root-owned dirs: download as the caller
(cd "$dir/debs" && apt-get -q -o APT::Sandbox::User=root download $want >&2)
rm -rf "$dir/root.tmp"
for deb in "$dir"/debs/*.deb; do
	dpkg-deb -x "$deb" "$dir/root.tmp"
done
missing=$(LD_LIBRARY_PATH="$dir/root.tmp/lib/x86_64-linux-gnu:$dir/root.tmp/usr/lib/x86_64-linux-gnu" \
	ldd "$dir/root.tmp/sbin/kexec" | awk '/not found/ { print $1 }')
[ -z "$missing" ] || { echo "initbench: kexec still lacks: $missing" >&2; exit 1; }
rm -rf "$dir/root"
mv "$dir/root.tmp" "$dir/root"
echo "$libs"
