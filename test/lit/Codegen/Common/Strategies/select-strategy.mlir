// RUN: halc-compile %s --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=nvidia --compile-to=executable-configurations -o - | FileCheck %s

// The strategy the executable-configurations stage records for each kind
// of dispatch on an NVIDIA GPU through Vulkan (cooperative matrices for
// f16, subgroups of 32): the lowering config names it on the op the
// dispatch tiles.

// CHECK-LABEL: func.func @elementwise(
// CHECK: linalg.add {lowering_config = #halc.lowering_config<strategy = thread_tiles,

// An elementwise op that reads its input across rows.
// CHECK-LABEL: func.func @transpose(
// CHECK: linalg.transpose {{.*}}lowering_config = #halc.lowering_config<strategy = transpose,

// CHECK-LABEL: func.func @row_sum(
// CHECK: linalg.reduce {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes,

// CHECK-LABEL: func.func @column_sum(
// CHECK: linalg.reduce {{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes,

// Eight rows: halc-reduce-few-rows makes the matmul a reduction of the
// columns of B.
// CHECK-LABEL: func.func @few_rows(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]{{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes,

// A fully connected layer of 8 rows whose weights are N x K (B read
// transposed), with its bias: each output is a row of K that lanes share,
// lane 0 adding the bias.
// CHECK-LABEL: func.func @fully_connected(
// CHECK: linalg.matmul {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes,
// CHECK: arith.addf

// CHECK-LABEL: func.func @matmul(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,

// CHECK-LABEL: func.func @matmul_f16(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix,

// A convolution (its window attributes left to their defaults) becomes an
// implicit GEMM, a contraction staged like a matmul.
// CHECK-LABEL: func.func @conv(
// CHECK: linalg.generic {{.*}}lowering_config = #halc.lowering_config<strategy = staged_contraction,

// The contraction under an epilogue carries the strategy; the epilogue
// none.
// CHECK-LABEL: func.func @matmul_bias_relu(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,
// CHECK: linalg.generic
// CHECK-NOT: lowering_config
// CHECK: linalg.yield

// A softmax's dispatch is a row chain: the lanes share each op of a row.
// CHECK-LABEL: func.func @softmax(
// CHECK: linalg.generic {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes,

// Dynamic M and N take the staged strategy (their last tiles padded); a
// dynamic K a thread's serial loop.
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,
// CHECK-LABEL: func.func @dynamic_columns(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,
// CHECK-LABEL: func.func @dynamic_depth(
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles,

// A cast of an operand is computed in the contraction's dispatch.
// CHECK-LABEL: func.func @cast_prologue(
// CHECK: arith.extf
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,

func.func @elementwise(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %r = linalg.add ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

func.func @transpose(%a: tensor<256x512xf32>) -> tensor<512x256xf32> {
  %e = tensor.empty() : tensor<512x256xf32>
  %r = linalg.transpose ins(%a : tensor<256x512xf32>) outs(%e : tensor<512x256xf32>) permutation = [1, 0]
  return %r : tensor<512x256xf32>
}

func.func @row_sum(%a: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %r = linalg.reduce ins(%a : tensor<1024x1024xf32>) outs(%f : tensor<1024xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1024xf32>
}

func.func @column_sum(%a: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %r = linalg.reduce ins(%a : tensor<1024x1024xf32>) outs(%f : tensor<1024xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1024xf32>
}

func.func @few_rows(%a: tensor<8x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<8x4096xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4096xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<8x4096xf32>) -> tensor<8x4096xf32>
  return %r : tensor<8x4096xf32>
}

func.func @fully_connected(%a: tensor<8x2048xf32>, %w: tensor<1000x2048xf32>, %bias: tensor<1000xf32>) -> tensor<8x1000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x1000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<8x2048xf32>, tensor<1000x2048xf32>) outs(%f : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<8x1000xf32>, tensor<1000xf32>) outs(%e : tensor<8x1000xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x1000xf32>
  return %y : tensor<8x1000xf32>
}

func.func @matmul(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

func.func @matmul_f16(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

func.func @conv(%x: tensor<8x28x28x128xf32>, %w: tensor<3x3x128x128xf32>) -> tensor<8x26x26x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x26x26x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x26x26x128xf32>) -> tensor<8x26x26x128xf32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<8x28x28x128xf32>, tensor<3x3x128x128xf32>) outs(%f : tensor<8x26x26x128xf32>) -> tensor<8x26x26x128xf32>
  return %r : tensor<8x26x26x128xf32>
}

func.func @matmul_bias_relu(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %bias: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %m = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

func.func @softmax(%a: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %e = tensor.empty() : tensor<512x1024xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %r : tensor<512x1024xf32>
}

func.func @dynamic_rows(%a: tensor<?x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<?x1024xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %e = tensor.empty(%m) : tensor<?x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @dynamic_columns(%a: tensor<1024x1024xf32>, %b: tensor<1024x?xf32>) -> tensor<1024x?xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c1 : tensor<1024x?xf32>
  %e = tensor.empty(%n) : tensor<1024x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x?xf32>) -> tensor<1024x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x?xf32>) outs(%f : tensor<1024x?xf32>) -> tensor<1024x?xf32>
  return %r : tensor<1024x?xf32>
}

func.func @dynamic_depth(%a: tensor<1024x?xf32>, %b: tensor<?x1024xf32>) -> tensor<1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x?xf32>, tensor<?x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

func.func @cast_prologue(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %ea = tensor.empty() : tensor<1024x1024xf32>
  %a32 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1024x1024xf16>) outs(%ea : tensor<1024x1024xf32>) {
  ^bb0(%x: f16, %o: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<1024x1024xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a32, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
