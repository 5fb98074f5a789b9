//===- Convolution.cpp - Conv, ConvTranspose and pooling ------------------===//
//
// NCHW throughout, as ONNX has it: linalg.conv_2d_nchw_fchw, its depthwise
// and grouped forms, pooling_nchw_max/sum; one-dimensional windows as
// two-dimensional ones of height 1; padding a tensor.pad before. A
// transposed convolution is a convolution of the input spread out by its
// strides with the kernel flipped.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

/// A window's geometry along the spatial dimensions.
struct Window {
  SmallVector<int64_t> kernel, strides, dilations, padBegin, padEnd;
  /// The output size along each spatial dimension.
  SmallVector<int64_t> output;
};

/// Reads kernel_shape (or the kernel's own), strides, dilations, pads and
/// auto_pad; with `ceilMode`, pads the end so the last partial window
/// counts.
FailureOr<Window> getWindow(NodeImporter &node, RankedTensorType input,
                            ArrayRef<int64_t> kernel, bool ceilMode) {
  int64_t spatial = input.getRank() - 2;
  Window w;
  w.kernel.assign(kernel.begin(), kernel.end());
  w.strides = node.getInts("strides");
  w.dilations = node.getInts("dilations");
  SmallVector<int64_t> pads = node.getInts("pads");
  if (w.strides.empty())
    w.strides.assign(spatial, 1);
  if (w.dilations.empty())
    w.dilations.assign(spatial, 1);
  if (pads.empty())
    pads.assign(2 * spatial, 0);
  if (int64_t(w.kernel.size()) != spatial ||
      int64_t(w.strides.size()) != spatial ||
      int64_t(w.dilations.size()) != spatial ||
      int64_t(pads.size()) != 2 * spatial)
    return node.emitError() << "its kernel, strides, dilations or pads do not "
                               "match its "
                            << spatial << " spatial dimensions";
  w.padBegin.assign(pads.begin(), pads.begin() + spatial);
  w.padEnd.assign(pads.begin() + spatial, pads.end());
  std::string autoPad = node.getString("auto_pad", "NOTSET");
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t size = input.getDimSize(d + 2);
    if (ShapedType::isDynamic(size))
      return node.emitError()
             << "spatial dimension " << d << " of " << input << " is dynamic";
    int64_t extent = w.dilations[d] * (w.kernel[d] - 1) + 1;
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      int64_t out = llvm::divideCeil(size, w.strides[d]);
      int64_t total =
          std::max<int64_t>(0, (out - 1) * w.strides[d] + extent - size);
      w.padBegin[d] = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
      w.padEnd[d] = total - w.padBegin[d];
    } else if (autoPad == "VALID") {
      w.padBegin[d] = w.padEnd[d] = 0;
    } else if (autoPad != "NOTSET") {
      return node.emitError() << "auto_pad '" << autoPad << "' is unknown";
    }
    int64_t span = size + w.padBegin[d] + w.padEnd[d] - extent;
    if (span < 0)
      return node.emitError() << "its window (" << extent
                              << ") is larger than the padded input ("
                              << size + w.padBegin[d] + w.padEnd[d]
                              << ") along spatial dimension " << d;
    int64_t out = span / w.strides[d] + 1;
    if (ceilMode) {
      out = llvm::divideCeil(span, w.strides[d]) + 1;
      // The last window starts inside the input or its begin padding.
      if ((out - 1) * w.strides[d] >= size + w.padBegin[d])
        --out;
      w.padEnd[d] +=
          std::max<int64_t>(0, (out - 1) * w.strides[d] + extent -
                                   (size + w.padBegin[d] + w.padEnd[d]));
    }
    w.output.push_back(out);
  }
  return w;
}

/// `x` padded by the window's pads with `value`.
Value padSpatial(OpBuilder &b, Location loc, Value x, const Window &w,
                 TypedAttr value) {
  if (llvm::all_of(llvm::concat<const int64_t>(w.padBegin, w.padEnd),
                   [](int64_t p) { return p == 0; }))
    return x;
  SmallVector<int64_t> low = {0, 0}, high = {0, 0};
  llvm::append_range(low, w.padBegin);
  llvm::append_range(high, w.padEnd);
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> shape(type.getShape());
  for (size_t d = 2; d < shape.size(); ++d)
    shape[d] += low[d] + high[d];
  Value scalar = arith::ConstantOp::create(b, loc, value);
  return tensor::PadOp::create(
      b, loc, type.clone(shape), x, getAsIndexOpFoldResult(b.getContext(), low),
      getAsIndexOpFoldResult(b.getContext(), high), scalar);
}

/// The output sizes [N, channels, spatial...] of a window over `x`.
SmallVector<OpFoldResult> getOutputSizes(OpBuilder &b, Location loc, Value x,
                                         OpFoldResult channels,
                                         const Window &w) {
  SmallVector<OpFoldResult> sizes = {tensor::getMixedSize(b, loc, x, 0),
                                     channels};
  for (int64_t size : w.output)
    sizes.push_back(b.getIndexAttr(size));
  return sizes;
}

/// One-dimensional windows as two-dimensional ones of height 1: inserts the
/// unit dimension into `x` (and the window).
Value liftTo2D(OpBuilder &b, Location loc, Value x, Window *w) {
  if (w) {
    w->kernel.insert(w->kernel.begin(), 1);
    w->strides.insert(w->strides.begin(), 1);
    w->dilations.insert(w->dilations.begin(), 1);
    w->padBegin.insert(w->padBegin.begin(), 0);
    w->padEnd.insert(w->padEnd.begin(), 0);
    w->output.insert(w->output.begin(), 1);
  }
  return insertUnitDims(b, loc, x, {2});
}

/// `bias` [M] added to `y` [N, M, ...], read as the channel (a projection
/// of the loops, which halc-implicit-gemm fuses into the convolution as its
/// epilogue; not a [M, 1, 1] tensor read at constant indices); an error at
/// the node where it is not [M].
FailureOr<Value> addChannelBias(NodeImporter &node, Value y, Value bias) {
  OpBuilder &b = node.b;
  Location loc = node.loc;
  auto type = cast<RankedTensorType>(y.getType());
  auto biasType = cast<RankedTensorType>(bias.getType());
  int64_t channels = type.getDimSize(1);
  if (biasType.getRank() != 1 ||
      (!ShapedType::isDynamic(channels) &&
       !ShapedType::isDynamic(biasType.getDimSize(0)) &&
       biasType.getDimSize(0) != channels))
    return node.emitError() << "its bias (input #2) must have one value per "
                               "output channel ("
                            << channels << "), not shape " << biasType;
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, b.getAffineDimExpr(1), b.getContext()),
      b.getMultiDimIdentityMap(rank)};
  Value output =
      createEmpty(b, loc, getSizes(b, loc, y), type.getElementType());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, type, ValueRange{y, bias}, output, maps, iterators,
      [](OpBuilder &nested, Location nestedLoc, ValueRange x) {
        Value sum = isa<FloatType>(x[0].getType())
                        ? arith::AddFOp::create(nested, nestedLoc, x[0], x[1])
                              .getResult()
                        : arith::AddIOp::create(nested, nestedLoc, x[0], x[1])
                              .getResult();
        linalg::YieldOp::create(nested, nestedLoc, sum);
      });
  return generic.getResult(0);
}

/// The convolution of the padded `x` [N, C, H, W] by `weight` [M, C/g,
/// kh, kw] in `groups`.
Value buildConv2D(NodeImporter &node, Value x, Value weight, int64_t groups,
                  const Window &w) {
  OpBuilder &b = node.b;
  Location loc = node.loc;
  auto xType = cast<RankedTensorType>(x.getType());
  auto wType = cast<RankedTensorType>(weight.getType());
  Type element = xType.getElementType();
  int64_t channels = xType.getDimSize(1), filters = wType.getDimSize(0);
  auto strides = b.getI64TensorAttr(w.strides);
  auto dilations = b.getI64TensorAttr(w.dilations);
  TypedAttr zero = getScalarAttr(element, 0);
  if (groups == 1) {
    Value init = createFilled(
        b, loc, getOutputSizes(b, loc, x, b.getIndexAttr(filters), w), zero);
    return linalg::Conv2DNchwFchwOp::create(b, loc, init.getType(),
                                            ValueRange{x, weight}, init,
                                            strides, dilations)
        .getResult(0);
  }
  if (groups == channels && groups == filters) {
    Value kernel = dropUnitDims(b, loc, weight, {1});
    Value init = createFilled(
        b, loc, getOutputSizes(b, loc, x, b.getIndexAttr(channels), w), zero);
    return linalg::DepthwiseConv2DNchwChwOp::create(b, loc, init.getType(),
                                                    ValueRange{x, kernel}, init,
                                                    strides, dilations)
        .getResult(0);
  }
  // Grouped: [N, G, C/G, H, W] by [G, M/G, C/G, kh, kw].
  SmallVector<int64_t> xShape(xType.getShape());
  xShape[1] = channels / groups;
  xShape.insert(xShape.begin() + 1, groups);
  SmallVector<int64_t> wShape(wType.getShape());
  wShape[0] = filters / groups;
  wShape.insert(wShape.begin(), groups);
  Value grouped = reshapeTo(b, loc, x, xShape);
  Value kernel = reshapeTo(b, loc, weight, wShape);
  SmallVector<OpFoldResult> sizes = {tensor::getMixedSize(b, loc, x, 0),
                                     b.getIndexAttr(groups),
                                     b.getIndexAttr(filters / groups)};
  for (int64_t size : w.output)
    sizes.push_back(b.getIndexAttr(size));
  Value init = createFilled(b, loc, sizes, zero);
  Value y = linalg::Conv2DNgchwGfchwOp::create(b, loc, init.getType(),
                                               ValueRange{grouped, kernel},
                                               init, strides, dilations)
                .getResult(0);
  SmallVector<int64_t> shape = {xType.getDimSize(0), filters};
  llvm::append_range(shape, w.output);
  return reshapeTo(b, loc, y, shape);
}

/// The convolution of the padded `x` by `weight` (lifted to 2-d where
/// `spatial` is 1) as the node's output, its bias (input 2) added.
LogicalResult setConvolution(NodeImporter &node, Value x, Value weight,
                             int64_t groups, const Window &w, int64_t spatial) {
  Value y = buildConv2D(node, x, weight, groups, w);
  if (spatial == 1)
    y = dropUnitDims(node.b, node.loc, y, {2});
  if (node.hasInput(2)) {
    FailureOr<Value> biased = addChannelBias(node, y, node.input(2));
    if (failed(biased))
      return failure();
    y = *biased;
  }
  node.setOutput(0, y);
  return success();
}

LogicalResult importConv(NodeImporter &node) {
  RankedTensorType xType = node.inputType(0);
  RankedTensorType wType = node.inputType(1);
  int64_t spatial = xType.getRank() - 2;
  if (spatial < 1 || spatial > 2 || wType.getRank() != xType.getRank())
    return node.emitError() << "a convolution of " << xType << " by " << wType
                            << " is not imported (1 or 2 spatial dimensions)";
  if (!wType.hasStaticShape())
    return node.emitError() << "its kernel " << wType << " is dynamic";
  int64_t groups = node.getInt("group", 1);
  int64_t channels = xType.getDimSize(1);
  if (groups < 1 || ShapedType::isDynamic(channels) || channels % groups ||
      wType.getDimSize(0) % groups || wType.getDimSize(1) * groups != channels)
    return node.emitError() << "its " << groups << " groups do not fit "
                            << xType << " and kernel " << wType;
  FailureOr<Window> w =
      getWindow(node, xType, wType.getShape().drop_front(2), false);
  if (failed(w))
    return failure();
  OpBuilder &b = node.b;
  Value x = node.input(0), weight = node.input(1);
  if (spatial == 1) {
    x = liftTo2D(b, node.loc, x, &*w);
    weight = liftTo2D(b, node.loc, weight, nullptr);
  }
  x = padSpatial(b, node.loc, x, *w, getScalarAttr(xType.getElementType(), 0));
  return setConvolution(node, x, weight, groups, *w, spatial);
}

LogicalResult importConvTranspose(NodeImporter &node) {
  RankedTensorType xType = node.inputType(0);
  RankedTensorType wType = node.inputType(1);
  int64_t spatial = xType.getRank() - 2;
  if (spatial < 1 || spatial > 2 || !wType.hasStaticShape() ||
      !xType.hasStaticShape())
    return node.emitError()
           << "a transposed convolution of " << xType << " by " << wType
           << " is not imported (static, 1 or 2 spatial "
              "dimensions)";
  if (node.getInt("group", 1) != 1)
    return node.emitError() << "grouped transposed convolutions are not "
                               "imported";
  OpBuilder &b = node.b;
  Location loc = node.loc;
  ArrayRef<int64_t> kernel = wType.getShape().drop_front(2);
  SmallVector<int64_t> strides = node.getInts("strides"),
                       dilations = node.getInts("dilations"),
                       pads = node.getInts("pads"),
                       outputPadding = node.getInts("output_padding"),
                       outputShape = node.getInts("output_shape");
  if (strides.empty())
    strides.assign(spatial, 1);
  if (dilations.empty())
    dilations.assign(spatial, 1);
  if (pads.empty())
    pads.assign(2 * spatial, 0);
  if (outputPadding.empty())
    outputPadding.assign(spatial, 0);
  std::string autoPad = node.getString("auto_pad", "NOTSET");
  if (!outputShape.empty() && int64_t(outputShape.size()) == spatial + 2)
    outputShape.erase(outputShape.begin(), outputShape.begin() + 2);
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = xType.getDimSize(d + 2);
    int64_t full = strides[d] * (in - 1) + outputPadding[d] +
                   (kernel[d] - 1) * dilations[d] + 1;
    if (!outputShape.empty() || autoPad == "SAME_UPPER" ||
        autoPad == "SAME_LOWER") {
      // Pads that give the output shape; a larger one than the full
      // output grows at the end (as output_padding does).
      int64_t out = outputShape.empty() ? in * strides[d] : outputShape[d];
      int64_t total = full - out;
      if (total < 0) {
        outputPadding[d] -= total;
        total = 0;
      }
      bool upper = autoPad == "SAME_UPPER";
      pads[d] = upper ? total / 2 : total - total / 2;
      pads[d + spatial] = total - pads[d];
    }
  }
  // The input spread out by the strides and padded so that a stride-1
  // convolution by the flipped kernel gives the transposed one.
  SmallVector<int64_t> low = {0, 0},
                       shape = {xType.getDimSize(0), xType.getDimSize(1)};
  SmallVector<int64_t> cropBegin(spatial, 0), cropEnd(spatial, 0);
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t edge = dilations[d] * (kernel[d] - 1);
    int64_t before = edge - pads[d];
    int64_t after = edge - pads[d + spatial] + outputPadding[d];
    cropBegin[d] = std::max<int64_t>(0, -before);
    cropEnd[d] = std::max<int64_t>(0, -after);
    low.push_back(std::max<int64_t>(0, before));
    shape.push_back(std::max<int64_t>(0, before) +
                    strides[d] * (xType.getDimSize(d + 2) - 1) + 1 +
                    std::max<int64_t>(0, after));
  }
  Type element = xType.getElementType();
  Value spread =
      createFilled(b, loc, getAsIndexOpFoldResult(b.getContext(), shape),
                   getScalarAttr(element, 0));
  SmallVector<int64_t> insertStrides = {1, 1};
  llvm::append_range(insertStrides, strides);
  spread = tensor::InsertSliceOp::create(
      b, loc, node.input(0), spread,
      getAsIndexOpFoldResult(b.getContext(), low),
      getAsIndexOpFoldResult(b.getContext(), xType.getShape()),
      getAsIndexOpFoldResult(b.getContext(), insertStrides));
  // Negative padding: a slice.
  if (llvm::any_of(llvm::concat<int64_t>(cropBegin, cropEnd),
                   [](int64_t c) { return c > 0; })) {
    SmallVector<int64_t> offsets = {0, 0}, sizes = {shape[0], shape[1]};
    for (int64_t d = 0; d < spatial; ++d) {
      offsets.push_back(cropBegin[d]);
      sizes.push_back(shape[d + 2] - cropBegin[d] - cropEnd[d]);
    }
    spread = tensor::ExtractSliceOp::create(
        b, loc, spread, getAsIndexOpFoldResult(b.getContext(), offsets),
        getAsIndexOpFoldResult(b.getContext(), sizes),
        getAsIndexOpFoldResult(b.getContext(),
                               SmallVector<int64_t>(spatial + 2, 1)));
  }
  // The kernel [C, M, k...] as [M, C, k...], flipped in space.
  int64_t rank = wType.getRank();
  SmallVector<AffineExpr> exprs = {b.getAffineDimExpr(1),
                                   b.getAffineDimExpr(0)};
  for (int64_t d = 0; d < spatial; ++d)
    exprs.push_back(kernel[d] - 1 - b.getAffineDimExpr(d + 2));
  SmallVector<int64_t> flippedShape = {wType.getDimSize(1),
                                       wType.getDimSize(0)};
  llvm::append_range(flippedShape, kernel);
  Value flippedInit = createEmpty(
      b, loc, getAsIndexOpFoldResult(b.getContext(), flippedShape), element);
  Value flipped =
      linalg::GenericOp::create(
          b, loc, flippedInit.getType(), node.input(1), flippedInit,
          SmallVector<AffineMap>{AffineMap::get(rank, 0, exprs, b.getContext()),
                                 b.getMultiDimIdentityMap(rank)},
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [](OpBuilder &nested, Location l, ValueRange args) {
            linalg::YieldOp::create(nested, l, args[0]);
          })
          .getResult(0);
  Window w;
  w.kernel.assign(kernel.begin(), kernel.end());
  w.strides.assign(spatial, 1);
  w.dilations = dilations;
  w.padBegin.assign(spatial, 0);
  w.padEnd.assign(spatial, 0);
  auto spreadType = cast<RankedTensorType>(spread.getType());
  for (int64_t d = 0; d < spatial; ++d)
    w.output.push_back(spreadType.getDimSize(d + 2) -
                       dilations[d] * (kernel[d] - 1));
  if (spatial == 1) {
    spread = liftTo2D(b, loc, spread, &w);
    flipped = liftTo2D(b, loc, flipped, nullptr);
  }
  return setConvolution(node, spread, flipped, 1, w, spatial);
}

/// MaxPool and AveragePool over NCHW (or NCW) windows.
LogicalResult importPool(NodeImporter &node, bool max) {
  RankedTensorType xType = node.inputType(0);
  int64_t spatial = xType.getRank() - 2;
  if (spatial < 1 || spatial > 2)
    return node.emitError() << "pooling " << xType
                            << " is not imported (1 or 2 spatial dimensions)";
  if (node.hasOutput(1))
    return node.emitError() << "the indices of a max pool are not imported";
  if (node.getInt("storage_order", 0))
    return node.emitError() << "storage_order 1 is not imported";
  FailureOr<Window> w = getWindow(node, xType, node.getInts("kernel_shape"),
                                  node.getInt("ceil_mode", 0));
  if (failed(w))
    return failure();
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Type element = xType.getElementType();
  Value x = node.input(0);
  // Averages divide by the elements each window covers: the input's,
  // and the explicit pads' with count_include_pad (never those ceil_mode
  // adds).
  SmallVector<int64_t> explicitEnd(w->padEnd);
  if (node.getInt("ceil_mode", 0)) {
    SmallVector<int64_t> pads = node.getInts("pads");
    for (int64_t d = 0; d < spatial; ++d)
      explicitEnd[d] = pads.empty() ? 0 : pads[d + spatial];
  }
  Window window = *w;
  if (spatial == 1)
    x = liftTo2D(b, loc, x, &window);
  TypedAttr padValue =
      max ? getLowestAttr(element, false) : getScalarAttr(element, 0);
  x = padSpatial(b, loc, x, window, padValue);
  Value init = createFilled(
      b, loc,
      getOutputSizes(b, loc, x, tensor::getMixedSize(b, loc, x, 1), window),
      padValue);
  Value kernel = createEmpty(
      b, loc, getAsIndexOpFoldResult(b.getContext(), window.kernel), element);
  auto strides = b.getI64TensorAttr(window.strides);
  auto dilations = b.getI64TensorAttr(window.dilations);
  Value y = max ? linalg::PoolingNchwMaxOp::create(b, loc, init.getType(),
                                                   ValueRange{x, kernel}, init,
                                                   strides, dilations)
                      .getResult(0)
                : linalg::PoolingNchwSumOp::create(b, loc, init.getType(),
                                                   ValueRange{x, kernel}, init,
                                                   strides, dilations)
                      .getResult(0);
  if (spatial == 1)
    y = dropUnitDims(b, loc, y, {2});
  if (!max) {
    bool includePad = node.getInt("count_include_pad", 0);
    SmallVector<Attribute> counts;
    int64_t total = 1;
    for (int64_t size : w->output)
      total *= size;
    for (int64_t n = 0; n < total; ++n) {
      double count = 1;
      int64_t rest = n;
      for (int64_t d = spatial - 1; d >= 0; --d) {
        int64_t o = rest % w->output[d];
        rest /= w->output[d];
        int64_t in = xType.getDimSize(d + 2);
        int64_t lo = includePad ? -w->padBegin[d] : 0;
        int64_t hi = includePad ? in + explicitEnd[d] : in;
        int64_t covered = 0;
        for (int64_t k = 0; k < w->kernel[d]; ++k) {
          int64_t p = o * w->strides[d] - w->padBegin[d] + k * w->dilations[d];
          covered += p >= lo && p < hi;
        }
        count *= covered;
      }
      counts.push_back(getScalarAttr(element, count));
    }
    Value divisor = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(RankedTensorType::get(w->output, element),
                               counts));
    FailureOr<Value> averaged =
        buildElementwise(node, {y, divisor}, element,
                         [](OpBuilder &nb, Location l, ValueRange v) -> Value {
                           return arith::DivFOp::create(nb, l, v[0], v[1]);
                         });
    if (failed(averaged))
      return failure();
    y = *averaged;
  }
  node.setOutput(0, y);
  return success();
}

/// GlobalAveragePool and GlobalMaxPool: a reduction over the spatial
/// dimensions, kept as 1.
LogicalResult importGlobalPool(NodeImporter &node, bool max) {
  RankedTensorType xType = node.inputType(0);
  Type element = xType.getElementType();
  SmallVector<int64_t> axes;
  int64_t count = 1;
  for (int64_t d = 2; d < xType.getRank(); ++d) {
    axes.push_back(d);
    count *= xType.getDimSize(d);
  }
  if (!max && ShapedType::isDynamic(count))
    return node.emitError() << "averaging dynamic spatial dimensions of "
                            << xType << " is not imported";
  OpBuilder &b = node.b;
  Value y = buildReduction(
      b, node.loc, node.input(0), axes, /*keepDims=*/true,
      max ? getLowestAttr(element, false) : getScalarAttr(element, 0),
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        if (max)
          return arith::MaximumFOp::create(nb, l, v[0], v[1]);
        return arith::AddFOp::create(nb, l, v[0], v[1]);
      });
  if (!max) {
    FailureOr<Value> mean = buildElementwise(
        node, {y}, element,
        [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
          return arith::DivFOp::create(nb, l, v[0],
                                       createScalar(nb, l, element, count));
        });
    if (failed(mean))
      return failure();
    y = *mean;
  }
  node.setOutput(0, y);
  return success();
}

} // namespace

void mlir::halc::onnx_import::addConvolutionOps(OpTable &table) {
  table["Conv"] = importConv;
  table["ConvTranspose"] = importConvTranspose;
  table["MaxPool"] = [](NodeImporter &node) { return importPool(node, true); };
  table["AveragePool"] = [](NodeImporter &node) {
    return importPool(node, false);
  };
  table["GlobalMaxPool"] = [](NodeImporter &node) {
    return importGlobalPool(node, true);
  };
  table["GlobalAveragePool"] = [](NodeImporter &node) {
    return importGlobalPool(node, false);
  };
}
