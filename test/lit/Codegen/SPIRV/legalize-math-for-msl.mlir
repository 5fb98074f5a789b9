// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-legalize-math-for-msl))' | FileCheck %s

// Metal has no half hyperbolic functions: on f16 (scalars and vectors) they
// are computed in f32 and rounded back; f32 ones and other f16 math stay.
// CHECK-LABEL: func.func @hyperbolics
// CHECK: %[[X:.+]] = arith.extf %arg0 {{.*}}: vector<4xf16> to vector<4xf32>
// CHECK: %[[T:.+]] = math.tanh %[[X]] : vector<4xf32>
// CHECK: arith.truncf %[[T]] {{.*}}: vector<4xf32> to vector<4xf16>
// CHECK: math.sinh %{{.+}} : f32
// CHECK: math.cosh %{{.+}} : f32
// CHECK: math.asinh %{{.+}} : f32
// CHECK: math.acosh %{{.+}} : f32
// CHECK: math.atanh %{{.+}} : f32
// CHECK: math.exp %{{.+}} : f16
// CHECK: math.tanh %{{.+}} : f32
// CHECK-NOT: math.{{.+}}h %{{.+}} : f16
halc.executable @exe target(#halc.target<backend = "metal-spirv", arch = "apple7", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32]>) {
  halc.export @hyperbolics ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @hyperbolics(%v: vector<4xf16>, %h: f16, %f: f32) -> (vector<4xf16>, f16, f32) {
      %t = math.tanh %v : vector<4xf16>
      %a = math.sinh %h : f16
      %b = math.cosh %a : f16
      %c = math.asinh %b : f16
      %d = math.acosh %c : f16
      %e = math.atanh %d : f16
      %x = math.exp %e : f16
      %y = math.tanh %f : f32
      return %t, %x, %y : vector<4xf16>, f16, f32
    }
  }
}
