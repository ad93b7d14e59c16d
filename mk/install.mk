# SPDX-License-Identifier: GPL-2.0-or-later
#
# Installing like a tool (docs/install.md):
#   make man                            $(O)/man/initbench.1, from the binary's own help (help2man)
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# install never builds the tool, the image or the suite: under sudo that would leave
# root-owned files in the user's tree, and could install something other than what the user
# tested. It installs what `make` (same O=, ARCH=) made and refuses, naming the file, when
# something is not built yet. Only the man page is made when missing or older than the
# binary, from that binary as it is (make -o keeps the sub-make from relinking it).
#
# PREFIX/lib/initbench/ mirrors $(O)/ (initramfs.cpio.gz, bench/ibsuite, bench/ib-hello,
# bench/ib-hello-dyn),
# so the installed binary finds its files in ../lib/initbench/ the way the built one finds
# them beside itself. A build for another architecture (ARCH= not the host's) installs only
# its image(s), into lib/initbench/ARCH/: its host tool is the host build's, and its suite
# cannot run natively here.

PREFIX ?= /usr/local
DESTDIR ?=
PKGS_CHECK += help2man bash-completion

MAN := $(O)/man/initbench.1
COMPLETION := $(srctree)/scripts/completion.bash

ib_root = $(DESTDIR)$(patsubst %/,%,$(PREFIX))
ib_bindir = $(ib_root)/bin
ib_libdir = $(ib_root)/lib/initbench
ib_imgdir = $(ib_libdir)$(if $(ib_cross),/$(ARCH))
ib_man1dir = $(ib_root)/share/man/man1
ib_compdir = $(ib_root)/share/bash-completion/completions

# the modules cpio goes with the image only when the image was built with it (its spec's
# first line is the modules tree, empty without MODULES=)
ib_modules_used = $(shell sed -n '1{/./p}' $(O)/modules/spec 2>/dev/null)

# what install may put there; uninstall removes those of them that exist, whichever
# MODULES= the image had
ib_inst_images := $(ib_imgdir)/initramfs.cpio.gz $(ib_imgdir)/modules.cpio.gz
ib_inst_host := $(ib_bindir)/initbench $(ib_libdir)/bench/ibsuite $(ib_libdir)/bench/ib-hello \
	$(ib_libdir)/bench/ib-hello-dyn \
	$(ib_man1dir)/initbench.1 $(ib_compdir)/initbench

# Checked in the recipe, not when make reads the file, so that other targets never see it.
# A relative DESTDIR would depend on make's directory (make -C), not the user's.
define ib_check_dirs
	$(Q)case '$(PREFIX)' in /*) ;; *) echo "initbench: PREFIX=$(PREFIX) is not an absolute path (e.g. PREFIX=/usr/local)" >&2; exit 2;; esac
	$(Q)case '$(DESTDIR)' in ''|/*) ;; *) echo "initbench: DESTDIR=$(DESTDIR) is not an absolute path (e.g. DESTDIR=\$$PWD/stage)" >&2; exit 2;; esac
	$(Q)case '$(DESTDIR)$(PREFIX)' in *[[:space:]]*) echo "initbench: PREFIX and DESTDIR must not contain spaces (make cannot quote them)" >&2; exit 2;; esac
endef

# $(1): the built files install needs
define ib_check_built
	$(Q)for f in $(1); do test -e "$$f" || { echo "initbench: $${f#$(srctree)/} is not built: run make (with the same O= and ARCH=) before make install" >&2; exit 2; }; done
endef

# $(1) mode, $(2) source, $(3) destination
define ib_install
	$(call quiet,INSTALL,$(3))install -D -m $(1) $(2) $(3)
endef

# $(1) a file to remove; one recipe line each (hence the empty line), for its RM line
define ib_rm
	$(call quiet,RM,$(1))rm -f $(1)

endef

.PHONY: man install uninstall

man: $(MAN)

# help2man reads `initbench --help` and `--version`; scripts/mkman.sh adds every command's
# own --help, so that the page holds nothing the binary does not say itself
$(MAN): $(INITBENCH) $(srctree)/scripts/mkman.sh
	$(Q)$(DEPS_ENV) $(srctree)/scripts/deps.sh help2man
	$(call quiet,HELP2MAN,$@)mkdir -p $(dir $@)
	$(Q)SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(srctree)/scripts/mkman.sh $(INITBENCH) $@

ifdef ib_cross
install:
	$(ib_check_dirs)
	$(call ib_check_built,$(IMAGE) $(if $(ib_modules_used),$(MODULES_CPIO)))
	$(call ib_install,0644,$(IMAGE),$(ib_imgdir)/initramfs.cpio.gz)
	$(if $(ib_modules_used),$(call ib_install,0644,$(MODULES_CPIO),$(ib_imgdir)/modules.cpio.gz))

uninstall:
	$(ib_check_dirs)
	$(foreach f,$(wildcard $(ib_inst_images)),$(call ib_rm,$(f)))
	$(Q)for d in $(ib_imgdir) $(ib_libdir); do test ! -d $$d || rmdir --ignore-fail-on-non-empty $$d; done
else
install:
	$(ib_check_dirs)
	$(call ib_check_built,$(INITBENCH) $(IMAGE) $(SUITE) $(HELLO) $(HELLO_DYN) $(if $(ib_modules_used),$(MODULES_CPIO)))
	$(Q)test $(MAN) -nt $(INITBENCH) && test $(MAN) -nt $(srctree)/scripts/mkman.sh || \
		{ rm -f $(MAN) && $(MAKE) O=$(O) -o $(INITBENCH) man; }
	$(call ib_install,0755,$(INITBENCH),$(ib_bindir)/initbench)
	$(call ib_install,0644,$(IMAGE),$(ib_imgdir)/initramfs.cpio.gz)
	$(if $(ib_modules_used),$(call ib_install,0644,$(MODULES_CPIO),$(ib_imgdir)/modules.cpio.gz))
	$(call ib_install,0755,$(SUITE),$(ib_libdir)/bench/ibsuite)
	$(call ib_install,0755,$(HELLO),$(ib_libdir)/bench/ib-hello)
	$(call ib_install,0755,$(HELLO_DYN),$(ib_libdir)/bench/ib-hello-dyn)
	$(call ib_install,0644,$(MAN),$(ib_man1dir)/initbench.1)
	$(call ib_install,0644,$(COMPLETION),$(ib_compdir)/initbench)

# only lib/initbench's directories are ours to remove: bin/ and share/ are shared
uninstall:
	$(ib_check_dirs)
	$(foreach f,$(wildcard $(ib_inst_host) $(ib_inst_images)),$(call ib_rm,$(f)))
	$(Q)for d in $(ib_libdir)/bench $(ib_libdir); do test ! -d $$d || rmdir --ignore-fail-on-non-empty $$d; done
endif
