// A kernel calling math.erf and math.powf links ocml: the calls resolve and
// are inlined (the .ll is linked and optimized: ocml's exp2-based powf is
// there, no call stays), nothing is undefined; one without such math does
// not link it.
// RUN: rm -rf %t.math && halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.math.hip1 --iree-hal-dump-executable-intermediates-to=%t.math
// RUN: FileCheck %s --check-prefix=MATH --input-file=%t.math/module_linked.08.llvm-ir.ll
// RUN: llvm-nm -u %t.math/module_linked.10.hsaco.hsaco | count 0
// RUN: rm -rf %t.plain && halc-compile %examples/matmul.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.plain.hip1 --iree-hal-dump-executable-intermediates-to=%t.plain
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.plain/module_linked.08.llvm-ir.ll

// MATH: define amdgpu_kernel void @erf_pow(
// MATH-NOT: @__ocml_
// MATH: @llvm.exp2.f32
// MATH-NOT: @__ocml_
// PLAIN: define amdgpu_kernel void @matmul_bias_relu(
// PLAIN-NOT: exp2
func.func @erf_pow(%a: tensor<128xf32>) -> tensor<128xf32> {
  %e = tensor.empty() : tensor<128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.erf %x : f32
    %1 = math.powf %0, %x : f32
    linalg.yield %1 : f32
  } -> tensor<128xf32>
  return %r : tensor<128xf32>
}
