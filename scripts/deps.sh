#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages a target needs, if any is missing.
# Usage: scripts/deps.sh PACKAGE...
# As root: apt-get install --no-install-recommends (apt-get update first when apt does not
# know a package yet), one line per step on stderr; apt's own output goes to $IB_DEPS_LOG
# (default /tmp/initbench-apt.log) and its last lines are shown only when a step fails.
# As a normal user: print the exact command to run as root and exit 3, so that a missing
# package stops the target before it starts (make then says `Error 3` and exits 2).
set -u
missing=
for p in "$@"; do
	case " $missing " in *" $p "*) continue ;; esac
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
	[ "$s" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ]; then
	echo "initbench: missing Debian packages:$missing" >&2
	echo "initbench: run as root:  $cmd" >&2
	exit 3
fi
log=${IB_DEPS_LOG:-/tmp/initbench-apt.log}
mkdir -p "$(dirname "$log")" && : > "$log" || log=/dev/null

# $1: what the step does, for the user; the rest: the command
step() {
	what=$1; shift
	t0=$(date +%s)
	printf 'initbench: %s ...' "$what" >&2
	if DEBIAN_FRONTEND=noninteractive "$@" >> "$log" 2>&1; then
		printf ' done (%ss)\n' $(( $(date +%s) - t0 )) >&2
		return 0
	fi
	printf ' failed\n' >&2
	tail -n 15 "$log" | sed 's/^/initbench:   /' >&2
	echo "initbench: '$*' failed (all of its output: $log)" >&2
	exit 1
}

n=$(echo $missing | wc -w)
need_update=
for p in $missing; do
	cand=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
	[ -z "$cand" ] || [ "$cand" = "(none)" ] && need_update=1
done
[ -n "$need_update" ] && step "apt-get update (apt does not know every package yet)" apt-get update
step "installing $n Debian package(s):$missing" $cmd
