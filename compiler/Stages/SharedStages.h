//===- SharedStages.h - The stages every target has -------------*- C++ -*-===//

#ifndef HALC_STAGES_SHAREDSTAGES_H
#define HALC_STAGES_SHAREDSTAGES_H

#include "compiler/Stages/Stage.h"

namespace mlir::halc {

/// The stages every target starts with: `input` (TOSA to Linalg, checks,
/// inlining), `dispatch-creation` (dispatch regions outlined into one
/// executable, which gets the module's target description),
/// `executable-configurations` (a lowering config per dispatch), then the
/// target-independent codegen: `tile-and-distribute`, `vectorize`,
/// `bufferize`, `lower-to-loops`.
std::vector<Stage> getSharedStages();

/// `end`: the module file, with a dispatch plan per public function and the
/// executables the stage before it made.
Stage getEndStage();

/// Registers each MLIR stage of `stages` as the pass pipeline
/// `halc-stage-<stage>` (once per name), so that halc-opt continues a dump of one
/// stage with the next; `halc-stage-input` takes `input-type=linalg|tosa`.
void registerStagePipelines(ArrayRef<Stage> stages);

} // namespace mlir::halc

#endif // HALC_STAGES_SHAREDSTAGES_H
