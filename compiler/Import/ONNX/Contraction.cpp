//===- Contraction.cpp - MatMul, Gemm and Einsum --------------------------===//
//
// MatMul becomes linalg.matmul (the batch folded into the rows when only A
// has one) or linalg.batch_matmul (batches collapsed into one dimension,
// broadcast first where they differ); Gemm a matmul (B read transposed by
// its indexing maps where transB) whose scaling and bias are one
// elementwise op after it; Einsum one generic from its equation.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

/// A zero accumulator of `sizes`.
Value createZeros(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                  Type element) {
  return createFilled(b, loc, sizes, getScalarAttr(element, 0));
}

/// [M, K] x [K, N]; with `transposedRhs`, B is given as [N, K] and the
/// matmul's indexing maps read it so (no copy: a row of B is a row of the
/// reduction, which a matmul of few rows reduces along rows).
Value buildMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs,
                  bool transposedRhs = false) {
  SmallVector<OpFoldResult> sizes = {
      tensor::getMixedSize(b, loc, lhs, 0),
      tensor::getMixedSize(b, loc, rhs, transposedRhs ? 0 : 1)};
  Type element = cast<RankedTensorType>(lhs.getType()).getElementType();
  Value init = createZeros(b, loc, sizes, element);
  if (transposedRhs)
    return linalg::MatmulTransposeBOp::create(b, loc, ValueRange{lhs, rhs},
                                              init)
        .getResult(0);
  return linalg::MatmulOp::create(b, loc, ValueRange{lhs, rhs}, init)
      .getResult(0);
}

/// `x` with its leading `count` dimensions collapsed into one.
Value collapseLeading(OpBuilder &b, Location loc, Value x, int64_t count) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<ReassociationIndices> groups;
  groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, count)));
  for (int64_t d = count; d < type.getRank(); ++d)
    groups.push_back({d});
  return tensor::CollapseShapeOp::create(b, loc, x, groups);
}

LogicalResult importMatMul(NodeImporter &node) {
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value lhs = node.input(0), rhs = node.input(1);
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  if (lhsType.getElementType() != rhsType.getElementType())
    return node.emitError() << "its operands have different element types";
  if (lhsType.getRank() == 0 || rhsType.getRank() == 0)
    return node.emitError() << "its operands are scalars";
  // Vectors are a row (A) or a column (B), dropped from the result.
  bool lhsVector = lhsType.getRank() == 1, rhsVector = rhsType.getRank() == 1;
  if (lhsVector)
    lhs = insertUnitDims(b, loc, lhs, {0});
  if (rhsVector)
    rhs = insertUnitDims(b, loc, rhs, {1});
  lhsType = cast<RankedTensorType>(lhs.getType());
  rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t k = lhsType.getShape().back(), k2 = rhsType.getShape().end()[-2];
  if (!ShapedType::isDynamic(k) && !ShapedType::isDynamic(k2) && k != k2)
    return node.emitError() << "its operands' inner sizes differ: " << lhsType
                            << " and " << rhsType;
  Value result;
  if (rhsType.getRank() == 2) {
    // A batch of A only: its rows.
    int64_t batch = lhsType.getRank() - 2;
    Value rows = batch ? collapseLeading(b, loc, lhs, batch + 1) : lhs;
    result = buildMatmul(b, loc, rows, rhs);
    if (batch) {
      SmallVector<int64_t> shape(lhsType.getShape().drop_back());
      shape.push_back(rhsType.getShape().back());
      result = reshapeTo(b, loc, result, shape);
    }
  } else {
    SmallVector<int64_t> lhsBatch(lhsType.getShape().drop_back(2));
    SmallVector<int64_t> rhsBatch(rhsType.getShape().drop_back(2));
    size_t rank = std::max(lhsBatch.size(), rhsBatch.size());
    SmallVector<int64_t> batch(rank, 1);
    for (ArrayRef<int64_t> shape : {ArrayRef(lhsBatch), ArrayRef(rhsBatch)})
      for (size_t i = 0; i < shape.size(); ++i) {
        int64_t &dim = batch[i + rank - shape.size()];
        if (shape[i] == 1)
          continue;
        if (dim != 1 && dim != shape[i] && !ShapedType::isDynamic(dim) &&
            !ShapedType::isDynamic(shape[i]))
          return node.emitError() << "its batches do not broadcast: " << lhsType
                                  << " and " << rhsType;
        if (dim == 1 || ShapedType::isDynamic(dim))
          dim = shape[i];
      }
    // Both operands over the whole batch.
    for (Value *operand : {&lhs, &rhs}) {
      SmallVector<int64_t> shape(batch);
      llvm::append_range(
          shape,
          cast<RankedTensorType>(operand->getType()).getShape().take_back(2));
      FailureOr<Value> broadcast = broadcastTo(node, *operand, shape);
      if (failed(broadcast))
        return failure();
      *operand = *broadcast;
    }
    Value lhs3 = rank == 1 ? lhs : collapseLeading(b, loc, lhs, rank);
    Value rhs3 = rank == 1 ? rhs : collapseLeading(b, loc, rhs, rank);
    SmallVector<OpFoldResult> sizes = {tensor::getMixedSize(b, loc, lhs3, 0),
                                       tensor::getMixedSize(b, loc, lhs3, 1),
                                       tensor::getMixedSize(b, loc, rhs3, 2)};
    Value init = createZeros(b, loc, sizes, lhsType.getElementType());
    result = linalg::BatchMatmulOp::create(b, loc, ValueRange{lhs3, rhs3}, init)
                 .getResult(0);
    if (rank != 1) {
      SmallVector<int64_t> shape(
          cast<RankedTensorType>(lhs.getType()).getShape().drop_back());
      shape.push_back(rhsType.getShape().back());
      result = reshapeTo(b, loc, result, shape);
    }
  }
  auto resultType = cast<RankedTensorType>(result.getType());
  SmallVector<int64_t> drop;
  if (lhsVector)
    drop.push_back(resultType.getRank() - 2);
  if (rhsVector)
    drop.push_back(resultType.getRank() - 1);
  if (!drop.empty())
    result = dropUnitDims(b, loc, result, drop);
  node.setOutput(0, result);
  return success();
}

LogicalResult importGemm(NodeImporter &node) {
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value lhs = node.input(0), rhs = node.input(1);
  if (node.inputType(0).getRank() != 2 || node.inputType(1).getRank() != 2)
    return node.emitError() << "its operands are not matrices";
  if (node.getInt("transA", 0))
    lhs = transpose(b, loc, lhs, {1, 0});
  Value product = buildMatmul(b, loc, lhs, rhs,
                              /*transposedRhs=*/node.getInt("transB", 0) != 0);
  double alpha = node.getFloat("alpha", 1.0f);
  double beta = node.getFloat("beta", 1.0f);
  bool bias = node.hasInput(2) && beta != 0;
  if (alpha == 1 && !bias) {
    node.setOutput(0, product);
    return success();
  }
  SmallVector<Value> operands = {product};
  if (bias)
    operands.push_back(node.input(2));
  FailureOr<Value> result = buildElementwise(
      node, operands, node.inputType(0).getElementType(),
      [&](OpBuilder &nb, Location l, ValueRange x) -> Value {
        bool isFloat = isa<FloatType>(x[0].getType());
        auto scale = [&](Value v, double factor) -> Value {
          if (factor == 1)
            return v;
          Value f = createScalar(nb, l, v.getType(), factor);
          return isFloat ? arith::MulFOp::create(nb, l, v, f).getResult()
                         : arith::MulIOp::create(nb, l, v, f).getResult();
        };
        Value y = scale(x[0], alpha);
        if (x.size() == 1)
          return y;
        Value c = scale(x[1], beta);
        return isFloat ? arith::AddFOp::create(nb, l, y, c).getResult()
                       : arith::AddIOp::create(nb, l, y, c).getResult();
      });
  if (failed(result))
    return failure();
  node.setOutput(0, *result);
  return success();
}

LogicalResult importEinsum(NodeImporter &node) {
  std::string equation;
  for (char c : node.getString("equation", ""))
    if (c != ' ')
      equation += c;
  if (equation.find("...") != std::string::npos)
    return node.emitError() << "an equation with '...' is not imported";
  StringRef text(equation);
  auto [inputsText, outputText] = text.split("->");
  SmallVector<StringRef> terms;
  inputsText.split(terms, ',');
  if (int(terms.size()) != int(node.getNumInputs()))
    return node.emitError()
           << "its equation has " << terms.size() << " operands; the node has "
           << node.getNumInputs();
  std::string output;
  if (text.contains("->")) {
    output = outputText.str();
  } else {
    // Implicit: the letters used once, in alphabetical order.
    for (char c = 'A'; c <= 'z'; ++c)
      if (llvm::count(inputsText, c) == 1)
        output += c;
  }
  // Loops: the output's letters, then those summed over.
  std::string loops = output;
  for (StringRef term : terms)
    for (char c : term)
      if (loops.find(c) == std::string::npos)
        loops += c;
  OpBuilder &b = node.b;
  Location loc = node.loc;
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<OpFoldResult> loopSizes(loops.size());
  for (auto [i, term] : llvm::enumerate(terms)) {
    Value input = node.input(i);
    if (int64_t(term.size()) != node.inputType(i).getRank())
      return node.emitError()
             << "operand " << i << " has rank " << node.inputType(i).getRank()
             << "; the equation gives it " << term.size() << " letters";
    SmallVector<AffineExpr> exprs;
    for (auto [d, c] : llvm::enumerate(term)) {
      size_t loop = loops.find(c);
      exprs.push_back(b.getAffineDimExpr(loop));
      if (!loopSizes[loop])
        loopSizes[loop] = tensor::getMixedSize(b, loc, input, d);
    }
    inputs.push_back(input);
    maps.push_back(AffineMap::get(loops.size(), 0, exprs, b.getContext()));
  }
  SmallVector<AffineExpr> outputExprs;
  SmallVector<OpFoldResult> outputSizes;
  for (auto [d, c] : llvm::enumerate(output)) {
    if (!loopSizes[d])
      return node.emitError()
             << "output letter '" << c << "' is not in any operand";
    outputExprs.push_back(b.getAffineDimExpr(d));
    outputSizes.push_back(loopSizes[d]);
  }
  maps.push_back(AffineMap::get(loops.size(), 0, outputExprs, b.getContext()));
  SmallVector<utils::IteratorType> iterators;
  for (size_t d = 0; d < loops.size(); ++d)
    iterators.push_back(d < output.size() ? utils::IteratorType::parallel
                                          : utils::IteratorType::reduction);
  Type element = node.inputType(0).getElementType();
  Value init = createZeros(b, loc, outputSizes, element);
  bool isFloat = isa<FloatType>(element);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value product = args[0];
        for (Value x : args.drop_front().drop_back())
          product = isFloat
                        ? arith::MulFOp::create(nb, l, product, x).getResult()
                        : arith::MulIOp::create(nb, l, product, x).getResult();
        Value sum =
            isFloat
                ? arith::AddFOp::create(nb, l, args.back(), product).getResult()
                : arith::AddIOp::create(nb, l, args.back(), product)
                      .getResult();
        linalg::YieldOp::create(nb, l, sum);
      });
  node.setOutput(0, generic.getResult(0));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addContractionOps(OpTable &table) {
  table["MatMul"] = importMatMul;
  table["Gemm"] = importGemm;
  table["Einsum"] = importEinsum;
}
