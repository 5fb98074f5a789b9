//===- OutlineDispatchRegions.cpp - Dispatch regions to kernels -----------===//

#include "compiler/DispatchFormation/Passes.h"
#include "compiler/DispatchFormation/Reshapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::halc {
#define GEN_PASS_DEF_OUTLINEDISPATCHREGIONSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The element type of a binding holding elements of `type`: i1 is one byte
/// per element, as IREE stores it (SPIR-V has no booleans in buffers, and
/// LLVM packs vectors of i1 into bits).
Type getStorageType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

/// `tensor` with each element converted to `elementType` by a parallel
/// generic: bytes to i1 (non-zero is true) or i1 to bytes (0 or 1). It fuses
/// into the dispatch's root like any elementwise producer or consumer.
Value convertBooleans(OpBuilder &builder, Location loc, Value tensor,
                      Type elementType) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value init = tensor::EmptyOp::create(
      builder, loc, tensor::getMixedSizes(builder, loc, tensor), elementType);
  AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, init.getType(), tensor, init, {identity, identity},
      iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
        Value converted =
            elementType.isInteger(1)
                ? Value(arith::CmpIOp::create(
                      b, loc, arith::CmpIPredicate::ne, args[0],
                      arith::ConstantIntOp::create(b, loc, args[0].getType(),
                                                   0)))
                : Value(arith::ExtUIOp::create(b, loc, elementType, args[0]));
        linalg::YieldOp::create(b, loc, converted);
      });
  return generic.getResult(0);
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
    auto type =
        MemRefType::get(collapse.getSrcType().getShape(),
                        getStorageType(collapse.getSrcType().getElementType()));
    view = memref::ExpandShapeOp::create(builder, loc, type, binding,
                                         collapse.getReassociationIndices());
  } else {
    auto expand = cast<tensor::ExpandShapeOp>(reshape);
    view = memref::CollapseShapeOp::create(builder, loc, binding,
                                           expand.getReassociationIndices());
  }
  return reshapeBinding(builder, view, reshape->getOperand(0), source);
}

/// Whether `type` has a dynamic size after its outermost dimension: its
/// strides are known only at run time. A scalar (rank 0) has none.
bool hasDynamicStrides(RankedTensorType type) {
  ArrayRef<int64_t> shape = type.getShape();
  return !shape.empty() &&
         llvm::any_of(shape.drop_front(), ShapedType::isDynamic);
}

/// Whether a tensor of `type` is bound as a flat buffer of its elements,
/// viewed at its sizes: where its strides are dynamic, and where it has no
/// elements (a buffer of none has no type in SPIR-V or LLVM's bare
/// pointers: a convolution whose window is larger than its input).
bool isBoundFlat(RankedTensorType type) {
  return hasDynamicStrides(type) ||
         (type.hasStaticShape() && type.getNumElements() == 0);
}

/// The binding of a tensor: a memref of its shape, or a flat one
/// (isBoundFlat).
MemRefType getBindingType(Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  Type element = getStorageType(tensorType.getElementType());
  if (isBoundFlat(tensorType))
    return MemRefType::get({ShapedType::kDynamic}, element);
  return MemRefType::get(tensorType.getShape(), element);
}

/// The row-major view of `binding` at `sizes`, the shape of `tensorType`:
/// an identity layout even where strides are dynamic, so that a collapse
/// of the view (an unpack's) is known contiguous and needs no copy.
Value viewBinding(OpBuilder &builder, Location loc, Value binding,
                  RankedTensorType tensorType, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(sizes.size(), builder.getIndexAttr(1));
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 2; dim >= 0; --dim)
    strides[dim] = affine::makeComposedFoldedAffineApply(
        builder, loc,
        builder.getAffineSymbolExpr(0) * builder.getAffineSymbolExpr(1),
        {strides[dim + 1], sizes[dim + 1]});
  Type element = getStorageType(tensorType.getElementType());
  auto type = MemRefType::get(tensorType.getShape(), element);
  return memref::ReinterpretCastOp::create(
      builder, loc, type, binding, builder.getIndexAttr(0), sizes, strides);
}

/// What a dispatch region binds and passes: the tensors it reads from
/// above, then its results; the scalars it reads from above, then the
/// dynamic sizes of its bindings, as 32-bit constants.
struct RegionInterface {
  SmallVector<Value> inputs;
  SmallVector<Value> scalars;
  /// What the body yields, in the order of the region's results.
  SmallVector<Value> yielded;

  explicit RegionInterface(DispatchRegionOp region) {
    // In the order the body reads them, an op's operands before what its
    // own body reads (a gather's indices before its table).
    SetVector<Value> captured;
    region.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (!region.getBody().isAncestor(operand.getParentRegion()))
          captured.insert(operand);
    });
    for (Value value : captured) {
      if (isa<RankedTensorType>(value.getType()))
        inputs.push_back(value);
      else
        scalars.push_back(value);
    }
    yielded = llvm::to_vector(
        cast<YieldOp>(region.getBody().front().getTerminator()).getValues());
  }

  /// The tensor types of the bindings, in binding order.
  SmallVector<RankedTensorType> getBoundTypes() const {
    SmallVector<RankedTensorType> types;
    for (Value value : llvm::concat<const Value>(inputs, yielded))
      types.push_back(cast<RankedTensorType>(value.getType()));
    return types;
  }
};

/// A 32-bit constant of a dispatch: a scalar its region reads, or dynamic
/// dimension `dim` of binding `binding`.
struct DispatchConstant {
  Value scalar;
  unsigned binding = 0;
  int64_t dim = 0;
};

/// The constants of a region's dispatch in the one order that its kernel
/// loads them, the host passes them and its layout counts them: the scalars,
/// then the dynamic sizes of its bindings in binding order.
SmallVector<DispatchConstant>
getDispatchConstants(const RegionInterface &interface) {
  SmallVector<DispatchConstant> constants;
  for (Value scalar : interface.scalars)
    constants.push_back({scalar});
  for (auto [binding, type] : llvm::enumerate(interface.getBoundTypes()))
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        constants.push_back({Value(), unsigned(binding), dim});
  return constants;
}

/// The constant `ordinal` of the dispatch as a value of `type`: the low
/// bits of the 32-bit word.
Value loadConstant(OpBuilder &builder, Location loc, int64_t ordinal,
                   Type type) {
  Value word =
      ConstantLoadOp::create(builder, loc, builder.getI32Type(), ordinal);
  if (type.isIndex())
    return arith::IndexCastUIOp::create(builder, loc, type, word);
  unsigned width = type.getIntOrFloatBitWidth();
  Type bits = builder.getIntegerType(width);
  if (width < 32)
    word = arith::TruncIOp::create(builder, loc, bits, word);
  if (isa<FloatType>(type))
    word = arith::BitcastOp::create(builder, loc, type, word);
  return word;
}

/// Builds the dispatch function `name` of a region: its inputs, then its
/// results as memref bindings, the tensor body between to_tensor and
/// materialize_in_destination, reading its constants
/// (getDispatchConstants); each dynamic binding is viewed at its size.
void buildDispatchFunction(OpBuilder &builder, StringRef name,
                           DispatchRegionOp region,
                           const RegionInterface &interface) {
  Location loc = region.getLoc();
  SmallVector<RankedTensorType> tensorTypes = interface.getBoundTypes();
  SmallVector<Type> bindingTypes =
      llvm::map_to_vector(tensorTypes, [](RankedTensorType type) -> Type {
        return getBindingType(type);
      });
  SmallVector<Location> bindingLocs;
  for (Value value :
       llvm::concat<const Value>(interface.inputs, interface.yielded))
    bindingLocs.push_back(value.getLoc());
  auto dispatch = func::FuncOp::create(
      builder, loc, name,
      FunctionType::get(builder.getContext(), bindingTypes, {}));
  Block *entry =
      builder.createBlock(&dispatch.getBody(), {}, bindingTypes, bindingLocs);
  OpBuilder body = OpBuilder::atBlockEnd(entry);

  IRMapping mapping;
  // Per binding, its sizes: static, or the constant holding them.
  SmallVector<SmallVector<OpFoldResult>> sizes;
  for (RankedTensorType type : tensorTypes)
    sizes.push_back(
        getAsIndexOpFoldResult(builder.getContext(), type.getShape()));
  // Each binding is viewed as soon as its sizes are loaded.
  SmallVector<Value> views;
  auto viewBindingsBefore = [&](unsigned end) {
    for (unsigned index = views.size(); index < end; ++index) {
      Value binding = entry->getArgument(index);
      RankedTensorType type = tensorTypes[index];
      views.push_back(type.hasStaticShape() && !isBoundFlat(type)
                          ? binding
                          : viewBinding(body, binding.getLoc(), binding, type,
                                        sizes[index]));
    }
  };
  for (auto [ordinal, constant] :
       llvm::enumerate(getDispatchConstants(interface))) {
    if (constant.scalar) {
      mapping.map(constant.scalar,
                  loadConstant(body, constant.scalar.getLoc(), ordinal,
                               constant.scalar.getType()));
      continue;
    }
    viewBindingsBefore(constant.binding);
    sizes[constant.binding][constant.dim] = loadConstant(
        body, bindingLocs[constant.binding], ordinal, body.getIndexType());
  }
  viewBindingsBefore(tensorTypes.size());
  for (auto [index, input] : llvm::enumerate(interface.inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    Type element = type.getElementType();
    Value tensor = bufferization::ToTensorOp::create(
        body, input.getLoc(), type.clone(getStorageType(element)), views[index],
        /*restrict=*/true, /*writable=*/false);
    if (getStorageType(element) != element)
      tensor = convertBooleans(body, input.getLoc(), tensor, element);
    mapping.map(input, tensor);
  }
  for (Operation &op : region.getBody().front().without_terminator())
    body.clone(op, mapping);
  for (auto [index, value] : llvm::enumerate(interface.yielded)) {
    Value source = peelReshapes(value);
    Value stored = mapping.lookup(source);
    Type element = getElementTypeOrSelf(stored.getType());
    if (getStorageType(element) != element)
      stored = convertBooleans(body, loc, stored, getStorageType(element));
    Value destination = reshapeBinding(
        body, views[interface.inputs.size() + index], value, source);
    auto op = bufferization::MaterializeInDestinationOp::create(
        body, loc, stored, destination);
    op.setRestrict(true);
    op.setWritable(true);
  }
  func::ReturnOp::create(body, loc);
}

/// Replaces `region` with a dispatch of `entryPoint`: its inputs, its
/// constants (the scalars, then the dynamic sizes of its bindings: a
/// `tensor.dim` of each input, its result_dims).
void replaceWithDispatch(DispatchRegionOp region,
                         const RegionInterface &interface,
                         SymbolRefAttr entryPoint) {
  OpBuilder host(region);
  Location loc = region.getLoc();
  SmallVector<Value> constants;
  auto resultDims = region.getResultDims().begin();
  for (const DispatchConstant &constant : getDispatchConstants(interface)) {
    if (constant.scalar)
      constants.push_back(constant.scalar);
    else if (constant.binding < interface.inputs.size())
      constants.push_back(tensor::DimOp::create(
          host, loc, interface.inputs[constant.binding], constant.dim));
    else
      constants.push_back(*resultDims++);
  }
  auto dispatch =
      DispatchOp::create(host, loc, region.getResultTypes(), entryPoint,
                         interface.inputs, constants, region.getResultDims());
  region.replaceAllUsesWith(dispatch.getResults());
  region.erase();
}

struct OutlineDispatchRegionsPass
    : public halc::impl::OutlineDispatchRegionsPassBase<
          OutlineDispatchRegionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<func::FuncOp, SmallVector<DispatchRegionOp>>> work;
    for (auto func : module.getOps<func::FuncOp>()) {
      SmallVector<DispatchRegionOp> regions(
          func.getBody().getOps<DispatchRegionOp>());
      if (func.isPublic() && !regions.empty())
        work.emplace_back(func, std::move(regions));
    }
    if (work.empty())
      return;

    MLIRContext *context = module.getContext();
    std::string name =
        (module.getSymName() ? module.getSymName()->str() : "module") +
        "_linked";
    OpBuilder builder(context);
    auto executable = ExecutableOp::create(builder, module.getLoc(), name);
    SymbolTable(module).insert(executable, module.getBody()->begin());
    builder.setInsertionPointToEnd(&executable.getBody().front());
    auto innerModule = ModuleOp::create(builder, module.getLoc());

    unsigned ordinal = 0;
    for (auto &[func, regions] : work) {
      for (auto [position, region] : llvm::enumerate(regions)) {
        RegionInterface interface(region);
        // A function of one kernel keeps its name; several are numbered.
        std::string exportName =
            regions.size() == 1
                ? func.getName().str()
                : (func.getName() + "_dispatch_" + Twine(position)).str();
        SmallVector<BindingAccess> bindings(interface.inputs.size(),
                                            BindingAccess::ReadOnly);
        bindings.append(interface.yielded.size(), BindingAccess::ReadWrite);
        int64_t constants = getDispatchConstants(interface).size();
        builder.setInsertionPoint(innerModule);
        ExportOp::create(builder, region.getLoc(), exportName, ordinal++,
                         LayoutAttr::get(context, bindings, constants),
                         /*workgroup_size=*/nullptr,
                         /*workgroup_count=*/nullptr,
                         /*workgroup_count_constants=*/nullptr);
        builder.setInsertionPointToEnd(innerModule.getBody());
        buildDispatchFunction(builder, exportName, region, interface);
        replaceWithDispatch(
            region, interface,
            SymbolRefAttr::get(executable.getSymNameAttr(),
                               {FlatSymbolRefAttr::get(context, exportName)}));
      }
    }
  }
};

} // namespace
