//===- SharedStages.cpp - The stages every target has ---------------------===//

#include "compiler/Stages/SharedStages.h"

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/Plan/SerializeModule.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

Stage makeModuleMLIRStage(
    StringRef name,
    std::function<void(OpPassManager &, const StageOptions &)> build) {
  Stage stage;
  stage.name = name.str();
  stage.kind = Stage::Kind::MLIR;
  stage.extension = "mlir";
  stage.buildPasses = std::move(build);
  return stage;
}

/// `halc-input`'s option: what the input is written in (halc-compile
/// resolves `auto` from the module before the stage runs).
struct InputStageOptions : public PassPipelineOptions<InputStageOptions> {
  Option<InputType> inputType{
      *this, "input-type", llvm::cl::desc("What the input is written in"),
      llvm::cl::init(InputType::Linalg),
      llvm::cl::values(clEnumValN(InputType::Linalg, "linalg", "Linalg"),
                       clEnumValN(InputType::TOSA, "tosa", "TOSA"))};
};

} // namespace

std::vector<Stage> mlir::halc::getSharedStages() {
  return {
      makeModuleMLIRStage("input",
                          [](OpPassManager &pm, const StageOptions &options) {
                            buildInputPipeline(pm, options.inputType);
                          }),
      makeModuleMLIRStage("dispatch-creation",
                          [](OpPassManager &pm, const StageOptions &) {
                            buildDispatchFormationPipeline(pm);
                            pm.addPass(createAssignTargetsPass());
                          }),
      makeExecutableMLIRStage("executable-configurations",
                              [](OpPassManager &pm) {
                                pm.addPass(createImplicitGemmPass());
                                pm.addPass(createDropUnitLoopsPass());
                                pm.addPass(createReduceFewRowsPass());
                                pm.addPass(createSelectLoweringConfigPass());
                              }),
      makeExecutableMLIRStage("tile-and-distribute",
                              buildTileAndDistributeStage),
      makeExecutableMLIRStage("vectorize", buildVectorizeStage),
      makeExecutableMLIRStage("bufferize", buildBufferizeStage),
      makeExecutableMLIRStage("lower-to-loops", buildLowerToLoopsStage),
  };
}

Stage mlir::halc::getEndStage() {
  Stage stage;
  stage.name = "end";
  stage.kind = Stage::Kind::Module;
  stage.extension = "halm";
  stage.writeModule = [](ModuleOp module, ArrayRef<NamedBinary> executables,
                         const StageOptions &options) {
    std::vector<std::string> names;
    for (const NamedBinary &executable : executables)
      names.push_back(executable.name);
    FailureOr<plan::ModulePlan> plan = plan::buildModulePlan(module, names);
    if (failed(plan))
      return FailureOr<std::vector<uint8_t>>(failure());
    return FailureOr<std::vector<uint8_t>>(serializeModule(
        *plan, executables, options.sourcePath, options.sourceText));
  };
  return stage;
}

void mlir::halc::registerStagePipelines(ArrayRef<Stage> stages) {
  static llvm::StringSet<> registered;
  for (const Stage &stage : stages) {
    if (stage.kind != Stage::Kind::MLIR ||
        !registered.insert(stage.name).second)
      continue;
    std::string argument = "halc-stage-" + stage.name;
    std::string description = "halc-compile's " + stage.name + " stage";
    if (stage.name == "input") {
      PassPipelineRegistration<InputStageOptions>(
          argument, description,
          [build = stage.buildPasses](OpPassManager &pm,
                                      const InputStageOptions &options) {
            StageOptions stageOptions;
            stageOptions.inputType = options.inputType;
            build(pm, stageOptions);
          });
      continue;
    }
    PassPipelineRegistration<>(argument, description,
                               [build = stage.buildPasses](OpPassManager &pm) {
                                 build(pm, StageOptions());
                               });
  }
}
