//===- Builders.h - Linalg and tensor ops the op importers share -*- C++
//-*-===//

#ifndef HALC_IMPORT_ONNX_BUILDERS_H
#define HALC_IMPORT_ONNX_BUILDERS_H

#include "compiler/Import/ONNX/NodeImporter.h"

#include "mlir/IR/OpDefinition.h"

namespace mlir::halc::onnx_import {

/// Builds a scalar body from the scalars of the operands (and, for a
/// reduction, the accumulator last).
using BodyBuilder =
    function_ref<Value(OpBuilder &b, Location loc, ValueRange scalars)>;

SmallVector<OpFoldResult> getSizes(OpBuilder &b, Location loc, Value tensor);
Value createEmpty(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                  Type element);
/// A tensor of `sizes` filled with `value`.
Value createFilled(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                   TypedAttr value);

/// A scalar attribute of `type` (float or integer) equal to `value`.
TypedAttr getScalarAttr(Type type, double value);
/// The least (or greatest) value of `type`: -inf (+inf) for floats.
TypedAttr getLowestAttr(Type type, bool isUnsigned);
TypedAttr getHighestAttr(Type type, bool isUnsigned);
Value createScalar(OpBuilder &b, Location loc, Type type, double value);

/// `value` converted to `type` as ONNX's Cast does (unsigned where said).
Value convertScalar(OpBuilder &b, Location loc, Value value, Type type,
                    bool fromUnsigned, bool toUnsigned);

/// One generic over the operands broadcast together as NumPy does (ranks
/// aligned to the right, dimensions of size 1 stretched); an error at the
/// node if they do not broadcast.
FailureOr<Value> buildElementwise(NodeImporter &node, ValueRange operands,
                                  Type resultElement, BodyBuilder body);

/// `input` reduced over `axes` (sorted, in range) from `init` by `combine`
/// (element, accumulator); reduced dimensions kept as 1 when `keepDims`.
Value buildReduction(OpBuilder &b, Location loc, Value input,
                     ArrayRef<int64_t> axes, bool keepDims, TypedAttr init,
                     BodyBuilder combine);

/// The elements of `source` at offset + i * stride along each dimension,
/// `sizes` of them, read by index into a tensor of their own (a slice,
/// forwards or backwards, that a reshape can view).
Value readStrided(OpBuilder &b, Location loc, Value source,
                  ArrayRef<int64_t> offsets, ArrayRef<int64_t> strides,
                  ArrayRef<OpFoldResult> sizes);

/// `input` reshaped to `shape` (the same number of elements; dynamic sizes
/// where the input's are), by collapsing and expanding.
Value reshapeTo(OpBuilder &b, Location loc, Value input,
                ArrayRef<int64_t> shape);
/// Inserts unit dimensions at `axes` of the result (sorted).
Value insertUnitDims(OpBuilder &b, Location loc, Value input,
                     ArrayRef<int64_t> axes);
/// Drops the unit dimensions `axes` (sorted).
Value dropUnitDims(OpBuilder &b, Location loc, Value input,
                   ArrayRef<int64_t> axes);
/// Permutes the dimensions: result dimension i is input dimension perm[i].
Value transpose(OpBuilder &b, Location loc, Value input,
                ArrayRef<int64_t> perm);

/// `input` broadcast to `shape` (NumPy's rules, both ways); an error at the
/// node if it does not broadcast.
FailureOr<Value> broadcastTo(NodeImporter &node, Value input,
                             ArrayRef<int64_t> shape);

/// `axis` in [-rank, rank) as a dimension; an error at the node if out of
/// range.
FailureOr<int64_t> normalizeAxis(NodeImporter &node, int64_t axis,
                                 int64_t rank);
/// Axes normalized, sorted and unique.
FailureOr<SmallVector<int64_t>>
normalizeAxes(NodeImporter &node, ArrayRef<int64_t> axes, int64_t rank);

} // namespace mlir::halc::onnx_import

#endif // HALC_IMPORT_ONNX_BUILDERS_H
