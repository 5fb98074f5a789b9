//===- DeviceArray.cpp - Tensors in a device's memory ---------------------===//
//
// An array is a type over pooled memory. Arrays are reference counted; the
// live ones are listed, so that a call given one already released says so
// instead of reading freed memory.
//
//===----------------------------------------------------------------------===//

#include "DeviceObjects.h"

#include "halc/status_cc.h"

#include <unordered_set>

using namespace halc;

namespace {

/// 256 TiB: more than any device has, so that sizes never overflow.
constexpr uint64_t kMaxArrayBytes = uint64_t(1) << 48;

/// The arrays not yet freed, in any device.
struct LiveArrays {
  std::mutex mutex;
  std::unordered_set<const halc_device_array_t *> arrays;
};

LiveArrays &liveArrays() {
  static LiveArrays *live = new LiveArrays;
  return *live;
}

} // namespace

halc_device_array_t *halc::makeArray(std::shared_ptr<PooledMemory> memory,
                                     const halc_tensor_type_t &type) {
  auto array = std::make_unique<halc_device_array_s>();
  array->memory = std::move(memory);
  array->shape.assign(type.shape, type.shape + type.rank);
  array->type = type;
  array->type.shape = array->shape.data();
  LiveArrays &live = liveArrays();
  std::lock_guard<std::mutex> lock(live.mutex);
  live.arrays.insert(array.get());
  return array.release();
}

halc_status_t ArrayUse::acquire(const halc_device_array_t *given,
                                const std::string &what) {
  if (!given)
    return makeError(what + " is NULL, not a device array");
  LiveArrays &live = liveArrays();
  std::lock_guard<std::mutex> lock(live.mutex);
  auto found = live.arrays.find(given);
  if (found != live.arrays.end()) {
    // Not revived once its count reached 0: its release is deleting it.
    auto *candidate = const_cast<halc_device_array_t *>(*found);
    int64_t count = candidate->references.load(std::memory_order_relaxed);
    while (count > 0)
      if (candidate->references.compare_exchange_weak(
              count, count + 1, std::memory_order_acq_rel)) {
        array = candidate;
        return nullptr;
      }
  }
  return makeError(what + " is not a live device array (released?)");
}

ArrayUse::~ArrayUse() {
  if (array)
    halc_device_array_release(array);
}

extern "C" halc_status_t
halc_device_array_create(halc_device_t *device, const halc_tensor_type_t *type,
                         const void *data, size_t dataSize,
                         halc_device_array_t **out) {
  *out = nullptr;
  return catchExceptions("creating a device array", [&]() -> halc_status_t {
    if (type->scalar)
      return makeError("a device array holds a tensor, not a scalar");
    if (type->element_type >= HALC_ELEMENT_TYPE_COUNT)
      return makeError("element type " + std::to_string(type->element_type) +
                       " is none of halc's");
    uint64_t bytes = halc_element_type_size(type->element_type);
    for (size_t d = 0; d < type->rank; ++d) {
      if (type->shape[d] < 0)
        return makeError("dimension " + std::to_string(d) + " is " +
                         std::to_string(type->shape[d]) +
                         "; a device array has a static shape");
      if (__builtin_mul_overflow(bytes, uint64_t(type->shape[d]), &bytes) ||
          bytes > kMaxArrayBytes)
        return makeError("the array would have more bytes than a device "
                         "array can hold");
    }
    if (data && dataSize != bytes)
      return makeError("the data has " + std::to_string(dataSize) +
                       " bytes; the array holds " + std::to_string(bytes));
    std::shared_ptr<PooledMemory> memory;
    // Vulkan has no empty buffers and binds whole 4-byte words.
    if (halc_status_t status =
            device->device->take(std::max<uint64_t>(bytes, 4), memory))
      return status;
    if (data && bytes)
      if (halc_status_t status =
              device->device->driver->write(memory->handle, data, bytes))
        return status;
    *out = makeArray(std::move(memory), *type);
    return nullptr;
  });
}

extern "C" void halc_device_array_retain(halc_device_array_t *array) {
  array->references.fetch_add(1, std::memory_order_relaxed);
}

extern "C" void halc_device_array_release(halc_device_array_t *array) {
  if (!array || array->references.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  {
    LiveArrays &live = liveArrays();
    std::lock_guard<std::mutex> lock(live.mutex);
    live.arrays.erase(array);
  }
  delete array;
}

extern "C" const halc_tensor_type_t *
halc_device_array_type(const halc_device_array_t *array) {
  return &array->type;
}

extern "C" halc_status_t
halc_device_array_to_host(const halc_device_array_t *array, void *data,
                          size_t dataSize) {
  return catchExceptions("reading a device array", [&]() -> halc_status_t {
    ArrayUse use;
    if (halc_status_t status = use.acquire(array, "the array"))
      return status;
    uint64_t bytes = halc_tensor_type_byte_size(&use->type);
    if (dataSize != bytes)
      return makeError("the array holds " + std::to_string(bytes) +
                       " bytes; the host buffer has " +
                       std::to_string(dataSize));
    if (!bytes)
      return nullptr;
    return use->memory->device->driver->read(use->memory->handle, data, bytes);
  });
}
