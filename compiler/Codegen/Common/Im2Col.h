//===- Im2Col.h - Convolutions read as matrices ------------------*- C++ -*-===//
//
// A 2-D convolution is a matmul whose left operand (the im2col matrix) is
// the input read at computed indices. halc-implicit-gemm rewrites a
// dispatch's convolution so; halc-split-reductions builds the same matrix,
// its K loop in parts, for a convolution whose partial sums become a
// dispatch of their own.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_IM2COL_H
#define HALC_CODEGEN_COMMON_IM2COL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace mlir::halc {

/// A convolution's layouts: channels last (NHWC input and output, M the
/// batch and pixels, K the filter's rows, columns and channels) or first
/// (NCHW, a matmul per image: the filter's output channels are M, the
/// pixels N, K the channels, rows and columns).
struct ConvolutionShape {
  bool channelsFirst;
  /// The filter's dimensions collapsed into the matmul's two.
  SmallVector<ReassociationIndices> filterGroups;
  /// Whether the collapsed filter is F x K (else K x F).
  bool filterOutputChannelsFirst;
  int64_t batch, outputRows, outputColumns;
  int64_t filterRows, filterColumns, inputChannels;

  int64_t getPixels() const { return outputRows * outputColumns; }
  int64_t getReductionSize() const {
    return filterRows * filterColumns * inputChannels;
  }
};

/// The shape of a static `conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc` or
/// `conv_2d_nchw_fchw` on tensors; none for other ops.
std::optional<ConvolutionShape> getConvolutionShape(linalg::LinalgOp conv);

/// The im2col matrix of `conv`: M x K (channels last, K innermost as the
/// input's channels are) or batch x K x pixels (channels first, pixels
/// innermost as the input's columns are). With `parts` > 1 K is cut into
/// that many consecutive parts: parts x M x K / parts (channels last) or
/// parts x K / parts x (batch * pixels) (channels first: the images side
/// by side, pixels innermost).
/// A generic without inputs that reads the input by index, running the
/// elementwise ops that produce it (a pad: its bounds checks) there.
Value buildIm2Col(OpBuilder &builder, linalg::LinalgOp conv,
                  const ConvolutionShape &shape, int64_t parts = 1);

/// A generic over `iterators` whose body is `conv`'s (products, extensions,
/// sums), reading `input` and `filter` with `inputMap` and `filterMap`
/// (the filter as its first operand if `filterFirst`) and accumulating into
/// `init`.
linalg::GenericOp buildConvolutionProduct(
    OpBuilder &builder, linalg::LinalgOp conv, Value input, AffineMap inputMap,
    Value filter, AffineMap filterMap, Value init, AffineMap initMap,
    ArrayRef<utils::IteratorType> iterators, bool filterFirst = false);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_IM2COL_H
