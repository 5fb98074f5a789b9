//===- FormDispatches.cpp - Functions to dispatches of one executable -----===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_FORMDISPATCHESPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The value a chain of reshapes starts from: a result reshaped on its way
/// out is written through a reshaped view of its binding instead.
Value peelReshapes(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
      break;
    value = op->getOperand(0);
  }
  return value;
}

/// Views the `binding` memref the way the reshapes between `source` and the
/// returned `value` view the tensor, innermost reshape last.
Value reshapeBinding(OpBuilder &builder, Value binding, Value value,
                     Value source) {
  if (value == source)
    return binding;
  Operation *reshape = value.getDefiningOp();
  Location loc = reshape->getLoc();
  Value view;
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape)) {
    auto type = MemRefType::get(collapse.getSrcType().getShape(),
                                collapse.getSrcType().getElementType());
    view = memref::ExpandShapeOp::create(builder, loc, type, binding,
                                         collapse.getReassociationIndices());
  } else {
    auto expand = cast<tensor::ExpandShapeOp>(reshape);
    view = memref::CollapseShapeOp::create(builder, loc, binding,
                                           expand.getReassociationIndices());
  }
  return reshapeBinding(builder, view, reshape->getOperand(0), source);
}

/// Makes every returned value the result of a linalg op: an argument or a
/// reshape returned as is gets a `linalg.copy`, so that each written binding
/// is the destination of the op a dispatch tiles.
void copyResultsNotFromLinalg(func::ReturnOp ret) {
  OpBuilder builder(ret);
  llvm::SmallPtrSet<Value, 4> seen;
  for (OpOperand &operand : ret->getOpOperands()) {
    Value value = peelReshapes(operand.get());
    bool fromLinalg = value.getDefiningOp<linalg::LinalgOp>() != nullptr;
    if (fromLinalg && seen.insert(value).second)
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    Value empty = tensor::EmptyOp::create(builder, value.getLoc(),
                                          type.getShape(),
                                          type.getElementType());
    auto copy = linalg::CopyOp::create(builder, value.getLoc(), value, empty);
    operand.set(copy->getResult(0));
  }
}

/// Checks that the function can run as one kernel: its results all come from
/// one op (the op the dispatch tiles) and at most one op reduces.
LogicalResult verifyOneKernel(func::FuncOp func, func::ReturnOp ret) {
  Operation *root = nullptr;
  for (Value value : ret.getOperands()) {
    Operation *producer = peelReshapes(value).getDefiningOp();
    if (!root) {
      root = producer;
    } else if (producer != root) {
      InFlightDiagnostic diag = producer->emitError()
          << "'" << producer->getName() << "' produces a result of @"
          << func.getName()
          << " but another op produces its first result; a function whose "
             "results come from different ops needs several dispatches, "
             "which halc cannot form yet";
      diag.attachNote(root->getLoc()) << "the first result comes from here";
      return diag;
    }
  }
  linalg::LinalgOp firstReduction;
  WalkResult walk = func.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0)
      return WalkResult::advance();
    if (!firstReduction) {
      firstReduction = op;
      return WalkResult::advance();
    }
    InFlightDiagnostic diag = op->emitError()
        << "'" << op->getName() << "' is a second reduction in @"
        << func.getName()
        << "; each reduction needs a dispatch of its own, which halc cannot "
           "form yet";
    diag.attachNote(firstReduction->getLoc()) << "the first reduction is here";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Builds the dispatch function of `func`: bindings as memrefs, the tensor
/// body between to_tensor and materialize_in_destination.
void buildDispatchFunction(OpBuilder &builder, func::FuncOp func) {
  MLIRContext *context = func.getContext();
  auto toMemRef = [](Type type) {
    auto tensorType = cast<RankedTensorType>(type);
    return MemRefType::get(tensorType.getShape(), tensorType.getElementType());
  };
  SmallVector<Type> bindingTypes;
  SmallVector<Location> bindingLocs;
  for (BlockArgument arg : func.getArguments()) {
    bindingTypes.push_back(toMemRef(arg.getType()));
    bindingLocs.push_back(arg.getLoc());
  }
  for (Type type : func.getResultTypes()) {
    bindingTypes.push_back(toMemRef(type));
    bindingLocs.push_back(func.getLoc());
  }
  auto dispatch = func::FuncOp::create(
      builder, func.getLoc(), func.getName(),
      FunctionType::get(context, bindingTypes, {}));
  Block *entry = builder.createBlock(&dispatch.getBody(), {}, bindingTypes,
                                     bindingLocs);
  OpBuilder body = OpBuilder::atBlockEnd(entry);

  IRMapping mapping;
  for (BlockArgument arg : func.getArguments()) {
    Value tensor = bufferization::ToTensorOp::create(
        body, arg.getLoc(), arg.getType(), entry->getArgument(arg.getArgNumber()),
        /*restrict=*/true, /*writable=*/false);
    mapping.map(arg, tensor);
  }
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (Operation &op : func.getBody().front().without_terminator())
    body.clone(op, mapping);
  unsigned firstResultBinding = func.getNumArguments();
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    Value source = peelReshapes(value);
    Value binding = reshapeBinding(
        body, entry->getArgument(firstResultBinding + index), value, source);
    auto materialize = bufferization::MaterializeInDestinationOp::create(
        body, ret.getLoc(), mapping.lookup(source), binding);
    materialize.setRestrict(true);
    materialize.setWritable(true);
  }
  func::ReturnOp::create(body, ret.getLoc());
}

/// Replaces the body of `func` with one halc.dispatch of `entryPoint`.
void replaceBodyWithDispatch(func::FuncOp func, SymbolRefAttr entryPoint) {
  Block &block = func.getBody().front();
  SmallVector<Operation *> oldOps =
      llvm::map_to_vector(block, [](Operation &op) { return &op; });
  Location loc = block.getTerminator()->getLoc();
  OpBuilder builder = OpBuilder::atBlockEnd(&block);
  auto dispatch = DispatchOp::create(builder, func.getLoc(),
                                     func.getResultTypes(), entryPoint,
                                     func.getArguments());
  func::ReturnOp::create(builder, loc, dispatch.getResults());
  // Users before producers: the old return first.
  for (Operation *op : llvm::reverse(oldOps))
    op->erase();
}

struct FormDispatchesPass
    : public halc::impl::FormDispatchesPassBase<FormDispatchesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> publicFuncs;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isDeclaration())
        publicFuncs.push_back(func);
    if (publicFuncs.empty())
      return;

    bool ok = true;
    for (func::FuncOp func : publicFuncs) {
      auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
      copyResultsNotFromLinalg(ret);
      ok &= succeeded(verifyOneKernel(func, ret));
    }
    if (!ok)
      return signalPassFailure();

    MLIRContext *context = module.getContext();
    std::string name =
        (module.getSymName() ? module.getSymName()->str() : "module") +
        "_linked";
    OpBuilder builder(context);
    auto executable = ExecutableOp::create(builder, module.getLoc(), name);
    SymbolTable(module).insert(executable, module.getBody()->begin());
    builder.setInsertionPointToEnd(&executable.getBody().front());
    auto innerModule = ModuleOp::create(builder, module.getLoc());

    for (auto [ordinal, func] : llvm::enumerate(publicFuncs)) {
      SmallVector<BindingAccess> bindings(func.getNumArguments(),
                                          BindingAccess::ReadOnly);
      bindings.append(func.getNumResults(), BindingAccess::ReadWrite);
      builder.setInsertionPoint(innerModule);
      ExportOp::create(builder, func.getLoc(), func.getName(), ordinal,
                       LayoutAttr::get(context, bindings, /*constants=*/0),
                       /*workgroup_size=*/nullptr,
                       /*workgroup_count=*/nullptr);
      builder.setInsertionPointToEnd(innerModule.getBody());
      buildDispatchFunction(builder, func);
      replaceBodyWithDispatch(
          func, SymbolRefAttr::get(executable.getSymNameAttr(),
                                   {FlatSymbolRefAttr::get(
                                       func.getSymNameAttr())}));
    }
  }
};

} // namespace

void mlir::halc::buildDispatchFormationPipeline(OpPassManager &pm) {
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createFormDispatchesPass());
}
