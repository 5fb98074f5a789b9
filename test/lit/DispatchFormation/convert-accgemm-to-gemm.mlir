// RUN: halc-opt %s --halc-convert-accgemm-to-gemm --split-input-file | FileCheck %s

// C += A·B with C an argument: the matmul sums into zeros, then C is added.
// CHECK-LABEL: func.func @matmul_acc
// CHECK-SAME: (%[[A:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8x16xf32>, %[[C:.+]]: tensor<4x16xf32>)
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.+]] = tensor.empty() : tensor<4x16xf32>
// CHECK: %[[ZEROS:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x16xf32>)
// CHECK: %[[SUM:.+]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[ZEROS]] : tensor<4x16xf32>)
// CHECK: %[[R:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[SUM]], %[[C]] : tensor<4x16xf32>, tensor<4x16xf32>) outs(%[[EMPTY]] : tensor<4x16xf32>)
// CHECK: arith.addf
// CHECK: return %[[R]]
func.func @matmul_acc(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// Integers add with addi; a dynamic accumulator's sizes come from it.
// CHECK-LABEL: func.func @matvec_i8_acc
// CHECK-SAME: %[[C:[a-z0-9]+]]: tensor<?xi32>
// CHECK: %[[N:.+]] = tensor.dim %[[C]], %c0{{.*}} : tensor<?xi32>
// CHECK: %[[EMPTY:.+]] = tensor.empty(%[[N]]) : tensor<?xi32>
// CHECK: linalg.fill ins(%c0_i32 : i32)
// CHECK: linalg.matvec
// CHECK: linalg.generic
// CHECK: arith.addi
func.func @matvec_i8_acc(%a: tensor<?x64xi8>, %b: tensor<64xi8>, %c: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.matvec ins(%a, %b : tensor<?x64xi8>, tensor<64xi8>) outs(%c : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// A convolution into a broadcast bias is rewritten too.
// CHECK-LABEL: func.func @conv_into_bias
// CHECK: %[[BIAS:.+]] = linalg.broadcast
// CHECK: %[[ZEROS:.+]] = linalg.fill
// CHECK: %[[CONV:.+]] = linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[ZEROS]]
// CHECK: linalg.generic {{.*}} ins(%[[CONV]], %[[BIAS]]
func.func @conv_into_bias(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<1x7x7x16xf32> {
  %e = tensor.empty() : tensor<1x7x7x16xf32>
  %bias = linalg.broadcast ins(%b : tensor<16xf32>) outs(%e : tensor<1x7x7x16xf32>) dimensions = [0, 1, 2]
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x9x9x8xf32>, tensor<3x3x8x16xf32>) outs(%bias : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %r : tensor<1x7x7x16xf32>
}

// -----

// Accumulators the kernel makes itself (a fill, an empty tensor), and ops
// without reduction loops, stay as they are.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul
// CHECK-NOT: linalg.generic
// CHECK: linalg.add
// CHECK-NOT: linalg.generic
func.func @unchanged(%a: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.add ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m, %s : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A reduction into an argument starts from its combiner's identity (the
// smallest i32 for a maximum) and combines the argument in the epilogue
// with the same op.
// CHECK-LABEL: func.func @max_acc
// CHECK-SAME: (%[[A:.+]]: tensor<50x7xi32>, %[[ACC:.+]]: tensor<7xi32>)
// CHECK: %[[LOWEST:.+]] = arith.constant -2147483648 : i32
// CHECK: %[[START:.+]] = linalg.fill ins(%[[LOWEST]] : i32)
// CHECK: %[[MAX:.+]] = linalg.reduce ins(%[[A]] : tensor<50x7xi32>) outs(%[[START]] : tensor<7xi32>)
// CHECK: linalg.generic {{.+}} ins(%[[MAX]], %[[ACC]] : tensor<7xi32>, tensor<7xi32>)
// CHECK: arith.maxsi
func.func @max_acc(%a: tensor<50x7xi32>, %acc: tensor<7xi32>) -> tensor<7xi32> {
  %r = linalg.reduce ins(%a : tensor<50x7xi32>) outs(%acc : tensor<7xi32>) dimensions = [0]
    (%x: i32, %m: i32) {
      %t = arith.maxsi %x, %m : i32
      linalg.yield %t : i32
    }
  return %r : tensor<7xi32>
}
