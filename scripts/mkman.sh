#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Usage: scripts/mkman.sh INITBENCH OUT
# Writes the manual page OUT from the binary's own help, so that it can never list an option
# the binary does not have: help2man reads `INITBENCH --help` and `--version`, and OUT.h2m,
# made here, adds a COMMANDS section with each command of `INITBENCH help` and its
# `INITBENCH CMD --help`. SOURCE_DATE_EPOCH (from make) fixes the date in the page.
set -eu
ib=$1 out=$2
inc=$out.h2m
tmp=$out.d
rm -rf "$tmp" && mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# help text -> roff lines for a no-fill block: literal backslashes and minus signs (so that
# options copied from the page work), and no line read as a request
roff() {
	sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"
}

"$ib" --help > "$tmp/top" || { echo "initbench: $ib --help failed" >&2; exit 1; }
"$ib" --version > "$tmp/version" || { echo "initbench: $ib --version failed" >&2; exit 1; }
"$ib" help | sed -n 's/^  \([a-z][a-z0-9-]*\)  *\(.*\)/\1 \2/p' > "$tmp/commands"
[ -s "$tmp/commands" ] || { echo "initbench: '$ib help' lists no commands" >&2; exit 1; }

{
	echo '[COMMANDS]'
	# printf, not echo: dash's echo would turn \f into a form feed
	printf '%s\n' 'Each command prints its own options with \fBinitbench\fR \fICOMMAND\fR \fB\-\-help\fR:' \
		'they are reproduced here.'
	while read -r cmd desc; do
		# a command that refuses --help still prints its usage, after a line saying so
		"$ib" "$cmd" --help 2>&1 < /dev/null | grep -v "^initbench $cmd: " > "$tmp/cmd-$cmd" || :
		echo ".SS \"initbench $cmd\""
		printf '%s\n' "$desc" | roff
		echo '.PP'
		same=
		if cmp -s "$tmp/cmd-$cmd" "$tmp/top"; then
			same=--help
		elif cmp -s "$tmp/cmd-$cmd" "$tmp/version"; then
			same=--version
		else
			for prev in $(sed -n 's/ .*//p' "$tmp/commands"); do
				[ "$prev" = "$cmd" ] && break
				cmp -s "$tmp/cmd-$cmd" "$tmp/cmd-$prev" && { same=$prev; break; }
			done
		fi
		case $same in
		'') echo '.nf'; roff < "$tmp/cmd-$cmd"; echo '.fi' ;;
		--help) printf '\\fBinitbench %s \\-\\-help\\fR prints the list of commands above.\n' "$cmd" ;;
		--version) printf '\\fBinitbench %s \\-\\-help\\fR prints the version, as \\fBinitbench \\-\\-version\\fR does.\n' "$cmd" ;;
		*) printf '\\fBinitbench %s \\-\\-help\\fR prints the same text as \\fBinitbench %s \\-\\-help\\fR above.\n' "$cmd" "$same" ;;
		esac
	done < "$tmp/commands"
} > "$inc.tmp"
mv "$inc.tmp" "$inc"

help2man --no-info --section 1 --include "$inc" \
	--name 'a bootable lmbench-style benchmark image for kernel developers, and its host tool' \
	--output "$out.tmp" "$ib"
mv "$out.tmp" "$out"
