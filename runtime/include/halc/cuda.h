/* halc's CUDA driver ("cuda" in halc/driver.h): runs modules whose
 * executables are CDA1 on an NVIDIA GPU through the CUDA driver API, which
 * it loads when a device is opened (libcuda.so.1; HALC_CUDA_LIBRARY names
 * another path), so that nothing links against a CUDA SDK. The driver
 * compiles each module's PTX for the GPU when a call first needs it. */
#ifndef HALC_CUDA_H
#define HALC_CUDA_H

#ifdef __cplusplus
extern "C" {
#endif

/* Whether PTX written for `target` (e.g. "sm_80") runs on a device of
 * `device_arch`: one of the same or a later architecture. */
int halc_cuda_target_matches(const char *target, const char *device_arch);

#ifdef __cplusplus
}
#endif

#endif /* HALC_CUDA_H */
