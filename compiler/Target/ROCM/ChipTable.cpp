//===- ChipTable.cpp - AMD GPUs halc compiles for -------------------------===//
//
// CDNA (gfx9) runs wave64 only; RDNA (gfx10+) runs wave32 by default and
// wave64 when asked. LDS is 64 KiB per workgroup except on gfx950 (160 KiB).
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/ROCM/ChipTable.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir::halc;

namespace {

constexpr int64_t k64KiB = 64 * 1024;

const AMDChip kChips[] = {
    {"gfx908", 9008, {64, 0}, k64KiB, true, true},
    {"gfx90a", 9010, {64, 0}, k64KiB, true, true},
    {"gfx942", 9402, {64, 0}, k64KiB, true, true},
    {"gfx950", 9500, {64, 0}, 160 * 1024, true, true},
    {"gfx1030", 10300, {32, 64}, k64KiB, false, false},
    {"gfx1100", 11000, {32, 64}, k64KiB, false, false},
    {"gfx1101", 11001, {32, 64}, k64KiB, false, false},
    {"gfx1200", 12000, {32, 64}, k64KiB, false, false},
    {"gfx1201", 12001, {32, 64}, k64KiB, false, false},
    {"gfx9-4-generic", 9400, {64, 0}, k64KiB, true, true},
    {"gfx11-generic", 11000, {32, 64}, k64KiB, false, false},
    {"gfx12-generic", 12000, {32, 64}, k64KiB, false, false},
};

struct Product {
  const char *name;
  const char *chip;
};

const Product kProducts[] = {
    {"mi100", "gfx908"},     {"mi210", "gfx90a"},     {"mi250", "gfx90a"},
    {"mi250x", "gfx90a"},    {"mi300a", "gfx942"},    {"mi300x", "gfx942"},
    {"mi325x", "gfx942"},    {"mi350x", "gfx950"},    {"mi355x", "gfx950"},
    {"rx6800xt", "gfx1030"}, {"rx6900xt", "gfx1030"}, {"rx7900xt", "gfx1100"},
    {"rx7900xtx", "gfx1100"}, {"rx7800xt", "gfx1101"}, {"rx7700xt", "gfx1101"},
    {"rx9060xt", "gfx1200"}, {"rx9070", "gfx1201"},   {"rx9070xt", "gfx1201"},
};

} // namespace

llvm::ArrayRef<AMDChip> mlir::halc::getAMDChips() { return kChips; }

const AMDChip *mlir::halc::lookupAMDChip(llvm::StringRef name) {
  std::string lower = name.lower();
  for (const Product &product : kProducts)
    if (lower == product.name)
      lower = product.chip;
  for (const AMDChip &chip : kChips)
    if (lower == chip.name)
      return &chip;
  return nullptr;
}

std::string mlir::halc::listAMDChipNames() {
  std::vector<std::string> names;
  for (const AMDChip &chip : kChips)
    names.push_back(chip.name);
  for (const Product &product : kProducts)
    names.push_back(product.name);
  return llvm::join(names, ", ");
}

bool mlir::halc::supportsWaveSize(const AMDChip &chip, int size) {
  return chip.waveSizes[0] == size || chip.waveSizes[1] == size;
}
