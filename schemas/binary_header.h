/* The 64-byte header in front of every halc binary (executables and
 * modules): the FlatBuffer's file identifier as magic, a version, and the
 * size of the FlatBuffer that follows. C, so that any loader can use it. */
#ifndef HALC_SCHEMAS_BINARY_HEADER_H
#define HALC_SCHEMAS_BINARY_HEADER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct halc_binary_header_t {
  uint32_t magic;        /* the four identifier bytes, e.g. "VKE1" */
  uint32_t version;      /* 0 */
  uint64_t content_size; /* bytes of FlatBuffer after the header */
  uint64_t reserved[6];  /* 0 */
} halc_binary_header_t;

#define HALC_BINARY_HEADER_SIZE 64
#define HALC_BINARY_VERSION 0

/* The magic of a four-character identifier, as it lies in memory. */
static inline uint32_t halc_binary_magic(const char identifier[4]) {
  return (uint32_t)(uint8_t)identifier[0] |
         ((uint32_t)(uint8_t)identifier[1] << 8) |
         ((uint32_t)(uint8_t)identifier[2] << 16) |
         ((uint32_t)(uint8_t)identifier[3] << 24);
}

/* The header of a binary whose FlatBuffer has the file identifier
 * `identifier` and is `content_size` bytes: every writer makes it here. */
static inline halc_binary_header_t
halc_binary_header_make(const char identifier[4], uint64_t content_size) {
  halc_binary_header_t header = {0};
  header.magic = halc_binary_magic(identifier);
  header.version = HALC_BINARY_VERSION;
  header.content_size = content_size;
  return header;
}

#ifdef __cplusplus
}
#endif

#endif /* HALC_SCHEMAS_BINARY_HEADER_H */
