//===- Stage.cpp - A named step of a target's pipeline --------------------===//

#include "compiler/Stages/Stage.h"

using namespace mlir;
using namespace mlir::halc;

const Artifact &ExecutableArtifacts::get(StringRef stage) const {
  auto it = artifacts.find(stage);
  assert(it != artifacts.end() && "a stage reads one that ran before it");
  return it->second;
}

Stage mlir::halc::makeExecutableMLIRStage(
    StringRef name, std::function<void(OpPassManager &)> build) {
  Stage stage;
  stage.name = name.str();
  stage.kind = Stage::Kind::MLIR;
  stage.extension = "mlir";
  stage.buildPasses = [build = std::move(build)](OpPassManager &pm,
                                                 const StageOptions &) {
    build(pm.nest<ExecutableOp>());
  };
  return stage;
}

Stage mlir::halc::makeExecutableStage(
    StringRef name, StringRef extension,
    std::function<FailureOr<Artifact>(ExecutableOp, const ExecutableArtifacts &,
                                      const StageOptions &)>
        translate) {
  Stage stage;
  stage.name = name.str();
  stage.kind = Stage::Kind::Executable;
  stage.extension = extension.str();
  stage.translate = std::move(translate);
  return stage;
}
