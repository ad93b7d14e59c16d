# SPDX-License-Identifier: GPL-2.0-or-later
# A new user's first command on a machine that has nothing installed, which the developer's
# own machine (every package an earlier session installed is still there) cannot show.
#
# A minimal Debian root (debootstrap --variant=minbase, the suite and mirror read from this
# host's apt configuration now, never written into the tree) gets a git clone of HEAD; /proc,
# /sys and /dev are bound into it. Inside, as root, exactly what the README says: `apt-get
# install make git`, then `make run` with the quick profile as .config (copied as a file,
# so that nothing installs kconfig before `make run` does). The summary must be printed and
# the boot complete. Then, as a normal user with one build package removed, `make` must stop
# with the exact apt-get line and the documented exit codes (deps.sh 3, make 2), and build
# once the package is back.
#
# The .debs are cached in $FRESH_CACHE (default $KERNELS/../fresh-root-cache, under out/), so
# a second run downloads nothing. FRESH_REV=rev tests another commit (e.g. an old Makefile);
# FRESH_KEEP=1 keeps the root (unmounted) to look into.
# Takes about 6 minutes the first time, 4 with the cache (the quick boot under TCG included).
. "$srctree/tests/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"
[ "$(id -u)" = 0 ] || { echo "fresh-root needs root (debootstrap, chroot, mounts)"; exit 77; }
command -v debootstrap > /dev/null || die "debootstrap is missing (make check installs it)"

w="$O/fresh-root"
root="$w/root"
cache=${FRESH_CACHE:-$(dirname "$KERNELS")/fresh-root-cache}
rev=${FRESH_REV:-HEAD}
user=ibuser

# Nothing below may delete through a bind mount into the host's /dev, /proc or /sys.
unmount_all() {
	[ -d "$root" ] || return 0
	for m in $(findmnt -rn -o TARGET | grep -F "$root" | sort -r); do
		umount -l "$m" 2> /dev/null
	done
	! findmnt -rn -o TARGET | grep -qF "$root"
}
remove_root() {
	unmount_all || die "cannot unmount everything under $root: left as it is"
	rm -rf "$root"
}
trap 'unmount_all' EXIT
remove_root
mkdir -p "$w" "$cache/debootstrap" "$cache/apt"

# The suite is the host's release; the mirrors are the host's, one sources.list line each
# for that release and its -updates and -security suites.
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$suite" ] || die "/etc/os-release names no VERSION_CODENAME"
apt-cache policy | awk -v s="$suite" '$2 ~ /^(http|https|file):/ && $3 ~ "^" s "(-updates|-security)?/main$" {
	split($3, p, "/"); print "deb " $2 " " p[1] " main" }' | sort -u > "$w/sources.list"
mirror=$(awk -v s="$suite" '$3 == s { print $2; exit }' "$w/sources.list")
[ -n "$mirror" ] || { cat "$w/sources.list"; die "this host's apt configuration names no mirror for $suite main"; }
say "suite $suite from $mirror ($(wc -l < "$w/sources.list") apt sources)"

t0=$(date +%s)
debootstrap --variant=minbase --cache-dir="$cache/debootstrap" "$suite" "$root" "$mirror" \
	> "$w/debootstrap.log" 2>&1 || { tail -n 20 "$w/debootstrap.log"; die "debootstrap failed"; }
say "debootstrap: $(( $(date +%s) - t0 )) s"
cp "$w/sources.list" "$root/etc/apt/sources.list"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2> /dev/null
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys"
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
mount --bind "$cache/apt" "$root/var/cache/apt/archives"
mkdir -p "$root/var/cache/apt/archives/partial"

# as the README says: a fresh clone, apt-get install make git, then the first command
git clone -q --no-hardlinks "$srctree" "$root/root/initbench" || die "git clone failed"
git -C "$root/root/initbench" checkout -q "$(git -C "$srctree" rev-parse "$rev")" ||
	die "no commit $rev"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	LANG=C.UTF-8 TERM=dumb /bin/sh -c "$1"; }
t0=$(date +%s)
in_root 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make git' \
	> "$w/apt-make-git.log" 2>&1 || { tail -n 20 "$w/apt-make-git.log"; die "apt-get install make git failed"; }
say "apt-get install make git: $(( $(date +%s) - t0 )) s"
for tool in musl-gcc kconfig-conf qemu-system-x86_64 busybox; do
	in_root "command -v $tool" > /dev/null && die "the fresh root already has $tool: not fresh"
done

t0=$(date +%s)
in_root 'cd /root/initbench && mkdir -p out && cp configs/quick_defconfig out/.config && make run' \
	> "$w/make-run.log" 2>&1
rc=$?
secs=$(( $(date +%s) - t0 ))
sed 's/^/  | /' "$w/make-run.log" | grep -v '^  |   [A-Z][A-Z]*  ' | tail -n 60
[ $rc -eq 0 ] || die "make run in the fresh root exited $rc after $secs s (log $w/make-run.log)"
say "make run: exit 0 in $secs s"
grep -q 'L M B E N C H  2 \. 0   S U M M A R Y' "$w/make-run.log" || die "make run printed no summary"
sed -n '/^Processor, Processes/,/^$/p' "$w/make-run.log" | grep -q '^default ' ||
	die "make run printed the summary without a row for its boot"
grep -q 'initbench: installing [0-9]* Debian package(s):.* musl-tools' "$w/make-run.log" ||
	die "make run did not say what it installed"
grep -q '^Setting up \|^Unpacking ' "$w/make-run.log" && die "apt's own output reached the user"
json=$(ls "$root"/root/initbench/out/results/default/*/results.json 2> /dev/null | head -n 1)
[ -n "$json" ] || die "make run stored no results.json"
grep -q '"status": *"complete"' "$json" || die "the boot is not complete: $(grep -o '"status": *"[a-z ]*"' "$json")"
say "stored $(echo "$json" | sed "s|$root||"): complete"

# a normal user, one package missing: the exact command, exit 3 from deps.sh, 2 from make
in_root "useradd -m $user" || die "useradd failed"
git clone -q --no-hardlinks "$root/root/initbench" "$root/home/$user/initbench" &&
	chroot "$root" chown -R "$user:$user" "/home/$user/initbench" || die "cannot clone for $user"
in_root 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq musl-tools' > "$w/remove.log" 2>&1 ||
	die "apt-get remove musl-tools failed"
as_user() { chroot --userspec="$user:$user" "$root" /usr/bin/env -i HOME="/home/$user" \
	PATH=/usr/bin:/bin LANG=C.UTF-8 /bin/sh -c "cd /home/$user/initbench && $1"; }
as_user 'mkdir -p out && cp configs/quick_defconfig out/.config && make' > "$w/user-make.log" 2>&1
rc=$?
cat "$w/user-make.log" | sed 's/^/  | /' | tail -n 5
[ $rc -eq 2 ] || die "make as $user without musl-tools exited $rc, not 2"
grep -qx 'initbench: run as root:  apt-get install -y --no-install-recommends musl-tools' "$w/user-make.log" ||
	die "make as $user did not print the one apt-get line for musl-tools"
grep -q 'Error 3$' "$w/user-make.log" || die "deps.sh did not stop make with its exit code 3"
grep -q '^  CC\|^  HOSTCC' "$w/user-make.log" && die "make as $user compiled before the check"
say "as $user without musl-tools: make exit 2, deps.sh exit 3, the apt-get line printed"
in_root 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends musl-tools' \
	> "$w/reinstall.log" 2>&1 || die "reinstalling musl-tools failed"
as_user 'make && out/initbench --version' > "$w/user-build.log" 2>&1 ||
	{ tail -n 20 "$w/user-build.log"; die "make as $user failed with every package there"; }
say "as $user with the packages there: $(tail -n 1 "$w/user-build.log")"
# and boots, as the README promises a normal user (the default kernel downloaded by the user;
# no kvm group here: TCG at once), under QEMU and UML, into the user's own store, then
# reports both
as_user 'make run LABEL=user-qemu' > "$w/user-run.log" 2>&1 ||
	{ tail -n 30 "$w/user-run.log"; die "make run as $user failed"; }
labels=user-qemu
if as_user 'make run KERNEL=uml' > "$w/user-uml.log" 2>&1; then
	labels="$labels uml"
elif uml_refused "$w/user-uml.log"; then
	say "as $user: UML not judged: $(grep '^initbench: UML cannot run on this host' "$w/user-uml.log" | cut -c1-160)"
else
	tail -n 30 "$w/user-uml.log"; die "make run KERNEL=uml as $user failed"
fi
as_user 'make report' > "$w/user-run.log" 2>&1 || die "make report as $user failed"
for l in $labels; do
	sed -n '/^Processor, Processes/,/^$/p' "$w/user-run.log" | grep -q "^$l " ||
		die "the report as $user has no row for label $l"
	grep -q '"status": *"complete"' "$root/home/$user/initbench/out/results/$l/1/results.json" ||
		die "the $l boot of $user is not complete"
done
say "as $user: make run of $labels, complete, and make report shows each"
[ -n "${FRESH_KEEP:-}" ] || remove_root
trap - EXIT
echo "fresh-root: ok"
