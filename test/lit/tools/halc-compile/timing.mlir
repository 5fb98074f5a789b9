// --mlir-timing reports, as in mlir-opt and iree-compile, where the time
// goes: parsing, each stage by name, the passes of MLIR stages nested under
// it, and writing the output.
// RUN: halc-compile %s -o %t --mlir-timing 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: halc-compile %s -o %t --mlir-timing --mlir-timing-display=list 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o %t --mlir-timing 2>&1 | FileCheck %s --check-prefix=CUDA

// TREE: Execution time report
// TREE: parse
// TREE: input
// TREE: tile-and-distribute
// TREE-NEXT: 'halc.executable' Pipeline
// TREE-NEXT: TileAndDistributePass
// TREE: spirv-dialect
// TREE: ConvertToSPIRVPass
// TREE: {{^.*}} spirv{{$}}
// TREE-NEXT: {{^.*}} vke1{{$}}
// TREE-NEXT: {{^.*}} end{{$}}
// TREE-NEXT: {{^.*}} output{{$}}
// TREE-NEXT: {{^.*}} Rest
// TREE-NEXT: {{^.*}} Total

// LIST: Execution time report
// LIST: root
// LIST-DAG: ConvertToSPIRVPass
// LIST-DAG: {{^.*}} spirv{{$}}

// CUDA: nvvm-dialect
// CUDA: {{^.*}} llvm-ir{{$}}
// CUDA-NEXT: {{^.*}} ptx{{$}}
// CUDA-NEXT: {{^.*}} cda1{{$}}

func.func @scale(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
