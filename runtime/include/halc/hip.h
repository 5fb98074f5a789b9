/* halc's HIP driver ("hip" in halc/driver.h): runs modules whose
 * executables are HIP1 on an AMD GPU through the HIP runtime, which it
 * loads when a device is opened (libamdhip64.so; HALC_HIP_LIBRARY names
 * another path), so that nothing links against ROCm. */
#ifndef HALC_HIP_H
#define HALC_HIP_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether code for `target_id` (a chip with optional features, e.g.
 * "gfx942" or "gfx942:xnack-") runs on a device of `device_arch`. */
int halc_hip_target_matches(const char *target_id, const char *device_arch);

#ifdef __cplusplus
}
#endif

#endif /* HALC_HIP_H */
