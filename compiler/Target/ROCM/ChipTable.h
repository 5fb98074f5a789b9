//===- ChipTable.h - AMD GPUs halc compiles for ------------------*- C++ -*-===//

#ifndef HALC_TARGET_ROCM_CHIPTABLE_H
#define HALC_TARGET_ROCM_CHIPTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::halc {

/// One AMD GPU (or generic target): what codegen and the device libraries
/// need to know about it.
struct AMDChip {
  const char *name;
  /// __oclc_ISA_version: major * 1000 + minor * 100 + stepping.
  int isaVersion;
  /// Wave sizes the chip runs; the first is the default.
  int waveSizes[2];
  int64_t ldsBytes;
  bool hasSramecc;
  bool hasXnack;
};

llvm::ArrayRef<AMDChip> getAMDChips();

/// The chip called `name`, or the chip of a product name (mi300x, mi250,
/// rx7900xtx, ...); none when neither is known.
const AMDChip *lookupAMDChip(llvm::StringRef name);

/// The names `lookupAMDChip` knows, chips first, for error messages.
std::string listAMDChipNames();

/// Whether `chip` runs waves of `size` lanes.
bool supportsWaveSize(const AMDChip &chip, int size);

} // namespace mlir::halc

#endif // HALC_TARGET_ROCM_CHIPTABLE_H
