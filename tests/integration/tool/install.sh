#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `make install` into a DESTDIR, typed as a user would (no root needed), and `make uninstall`
# (docs/install.md): every file in its place with its mode and nothing else, the installed
# binary runs, its man page renders and names every command, bash completion offers the
# commands, a command's options and knobs, and stored labels; uninstall leaves no file; a
# build for another ARCH installs only its image and modules, in lib/initbench/ARCH/.
# Refusals: a relative PREFIX, a build dir with nothing built. Checks that need the CLI's
# lookup of ../lib/initbench/ or `report --labels` print a SKIP line until the binary has them.
. "$srctree/tests/lib.sh"
[ -x "$IB" ] && [ -f "$IMAGE" ] && [ -x "$O/bench/ibsuite" ] || { echo "install: $O is not built"; exit 77; }
command -v help2man > /dev/null || { echo "install: no help2man (make check-deps installs it as root)"; exit 77; }
command -v bash > /dev/null || { echo "install: no bash for the completion"; exit 77; }

T=$(mktemp -d /tmp/install.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
D=$T/stage
R=$D/usr/local
pass=0 fail=0 skipped=0

check() {	# check NAME COMMAND...: one TAP-style line
	name=$1
	shift
	if "$@" > "$T/out" 2>&1; then
		pass=$((pass + 1)); echo "ok - $name"
	else
		fail=$((fail + 1)); echo "not ok - $name"; sed 's/^/#   /' "$T/out"
	fi
}
skip() { skipped=$((skipped + 1)); echo "ok - $1 # SKIP $2"; }

mk() { make -C "$srctree" -s O="$O" "$@"; }

# ---- install --------------------------------------------------------------------------
check "make install DESTDIR=\$tmp PREFIX=/usr/local" mk install DESTDIR="$D" PREFIX=/usr/local

# mode and source of every file install must put there; nothing else may be there
cat > "$T/want" << EOF
755 $R/bin/initbench $IB
644 $R/lib/initbench/initramfs.cpio.gz $IMAGE
755 $R/lib/initbench/bench/ibsuite $O/bench/ibsuite
755 $R/lib/initbench/bench/ib-hello $O/bench/ib-hello
755 $R/lib/initbench/bench/ib-hello-dyn $O/bench/ib-hello-dyn
644 $R/share/man/man1/initbench.1 $O/man/initbench.1
644 $R/share/bash-completion/completions/initbench $srctree/scripts/completion.bash
EOF
if [ -n "$(sed -n '1{/./p}' "$O/modules/spec" 2>/dev/null)" ]; then
	echo "644 $R/lib/initbench/modules.cpio.gz $O/modules.cpio.gz" >> "$T/want"
fi
installed_as_built() {
	while read -r mode file src; do
		[ -f "$file" ] || { echo "missing: $file"; return 1; }
		m=$(stat -c %a "$file")
		[ "$m" = "$mode" ] || { echo "$file: mode $m, want $mode"; return 1; }
		cmp "$src" "$file" || return 1
	done < "$T/want"
}
only_those() {
	awk '{ print $2 }' "$T/want" | sort > "$T/want-files"
	find "$D" -type f -o -type l | sort > "$T/got-files"
	diff -u "$T/want-files" "$T/got-files"
}
check "each file installed with its mode, as built" installed_as_built
check "no other file installed" only_those

# ---- the installed binary -------------------------------------------------------------
version_ok() {
	v=$("$R/bin/initbench" --version) || return 1
	echo "$v"
	case $v in
	"initbench $(cat "$srctree/VERSION")" | "initbench $(cat "$srctree/VERSION")-g"*) ;;
	*) echo "want initbench $(cat "$srctree/VERSION")[-gCOMMIT]"; return 1 ;;
	esac
}
check "installed initbench --version names VERSION" version_ok
"$R/bin/initbench" help | sed -n 's/^  \([a-z][a-z0-9-]*\) .*/\1/p' > "$T/commands"
check "initbench help lists commands" test -s "$T/commands"

# ---- the man page ---------------------------------------------------------------------
render() {
	if command -v man > /dev/null; then
		MANWIDTH=200 man --warnings -l "$1"
	elif command -v groff > /dev/null; then
		groff -man -Tutf8 -ww "$1" | col -b
	else
		mandoc -Tutf8 -W warning "$1" | col -b
	fi
}
man_ok() {
	render "$R/share/man/man1/initbench.1" > "$T/man.txt" 2> "$T/man.err" || { cat "$T/man.err"; return 1; }
	[ ! -s "$T/man.err" ] || { echo "warnings:"; cat "$T/man.err"; return 1; }
	grep -q '^NAME' "$T/man.txt" || { echo "no NAME section"; return 1; }
	while read -r c; do
		grep -q "initbench $c\$" "$T/man.txt" || { echo "no section for initbench $c"; return 1; }
		"$R/bin/initbench" "$c" --help 2>&1 | grep -o -e '--[a-z][a-z0-9_-]*' | sort -u |
		while read -r opt; do
			grep -q -e "$opt" "$T/man.txt" || { echo "initbench $c: $opt is not in the page"; exit 1; }
		done || return 1
	done < "$T/commands"
}
if command -v man > /dev/null || command -v groff > /dev/null || command -v mandoc > /dev/null; then
	check "man page renders, names every command and option" man_ok
else
	skip "man page renders" "no man, groff or mandoc"
fi

# ---- bash completion ------------------------------------------------------------------
mkdir -p "$T/store" "$T/empty-home"
cp -r "$srctree/tests/data/summary/orig" "$T/store/"
# comp "LINE": what TAB offers at the end of LINE (a trailing space starts an empty word),
# with the installed file and binary, as a shell started afresh would have them; the store
# is $comp_results (INITBENCH_RESULTS)
comp_results=$T/store
comp() {
	env PATH="$R/bin:$PATH" HOME="$T/empty-home" INITBENCH_RESULTS="$comp_results" \
		bash --norc --noprofile -c '
		. "$1"
		f=$(complete -p initbench | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
		[ -n "$f" ] || { echo "no complete -F for initbench" >&2; exit 1; }
		read -r -a COMP_WORDS <<< "$2"
		[[ $2 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$2 COMP_POINT=${#2}
		"$f" initbench "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' bash "$R/share/bash-completion/completions/initbench" "$1"
}
offers() {	# offers "LINE" WANTED...
	line=$1
	shift
	comp "$line" > "$T/offered" 2> "$T/comp.err" || { cat "$T/comp.err"; return 1; }
	[ ! -s "$T/comp.err" ] || { echo "stderr:"; cat "$T/comp.err"; return 1; }
	for w in "$@"; do
		grep -qx -e "$w" "$T/offered" || { echo "'$w' not offered after '$line'; offered:"; cat "$T/offered"; return 1; }
	done
}
# --results on the line, not INITBENCH_RESULTS, names the store
offers_with_results() {
	comp_results=/nonexistent
	offers "initbench report --results $T/store " orig
	r=$?
	comp_results=$T/store
	return $r
}
check "initbench <TAB> offers every command" offers "initbench " $(cat "$T/commands")
check "initbench run --<TAB> offers --kernel and the knob --reps" offers "initbench run --" --kernel --reps
check "initbench run --accel <TAB> offers kvm and tcg" offers "initbench run --accel " kvm tcg
check "initbench report <TAB> says nothing on stderr" offers "initbench report "
if "$R/bin/initbench" report --help 2>&1 | grep -q -e '--labels'; then
	check "initbench report <TAB> offers a label of INITBENCH_RESULTS" offers "initbench report " orig
	check "initbench report --results DIR <TAB> offers its label" offers_with_results
else
	skip "initbench report <TAB> offers a stored label" "initbench report --help has no --labels yet"
fi
# bash-completion finds the file by the command's name under XDG_DATA_DIRS
bc=/usr/share/bash-completion/bash_completion
loaded() {
	env PATH="$R/bin:$PATH" XDG_DATA_DIRS="$R/share" bash --norc --noprofile -c \
		'. "$1" && __load_completion initbench && complete -p initbench' bash "$bc"
}
if [ -r "$bc" ]; then
	check "bash-completion loads it from PREFIX/share" loaded
else
	skip "bash-completion loads it from PREFIX/share" "no bash-completion (make check-deps installs it as root)"
fi

# ---- the installed binary finds its installed image -----------------------------------
if "$R/bin/initbench" run --help 2>&1 | grep -q -e '--dry-run'; then
	K=$T/bzImage	# enough of a bzImage for initbench to take it as one
	head -c 4096 /dev/zero > "$K"
	printf 'HdrS' | dd of="$K" bs=1 seek=514 conv=notrunc 2> /dev/null
	finds_image() {
		(cd "$T" && INITBENCH_RESULTS="$T/results" "$R/bin/initbench" run --kernel "$K" --dry-run) > "$T/dry" 2>&1 ||
			{ cat "$T/dry"; return 1; }
		grep -q -e "-initrd $R/lib/initbench/initramfs.cpio.gz" "$T/dry" || { cat "$T/dry"; return 1; }
	}
	check "installed initbench run --dry-run boots PREFIX/lib/initbench/initramfs.cpio.gz" finds_image
else
	skip "installed initbench run finds PREFIX/lib/initbench/initramfs.cpio.gz" "initbench run --help has no --dry-run yet"
fi

# ---- uninstall ------------------------------------------------------------------------
check "make uninstall DESTDIR=\$tmp PREFIX=/usr/local" mk uninstall DESTDIR="$D" PREFIX=/usr/local
no_file_left() {
	find "$D" ! -type d > "$T/left"
	[ ! -s "$T/left" ] || { echo "left behind:"; cat "$T/left"; return 1; }
	[ ! -e "$R/lib/initbench" ] || { echo "$R/lib/initbench is still there"; return 1; }
}
check "uninstall leaves no file, and no lib/initbench" no_file_left

# ---- another architecture's build: its image (with modules) in lib/initbench/ARCH/ -----
# a stand-in build directory: install only copies, so the files need not be real images
case $(uname -m) in aarch64) other=x86_64 ;; *) other=arm64 ;; esac
F=$T/build-$other
mkdir -p "$F/modules"
echo image > "$F/initramfs.cpio.gz"
echo modules > "$F/modules.cpio.gz"
echo /lib/modules/test > "$F/modules/spec"
foreign() {
	mk install ARCH=$other O="$F" DESTDIR="$D" PREFIX=/usr/local || return 1
	printf '%s\n' "$R/lib/initbench/$other/initramfs.cpio.gz" "$R/lib/initbench/$other/modules.cpio.gz" > "$T/want-files"
	find "$D" -type f | sort > "$T/got-files"
	diff -u "$T/want-files" "$T/got-files" || return 1
	cmp "$F/modules.cpio.gz" "$R/lib/initbench/$other/modules.cpio.gz" || return 1
	mk uninstall ARCH=$other O="$F" DESTDIR="$D" PREFIX=/usr/local || return 1
	[ ! -e "$R/lib/initbench" ] || { find "$R/lib/initbench"; return 1; }
}
check "an ARCH=$other build installs its image and modules in lib/initbench/$other/ only" foreign

# ---- refusals: one line naming what to fix, nothing installed -------------------------
refused() {	# refused PATTERN MAKE-ARGS...: make fails, one line on stderr matching PATTERN
	pat=$1
	shift
	if mk "$@" > "$T/stdout" 2> "$T/stderr"; then echo "make $* worked"; return 1; fi
	grep '^initbench: ' "$T/stderr" > "$T/said" || :
	[ "$(wc -l < "$T/said")" -eq 1 ] || { cat "$T/stderr"; return 1; }
	grep -q -e "$pat" "$T/said" || { cat "$T/said"; return 1; }
	[ ! -e "$T/refused" ] || { echo "something was installed:"; find "$T/refused"; return 1; }
}
check "a relative PREFIX is refused by name" refused 'PREFIX=usr/local is not an absolute path' \
	install DESTDIR="$T/refused" PREFIX=usr/local
check "install before a build names the missing file" refused "$T/unbuilt/initbench is not built: run make" \
	install O="$T/unbuilt" DESTDIR="$T/refused"
help_lists() {
	mk help > "$T/help" || return 1
	for w in install uninstall man PREFIX DESTDIR; do
		grep -q -e "$w" "$T/help" || { echo "make help does not mention $w"; return 1; }
	done
}
check "make help lists install, uninstall, man, PREFIX and DESTDIR" help_lists

echo "install: $pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
