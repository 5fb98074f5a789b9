/* Runs a function of a module halc-compile wrote on a Vulkan device, every
 * f32 argument filled with one value, and prints each result's shape and its
 * first and last elements:
 *   run-module MODULE.halm FUNCTION VALUE...   (one VALUE per argument)
 * The module is loaded on the device, the arguments copied into device
 * arrays, the call submitted, and its results copied back. */
#include <halc/driver.h>
#include <halc/runtime.h>

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

/* Submits a call of `plan` on `arrays` and prints its results. */
static int call(halc_device_module_t *loaded, const halc_function_t *plan,
                halc_device_array_t **arrays) {
  halc_device_array_t **results =
      calloc(plan->result_count + 1, sizeof(halc_device_array_t *));
  halc_invocation_t *invocation = NULL;
  int status = 1;
  if (!failed(halc_device_module_submit(loaded, plan, arrays, results,
                                        &invocation)) &&
      !failed(halc_invocation_wait(invocation))) {
    status = 0;
    for (size_t r = 0; r < plan->result_count && !status; ++r) {
      const halc_tensor_type_t *type = halc_device_array_type(results[r]);
      size_t bytes = halc_tensor_type_byte_size(type);
      void *data = malloc(bytes + 1);
      if (failed(halc_device_array_to_host(results[r], data, bytes))) {
        status = 1;
      } else {
        printf("result %zu: ", r);
        for (size_t d = 0; d < type->rank; ++d)
          printf("%lldx", (long long)type->shape[d]);
        printf("%s", halc_element_type_name(type->element_type));
        if (type->element_type == HALC_ELEMENT_TYPE_F32) {
          const float *values = data;
          printf(", first %g, last %g", values[0],
                 values[element_count(type) - 1]);
        }
        printf("\n");
      }
      free(data);
    }
  }
  halc_invocation_free(invocation);
  for (size_t r = 0; r < plan->result_count; ++r)
    halc_device_array_release(results[r]);
  free(results);
  return status;
}

/* Fills device arrays with the values given, runs the call and prints its
 * results. */
static int run(const halc_module_t *module, const halc_function_t *function,
               char **values, halc_device_t *device) {
  /* One pointer more than needed: calloc of 0 may return NULL. */
  size_t n = function->argument_count;
  halc_device_array_t **arrays = calloc(n + 1, sizeof(halc_device_array_t *));
  halc_device_module_t *loaded = NULL;
  int status = 1;
  if (failed(halc_device_module_load(device, module, &loaded)))
    goto done;
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
    size_t bytes = halc_tensor_type_byte_size(type);
    float *data = malloc(bytes + sizeof(float));
    for (size_t e = 0; e < element_count(type); ++e)
      data[e] = strtof(values[i], NULL);
    int created = !failed(
        halc_device_array_create(device, type, data, bytes, &arrays[i]));
    free(data);
    if (!created)
      goto done;
  }
  status = call(loaded, function, arrays);
done:
  for (size_t i = 0; i < n; ++i)
    halc_device_array_release(arrays[i]);
  free(arrays);
  halc_device_module_free(loaded);
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
      halc_device_t *device = NULL;
      if (!failed(halc_device_create("vulkan", &device))) {
        printf("device: %s\n", halc_device_name(device));
        status = run(module, function, argv + 3, device);
        halc_device_free(device);
      }
    }
  }
  halc_module_free(module);
  return status;
}
