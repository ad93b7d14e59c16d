#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The image's optional macro cpio (CONFIG_IB_MACRO): a C compiler and the code base the
# compile workload builds with it (bench/macro/compile.c, docs/macro.md).
# Usage: scripts/mkmacro.sh SRCDIR ARCH CC MUSL_LIB MUSL_INC WORK OUT.cpio.gz MKCPIO EPOCH
#   SRCDIR    the fetched Debian source package of tcc (scripts/fetch-source.sh)
#   ARCH      initbench's ARCH (x86_64 only so far)
#   CC        the guest's static musl C compiler (musl-gcc)
#   MUSL_LIB  musl's crt*.o and libc.a; MUSL_INC its headers
#   WORK      a scratch directory; WORK/tree is the tree packed, so that a native run of
#             the suite can use it as its macro_dir
# What it does:
#  1. builds tcc from the upstream tarball of Debian's source package with CC, static, its
#     search paths relative to its -B directory ({B}), so one tree works wherever it sits;
#  2. stages WORK/tree: bin/tcc, lib/tcc (tcc's headers, libtcc1.a built by that tcc),
#     lib/musl (musl's headers, crt*.o, libc.a), src/ (tcc's sources, our config.h), and
#     build.list, the build the guest times: what Debian's amd64 package compiles (the
#     native compiler, the i386 cross compiler, the runtime library), every unit on its own
#     (ONE_SOURCE=0) so that the jobs can run in parallel, then the links;
#  3. runs that build once here with the staged tcc (a build list that fails here stops
#     the image), counting the corpus lines the compiles read (tcc -MD);
#  4. packs WORK/tree as /opt/macro into OUT.cpio.gz, byte for byte reproducible.
set -eu
src=$1 arch=$2 cc=$3 musl_lib=$4 musl_inc=$5 work=$6 out=$7 mkcpio=$8 epoch=$9

die() { echo "initbench: macro cpio: $*" >&2; exit 2; }
case $arch in
x86_64) cpu=x86_64 native=X86_64 native_units="x86_64-gen x86_64-link i386-asm"
	interp=/lib/ld-musl-x86_64.so.1
	rt_objs="libtcc1.c alloca86_64.S alloca86_64-bt.S va_list.c" ;;
*) die "ARCH=$arch: the compile workload is built for x86_64 guests only so far (docs/macro.md)" ;;
esac
core_units="tcc libtcc tccpp tccgen tccelf tccasm tccrun"
cross=I386 cross_name=i386 cross_units="i386-gen i386-link i386-asm"

dsc=$(ls "$src"/*.dsc 2>/dev/null | head -n 1)
orig=$(ls "$src"/*.orig.tar.* 2>/dev/null | head -n 1)
[ -n "$dsc" ] && [ -n "$orig" ] || die "no .dsc and orig tarball in $src (scripts/fetch-source.sh)"
corpus=$(basename "$dsc" .dsc | tr _ -)
[ -f "$musl_lib/libc.a" ] && [ -f "$musl_lib/crt1.o" ] || die "no musl libc.a and crt1.o in $musl_lib (musl-dev)"
[ -f "$musl_inc/stdio.h" ] || die "no musl headers in $musl_inc (musl-dev)"

rm -rf "$work"
mkdir -p "$work/build"
work=$(cd "$work" && pwd)
tar -xf "$orig" -C "$work/build"
b=$work/build
[ -f "$b/tcc.c" ] || b=$(dirname "$(ls "$work"/build/*/tcc.c | head -n 1)")
[ -f "$b/tcc.c" ] || die "no tcc.c in $orig"

# 1. the compiler the guest runs
log=$work/tcc-build.log
(cd "$b" && ./configure --cc="$cc" --extra-ldflags=-static --config-musl --cpu=$cpu \
	--tccdir=/opt/macro/lib/tcc --sysincludepaths='{B}/include:{B}/../musl/include' \
	--libpaths='{B}:{B}/../musl/lib' --crtprefix='{B}/../musl/lib' --elfinterp=$interp &&
	make tcc) > "$log" 2>&1 || { tail -n 15 "$log" >&2; die "building tcc with $cc failed (log: $log)"; }

# 2. the tree
t=$work/tree
mkdir -p "$t/bin" "$t/lib/tcc" "$t/lib/musl/lib" "$t/src/lib"
cp "$b/tcc" "$t/bin/tcc"
cp -R "$b/include" "$t/lib/tcc/include"
cp -R "$musl_inc" "$t/lib/musl/include"
cp "$musl_lib/crt1.o" "$musl_lib/crti.o" "$musl_lib/crtn.o" "$musl_lib/libc.a" "$t/lib/musl/lib/"
cp "$b"/*.c "$b"/*.h "$b"/*.def "$b/COPYING" "$t/src/"
cp "$b"/lib/*.c "$b"/lib/*.S "$t/src/lib/"
# configure's config.h names the build machine's compiler; this one names only what the
# sources need, the same everywhere
cat > "$t/src/config.h" <<EOF
/* initbench's configuration of tcc for the compile workload (scripts/mkmacro.sh) */
#define CONFIG_TCCDIR "/opt/macro/lib/tcc"
#define TCC_VERSION "$(cat "$b/VERSION")"
#define TCC_MUSL 1
#define CONFIG_TCC_SYSINCLUDEPATHS "{B}/include:{B}/../musl/include"
#define CONFIG_TCC_LIBPATHS "{B}:{B}/../musl/lib"
#define CONFIG_TCC_CRTPREFIX "{B}/../musl/lib"
#define CONFIG_TCC_ELFINTERP "$interp"
EOF
rt=
for f in $rt_objs; do
	o=$work/rt-${f%.*}.o
	"$t/bin/tcc" -B"$t/lib/tcc" -c "$b/lib/$f" -o "$o" || die "the staged tcc cannot compile lib/$f"
	rt="$rt $o"
done
ar rcD "$t/lib/tcc/libtcc1.a" $rt

# 3. the build list, run here once as the guest will run it
w=$work/check
mkdir -p "$w/deps"
list=$t/build.list
cc_t="@R/bin/tcc -B@R/lib/tcc"
jobs=0
# $1: a command with @R and @W; runs it here (with dependency output when $2 names a file)
run_here() {
	cmd=$(echo "$1" | sed -e "s|@R|$t|g" -e "s|@W|$w|g")
	# shellcheck disable=SC2086
	$cmd ${2:+-MD -MF "$w/deps/$2"} > "$w/out" 2>&1 || { cat "$w/out" >&2; die "build list: '$1' failed here"; }
}
job() {
	echo "job $1" >> "$list.body"
	run_here "$1" "${2:-}"
	jobs=$((jobs + 1))
}
: > "$list.body"
objs_native= objs_cross= objs_rt=
for u in $core_units $native_units; do
	job "$cc_t -DTCC_TARGET_$native -DONE_SOURCE=0 -I@R/src -c @R/src/$u.c -o @W/$cpu-$u.o" "$cpu-$u.d"
	objs_native="$objs_native @W/$cpu-$u.o"
done
for u in $core_units $cross_units; do
	job "$cc_t -DTCC_TARGET_$cross -DONE_SOURCE=0 -I@R/src -c @R/src/$u.c -o @W/$cross_name-$u.o" "$cross_name-$u.d"
	objs_cross="$objs_cross @W/$cross_name-$u.o"
done
for f in $rt_objs; do
	job "$cc_t -c @R/src/lib/$f -o @W/lib-${f%.*}.o" "lib-${f%.*}.d"
	objs_rt="$objs_rt @W/lib-${f%.*}.o"
done
compiles=$jobs
echo wait >> "$list.body"
job "$cc_t -static -o @W/tcc$objs_native"
job "$cc_t -static -o @W/$cross_name-tcc$objs_cross"
job "@R/bin/tcc -ar rcs @W/libtcc1.a$objs_rt"
echo wait >> "$list.body"
# the compiler just built must work: it compiles the runtime library's main file to the
# very bytes the staged compiler made of it (both are this tcc, same source, same options)
chk="@W/tcc -B@R/lib/tcc -c @R/src/lib/libtcc1.c -o @W/check.o"
echo "check $chk" >> "$list.body"
echo "check @W/$cross_name-tcc -v" >> "$list.body"
echo "same @W/check.o @W/lib-libtcc1.o" >> "$list.body"
run_here "$chk"
run_here "@W/$cross_name-tcc -v"
cmp -s "$w/check.o" "$w/lib-libtcc1.o" || die "the tcc built by the build list makes other code than the staged one"

# lines of the code base the compiles read: every file of src/ that a dependency file names
lines=$(cat "$w"/deps/*.d | tr ' \\' '\n\n' | grep "^$t/src/" | sort -u | xargs cat | wc -l)
{
	echo "# initbench compile workload (scripts/mkmacro.sh; format: bench/macro/buildlist.h)"
	echo "# @R is this tree, @W the run's scratch directory"
	echo "corpus $corpus"
	echo "lines $lines"
	cat "$list.body"
} > "$list"
rm -f "$list.body"

# 4. the cpio: every directory and file of the tree under /opt/macro, in a fixed order
{
	echo "dir /opt 0755 0 0"
	echo "dir /opt/macro 0755 0 0"
	(cd "$t" && find . -mindepth 1 | LC_ALL=C sort) | while read -r p; do
		p=${p#./}
		if [ -d "$t/$p" ]; then
			echo "dir /opt/macro/$p 0755 0 0"
		elif [ -x "$t/$p" ]; then
			echo "file /opt/macro/$p $t/$p 0755 0 0"
		else
			echo "file /opt/macro/$p $t/$p 0644 0 0"
		fi
	done
} > "$work/manifest"
"$mkcpio" -t "$epoch" -o "$work/macro.cpio" "$work/manifest"
gzip -9 -n -c "$work/macro.cpio" > "$out.tmp" && mv "$out.tmp" "$out"
rm -rf "$w"
echo "initbench: macro cpio: $corpus, $lines lines, $compiles compiles + 3 links ($(stat -c %s "$out") bytes)" >&2
