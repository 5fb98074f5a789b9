//===- CUDATarget.h - The cuda target backend --------------------*- C++ -*-===//

#ifndef HALC_TARGET_CUDA_CUDATARGET_H
#define HALC_TARGET_CUDA_CUDATARGET_H

#include "compiler/Target/TargetBackend.h"

namespace mlir::halc {
std::unique_ptr<TargetBackend> createCUDATargetBackend();
} // namespace mlir::halc

#endif // HALC_TARGET_CUDA_CUDATARGET_H
