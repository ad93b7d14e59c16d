#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages a target needs, if any is missing.
# Usage: scripts/deps.sh PACKAGE...
# As root: apt-get install --no-install-recommends (apt-get update first when apt does not
# know a package yet). Otherwise: print the exact command and fail.
set -u
missing=
for p in "$@"; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
	[ "$s" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ]; then
	echo "initbench: missing Debian packages:$missing" >&2
	echo "initbench: run as root:  $cmd" >&2
	exit 1
fi
echo "initbench: installing missing Debian packages:$missing" >&2
need_update=
for p in $missing; do
	cand=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
	[ -z "$cand" ] || [ "$cand" = "(none)" ] && need_update=1
done
if [ -n "$need_update" ]; then
	apt-get update -qq >&2 || { echo "initbench: apt-get update failed" >&2; exit 1; }
fi
DEBIAN_FRONTEND=noninteractive $cmd >&2 || { echo "initbench: '$cmd' failed" >&2; exit 1; }
