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

/* The limits every loader enforces (IREE's HAL driver limits). */
#define HALC_MAX_BINDINGS 16
#define HALC_MAX_CONSTANTS 64
#define HALC_MAX_WORKGROUP_INVOCATIONS 1024

typedef enum halc_executable_format_e {
  HALC_EXECUTABLE_FORMAT_VKE1 = 0, /* Vulkan: SPIR-V shader modules */
} halc_executable_format_t;

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
} halc_export_info_t;

halc_status_t halc_executable_export_info(const halc_executable_t *executable,
                                          size_t ordinal,
                                          halc_export_info_t *out_info);

/* The SPIR-V words of a VKE1 executable's shader module `ordinal` and the
 * shader module each export's entry point is in. */
halc_status_t halc_executable_spirv(const halc_executable_t *executable,
                                    size_t module_ordinal,
                                    const uint32_t **out_words,
                                    size_t *out_word_count);
size_t halc_executable_export_module(const halc_executable_t *executable,
                                     size_t ordinal);

#ifdef __cplusplus
}
#endif

#endif /* HALC_RUNTIME_H */
