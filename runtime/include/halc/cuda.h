/* halc's CUDA driver: runs a module's functions whose executables are CDA1
 * on an NVIDIA GPU through the CUDA driver API, which it loads at run time
 * (libcuda.so.1; HALC_CUDA_LIBRARY names another path), so that nothing
 * links against a CUDA SDK. The driver compiles each module's PTX for the
 * GPU when it loads it. Every failure returns a status. */
#ifndef HALC_CUDA_H
#define HALC_CUDA_H

#include "halc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_cuda_device_s halc_cuda_device_t;

/* Loads the CUDA driver and opens device 0. Errors name what is missing:
 * the driver library ("no CUDA driver"), or a device ("no CUDA device"). */
halc_status_t halc_cuda_device_create(halc_cuda_device_t **out_device);
void halc_cuda_device_free(halc_cuda_device_t *device);
/* The device's name as the driver reports it. */
const char *halc_cuda_device_name(const halc_cuda_device_t *device);
/* The device's SM architecture, e.g. "sm_90". */
const char *halc_cuda_device_arch(const halc_cuda_device_t *device);

/* Whether PTX written for `target` (e.g. "sm_80") runs on a device of
 * `device_arch`: one of the same or a later architecture. */
int halc_cuda_target_matches(const char *target, const char *device_arch);

/* Runs `function` of `module` as halc_device_run does (dispatch times from
 * CUDA events), with the kernel parameters of the LLVMGPU contract: one
 * pointer per binding, then one 32-bit value per constant. */
halc_status_t halc_cuda_run(halc_cuda_device_t *device,
                            const halc_module_t *module,
                            const halc_function_t *function,
                            const void *const *arguments, void *const *results,
                            uint32_t repetitions, double *out_times_ms);

#ifdef __cplusplus
}
#endif

#endif /* HALC_CUDA_H */
