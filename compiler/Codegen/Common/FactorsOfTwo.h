//===- FactorsOfTwo.h - What indices are known multiples of -----*- C++ -*-===//
//
// An index computed from ids and loop counters is a multiple of a power of
// two when its constants, products and loops say so: a vector access at
// such an index is aligned (AlignBindingAccesses), and a vector that starts
// at one inside a row whose length is a multiple of its size lies wholly
// inside the row or wholly past its end (OutOfBoundsTransfers).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_FACTORSOFTWO_H
#define HALC_CODEGEN_COMMON_FACTORSOFTWO_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::halc {

/// How many factors of two an index is known to have (up to kManyTwos):
/// what constants, products, sums, remainders, minima and maxima (one of
/// several multiples), selects, affine maps of these and loops starting and
/// stepping by multiples make of the ids and loop counters (which have
/// none). Answers are remembered.
class FactorsOfTwo {
public:
  /// Enough factors of two for any alignment a GPU cares about.
  static constexpr unsigned kManyTwos = 16;

  unsigned of(Value value);
  /// The factors of two of the constant `value` (zero has all of them).
  static unsigned ofConstant(int64_t value);

private:
  unsigned compute(Value value);
  unsigned ofExpr(AffineExpr expr, ValueRange dims, ValueRange symbols);

  llvm::DenseMap<Value, unsigned> known;
};

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_FACTORSOFTWO_H
