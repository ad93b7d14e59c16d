#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# cpio-list.sh [MKCPIO [MANIFEST]]
#
# Packs a manifest (a substituted gen_init_cpio list) with MKCPIO and checks
# the archive with GNU cpio, a reader we did not write: `cpio -tv` must list
# exactly the manifest's entries (name, type, permission bits, owner, symlink
# target, device numbers), parents before children, and two builds (and
# their `gzip -9 -n`) must be byte-identical.
# MKCPIO defaults to $O/initramfs/mkcpio (exit 77, skip, if it is not built).
# The manifests checked: MANIFEST if given; else a small one made here from
# files in a temp dir, plus $O/initramfs/manifest (the image's) once the image is built.
# KEEP=1 keeps the temp dir (archives, want/got listings) for a look.
set -eu

MKCPIO=${1:-${O:-out}/initramfs/mkcpio}
MANIFEST=${2:-}
if [ ! -x "$MKCPIO" ]; then
	echo "cpio-list: $MKCPIO is not built"
	exit 77
fi
T=$(mktemp -d /tmp/cpio-list.XXXXXX)
trap '[ -n "${KEEP:-}" ] && echo "kept $T" || rm -rf "$T"' EXIT INT TERM
pass=0
fail=0

check() {   # check NAME COMMAND...: one TAP-style line per check
	name=$1
	shift
	if "$@" >"$T/out" 2>&1; then
		pass=$((pass + 1))
		echo "ok - $name"
	else
		fail=$((fail + 1))
		echo "not ok - $name"
		sed 's/^/#   /' "$T/out"
	fi
}

if [ -n "$MANIFEST" ]; then
	MANIFESTS=$MANIFEST
else
	printf 'hello\n' >"$T/hello"
	: >"$T/empty"
	MANIFESTS=$T/manifest
	if [ -n "${O:-}" ] && [ -f "$O/initramfs/manifest" ] && [ -f "$O/initramfs.cpio.gz" ]; then
		MANIFESTS="$MANIFESTS $O/initramfs/manifest"
	fi
	cat >"$T/manifest" <<EOF
# self-made test manifest
dir   /bin  0755 0 0
dir   /dev  0755 0 0
dir   /tmp  1777 0 0
dir   /bin-extra 0700 5 6
file  /bin/hello   $T/hello 0755 0 0
file  /bin-extra/e $T/empty 0600 5 6
nod   /dev/console 0600 0 0 c 5 1
nod   /dev/sda     0660 0 6 b 8 0
slink /bin/sh      hello 0777 0 0
EOF
fi

# Octal permission bits -> the 9 (or with setuid/setgid/sticky) ls letters.
perms() {
	m=$(printf '%d' "0$1")
	out=
	for shift_ in 6 3 0; do
		b=$(( (m >> shift_) & 7 ))
		r=-; w=-; x=-
		[ $((b & 4)) -ne 0 ] && r=r
		[ $((b & 2)) -ne 0 ] && w=w
		[ $((b & 1)) -ne 0 ] && x=x
		case $shift_ in
		6) [ $((m & 04000)) -ne 0 ] && { [ $x = x ] && x=s || x=S; } ;;
		3) [ $((m & 02000)) -ne 0 ] && { [ $x = x ] && x=s || x=S; } ;;
		0) [ $((m & 01000)) -ne 0 ] && { [ $x = x ] && x=t || x=T; } ;;
		esac
		out=$out$r$w$x
	done
	printf '%s' "$out"
}

# What `cpio -tv --numeric-uid-gid` must show, one "type+perms uid gid name
# [-> target | maj,min]" per entry (dates and sizes are left out).
expected() {
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$MANIFEST" |
	while read -r type name a b c d e f; do
		name=${name#/}
		case $type in
		dir)   echo "d$(perms "$a") $b $c $name" ;;
		file)  echo "-$(perms "$b") $c $d $name" ;;
		slink) echo "l$(perms "$b") $c $d $name -> $a" ;;
		nod)   echo "$d$(perms "$a") $b $c $e,$f $name" ;;
		esac
	done | LC_ALL=C sort
}

# GNU cpio -tv: perms nlink uid gid [size | maj, min] month day year name [-> target]
listed() {
	cpio -tv --numeric-uid-gid --quiet <"$1" |
	awk '{
		if ($1 ~ /^[cb]/) { dev = $5 $6; name = $10; rest = "" }
		else { dev = ""; name = $9; rest = "" }
		for (i = (dev == "" ? 10 : 11); i <= NF; i++) rest = rest " " $i
		printf "%s %s %s %s%s%s\n", $1, $3, $4, (dev == "" ? "" : dev " "), name, rest
	}' | LC_ALL=C sort
}

names_in_order() {
	cpio -t --quiet <"$1"
}

parents_first() {
	seen=" "
	while read -r n; do
		case $n in
		*/*) p=${n%/*}
		     case $seen in *" $p "*) ;; *) echo "'$n' before its parent '$p'"; return 1 ;; esac ;;
		esac
		seen="$seen$n "
	done <"$1"
}

check_manifest() {
	MANIFEST=$1
	what=$(basename "$MANIFEST")
	[ "$MANIFEST" = "$T/manifest" ] && what="a test manifest"
	"$MKCPIO" -t 1700000000 -o "$T/a.cpio" "$MANIFEST"
	"$MKCPIO" -t 1700000000 "$MANIFEST" >"$T/b.cpio"
	expected >"$T/want"
	listed "$T/a.cpio" >"$T/got"
	names_in_order "$T/a.cpio" >"$T/order"

	check "$what: cpio -tv lists as the manifest" diff -u "$T/want" "$T/got"
	check "$what: entries appear parents first" parents_first "$T/order"
	check "$what: -o FILE and stdout give the same bytes" cmp "$T/a.cpio" "$T/b.cpio"
	gzip -9 -n <"$T/a.cpio" >"$T/a.gz"
	sleep 1
	touch "$T/a.cpio"
	gzip -9 -n <"$T/a.cpio" >"$T/b.gz"
	check "$what: gzip -9 -n output is reproducible" cmp "$T/a.gz" "$T/b.gz"
	check "$what: archive length is a multiple of 512" \
		test $(( $(wc -c <"$T/a.cpio") % 512 )) -eq 0
}

for m in $MANIFESTS; do
	check_manifest "$m"
done

printf 'file /x %s/missing 0644 0 0\n' "$T" >"$T/bad"
check "missing source file is refused with its line" sh -c \
	'! "$1" "$2" >/dev/null 2>"$3/err" && grep -q "bad:1: cannot read" "$3/err"' \
	sh "$MKCPIO" "$T/bad" "$T"

echo "cpio-list: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
