//===- Tensors.h - ONNX tensors as bytes, known values, attributes -*- C++
//-*-===//

#ifndef HALC_IMPORT_ONNX_TENSORS_H
#define HALC_IMPORT_ONNX_TENSORS_H

#include "compiler/Import/ONNX/NodeImporter.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::halc::onnx_import {

/// The elements of `tensor` densely packed as MLIR stores them (booleans one
/// byte each), whichever field holds them; an error message if they cannot
/// be read (external data, a size that does not match the shape).
FailureOr<std::vector<char>> readTensorBytes(const onnx::TensorProto &tensor,
                                             std::string &error);

/// The tensor type of `tensor`; null for a data type halc has not.
RankedTensorType getTensorType(MLIRContext *context,
                               const onnx::TensorProto &tensor);

/// Whether a constant of `type` is printed inline (a few elements) rather
/// than held as a dense resource (or a parameter).
bool isInline(RankedTensorType type);

/// `bytes` of `type` as an elements attribute: a dense resource named
/// `name` above a few elements (no text on the way), else dense elements.
ElementsAttr getElementsAttr(RankedTensorType type, ArrayRef<char> bytes,
                             StringRef name);

/// `bytes` of ONNX type `dataType` and `shape` as a known tensor.
KnownTensor decodeKnown(int32_t dataType, ArrayRef<int64_t> shape,
                        ArrayRef<char> bytes);

/// `known` as the elements attribute of `type`.
ElementsAttr getElementsAttr(RankedTensorType type, const KnownTensor &known);

} // namespace mlir::halc::onnx_import

#endif // HALC_IMPORT_ONNX_TENSORS_H
