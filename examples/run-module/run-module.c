/* Runs a function of a module halc-compile wrote on a Vulkan device, every
 * f32 argument filled with one value, and prints each result's shape and its
 * first and last elements:
 *   run-module MODULE.halm FUNCTION VALUE...   (one VALUE per argument) */
#include <halc/runtime.h>
#include <halc/vulkan.h>

#include <stdio.h>
#include <stdlib.h>

/* Prints the error and frees it; non-zero when there was one. */
static int failed(halc_status_t status) {
  if (!status)
    return 0;
  fprintf(stderr, "error: %s\n", halc_status_message(status));
  halc_status_free(status);
  return 1;
}

static size_t element_count(const halc_tensor_type_t *type) {
  size_t count = 1;
  for (size_t d = 0; d < type->rank; ++d)
    count *= (size_t)type->shape[d];
  return count;
}

/* Fills argument buffers with the values given, runs the call and prints its
 * results. */
static int run(const halc_module_t *module, const halc_function_t *function,
               char **values, halc_vulkan_device_t *device) {
  /* One pointer more than needed: calloc of 0 may return NULL. */
  size_t n = function->argument_count;
  const void **arguments = calloc(n + 1, sizeof(void *));
  int status = 1;
  for (size_t i = 0; i < n; ++i) {
    const halc_tensor_type_t *type = &function->arguments[i];
    if (type->element_type != HALC_ELEMENT_TYPE_F32 || type->scalar) {
      fprintf(stderr, "error: argument %zu is not an f32 tensor\n", i);
      goto done;
    }
    for (size_t d = 0; d < type->rank; ++d)
      if (type->shape[d] < 0) {
        fprintf(stderr, "error: argument %zu has a dynamic shape\n", i);
        goto done;
      }
    float *data = malloc(element_count(type) * sizeof(float));
    for (size_t e = 0; e < element_count(type); ++e)
      data[e] = strtof(values[i], NULL);
    arguments[i] = data;
  }
  halc_call_t *call = NULL;
  if (failed(halc_call_prepare(module, function, function->arguments,
                               arguments, &call)))
    goto done;
  const halc_function_t *plan = halc_call_function(call);
  void **results = calloc(plan->result_count + 1, sizeof(void *));
  for (size_t r = 0; r < plan->result_count; ++r)
    results[r] = malloc(halc_tensor_type_byte_size(&plan->results[r]));
  if (!failed(halc_vulkan_run(device, module, plan, arguments,
                              (void *const *)results, 1, NULL))) {
    status = 0;
    for (size_t r = 0; r < plan->result_count; ++r) {
      const halc_tensor_type_t *type = &plan->results[r];
      printf("result %zu: ", r);
      for (size_t d = 0; d < type->rank; ++d)
        printf("%lldx", (long long)type->shape[d]);
      printf("%s", halc_element_type_name(type->element_type));
      if (type->element_type == HALC_ELEMENT_TYPE_F32) {
        const float *data = results[r];
        printf(", first %g, last %g", data[0], data[element_count(type) - 1]);
      }
      printf("\n");
    }
  }
  for (size_t r = 0; r < plan->result_count; ++r)
    free(results[r]);
  free(results);
  halc_call_free(call);
done:
  for (size_t i = 0; i < n; ++i)
    free((void *)arguments[i]);
  free(arguments);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: run-module MODULE.halm FUNCTION VALUE...\n");
    return 1;
  }
  halc_module_t *module = NULL;
  if (failed(halc_module_load_file(argv[1], &module)))
    return 1;
  const halc_function_t *function = NULL;
  int status = 1;
  if (!failed(halc_module_lookup_function(module, argv[2], &function))) {
    if ((size_t)(argc - 3) != function->argument_count) {
      fprintf(stderr, "error: @%s takes %zu arguments; %d values given\n",
              function->name, function->argument_count, argc - 3);
    } else {
      halc_vulkan_device_t *device = NULL;
      if (!failed(halc_vulkan_device_create(&device))) {
        printf("device: %s\n", halc_vulkan_device_name(device));
        status = run(module, function, argv + 3, device);
        halc_vulkan_device_free(device);
      }
    }
  }
  halc_module_free(module);
  return status;
}
