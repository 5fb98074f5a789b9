//===- Resize.cpp - Resize and Upsample -----------------------------------===//
//
// One generic over the output: each output index maps back to a position in
// the input by the coordinate transformation the node names; nearest reads
// the element there, linear blends the neighbours of each resized dimension.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

struct ResizeOptions {
  std::string mode, transform, nearestMode;
  SmallVector<double> scales;
  SmallVector<int64_t> inSizes, outSizes;
  /// Whether the scales were given (not the sizes): align_corners then
  /// scales by the unrounded output length, in * scale.
  bool fromScales = false;
};

/// The input position (f32) of output index `i` along dimension `d`.
Value getSourcePosition(OpBuilder &b, Location loc, const ResizeOptions &o,
                        int64_t d, Value i) {
  Type f32 = b.getF32Type();
  auto constant = [&](double v) { return createScalar(b, loc, f32, v); };
  Value x = arith::SIToFPOp::create(
      b, loc, f32, arith::IndexCastOp::create(b, loc, b.getI64Type(), i));
  double scale = o.scales[d];
  int64_t in = o.inSizes[d], out = o.outSizes[d];
  if (o.transform == "align_corners") {
    double length = o.fromScales ? in * scale : double(out);
    return length <= 1 ? constant(0)
                       : arith::MulFOp::create(
                             b, loc, x, constant(double(in - 1) / (length - 1)))
                             .getResult();
  }
  if (o.transform == "asymmetric")
    return arith::DivFOp::create(b, loc, x, constant(scale));
  Value shifted = arith::DivFOp::create(
      b, loc, arith::AddFOp::create(b, loc, x, constant(0.5)), constant(scale));
  if (o.transform == "tf_half_pixel_for_nn")
    return shifted;
  if (o.transform == "pytorch_half_pixel" && out == 1)
    return constant(0);
  return arith::SubFOp::create(b, loc, shifted, constant(0.5));
}

/// `position` (f32) as an index clamped into [0, size).
Value clampIndex(OpBuilder &b, Location loc, Value position, int64_t size) {
  Value index = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      arith::FPToSIOp::create(b, loc, b.getI64Type(), position));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value last = arith::ConstantIndexOp::create(b, loc, size - 1);
  return arith::MinSIOp::create(
      b, loc, arith::MaxSIOp::create(b, loc, index, zero), last);
}

/// The nearest input index to `position` by `mode`.
Value roundNearest(OpBuilder &b, Location loc, Value position, StringRef mode) {
  Type f32 = b.getF32Type();
  if (mode == "floor")
    return math::FloorOp::create(b, loc, position);
  if (mode == "ceil")
    return math::CeilOp::create(b, loc, position);
  // Halves go down (round_prefer_floor, the default) or up.
  Value half = createScalar(b, loc, f32, 0.5);
  if (mode == "round_prefer_ceil")
    return math::FloorOp::create(b, loc,
                                 arith::AddFOp::create(b, loc, position, half));
  return math::CeilOp::create(b, loc,
                              arith::SubFOp::create(b, loc, position, half));
}

LogicalResult importResize(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  if (!type.hasStaticShape())
    return node.emitError()
           << "resizing dynamic " << type << " is not imported";
  int64_t rank = type.getRank();
  ResizeOptions o;
  o.mode = node.getString("mode", "nearest");
  o.transform = node.getString("coordinate_transformation_mode",
                               node.opset < 11 ? "asymmetric" : "half_pixel");
  // Upsample reads the element at floor(x / scale).
  o.nearestMode = node.getString(
      "nearest_mode",
      node.node.op_type() == "Upsample" ? "floor" : "round_prefer_floor");
  if (node.node.op_type() == "Upsample" && node.opset < 9) {
    for (float s : node.getFloats("scales"))
      o.scales.push_back(s);
  } else {
    // Scales are input 1 (Upsample, Resize-10) or 2; sizes input 3.
    unsigned scalesInput =
        node.node.op_type() == "Upsample" || node.opset < 11 ? 1 : 2;
    const KnownTensor *scales = node.known(scalesInput);
    if (scales)
      for (int64_t i = 0; i < scales->getNumElements(); ++i)
        o.scales.push_back(scales->getAsDouble(i));
    if (o.scales.empty() && node.hasInput(3)) {
      FailureOr<SmallVector<int64_t>> sizes = node.knownInts(3, "sizes");
      if (failed(sizes))
        return failure();
      o.outSizes = *sizes;
    }
  }
  if (o.mode != "nearest" && o.mode != "linear")
    return node.emitError() << "mode '" << o.mode << "' is not imported";
  if (o.transform == "tf_crop_and_resize")
    return node.emitError() << "tf_crop_and_resize is not imported";
  if (node.hasInput(3) && !o.outSizes.empty() &&
      int64_t(o.outSizes.size()) != rank)
    return node.emitError() << "its sizes do not match rank " << rank;
  if (o.outSizes.empty() && int64_t(o.scales.size()) != rank)
    return node.emitError() << "its scales or sizes must be known, one per "
                               "dimension";
  o.inSizes.assign(type.getShape().begin(), type.getShape().end());
  o.fromScales = o.outSizes.empty();
  if (o.outSizes.empty()) {
    for (int64_t d = 0; d < rank; ++d)
      o.outSizes.push_back(int64_t(std::floor(o.inSizes[d] * o.scales[d])));
  } else {
    o.scales.clear();
    for (int64_t d = 0; d < rank; ++d)
      o.scales.push_back(double(o.outSizes[d]) / o.inSizes[d]);
  }
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value input = node.input(0);
  Type element = type.getElementType();
  if (!isa<FloatType>(element))
    return node.emitError() << "resizing " << type << " is not imported";
  Value output = createEmpty(
      b, loc, getAsIndexOpFoldResult(b.getContext(), o.outSizes), element);
  auto generic = linalg::GenericOp::create(
      b, loc, output.getType(), ValueRange(), output,
      SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location l, ValueRange) {
        Type f32 = nb.getF32Type();
        // Per dimension: the index below the position and the weight of the
        // one above it (linear), or the one index (nearest, unresized).
        SmallVector<Value> low, high, weight;
        for (int64_t d = 0; d < rank; ++d) {
          Value i = linalg::IndexOp::create(nb, l, d);
          if (o.inSizes[d] == o.outSizes[d] && o.scales[d] == 1.0) {
            low.push_back(i);
            high.push_back(i);
            weight.push_back(Value());
            continue;
          }
          Value position = getSourcePosition(nb, l, o, d, i);
          if (o.mode == "nearest") {
            low.push_back(
                clampIndex(nb, l, roundNearest(nb, l, position, o.nearestMode),
                           o.inSizes[d]));
            high.push_back(low.back());
            weight.push_back(Value());
            continue;
          }
          // Linear: positions clamped into the input.
          position = arith::MinimumFOp::create(
              nb, l,
              arith::MaximumFOp::create(nb, l, position,
                                        createScalar(nb, l, f32, 0)),
              createScalar(nb, l, f32, o.inSizes[d] - 1));
          Value below = math::FloorOp::create(nb, l, position);
          low.push_back(clampIndex(nb, l, below, o.inSizes[d]));
          high.push_back(clampIndex(
              nb, l,
              arith::AddFOp::create(nb, l, below, createScalar(nb, l, f32, 1)),
              o.inSizes[d]));
          weight.push_back(arith::SubFOp::create(nb, l, position, below));
        }
        // The corners of the resized dimensions, each weighted.
        SmallVector<int64_t> blended;
        for (int64_t d = 0; d < rank; ++d)
          if (weight[d])
            blended.push_back(d);
        Value sum = createScalar(nb, l, f32, 0);
        for (int64_t corner = 0; corner < (int64_t(1) << blended.size());
             ++corner) {
          SmallVector<Value> at(low);
          Value w = createScalar(nb, l, f32, 1);
          for (auto [bit, d] : llvm::enumerate(blended)) {
            bool up = corner >> bit & 1;
            at[d] = up ? high[d] : low[d];
            Value factor =
                up ? weight[d]
                   : arith::SubFOp::create(nb, l, createScalar(nb, l, f32, 1),
                                           weight[d])
                         .getResult();
            w = arith::MulFOp::create(nb, l, w, factor);
          }
          Value x = tensor::ExtractOp::create(nb, l, input, at);
          x = convertScalar(nb, l, x, f32, false, false);
          sum = arith::AddFOp::create(nb, l, sum,
                                      arith::MulFOp::create(nb, l, w, x));
        }
        linalg::YieldOp::create(
            nb, l, convertScalar(nb, l, sum, element, false, false));
      });
  node.setOutput(0, generic.getResult(0));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addResizeOps(OpTable &table) {
  table["Resize"] = importResize;
  table["Upsample"] = importResize;
}
