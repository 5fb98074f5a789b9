// --print-summary lists each export's workgroup size and count; along an
// axis whose extent the call gives (a dynamic batch), the count is that
// extent, held in a constant, over the rows a workgroup takes, rounded up.
// RUN: halc-compile %s -o %t.halm --print-summary 2>&1 | FileCheck %s
// CHECK: executable @module_linked for vulkan-spirv (portable)
// CHECK-NEXT: export 0 @scale: workgroup_size [64, 2, 1], workgroup_count [1, ceil(constant 0 / 2), 1], bindings 1 read-only + 1 written
func.func @scale(%a: tensor<?x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x256xf32>
  %e = tensor.empty(%n) : tensor<?x256xf32>
  %r = linalg.add ins(%a, %a : tensor<?x256xf32>, tensor<?x256xf32>) outs(%e : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}
