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

Stage mlir::halc::makeExecutableFormatStage(
    StringRef name,
    std::function<FailureOr<std::vector<uint8_t>>(
        ExecutableOp, const ExecutableArtifacts &, const StageOptions &)>
        serialize) {
  Stage stage = makeExecutableStage(
      name, name,
      [serialize = std::move(serialize)](
          ExecutableOp executable, const ExecutableArtifacts &artifacts,
          const StageOptions &options) -> FailureOr<Artifact> {
        FailureOr<std::vector<uint8_t>> binary =
            serialize(executable, artifacts, options);
        if (failed(binary))
          return failure();
        return Artifact{std::string(binary->begin(), binary->end()), {}};
      });
  stage.isExecutableFormat = true;
  return stage;
}
