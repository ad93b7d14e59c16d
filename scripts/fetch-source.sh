#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetch one pinned Debian source package once (never build or install it).
# Usage: scripts/fetch-source.sh CACHE_DIR PACKAGE VERSION ORIG_SHA256
# Leaves CACHE_DIR/PACKAGE_VERSION/ holding the .dsc, the upstream (orig) tarball and the
# Debian tarball, as `apt-get source --download-only` gets them; reuses what is there.
#
# This host's apt configuration is never changed: apt runs on a private state in
# CACHE_DIR/apt/ whose only sources are deb-src lines for the mirrors this host already uses
# for its release (read from `apt-cache policy`). apt checks the files against the signed
# Sources index as usual (the host's trusted keys); the orig tarball must then also have the
# pinned SHA-256, so that the corpus is the same on every machine, or the fetch fails.
set -eu
cache=$1 pkg=$2 ver=$3 sum=$4
die() { echo "initbench: source package $pkg $ver: $*" >&2; exit 1; }
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
dest="$cache/${pkg}_$ver"
upver=${ver%-*}
orig() { ls "$1/${pkg}_$upver.orig.tar."* 2>/dev/null | head -n 1; }
if [ -f "$dest/${pkg}_$ver.dsc" ] && [ -n "$(orig "$dest")" ]; then
	exit 0
fi
command -v apt-get >/dev/null || die "apt-get is needed to fetch it"

apt="$cache/apt"
mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/etc"
: > "$apt/status"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$suite" ] || die "/etc/os-release names no VERSION_CODENAME"
apt-cache policy | awk -v s="$suite" '$2 ~ /^(http|https|file):/ && $3 ~ "^" s "(-updates|-security)?/main$" {
	split($3, p, "/"); print "deb-src " $2 " " p[1] " main" }' | sort -u > "$apt/etc/sources.list"
[ -s "$apt/etc/sources.list" ] || die "this host's apt configuration names no mirror for $suite main"
set -- -o Dir::State="$apt" -o Dir::State::Lists="$apt/lists" \
	-o Dir::State::status="$apt/status" -o Dir::Cache="$apt" \
	-o Dir::Cache::archives="$apt/archives" -o Dir::Etc::SourceList="$apt/etc/sources.list" \
	-o Dir::Etc::SourceParts=/nonexistent -o APT::Sandbox::User="$(id -un)"
echo "initbench: fetching Debian source package $pkg $ver (apt-get source, private apt state in $apt)" >&2
apt-get -q "$@" update > "$apt/update.log" 2>&1 || { tail -n 5 "$apt/update.log" >&2; die "apt-get update of the deb-src lines failed (log: $apt/update.log)"; }
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
(cd "$dest.tmp" && apt-get -q "$@" source --download-only "$pkg=$ver") > "$apt/source.log" 2>&1 ||
	{ tail -n 5 "$apt/source.log" >&2; die "apt-get source failed: is $ver still on the mirror? (log: $apt/source.log)"; }
o=$(orig "$dest.tmp")
[ -n "$o" ] || die "no orig tarball among $(ls "$dest.tmp")"
got=$(sha256sum "$o" | cut -d' ' -f1)
[ "$got" = "$sum" ] || die "$(basename "$o") has SHA-256 $got, expected $sum"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "initbench: $pkg $ver in $dest" >&2
