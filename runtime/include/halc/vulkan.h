/* halc's Vulkan driver: runs a module's functions on a Vulkan device (a
 * discrete GPU first; HALC_VULKAN_DEVICE picks one by index or by a part of
 * its name, e.g. "llvmpipe"). Every failure returns a status. */
#ifndef HALC_VULKAN_H
#define HALC_VULKAN_H

#include "halc/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_vulkan_device_s halc_vulkan_device_t;

halc_status_t halc_vulkan_device_create(halc_vulkan_device_t **out_device);
void halc_vulkan_device_free(halc_vulkan_device_t *device);
/* The device's name as its driver reports it. */
const char *halc_vulkan_device_name(const halc_vulkan_device_t *device);

/* Runs `function` of `module` as halc_device_run (halc/driver.h) does,
 * dispatch times from timestamp queries. */
halc_status_t halc_vulkan_run(halc_vulkan_device_t *device,
                              const halc_module_t *module,
                              const halc_function_t *function,
                              const void *const *arguments, void *const *results,
                              uint32_t repetitions, double *out_times_ms);

#ifdef __cplusplus
}
#endif

#endif /* HALC_VULKAN_H */
