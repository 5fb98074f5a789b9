// RUN: halc-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(halc.executable(halc-distribute-reduction-lanes))' | FileCheck %s

// A row max that tile-and-distribute gave one thread per row (8 rows, the
// forall marked for 32 lanes): the forall gains the lanes along x; each
// lane starts at lane * 4 and steps by 32 * 4 over the row into a private
// accumulator that starts at the identity of maxnumf (-inf); the subgroup
// combines the lanes, and lane 0 alone writes the output: its initial
// value (also lane 0's alone) combined with the subgroup's.
// CHECK-LABEL: func.func @rowmax
// CHECK: scf.forall (%[[LANE:.+]], %[[ROW:.+]]) in (32, 8)
// CHECK: %[[LANE0:.+]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK: %[[OUT:.+]] = memref.subview
// CHECK: scf.if %[[LANE0]] {
// CHECK-NEXT: vector.transfer_write %{{.+}}, %[[OUT]]
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<1xf32>
// CHECK: vector.transfer_write %[[NEG_INF:.+]], %[[ACC]]
// CHECK: %[[OFFSET:.+]] = arith.muli %[[LANE]], %c4
// CHECK: %[[START:.+]] = arith.addi %c0, %[[OFFSET]]
// CHECK: %[[STRIDE:.+]] = arith.muli %c4, %c32
// CHECK: scf.for %{{.+}} = %[[START]] to %c256 step %[[STRIDE]]
// CHECK: vector.transfer_read %[[ACC]]
// CHECK: vector.multi_reduction <maxnumf>
// CHECK: vector.transfer_write %{{.+}}, %[[ACC]]
// CHECK: %[[PARTIAL:.+]] = vector.transfer_read %[[ACC]]
// CHECK: %[[SCALAR:.+]] = vector.extract %[[PARTIAL]][0]
// CHECK: %[[ALL:.+]] = gpu.subgroup_reduce maxnumf %[[SCALAR]] : (f32) -> f32
// CHECK: scf.if %[[LANE0]] {
// CHECK: %[[INIT:.+]] = vector.transfer_read %[[OUT]]
// CHECK: %[[INIT0:.+]] = vector.extract %[[INIT]][0]
// CHECK: %[[MAX:.+]] = arith.maxnumf %[[INIT0]], %[[ALL]]
// CHECK: vector.transfer_write %{{.+}}, %[[OUT]]
// CHECK: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NOT: halc.reduction_lanes
#map = affine_map<()[s0, s1] -> (s0 + s1)>
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowmax ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 2, 1])
  builtin.module {
    func.func @rowmax(%arg0: memref<16x256xf32>, %arg1: memref<16xf32>) {
      %cst = arith.constant dense<0xFF800000> : vector<1xf32>
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg2) = (0) to (16) step (8) {
        %subview = memref.subview %arg1[%arg2] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
        scf.forall (%arg3) in (8) {
          %subview_0 = memref.subview %subview[%arg3] [1] [1] : memref<8xf32, strided<[1], offset: ?>> to memref<1xf32, strided<[1], offset: ?>>
          vector.transfer_write %cst, %subview_0[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
          scf.for %arg4 = %c0 to %c256 step %c4 {
            %1 = affine.apply #map()[%arg2, %arg3]
            %2 = vector.transfer_read %arg0[%1, %arg4], %0 {in_bounds = [true, true]} : memref<16x256xf32>, vector<1x4xf32>
            %3 = vector.transfer_read %subview_0[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
            %4 = vector.multi_reduction <maxnumf>, %2, %3 [1] : vector<1x4xf32> to vector<1xf32>
            vector.transfer_write %4, %subview_0[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      } {mapping = [#gpu.block<y>]}
      return
    }
  }
}

// -----

// An f16 sum: each lane accumulates in f32 (the elements extended), the
// lanes are combined in f32, and lane 0 truncates once, after adding the
// output's initial value.
// CHECK-LABEL: func.func @rowsum_f16
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<1xf32>
// CHECK: scf.for
// CHECK: %[[PREV:.+]] = vector.transfer_read %[[ACC]]{{.*}} : memref<1xf32>, vector<1xf32>
// CHECK: %[[WIDE:.+]] = arith.extf %{{.+}} : vector<1x4xf16> to vector<1x4xf32>
// CHECK: %[[SUM:.+]] = vector.multi_reduction <add>, %[[WIDE]], %[[PREV]] [1] : vector<1x4xf32> to vector<1xf32>
// CHECK: vector.transfer_write %[[SUM]], %[[ACC]]
// CHECK: gpu.subgroup_reduce add %{{.+}} : (f32) -> f32
// CHECK: arith.extf %{{.+}} : f16 to f32
// CHECK: arith.addf %{{.+}} : f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowsum_f16 ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @rowsum_f16(%arg0: memref<1x4096xf16>, %arg1: memref<1xf16>) {
      %cst = arith.constant dense<0.000000e+00> : vector<1xf16>
      %0 = ub.poison : f16
      %c4 = arith.constant 4 : index
      %c4096 = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg3) in (1) {
        %subview = memref.subview %arg1[%arg3] [1] [1] : memref<1xf16> to memref<1xf16, strided<[1], offset: ?>>
        vector.transfer_write %cst, %subview[%c0] {in_bounds = [true]} : vector<1xf16>, memref<1xf16, strided<[1], offset: ?>>
        scf.for %arg4 = %c0 to %c4096 step %c4 {
          %2 = vector.transfer_read %arg0[%arg3, %arg4], %0 {in_bounds = [true, true]} : memref<1x4096xf16>, vector<1x4xf16>
          %3 = vector.transfer_read %subview[%c0], %0 {in_bounds = [true]} : memref<1xf16, strided<[1], offset: ?>>, vector<1xf16>
          %4 = vector.multi_reduction <add>, %2, %3 [1] : vector<1x4xf16> to vector<1xf16>
          vector.transfer_write %4, %subview[%c0] {in_bounds = [true]} : vector<1xf16>, memref<1xf16, strided<[1], offset: ?>>
        }
      } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      return
    }
  }
}

// -----

// Lanes beyond one subgroup (256 lanes, subgroups of 32, two rows along y):
// after each subgroup combines its lanes, the first lane of each subgroup
// stores the result in workgroup memory laid out as the workgroup's threads
// with x shrunk to a slot per subgroup ([z][y][lane / 32]), a barrier, and
// lane 0 of each row folds its row's 8 slots and writes the output.
// CHECK-LABEL: func.func @rowsum_workgroup
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<1x2x8xf32, #gpu.address_space<workgroup>>
// CHECK: scf.forall (%[[LANE:.+]], %{{.+}}) in (256, 2)
// CHECK: %[[LANE0:.+]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK: scf.for %{{.+}} = %{{.+}} to %c4096 step
// CHECK: %[[SUBGROUP:.+]] = gpu.subgroup_reduce add %{{.+}} : (f32) -> f32
// CHECK: %[[TZ:.+]] = gpu.thread_id z
// CHECK: %[[TY:.+]] = gpu.thread_id y
// CHECK: %[[FIRST:.+]] = arith.remui %[[LANE]], %c32
// CHECK: %[[IS_FIRST:.+]] = arith.cmpi eq, %[[FIRST]], %c0
// CHECK: scf.if %[[IS_FIRST]] {
// CHECK: %[[SLOT:.+]] = arith.divui %[[LANE]], %c32
// CHECK: memref.store %[[SUBGROUP]], %[[SHARED]][%[[TZ]], %[[TY]], %[[SLOT]]]
// CHECK: gpu.barrier
// CHECK: %[[ALL:.+]] = scf.if %[[LANE0]] -> (f32) {
// CHECK: scf.for %[[S:.+]] = %{{.+}} to %c8 step %c1 iter_args(%[[ACC:.+]] = %{{.+}}) -> (f32) {
// CHECK: %[[LOADED:.+]] = memref.load %[[SHARED]][%[[TZ]], %[[TY]], %[[S]]]
// CHECK: arith.addf %[[ACC]], %[[LOADED]] : f32
// CHECK: } else {
// CHECK: scf.yield
// CHECK: scf.if %[[LANE0]] {
// CHECK: arith.addf %{{.+}}, %[[ALL]] : f32
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowsum_workgroup ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([256, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @rowsum_workgroup(%arg0: memref<2x4096xf32>, %arg1: memref<2xf32>) {
      %cst = arith.constant dense<0.000000e+00> : vector<1xf32>
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c4096 = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg3) in (2) {
        %subview = memref.subview %arg1[%arg3] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: ?>>
        vector.transfer_write %cst, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        scf.for %arg4 = %c0 to %c4096 step %c4 {
          %2 = vector.transfer_read %arg0[%arg3, %arg4], %0 {in_bounds = [true, true]} : memref<2x4096xf32>, vector<1x4xf32>
          %3 = vector.transfer_read %subview[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
          %4 = vector.multi_reduction <add>, %2, %3 [1] : vector<1x4xf32> to vector<1xf32>
          vector.transfer_write %4, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        }
      } {halc.reduction_lanes = 256 : i64, mapping = [#gpu.thread<y>]}
      return
    }
  }
}

// -----

// Workgroup memory with a workgroup larger than the forall (rows along y of
// 4 threads, a forall of 2): the guard of the threads without a row would
// skip the barrier.
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @guarded ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([256, 4, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @guarded(%arg0: memref<2x4096xf32>, %arg1: memref<2xf32>) {
      %cst = arith.constant dense<0.000000e+00> : vector<1xf32>
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c4096 = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{shares each reduction among 256 lanes through workgroup memory, but some threads of a workgroup would skip the barrier: the workgroup tile must fill the workgroup}}
      scf.forall (%arg3) in (2) {
        %subview = memref.subview %arg1[%arg3] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: ?>>
        vector.transfer_write %cst, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        scf.for %arg4 = %c0 to %c4096 step %c4 {
          %2 = vector.transfer_read %arg0[%arg3, %arg4], %0 {in_bounds = [true, true]} : memref<2x4096xf32>, vector<1x4xf32>
          %3 = vector.transfer_read %subview[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
          %4 = vector.multi_reduction <add>, %2, %3 [1] : vector<1x4xf32> to vector<1xf32>
          vector.transfer_write %4, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        }
      } {halc.reduction_lanes = 256 : i64, mapping = [#gpu.thread<y>]}
      return
    }
  }
}

// -----

// A forall marked for more lanes than the workgroup has along x.
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @too_many_lanes ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([128, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @too_many_lanes(%arg0: memref<2x4096xf32>, %arg1: memref<2xf32>) {
      %cst = arith.constant dense<0.000000e+00> : vector<1xf32>
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c4096 = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{has 256 reduction lanes but the workgroup has 128 threads along x}}
      scf.forall (%arg3) in (2) {
        %subview = memref.subview %arg1[%arg3] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: ?>>
        vector.transfer_write %cst, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        scf.for %arg4 = %c0 to %c4096 step %c4 {
          %2 = vector.transfer_read %arg0[%arg3, %arg4], %0 {in_bounds = [true, true]} : memref<2x4096xf32>, vector<1x4xf32>
          %3 = vector.transfer_read %subview[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
          %4 = vector.multi_reduction <add>, %2, %3 [1] : vector<1x4xf32> to vector<1xf32>
          vector.transfer_write %4, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        }
      } {halc.reduction_lanes = 256 : i64, mapping = [#gpu.thread<y>]}
      return
    }
  }
}

// -----

// A column sum: the forall holds the columns along x, so the lanes (8) go
// to y. No subgroup operation combines them (a subgroup holds columns):
// each lane stores its result at [z][lane][x], a barrier, and lane 0 of
// each column folds the column's 8 slots.
// CHECK-LABEL: func.func @colsum
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<1x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: scf.forall (%[[LANE:.+]], %{{.+}}) in (8, 32)
// CHECK: scf.for %{{.+}} = %{{.+}} to %c1024 step
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: %[[TZ:.+]] = gpu.thread_id z
// CHECK: %[[TX:.+]] = gpu.thread_id x
// CHECK: memref.store %{{.+}}, %[[SHARED]][%[[TZ]], %{{.+}}, %[[TX]]]
// CHECK: gpu.barrier
// CHECK: scf.for %[[S:.+]] = %{{.+}} to %c8{{.*}} step
// CHECK: memref.load %[[SHARED]][%[[TZ]], %[[S]], %[[TX]]]
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @colsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @colsum(%arg0: memref<1024x32xf32>, %arg1: memref<32xf32>) {
      %cst = arith.constant dense<0.000000e+00> : vector<1xf32>
      %0 = ub.poison : f32
      %c1 = arith.constant 1 : index
      %c1024 = arith.constant 1024 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg3) in (32) {
        %subview = memref.subview %arg1[%arg3] [1] [1] : memref<32xf32> to memref<1xf32, strided<[1], offset: ?>>
        vector.transfer_write %cst, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        scf.for %arg4 = %c0 to %c1024 step %c1 {
          %2 = vector.transfer_read %arg0[%arg4, %arg3], %0 {in_bounds = [true]} : memref<1024x32xf32>, vector<1xf32>
          %3 = vector.transfer_read %subview[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
          %4 = arith.addf %2, %3 : vector<1xf32>
          vector.transfer_write %4, %subview[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        }
      } {halc.reduction_lanes = 8 : i64, mapping = [#gpu.thread<x>]}
      return
    }
  }
}

// -----

// The root of a row chain: each thread's work is a loop over its row that
// reduces nothing (it reads a row's max from workgroup memory and writes
// each element once): its steps are spread over the lanes, neighbouring
// lanes on neighbouring elements, with no combining and no guard.
// CHECK-LABEL: func.func @row_root
// CHECK: scf.forall (%[[LANE:.+]], %[[ROW:.+]]) in (32, 8)
// CHECK-NOT: scf.if
// CHECK: %[[OFFSET:.+]] = arith.muli %[[LANE]], %c4
// CHECK: %[[START:.+]] = arith.addi %c0, %[[OFFSET]]
// CHECK: %[[STRIDE:.+]] = arith.muli %c4, %c32
// CHECK: scf.for %{{.+}} = %[[START]] to %c256 step %[[STRIDE]]
// CHECK: arith.subf
// CHECK: vector.transfer_write
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
#map = affine_map<()[s0, s1] -> (s0 + s1)>
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @row_root ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 2, 1])
  builtin.module {
    func.func @row_root(%arg0: memref<16x256xf32>, %arg1: memref<16x256xf32>) {
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      %max = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
      scf.forall (%arg2) = (0) to (16) step (8) {
        scf.forall (%arg3) in (8) {
          scf.for %arg4 = %c0 to %c256 step %c4 {
            %1 = affine.apply #map()[%arg2, %arg3]
            %2 = vector.transfer_read %arg0[%1, %arg4], %0 {in_bounds = [true, true]} : memref<16x256xf32>, vector<1x4xf32>
            %3 = vector.transfer_read %max[%arg3], %0 {in_bounds = [true, true], permutation_map = affine_map<(d0) -> (d0, 0)>} : memref<8xf32, #gpu.address_space<workgroup>>, vector<1x4xf32>
            %4 = arith.subf %2, %3 : vector<1x4xf32>
            vector.transfer_write %4, %arg1[%1, %arg4] {in_bounds = [true, true]} : vector<1x4xf32>, memref<16x256xf32>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      } {mapping = [#gpu.block<y>]}
      return
    }
  }
}

// -----

// A row sum with an epilogue (a fully connected layer's bias) that
// tile-and-distribute tiled as a second stage of the same threads: lane 0
// wrote each sum, so lane 0 alone adds the bias to it; the epilogue's
// forall gains the lanes like the reduction's.
// CHECK-LABEL: func.func @sum_then_bias
// CHECK: scf.forall (%{{.+}}, %{{.+}}) in (32, 8)
// CHECK: gpu.subgroup_reduce add
// CHECK: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK: scf.forall (%[[LANE:.+]], %{{.+}}) in (32, 8)
// CHECK: %[[LANE0:.+]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK-NEXT: scf.if %[[LANE0]] {
// CHECK: arith.addf
// CHECK: vector.transfer_write{{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NOT: halc.reduction_lanes
#map = affine_map<()[s0, s1] -> (s0 + s1)>
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @sum_then_bias ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 2, 1])
  builtin.module {
    func.func @sum_then_bias(%arg0: memref<16x256xf32>, %bias: memref<16xf32>, %arg1: memref<16xf32>) {
      %cst = arith.constant dense<0.0> : vector<1xf32>
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg2) = (0) to (16) step (8) {
        %subview = memref.subview %arg1[%arg2] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
        scf.forall (%arg3) in (8) {
          %subview_0 = memref.subview %subview[%arg3] [1] [1] : memref<8xf32, strided<[1], offset: ?>> to memref<1xf32, strided<[1], offset: ?>>
          vector.transfer_write %cst, %subview_0[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
          scf.for %arg4 = %c0 to %c256 step %c4 {
            %1 = affine.apply #map()[%arg2, %arg3]
            %2 = vector.transfer_read %arg0[%1, %arg4], %0 {in_bounds = [true, true]} : memref<16x256xf32>, vector<1x4xf32>
            %3 = vector.transfer_read %subview_0[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
            %4 = vector.multi_reduction <add>, %2, %3 [1] : vector<1x4xf32> to vector<1xf32>
            vector.transfer_write %4, %subview_0[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
        scf.forall (%arg3) in (8) {
          %subview_0 = memref.subview %subview[%arg3] [1] [1] : memref<8xf32, strided<[1], offset: ?>> to memref<1xf32, strided<[1], offset: ?>>
          %1 = affine.apply #map()[%arg2, %arg3]
          %2 = vector.transfer_read %bias[%1], %0 {in_bounds = [true]} : memref<16xf32>, vector<1xf32>
          %3 = vector.transfer_read %subview_0[%c0], %0 {in_bounds = [true]} : memref<1xf32, strided<[1], offset: ?>>, vector<1xf32>
          %4 = arith.addf %3, %2 : vector<1xf32>
          vector.transfer_write %4, %subview_0[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32, strided<[1], offset: ?>>
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      } {mapping = [#gpu.block<y>]}
      return
    }
  }
}

// -----

// A loop that reads what it writes (a reduction of a shape the pass does
// not know: its accumulator is a whole row, scaled in place) cannot be
// shared: an error, not a loop left to one lane.
#map = affine_map<()[s0, s1] -> (s0 + s1)>
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @in_place ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 2, 1])
  builtin.module {
    func.func @in_place(%arg0: memref<16x256xf32>) {
      %0 = ub.poison : f32
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg2) = (0) to (16) step (8) {
        // expected-error @+1 {{'scf.forall' op is shared among 32 reduction lanes, but a thread's work is neither a serial reduction nor a loop over a row}}
        scf.forall (%arg3) in (8) {
          scf.for %arg4 = %c0 to %c256 step %c4 {
            %1 = affine.apply #map()[%arg2, %arg3]
            %2 = vector.transfer_read %arg0[%1, %c0], %0 {in_bounds = [true, true]} : memref<16x256xf32>, vector<1x4xf32>
            %3 = arith.addf %2, %2 : vector<1x4xf32>
            vector.transfer_write %3, %arg0[%1, %arg4] {in_bounds = [true, true]} : vector<1x4xf32>, memref<16x256xf32>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      } {mapping = [#gpu.block<y>]}
      return
    }
  }
}

// -----

// An f16 sum of squares whose step is a contraction: its operands are
// extended and it accumulates in f32.
// CHECK-LABEL: func.func @sum_of_squares_f16
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<1xf32>
// CHECK: scf.for
// CHECK: %[[PREV:.+]] = vector.transfer_read %[[ACC]]{{.*}} : memref<1xf32>, vector<1xf32>
// CHECK: %[[L:.+]] = arith.extf %{{.+}} : vector<1x4xf16> to vector<1x4xf32>
// CHECK: %[[R:.+]] = arith.extf %{{.+}} : vector<1x4xf16> to vector<1x4xf32>
// CHECK: %[[SUM:.+]] = vector.contract {{.*}} %[[L]], %[[R]], %[[PREV]] : vector<1x4xf32>, vector<1x4xf32> into vector<1xf32>
// CHECK: vector.transfer_write %[[SUM]], %[[ACC]]
// CHECK: gpu.subgroup_reduce add %{{.+}} : (f32) -> f32
#map = affine_map<()[s0, s1] -> (s0 + s1)>
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @sum_of_squares_f16 ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1]) workgroup_count([1, 2, 1])
  builtin.module {
    func.func @sum_of_squares_f16(%arg0: memref<16x256xf16>, %arg1: memref<16xf16>) {
      %cst = arith.constant dense<0.0> : vector<1xf16>
      %0 = ub.poison : f16
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg2) = (0) to (16) step (8) {
        %subview = memref.subview %arg1[%arg2] [8] [1] : memref<16xf16> to memref<8xf16, strided<[1], offset: ?>>
        scf.forall (%arg3) in (8) {
          %subview_0 = memref.subview %subview[%arg3] [1] [1] : memref<8xf16, strided<[1], offset: ?>> to memref<1xf16, strided<[1], offset: ?>>
          vector.transfer_write %cst, %subview_0[%c0] {in_bounds = [true]} : vector<1xf16>, memref<1xf16, strided<[1], offset: ?>>
          scf.for %arg4 = %c0 to %c256 step %c4 {
            %1 = affine.apply #map()[%arg2, %arg3]
            %2 = vector.transfer_read %arg0[%1, %arg4], %0 {in_bounds = [true, true]} : memref<16x256xf16>, vector<1x4xf16>
            %3 = vector.transfer_read %subview_0[%c0], %0 {in_bounds = [true]} : memref<1xf16, strided<[1], offset: ?>>, vector<1xf16>
            %4 = vector.contract {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %2, %2, %3 : vector<1x4xf16>, vector<1x4xf16> into vector<1xf16>
            vector.transfer_write %4, %subview_0[%c0] {in_bounds = [true]} : vector<1xf16>, memref<1xf16, strided<[1], offset: ?>>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
      } {mapping = [#gpu.block<y>]}
      return
    }
  }
}

// -----

// A column of several rows a thread (a contraction of few rows,
// halc-reduce-few-rows): each lane of y keeps a private vector of partial
// sums over its share of K; the lanes meet in workgroup memory, an element
// a plane whose threads along x are neighbours, and lane 0 folds the slots
// as vectors and adds the column's initial value. The lane's loop is
// marked for the target's compiler to unroll four steps at a time.
// CHECK-LABEL: func.func @rows_2
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<1x32x2x32xf32, #gpu.address_space<workgroup>>
// CHECK: scf.forall (%[[LANE:.+]], %{{.+}}, %{{.+}}) = (0, 0, 0) to (32, 2, 32) step (1, 2, 1)
// CHECK: %[[PRIVATE:.+]] = memref.alloca() : memref<2x1xf32>
// CHECK: scf.for
// CHECK: vector.contract
// CHECK-SAME: into vector<2x1xf32>
// CHECK: vector.transfer_write %{{.+}}, %[[PRIVATE]]
// CHECK: } {halc.unroll = 4 : i64}
// CHECK: %[[PARTIAL:.+]] = vector.transfer_read %[[PRIVATE]]
// CHECK: %[[FLAT:.+]] = vector.shape_cast %[[PARTIAL]] : vector<2x1xf32> to vector<2xf32>
// CHECK: vector.extract %[[FLAT]][0]
// CHECK: memref.store %{{.+}}, %[[SHARED]]
// CHECK: vector.extract %[[FLAT]][1]
// CHECK: memref.store %{{.+}}, %[[SHARED]]
// CHECK: gpu.barrier
// CHECK: scf.for {{.+}} -> (vector<2x1xf32>)
// CHECK: vector.from_elements %{{.+}}, %{{.+}} : vector<2x1xf32>
// CHECK: arith.addf %{{.+}} : vector<2x1xf32>
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<z>, #gpu.thread<x>]}
#map = affine_map<(d0, d1) -> (d0, d1, 0)>
#map1 = affine_map<()[s0, s1] -> (s0 + s1)>
#map2 = affine_map<(d0, d1) -> (0, d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features =  fp16|int8|int16|int64|fp64|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4], unrolls_marked_loops>) {
  halc.export @rows_2 ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([32, 32, 1]) workgroup_count([4, 1, 1])
  builtin.module {
    func.func @rows_2(%arg0: memref<2x256xf32>, %arg1: memref<256x128xf32>, %arg2: memref<2x128xf32>) {
      %cst = arith.constant dense<0.000000e+00> : vector<2x1xf32>
      %0 = ub.poison : f32
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %c0 = arith.constant 0 : index
      scf.forall (%arg3, %arg4) = (0, 0) to (2, 128) step (2, 32) {
        %subview = memref.subview %arg2[0, %arg4] [2, 32] [1, 1] : memref<2x128xf32> to memref<2x32xf32, strided<[128, 1], offset: ?>>
        scf.forall (%arg5, %arg6) = (0, 0) to (2, 32) step (2, 1) {
          %subview_0 = memref.subview %subview[0, %arg6] [2, 1] [1, 1] : memref<2x32xf32, strided<[128, 1], offset: ?>> to memref<2x1xf32, strided<[128, 1], offset: ?>>
          vector.transfer_write %cst, %subview_0[%c0, %c0] {in_bounds = [true, true]} : vector<2x1xf32>, memref<2x1xf32, strided<[128, 1], offset: ?>>
          scf.for %arg7 = %c0 to %c256 step %c1 {
            %1 = vector.transfer_read %arg0[%c0, %arg7], %0 {in_bounds = [true, true, true], permutation_map = #map} : memref<2x256xf32>, vector<2x1x1xf32>
            %2 = affine.apply #map1()[%arg4, %arg6]
            %3 = vector.transfer_read %arg1[%arg7, %2], %0 {in_bounds = [true, true, true], permutation_map = #map2} : memref<256x128xf32>, vector<2x1x1xf32>
            %4 = vector.transfer_read %subview_0[%c0, %c0], %0 {in_bounds = [true, true]} : memref<2x1xf32, strided<[128, 1], offset: ?>>, vector<2x1xf32>
            %5 = vector.contract {indexing_maps = [#map3, #map3, #map4], iterator_types = ["parallel", "reduction", "parallel"], kind = #vector.kind<add>} %1, %3, %4 : vector<2x1x1xf32>, vector<2x1x1xf32> into vector<2x1xf32>
            vector.transfer_write %5, %subview_0[%c0, %c0] {in_bounds = [true, true]} : vector<2x1xf32>, memref<2x1xf32, strided<[128, 1], offset: ?>>
          }
        } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<z>, #gpu.thread<x>]}
      } {mapping = [#gpu.block<z>, #gpu.block<x>]}
      return
    }
  }
}
