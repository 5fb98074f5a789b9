/* halc's devices: one interface over its drivers, named as IREE names them
 * ("vulkan", "hip", "cuda"). A module is loaded on a device once (its
 * pipelines or kernels made when first needed, its constants uploaded);
 * calls take and return device arrays, run in the order they are
 * submitted, and reuse the device's memory pool. Every object here may be
 * used from several threads at once. */
#ifndef HALC_DRIVER_H
#define HALC_DRIVER_H

#include "halc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_device_s halc_device_t;

/* The drivers of this build, in order of preference; NULL-terminated. */
const char *const *halc_driver_names(void);

/* Opens a device of `driver`, loading the driver's library. Errors name
 * what is missing: the driver itself, its library, or a device. */
halc_status_t halc_device_create(const char *driver,
                                 halc_device_t **out_device);
/* Frees the handle; the device itself stays until its last array and
 * module are released too. */
void halc_device_free(halc_device_t *device);
/* The device's name as its driver reports it. */
const char *halc_device_name(const halc_device_t *device);

/* The device's memory pool: what it got from the driver, and what of it
 * arrays and calls hold now (the rest waits in the pool for reuse). */
typedef struct halc_device_statistics_s {
  uint64_t allocations;     /* allocations made from the driver so far */
  uint64_t bytes_allocated; /* bytes the device holds now */
  uint64_t bytes_in_use;
} halc_device_statistics_t;
void halc_device_statistics(const halc_device_t *device,
                            halc_device_statistics_t *out_statistics);
/* Gives what the pool keeps back to the driver, once the calls submitted
 * have run (a program done with a shape it will not call again). An
 * allocation the driver refuses trims the pool and tries again. */
void halc_device_trim(halc_device_t *device);

/*===------------------------------------------------------------------===*
 * Device arrays: tensors in a device's memory, reference counted.
 *===------------------------------------------------------------------===*/

typedef struct halc_device_array_s halc_device_array_t;

/* An array of `type` (a static shape; not a scalar) on `device`, holding a
 * copy of `data` (`data_size` bytes: the type's byte size), or not
 * initialized when `data` is NULL. The caller holds one reference. */
halc_status_t halc_device_array_create(halc_device_t *device,
                                       const halc_tensor_type_t *type,
                                       const void *data, size_t data_size,
                                       halc_device_array_t **out_array);
void halc_device_array_retain(halc_device_array_t *array);
/* Drops a reference; the last one frees the array (its memory goes back to
 * the pool: calls already submitted still read it safely). */
void halc_device_array_release(halc_device_array_t *array);
/* Its type; the shape lives as long as the array. */
const halc_tensor_type_t *
halc_device_array_type(const halc_device_array_t *array);
/* Copies its bytes into `data` (`data_size`: the type's byte size) once
 * the calls submitted before have run. */
halc_status_t halc_device_array_to_host(const halc_device_array_t *array,
                                        void *data, size_t data_size);

/*===------------------------------------------------------------------===*
 * Modules on a device and calls of their functions.
 *===------------------------------------------------------------------===*/

typedef struct halc_device_module_s halc_device_module_t;

/* Loads `module` (which must outlive the result) on `device`: checks its
 * executables are the driver's and uploads its constants. */
halc_status_t halc_device_module_load(halc_device_t *device,
                                      const halc_module_t *module,
                                      halc_device_module_t **out_module);
/* Waits for the module's calls, then frees it. */
void halc_device_module_free(halc_device_module_t *module);

typedef struct halc_invocation_s halc_invocation_t;

/* Submits a call of `function` (one of the module's that does not depend
 * on the call, or halc_call_function of a prepared call) and returns at
 * once. `arguments` has one array per argument (NULL for a scalar), each
 * of the argument's type and on the module's device. `out_results`
 * receives one new array per result (the caller's to release), written
 * when the call runs; a later call can take them at once. When
 * `out_invocation` is not NULL it receives a handle to wait on. */
halc_status_t halc_device_module_submit(halc_device_module_t *module,
                                        const halc_function_t *function,
                                        halc_device_array_t *const *arguments,
                                        halc_device_array_t **out_results,
                                        halc_invocation_t **out_invocation);
/* Waits until the call has run; an error if it failed on the device. */
halc_status_t halc_invocation_wait(halc_invocation_t *invocation);
/* Frees the handle (the call runs on). */
void halc_invocation_free(halc_invocation_t *invocation);

/* Runs `function` as halc_device_module_submit does, its dispatches
 * `repetitions` times (at least 1) in one submission, and waits:
 * `out_times_ms` receives each dispatch's GPU time, dispatch-major
 * (out_times_ms[d * repetitions + r]). `out_results` as for submit. */
halc_status_t halc_device_module_time(halc_device_module_t *module,
                                      const halc_function_t *function,
                                      halc_device_array_t *const *arguments,
                                      uint32_t repetitions,
                                      double *out_times_ms,
                                      halc_device_array_t **out_results);

/* Runs `function` of `module` once from host memory to host memory: loads
 * the module on the device, uploads `arguments[i]` (as many bytes as the
 * i-th argument tensor has), runs its dispatches `repetitions` times (at
 * least 1), and downloads the results into `results[i]`; `out_times_ms`,
 * when not NULL, as for halc_device_module_time. For one-off runs (tools,
 * tests): a program that calls a function often loads its module once. */
halc_status_t halc_device_run(halc_device_t *device,
                              const halc_module_t *module,
                              const halc_function_t *function,
                              const void *const *arguments, void *const *results,
                              uint32_t repetitions, double *out_times_ms);

#ifdef __cplusplus
}
#endif

#endif /* HALC_DRIVER_H */
