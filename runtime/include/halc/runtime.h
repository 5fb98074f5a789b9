/* halc's runtime: loads the executables halc-compile writes, verifies them
 * completely before anything else reads them, and describes their exports.
 * Depends on the C++ standard library and FlatBuffers only (no LLVM, no
 * MLIR). Every call that can fail returns a status; none aborts. */
#ifndef HALC_RUNTIME_H
#define HALC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NULL on success; otherwise an error whose message names what is wrong.
 * The caller frees it. */
typedef struct halc_status_s *halc_status_t;
const char *halc_status_message(halc_status_t status);
void halc_status_free(halc_status_t status);
/* An error with `message` (copied): what drivers and other code built on
 * the runtime return. Never NULL: without memory for it, a shared "out of
 * memory" error (which halc_status_free accepts like any). */
halc_status_t halc_status_create(const char *message);
/* `status` (an error) with "`context`: " in front of its message. */
halc_status_t halc_status_annotate(halc_status_t status, const char *context);

/* The limits every loader enforces (IREE's HAL driver limits). */
#define HALC_MAX_BINDINGS 16
#define HALC_MAX_CONSTANTS 64
#define HALC_MAX_WORKGROUP_INVOCATIONS 1024

typedef enum halc_executable_format_e {
  HALC_EXECUTABLE_FORMAT_VKE1 = 0, /* Vulkan: SPIR-V shader modules */
  HALC_EXECUTABLE_FORMAT_MTL1 = 1, /* Metal: MSL sources and/or metallibs */
  HALC_EXECUTABLE_FORMAT_HIP1 = 2, /* HIP: AMD GPU code objects (HSACO) */
  HALC_EXECUTABLE_FORMAT_CDA1 = 3, /* CUDA: PTX for NVIDIA GPUs */
} halc_executable_format_t;

/* The Metal binding contract: an export's bindings are in one argument
 * buffer at [[buffer(0)]] (binding i at [[id(i)]]), its constants at
 * [[buffer(3)]]. */
#define HALC_METAL_ARGUMENT_BUFFER_INDEX 0
#define HALC_METAL_CONSTANT_BUFFER_INDEX 3

typedef struct halc_executable_s halc_executable_t;

/* Loads and verifies an executable from `size` bytes at `data` (copied). */
halc_status_t halc_executable_load(const void *data, size_t size,
                                   halc_executable_t **out_executable);
/* Loads and verifies an executable from the file at `path`. */
halc_status_t halc_executable_load_file(const char *path,
                                        halc_executable_t **out_executable);
void halc_executable_free(halc_executable_t *executable);

halc_executable_format_t
halc_executable_format(const halc_executable_t *executable);
size_t halc_executable_export_count(const halc_executable_t *executable);

/* One export (entry point). Strings live as long as the executable. */
typedef struct halc_export_info_s {
  const char *name;        /* the export's own name */
  const char *entry_point; /* the function name in the code */
  uint32_t workgroup_size[3];
  uint32_t binding_count;
  /* Bit i set: binding i is only read. Formats without the flag (VKE1)
   * report 0. */
  uint32_t read_only_bindings;
  uint32_t constant_count;
  /* The lanes of a subgroup the code relies on (VKE1's subgroup_size);
   * 0: any. */
  uint32_t subgroup_size;
} halc_export_info_t;

halc_status_t halc_executable_export_info(const halc_executable_t *executable,
                                          size_t ordinal,
                                          halc_export_info_t *out_info);

/* A Metal library of an MTL1 executable: its MSL source (may be empty when a
 * metallib is there), its metallib (may be empty), and the MSL version as
 * MTLLanguageVersion encodes it (major << 16 | minor). */
typedef struct halc_metal_library_s {
  const char *source;
  size_t source_size;
  const void *metallib;
  size_t metallib_size;
  uint32_t msl_version;
} halc_metal_library_t;

size_t halc_executable_library_count(const halc_executable_t *executable);
halc_status_t halc_executable_metal_library(const halc_executable_t *executable,
                                            size_t ordinal,
                                            halc_metal_library_t *out_library);

/* The code of module `ordinal` of a HIP1 (an HSACO) or CDA1 (PTX text)
 * executable, and the target it was compiled for: HIP1's full target id
 * (e.g. "gfx942:sramecc+:xnack-"), CDA1's SM architecture (e.g. "sm_80");
 * empty when the file does not say. */
size_t halc_executable_code_module_count(const halc_executable_t *executable);
halc_status_t halc_executable_code_module(const halc_executable_t *executable,
                                          size_t ordinal,
                                          const void **out_data,
                                          size_t *out_size);
const char *halc_executable_target_id(const halc_executable_t *executable);

/* The SPIR-V words of a VKE1 executable's shader module `ordinal`, and the
 * shader module (VKE1) or library (MTL1) each export's entry point is in. */
halc_status_t halc_executable_spirv(const halc_executable_t *executable,
                                    size_t module_ordinal,
                                    const uint32_t **out_words,
                                    size_t *out_word_count);
size_t halc_executable_export_module(const halc_executable_t *executable,
                                     size_t ordinal);

/*===------------------------------------------------------------------===*
 * Modules: what halc-compile writes by default ("HALM"). Executables and,
 * per function, a dispatch plan.
 *===------------------------------------------------------------------===*/

typedef enum halc_element_type_e {
  HALC_ELEMENT_TYPE_F16 = 0,
  HALC_ELEMENT_TYPE_F32 = 1,
  HALC_ELEMENT_TYPE_F64 = 2,
  HALC_ELEMENT_TYPE_I8 = 3,
  HALC_ELEMENT_TYPE_I16 = 4,
  HALC_ELEMENT_TYPE_I32 = 5,
  HALC_ELEMENT_TYPE_I64 = 6,
  /* One byte per element, 0 or 1. */
  HALC_ELEMENT_TYPE_I1 = 7,
  HALC_ELEMENT_TYPE_BF16 = 8,
} halc_element_type_t;
/* The element types are the values 0 .. HALC_ELEMENT_TYPE_COUNT - 1. */
#define HALC_ELEMENT_TYPE_COUNT 9

/* Bytes per element of `type`. */
size_t halc_element_type_size(halc_element_type_t type);
/* "f16", "f32", ... as in MLIR and IREE's tools. */
const char *halc_element_type_name(halc_element_type_t type);
/* Non-zero for f16, f32, f64, bf16. */
int halc_element_type_is_float(halc_element_type_t type);

/* A densely packed row-major tensor (a dimension of -1 is dynamic: known
 * when the function is called), or a scalar argument (rank 0, `scalar`). */
typedef struct halc_tensor_type_s {
  halc_element_type_t element_type;
  size_t rank;
  const int64_t *shape;
  int scalar;
} halc_tensor_type_t;

/* The bytes of a tensor of static shape (a scalar: its element): what a
 * driver uploads for an argument and downloads for a result. Loaded modules
 * and prepared calls hold only types whose size fits. */
size_t halc_tensor_type_byte_size(const halc_tensor_type_t *type);

/* The buffer of a scalar argument: none. */
#define HALC_NO_BUFFER 0xFFFFFFFFu

/* One dispatch: binding i of the export is buffer bindings[i]. */
typedef struct halc_dispatch_s {
  size_t executable;
  size_t export_ordinal;
  size_t binding_count;
  const uint32_t *bindings;
  size_t constant_count;
  const uint32_t *constants;
  uint32_t workgroup_count[3];
} halc_dispatch_t;

/* A function's plan: upload the arguments and the constants (buffers with
 * contents) into their buffers, run the dispatches in order (each sees the
 * writes of those before it), download the results from theirs. */
typedef struct halc_function_s {
  const char *name;
  size_t argument_count;
  const halc_tensor_type_t *arguments;
  const uint32_t *argument_buffers;
  size_t result_count;
  const halc_tensor_type_t *results;
  const uint32_t *result_buffers;
  size_t buffer_count;
  const uint64_t *buffer_sizes;
  /* Per buffer: its contents before the first dispatch (buffer_sizes[b]
   * bytes: a constant tensor), or NULL. */
  const void *const *buffer_contents;
  size_t dispatch_count;
  const halc_dispatch_t *dispatches;
  /* Non-zero when sizes, constants or workgroup counts depend on the call
   * (dynamic dimensions, scalar arguments): drivers run the function of a
   * call (halc_call_prepare) instead. */
  int depends_on_call;
  /* The name of each argument and result (an ONNX model's input and output
   * names; IREE's iree.abi.name), "" where unnamed. */
  const char *const *argument_names;
  const char *const *result_names;
  /* The first load_dispatch_count dispatches read only constants and each
   * other's results, with static sizes: a device runs them once, when the
   * module loads, and keeps the buffers they write (weights with a batch
   * norm folded in); a call runs the rest. Running every dispatch at each
   * call gives the same results. */
  size_t load_dispatch_count;
} halc_function_t;

/* The index of the argument (`is_result` 0) or result (non-zero) of
 * `function` called `name`; an error that lists the names if none is. */
halc_status_t halc_function_lookup_name(const halc_function_t *function,
                                        int is_result, const char *name,
                                        size_t *out_index);

/* Whether a tensor of type `given` can be argument `index` of `function`:
 * its kind (tensor or scalar), element type, rank, and each static
 * dimension; an error naming the first that differs. */
halc_status_t halc_function_check_argument(const halc_function_t *function,
                                           size_t index,
                                           const halc_tensor_type_t *given);

typedef struct halc_module_s halc_module_t;

/* Loads and verifies a module (and every executable in it). */
halc_status_t halc_module_load(const void *data, size_t size,
                               halc_module_t **out_module);
halc_status_t halc_module_load_file(const char *path,
                                    halc_module_t **out_module);
void halc_module_free(halc_module_t *module);

/* Parameters: a model's weights kept outside its module (halc-compile
 * --onnx-externalize-params), read from a safetensors file and bound by name
 * when a module that reads them loads. */
typedef struct halc_parameters_s halc_parameters_t;

halc_status_t halc_parameters_load_file(const char *path,
                                        halc_parameters_t **out_parameters);
/* Empty parameters, to which halc_parameters_add copies each one's bytes
 * (weights made in memory: a framework's state dict). */
halc_status_t halc_parameters_create(halc_parameters_t **out_parameters);
halc_status_t halc_parameters_add(halc_parameters_t *parameters,
                                  const char *name, const void *data,
                                  size_t size);
void halc_parameters_free(halc_parameters_t *parameters);
size_t halc_parameters_count(const halc_parameters_t *parameters);

/* Loads a module as halc_module_load does, its parameters' bytes copied from
 * `parameters` (each by name, its size checked): the module does not keep
 * `parameters`. halc_module_load refuses a module that reads parameters. */
halc_status_t halc_module_load_with_parameters(
    const void *data, size_t size, const halc_parameters_t *parameters,
    halc_module_t **out_module);
halc_status_t halc_module_load_file_with_parameters(
    const char *path, const halc_parameters_t *parameters,
    halc_module_t **out_module);

size_t halc_module_executable_count(const halc_module_t *module);
const halc_executable_t *halc_module_executable(const halc_module_t *module,
                                                size_t ordinal);
size_t halc_module_function_count(const halc_module_t *module);
const halc_function_t *halc_module_function(const halc_module_t *module,
                                            size_t ordinal);
/* The function called `name`; an error that lists the names if none is. */
halc_status_t halc_module_lookup_function(const halc_module_t *module,
                                          const char *name,
                                          const halc_function_t **out_function);
/* A call of a function: its plan with every size, constant and workgroup
 * count worked out for the arguments given. */
typedef struct halc_call_s halc_call_t;

/* Prepares a call of `function` (of `module`) on arguments of
 * `argument_types` (the shapes of the tensors passed; for a scalar, its
 * type) whose data are `arguments` (a scalar's value is read from here);
 * fails naming the argument whose type or shape does not match. */
halc_status_t halc_call_prepare(const halc_module_t *module,
                                const halc_function_t *function,
                                const halc_tensor_type_t *argument_types,
                                const void *const *arguments,
                                halc_call_t **out_call);
/* Frees a call (before the module it was prepared from). */
void halc_call_free(halc_call_t *call);
/* The plan of the call: static, as drivers run it. */
const halc_function_t *halc_call_function(const halc_call_t *call);

/* The input the module was compiled from (empty if it was not kept). */
void halc_module_source(const halc_module_t *module, const char **out_path,
                        const char **out_text, size_t *out_size);

#ifdef __cplusplus
}
#endif

#endif /* HALC_RUNTIME_H */
