/* One interface over halc's drivers: a device of a driver named as IREE
 * names it ("vulkan", "hip", "cuda") runs a module's functions and times
 * their dispatches. Each driver also has its own header (halc/vulkan.h,
 * halc/hip.h, halc/cuda.h) with the same calls and what is particular to
 * it. */
#ifndef HALC_DRIVER_H
#define HALC_DRIVER_H

#include "halc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_device_s halc_device_t;

/* The drivers of this build, in order of preference; NULL-terminated. */
const char *const *halc_driver_names(void);

/* Opens a device of `driver`. Errors name what is missing: the driver
 * itself, its library, or a device. */
halc_status_t halc_device_create(const char *driver,
                                 halc_device_t **out_device);
void halc_device_free(halc_device_t *device);
/* The device's name as its driver reports it. */
const char *halc_device_name(const halc_device_t *device);

/* Runs `function` of `module`: uploads `arguments[i]` (as many bytes as the
 * i-th argument tensor has), runs its dispatches `repetitions` times (at
 * least 1), and downloads the results into `results[i]`. When `out_times_ms`
 * is not NULL it receives each dispatch's GPU time, dispatch-major:
 * out_times_ms[d * repetitions + r]. `function` must not depend on the call
 * (run halc_call_function of a prepared call). */
halc_status_t halc_device_run(halc_device_t *device,
                              const halc_module_t *module,
                              const halc_function_t *function,
                              const void *const *arguments, void *const *results,
                              uint32_t repetitions, double *out_times_ms);

#ifdef __cplusplus
}
#endif

#endif /* HALC_DRIVER_H */
