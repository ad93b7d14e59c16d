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
# make check installs lava-dispatcher for tests/integration/lab/lava.sh.

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

# $(1): more `initbench lava` options
define lava_write_job
	$(Q)$(if $(and $(filter default,$(KERNEL)),$(lava_kernel)),$(MAKE) O=$(O) KERNELS=$(KERNELS) kernel-default)
	$(Q)$(INITBENCH) lava --device-type '$(LAVA_DEVICE_TYPE)' --image $(IMAGE) \
		$(if $(lava_kernel),--kernel '$(lava_kernel)') \
		$(if $(LAVA_KERNEL_URL),--kernel-url '$(LAVA_KERNEL_URL)') \
		$(if $(LAVA_IMAGE_URL),--image-url '$(LAVA_IMAGE_URL)') \
		$(if $(LAVA_BOOT_METHOD),--boot-method '$(LAVA_BOOT_METHOD)') \
		$(if $(ACCEL),--accel $(ACCEL)) $(if $(APPEND),--append '$(APPEND)') \
		$(if $(filter qemu,$(LAVA_DEVICE_TYPE)),--device-out $(LAVA_DEVICE)) \
		$(LAVA_OPTS) $(1) --out $(LAVA_JOB)
endef

.PHONY: lava-job lava-run
lava-job: deps-lava-job all
	$(call lava_write_job)

# A job run here meets this host's KVM: probed as `make run` does (auto falls back to TCG
# loudly), while `make lava-job` for a lab keeps what was asked.
lava-run: deps-lava-run all
	$(call lava_write_job,$(if $(filter qemu,$(LAVA_DEVICE_TYPE)),--probe-kvm))
	$(Q)rm -rf $(LAVA_OUT) && mkdir -p $(LAVA_OUT)
	$(Q)lava-run --job-id $$$$ --output-dir $(LAVA_OUT)/tmp --device $(LAVA_DEVICE) $(LAVA_JOB) \
		> $(LAVA_OUT)/job.log 2>&1; rc=$$?; \
		echo "initbench: lava-run exited $$rc, log $(LAVA_OUT)/job.log" >&2; \
		$(INITBENCH) import --lava $(LAVA_OUT)/job.log --label '$(LAVA_LABEL)' \
			--results $(O)/results && \
		$(INITBENCH) report --results $(O)/results '$(LAVA_LABEL)'; exit $$(( rc ? rc : $$? ))

DEPS_lava-job := PKGS_BUILD
DEPS_lava-run := PKGS_BUILD PKGS_RUN PKGS_LAVA
