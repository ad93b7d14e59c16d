# SPDX-License-Identifier: GPL-2.0-or-later
# LAVA jobs for the image (docs/lava.md).
#   make lava-job  [LAVA_DEVICE_TYPE=qemu|TYPE] [LAVA_BOOT_METHOD=u-boot|ipxe|...]
#                  [LAVA_KERNEL_URL=URL] [LAVA_IMAGE_URL=URL] [LAVA_OPTS="--reps 3 ..."]
#                  [KERNEL=default|PATH] [ACCEL=tcg] [APPEND="..."]
#     writes $(LAVA_JOB) (default $(O)/lava-job.yaml) for the image of this build, and for
#     qemu a device dictionary $(LAVA_DEVICE) for lava-run.
#   make lava-run  runs that job with Debian's lava-dispatcher (lava-run, no server) under
#                  QEMU, LAVA_DEVICE=FILE another dictionary, and imports its log into
#                  $(O)/results as label $(LAVA_LABEL) (lava).
# make check installs lava-dispatcher for tests/integration/lava.sh.

PKGS_CHECK += lava-dispatcher
PKGS_LAVA := lava-dispatcher

LAVA_DEVICE_TYPE ?= qemu
LAVA_BOOT_METHOD ?=
LAVA_KERNEL_URL ?=
LAVA_IMAGE_URL ?=
LAVA_OPTS ?=
LAVA_LABEL ?= lava
LAVA_JOB ?= $(O)/lava-job.yaml
LAVA_DEVICE ?= $(O)/lava-device-qemu.yaml
LAVA_OUT := $(O)/lava

lava_kernel = $(if $(LAVA_KERNEL_URL),,$(KERNEL_PATH))

.PHONY: lava-job lava-run
lava-job: all
	$(Q)$(if $(and $(filter default,$(KERNEL)),$(lava_kernel)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(INITBENCH) lava --device-type '$(LAVA_DEVICE_TYPE)' --image $(IMAGE) \
		$(if $(lava_kernel),--kernel '$(lava_kernel)') \
		$(if $(LAVA_KERNEL_URL),--kernel-url '$(LAVA_KERNEL_URL)') \
		$(if $(LAVA_IMAGE_URL),--image-url '$(LAVA_IMAGE_URL)') \
		$(if $(LAVA_BOOT_METHOD),--boot-method '$(LAVA_BOOT_METHOD)') \
		$(if $(ACCEL),--accel $(ACCEL)) $(if $(APPEND),--append '$(APPEND)') \
		$(if $(filter qemu,$(LAVA_DEVICE_TYPE)),--device-out $(LAVA_DEVICE)) \
		$(LAVA_OPTS) --out $(LAVA_JOB)

lava-run: lava-job
	$(Q)$(srctree)/scripts/deps.sh $(PKGS_LAVA) $(PKGS_RUN)
	$(Q)rm -rf $(LAVA_OUT) && mkdir -p $(LAVA_OUT)
	$(Q)lava-run --job-id $$$$ --output-dir $(LAVA_OUT)/tmp --device $(LAVA_DEVICE) $(LAVA_JOB) \
		> $(LAVA_OUT)/job.log 2>&1; rc=$$?; \
		echo "initbench: lava-run exited $$rc, log $(LAVA_OUT)/job.log" >&2; \
		$(INITBENCH) import --lava $(LAVA_OUT)/job.log --label '$(LAVA_LABEL)' \
			--results $(O)/results && \
		$(INITBENCH) report --results $(O)/results; exit $$(( rc ? rc : $$? ))
