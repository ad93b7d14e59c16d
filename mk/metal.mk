# SPDX-License-Identifier: GPL-2.0-or-later
# Bare metal (docs/boot.md): a disk image that a machine boots by itself N times through GRUB.
#   make disk-image [KERNEL=default|PATH] [LABEL=name] [RUNS=N] [FIRMWARE=bios|uefi]
#                   [APPEND="..."] [VARIANTS="base:default new:PATH"] [APPEND_<name>="..."]
#                   [SEED=n] [DISK_IMAGE=file] [DISK_OPTS="--timeout 5 ..."]
#     writes DISK_IMAGE (default $(O)/initbench-disk.img) with `initbench disk-image`: GRUB
#     for BIOS and UEFI (or FIRMWARE= one of them), KERNEL booted RUNS times (or VARIANTS,
#     RUNS blocks interleaved as compare-run orders them), each boot's records in
#     /runs/NN-NAME.log on the image's results partition; `initbench import DISK_IMAGE`
#     reads them back. No step needs root: partitions, file systems and files go onto the
#     plain file (sfdisk, mkfs.vfat --offset, mtools, grub-mkimage), and initbench writes
#     GRUB's BIOS boot code into it itself (grub-bios-setup would need a loop device).
# make check installs OVMF and QEMU's iPXE ROMs for tests/integration/lab/metal-*.sh.

PKGS_DISK := grub-pc-bin grub-efi-amd64-bin grub-common dosfstools mtools fdisk
PKGS_CHECK += $(PKGS_DISK) ovmf ipxe-qemu

DISK_IMAGE ?= $(O)/initbench-disk.img
FIRMWARE ?=
DISK_OPTS ?=

.PHONY: disk-image
disk-image: deps-disk-image all
	$(Q)$(if $(or $(filter default,$(if $(VARIANTS),,$(KERNEL))),$(filter %:default,$(VARIANTS))),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(INITBENCH) disk-image '$(DISK_IMAGE)' --image $(IMAGE) \
		$(if $(VARIANTS),$(foreach v,$(VARIANTS),$(call cr_variant,$(v))),--kernel '$(KERNEL_PATH)' --label '$(LABEL)') \
		$(if $(RUNS),--runs $(RUNS)) $(if $(SEED),--seed $(SEED)) $(if $(FIRMWARE),--firmware $(FIRMWARE)) \
		$(if $(APPEND),--append '$(APPEND)') $(DISK_OPTS)

DEPS_disk-image := PKGS_BUILD PKGS_DISK
