/* halc's HIP driver: runs a module's functions whose executables are HIP1 on
 * an AMD GPU through the HIP runtime, which it loads at run time
 * (libamdhip64.so; HALC_HIP_LIBRARY names another path), so that nothing
 * links against ROCm. Every failure returns a status. */
#ifndef HALC_HIP_H
#define HALC_HIP_H

#include "halc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_hip_device_s halc_hip_device_t;

/* Loads the HIP runtime and opens device 0. Errors name what is missing: the
 * library, or a device ("no HIP device"). */
halc_status_t halc_hip_device_create(halc_hip_device_t **out_device);
void halc_hip_device_free(halc_hip_device_t *device);
/* The device's name as HIP reports it. */
const char *halc_hip_device_name(const halc_hip_device_t *device);
/* The device's gcnArchName, e.g. "gfx942:sramecc+:xnack-". */
const char *halc_hip_device_arch(const halc_hip_device_t *device);

/* Whether code for `target_id` (a chip with optional features, e.g.
 * "gfx942" or "gfx942:xnack-") runs on a device of `device_arch`. */
int halc_hip_target_matches(const char *target_id, const char *device_arch);

/* Runs `function` of `module` as halc_device_run does (dispatch times from
 * HIP events), with the HIP argument layout: one pointer per binding, then
 * one 32-bit value per constant. */
halc_status_t halc_hip_run(halc_hip_device_t *device,
                           const halc_module_t *module,
                           const halc_function_t *function,
                           const void *const *arguments, void *const *results,
                           uint32_t repetitions, double *out_times_ms);

#ifdef __cplusplus
}
#endif

#endif /* HALC_HIP_H */
