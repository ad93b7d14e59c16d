# SPDX-License-Identifier: GPL-2.0-or-later
#
# The manual page (docs/install.md):
#   make man                            $(O)/man/initbench.1, from the binary's own help (help2man)

PKGS_CHECK += help2man

MAN := $(O)/man/initbench.1

.PHONY: man

man: $(MAN)

# help2man reads `initbench --help` and `--version`; scripts/mkman.sh adds every command's
# own --help, so that the page holds nothing the binary does not say itself
$(MAN): $(INITBENCH) $(srctree)/scripts/mkman.sh
	$(Q)$(srctree)/scripts/deps.sh help2man
	$(call quiet,HELP2MAN,$@)mkdir -p $(dir $@)
	$(Q)SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(srctree)/scripts/mkman.sh $(INITBENCH) $@
