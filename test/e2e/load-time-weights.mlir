// Constant weights through the graph rewrites and the plan's load-time
// dispatches, vs. the CPU reference: a convolution followed by an
// inference batch norm and a ReLU (the norm's scale folded into the
// weights, computed once when the module loads), the same after a grouped
// convolution (read through a collapse), a matmul whose columns a
// constant layer scale and shift (folded the same way), f32 weights
// cast to f16 once at load, and patch embeddings (stride = kernel:
// a transpose and a matmul), f32 and f16, with a bias.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-run %t.halm --function=conv_batch_norm_relu_2x3x9x9 --input=2x3x9x9xf32=0.5 --benchmark=2 | FileCheck %s --check-prefix=TIMES
// The scaled weights and the norm's shift are computed once, at load; a
// call runs the convolution alone.
// TIMES: dispatch 0 @conv_batch_norm_relu_2x3x9x9_dispatch_0: once, when the module loads
// TIMES-NEXT: dispatch 1 @conv_batch_norm_relu_2x3x9x9_dispatch_1: once, when the module loads
// TIMES-NEXT: dispatch 2 @conv_batch_norm_relu_2x3x9x9_dispatch_2: median
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @conv_batch_norm_relu_2x3x9x9: result[0] vs cpu: matches
// CHECK: @grouped_conv_batch_norm_1x4x6x6: result[0] vs cpu: matches
// CHECK: @matmul_layer_scale_5x24x10: result[0] vs cpu: matches
// CHECK: @matmul_f16_constant_cast_5x24x10: result[0] vs cpu: matches
// CHECK: @patches_2x3x8x12_k4: result[0] vs cpu: matches
// CHECK: @patches_f16_1x3x8x8_k4: result[0] vs cpu: matches
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>
#rows = affine_map<(d0, d1) -> (d0, d1)>
#columns = affine_map<(d0, d1) -> (d1)>
func.func @conv_batch_norm_relu_2x3x9x9(%x: tensor<2x3x9x9xf32>) -> tensor<2x6x7x7xf32> {
  %w = arith.constant dense<[[[[0.0004, 0.0896, -0.0822], [-0.2672, -0.1364, -0.2975], [0.0180, 0.4021, -0.1477]], [[-0.1861, 0.1470, 0.1071], [0.0316, -0.2791, -0.0088], [0.2086, -0.4033, -0.1373]], [[-0.5704, -0.3869, -0.5525], [-0.0705, -0.3802, 0.0814], [0.0470, -0.0561, -0.7550]]], [[[-0.1616, -0.0146, 0.0340], [-0.4590, -0.1433, -0.2936], [-0.2427, 0.3183, -0.2423]], [[-0.0098, 0.2653, -0.1751], [-0.0335, 0.0331, 0.0191], [-0.3675, 0.0228, 0.4076]], [[-0.4641, 0.2578, 0.0358], [-0.1924, 0.6001, 0.2287], [-0.3598, 0.0224, 0.1730]]], [[[-0.0566, 0.2049, -0.0200], [0.2002, 0.4316, -0.2027], [0.0609, -0.1390, 0.0382]], [[-0.3562, -0.1738, -0.0589], [0.2696, 0.3436, -0.3971], [-0.2384, 0.1941, -0.5977]], [[-0.1390, -0.0292, 0.3771], [0.2068, -0.0982, -0.1106], [-0.0751, 0.4571, -0.1284]]], [[[-0.0911, 0.1058, -0.0362], [-0.0592, -0.3342, -0.0035], [-0.1331, 0.3498, 0.1959]], [[-0.0072, 0.2005, -0.1020], [0.3156, -0.0016, 0.1750], [-0.3873, 0.1040, -0.5065]], [[-0.6106, -0.0913, -0.2700], [0.0492, 0.6734, -0.2495], [-0.1872, 0.0616, 0.1479]]], [[[-0.0529, -0.0618, 0.2107], [0.1560, -0.3101, -0.0238], [0.0106, -0.3163, 0.0780]], [[-0.2574, 0.2916, 0.0578], [0.0268, -0.1773, -0.0356], [-0.5993, -0.3394, 0.1089]], [[-0.6386, 0.2540, -0.5238], [0.2270, -0.2536, 0.2337], [0.0393, -0.4611, 0.3747]]], [[[0.4325, -0.0197, -0.0822], [-0.0480, -0.2925, 0.3296], [-0.1629, -0.0154, -0.2380]], [[-0.1878, -0.3833, 0.3771], [-0.0462, 0.2898, 0.0040], [-0.2083, -0.0980, -0.1681]], [[0.0024, -0.1126, -0.0900], [-0.4136, -0.2421, 0.4962], [-0.2014, -0.3162, 0.1012]]]]> : tensor<6x3x3x3xf32>
  %scale = arith.constant dense<[0.9792, 1.0947, 1.1593, 0.8067, 1.4614, 0.9658]> : tensor<6xf32>
  %bias = arith.constant dense<[-0.0023, 0.0071, -0.0752, 0.0455, -0.0539, -0.0143]> : tensor<6xf32>
  %mean = arith.constant dense<[-0.1108, -0.1216, 0.1336, -0.0507, 0.0292, -0.0034]> : tensor<6xf32>
  %var = arith.constant dense<[1.0233, 1.4156, 0.5467, 0.5303, 0.5202, 0.7528]> : tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %empty = tensor.empty() : tensor<2x6x7x7xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x6x7x7xf32>) -> tensor<2x6x7x7xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x9x9xf32>, tensor<6x3x3x3xf32>) outs(%zeros : tensor<2x6x7x7xf32>) -> tensor<2x6x7x7xf32>
  %norm = linalg.generic {indexing_maps = [#map, #channel, #channel, #channel, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %scale, %bias, %mean, %var : tensor<2x6x7x7xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) outs(%empty : tensor<2x6x7x7xf32>) {
  ^bb0(%v: f32, %s: f32, %b: f32, %m: f32, %var_: f32, %out: f32):
    %0 = arith.addf %var_, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.mulf %s, %1 : f32
    %3 = arith.subf %v, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.addf %4, %b : f32
    linalg.yield %5 : f32
  } -> tensor<2x6x7x7xf32>
  %relu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%norm : tensor<2x6x7x7xf32>) outs(%empty : tensor<2x6x7x7xf32>) {
  ^bb0(%v: f32, %out: f32):
    %0 = arith.maximumf %v, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<2x6x7x7xf32>
  return %relu : tensor<2x6x7x7xf32>
}
func.func @grouped_conv_batch_norm_1x4x6x6(%x: tensor<1x4x6x6xf32>) -> tensor<1x6x4x4xf32> {
  %w = arith.constant dense<[[[[[0.0103, 0.4079, 0.3674], [-0.1531, -0.0894, -0.1582], [0.1709, -0.0168, 0.2241]], [[-0.5542, 0.4700, -0.0289], [0.2041, -0.0410, -0.1137], [0.1389, 0.2474, -0.0608]]], [[[-0.0458, 0.2057, -0.2611], [-0.4543, 0.1185, -0.2012], [-0.5761, -0.2442, -0.1403]], [[-0.3580, -0.4477, 0.0110], [0.2692, -0.0699, -0.2231], [0.1155, 0.2152, -0.0900]]], [[[0.1634, 0.3129, -0.0621], [-0.2441, 0.1043, 0.0743], [0.3296, -0.3854, -0.1985]], [[-0.2515, -0.5202, 0.0379], [0.1583, -0.2216, 0.4157], [0.2466, 0.1882, 0.1205]]]], [[[[0.2867, -0.3996, 0.1842], [0.1808, -0.5303, 0.1041], [-0.0751, 0.2345, -0.1317]], [[-0.0055, 0.1029, -0.2629], [0.1796, -0.0315, 0.1477], [-0.1566, 0.3259, 0.1816]]], [[[-0.0534, 0.1896, 0.3779], [0.5374, -0.4721, 0.2649], [0.1395, -0.0282, -0.3020]], [[0.3772, -0.3785, 0.1701], [0.3906, -0.4799, -0.0908], [-0.3928, 0.0732, 0.4543]]], [[[0.6071, -0.5334, -0.1725], [0.2111, 0.4738, 0.1264], [-0.2238, 0.0891, -0.0050]], [[-0.0611, -0.2203, 0.1162], [0.0924, -0.0279, -0.0665], [-0.3855, -0.1459, 0.3619]]]]]> : tensor<2x3x2x3x3xf32>
  %scale = arith.constant dense<[0.6440, 0.7443, 0.8572, 0.5609, 1.3704, 1.1364]> : tensor<6xf32>
  %shift = arith.constant dense<[-0.0461, -0.1448, 0.1324, 0.2570, -0.0821, -0.0647]> : tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %groups = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : tensor<1x4x6x6xf32> into tensor<1x2x2x6x6xf32>
  %empty = tensor.empty() : tensor<1x2x3x4x4xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %conv = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%groups, %w : tensor<1x2x2x6x6xf32>, tensor<2x3x2x3x3xf32>) outs(%zeros : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %collapsed = tensor.collapse_shape %conv [[0], [1, 2], [3], [4]] : tensor<1x2x3x4x4xf32> into tensor<1x6x4x4xf32>
  %out = tensor.empty() : tensor<1x6x4x4xf32>
  %y = linalg.generic {indexing_maps = [#map, #channel, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%collapsed, %scale, %shift : tensor<1x6x4x4xf32>, tensor<6xf32>, tensor<6xf32>) outs(%out : tensor<1x6x4x4xf32>) {
  ^bb0(%v: f32, %s: f32, %b: f32, %o: f32):
    %0 = arith.mulf %v, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x6x4x4xf32>
  return %y : tensor<1x6x4x4xf32>
}
func.func @matmul_layer_scale_5x24x10(%a: tensor<5x24xf32>) -> tensor<5x10xf32> {
  %w = arith.constant dense<[[0.3530, 0.2042, 0.1148, -0.1691, -0.4146, 0.2849, 0.2899, -0.0422, 0.1626, 0.2344], [0.2494, 0.2764, -0.1367, 0.4545, -0.3740, 0.2585, 0.1482, 0.2621, 0.5637, 0.4453], [-0.3436, -0.5066, 0.2451, -0.3045, -0.0037, 0.2519, -0.4931, -0.6330, 0.0778, 0.0133], [-0.0737, 0.0116, -0.2582, -0.4540, -0.0500, -0.2915, -0.4930, 0.1517, -0.0184, 0.1220], [-0.2968, -0.1974, -0.2997, -0.2660, 0.0586, -0.2349, 0.1068, 0.1019, 0.6075, -0.4178], [0.2664, -0.0268, -0.0042, -0.4350, -0.1381, 0.2230, -0.0247, 0.0243, -0.0872, 0.3464], [-0.0064, -0.6601, -0.2076, -0.5906, -0.9754, -0.1590, 0.4001, 0.0141, -0.3518, -0.2822], [0.3392, 0.0473, 0.0144, -0.0160, 0.0115, 0.2416, 0.1658, 0.0647, -0.3129, 0.1533], [-0.2053, 0.3282, -0.3813, -0.0413, -0.0022, -0.3974, 0.5166, 0.4381, -0.1391, 0.2315], [0.1136, -0.7841, 0.0751, -0.0184, 0.0250, -0.3231, -0.0808, -0.0535, 0.3564, 0.1003], [-0.0017, 0.4587, -0.1666, -0.1168, -0.5450, 0.4707, 0.2893, 0.2751, 0.2007, 0.0330], [0.0646, -0.0756, -0.0611, 0.0163, 0.4535, 0.1667, -0.0175, -0.1738, -0.1905, 0.4808], [0.1520, 0.0203, -0.1039, -0.3327, -0.0201, 0.2621, -0.1178, -0.0682, -0.0663, 0.0329], [-0.4779, -0.0706, -0.2563, 0.2654, -0.2312, 0.1731, 0.4573, -0.0941, -0.1805, 0.0574], [-0.0006, -0.2981, 0.1383, 0.6047, -0.0774, -0.0609, -0.3135, 0.0957, -0.3741, -0.3321], [0.3839, -0.2716, 0.3244, 0.4573, 0.0778, 0.1660, 0.5857, -0.0590, -0.1779, -0.4060], [0.0125, 0.4437, 0.2879, -0.2826, -0.2566, -0.1513, 0.0877, -0.0616, 0.0643, 0.0890], [-0.0896, -0.0121, 0.0620, -0.0252, 0.1511, 0.5613, 0.1776, 0.0167, -0.5058, 0.1164], [-0.5840, -0.4227, 0.2564, 0.2119, -0.0450, -0.5130, -0.1114, -0.2036, 0.1911, 0.6773], [0.0651, -0.2338, -0.3512, -0.0168, -0.0530, -0.3455, 0.0349, -0.3453, 0.3336, 0.3188], [0.3254, -0.1422, 0.1544, -0.0396, -0.1166, -0.1017, -0.3899, -0.4332, 0.2383, -0.0574], [0.0649, 0.3005, -0.5199, -0.2352, 0.0526, 0.1176, -0.1131, 0.3088, 0.0631, -0.3640], [-0.2792, 0.2416, 0.1391, -0.5697, 0.4043, 0.1794, 0.4030, -0.1151, -0.0887, -0.3379], [0.7611, -0.0526, 0.4763, -0.1942, 0.0492, -0.5014, -0.1149, 0.2951, -0.3755, 0.3217]]> : tensor<24x10xf32>
  %gamma = arith.constant dense<[1.0581, 1.4321, 0.5396, 0.9528, 1.1311, 1.0507, 0.5742, 1.0932, 0.7222, 0.6955]> : tensor<10xf32>
  %beta = arith.constant dense<[-0.0048, 0.0883, -0.1529, 0.0004, -0.0650, -0.0977, 0.0853, -0.0518, 0.1498, -0.0780]> : tensor<10xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<5x10xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<5x10xf32>) -> tensor<5x10xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<5x24xf32>, tensor<24x10xf32>) outs(%zeros : tensor<5x10xf32>) -> tensor<5x10xf32>
  %y = linalg.generic {indexing_maps = [#rows, #columns, #columns, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %gamma, %beta : tensor<5x10xf32>, tensor<10xf32>, tensor<10xf32>) outs(%empty : tensor<5x10xf32>) {
  ^bb0(%v: f32, %g: f32, %b: f32, %out: f32):
    %0 = arith.divf %v, %g : f32
    %1 = arith.subf %b, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<5x10xf32>
  return %y : tensor<5x10xf32>
}
func.func @matmul_f16_constant_cast_5x24x10(%a: tensor<5x24xf16>) -> tensor<5x10xf16> {
  %w = arith.constant dense<[[0.3530, 0.2042, 0.1148, -0.1691, -0.4146, 0.2849, 0.2899, -0.0422, 0.1626, 0.2344], [0.2494, 0.2764, -0.1367, 0.4545, -0.3740, 0.2585, 0.1482, 0.2621, 0.5637, 0.4453], [-0.3436, -0.5066, 0.2451, -0.3045, -0.0037, 0.2519, -0.4931, -0.6330, 0.0778, 0.0133], [-0.0737, 0.0116, -0.2582, -0.4540, -0.0500, -0.2915, -0.4930, 0.1517, -0.0184, 0.1220], [-0.2968, -0.1974, -0.2997, -0.2660, 0.0586, -0.2349, 0.1068, 0.1019, 0.6075, -0.4178], [0.2664, -0.0268, -0.0042, -0.4350, -0.1381, 0.2230, -0.0247, 0.0243, -0.0872, 0.3464], [-0.0064, -0.6601, -0.2076, -0.5906, -0.9754, -0.1590, 0.4001, 0.0141, -0.3518, -0.2822], [0.3392, 0.0473, 0.0144, -0.0160, 0.0115, 0.2416, 0.1658, 0.0647, -0.3129, 0.1533], [-0.2053, 0.3282, -0.3813, -0.0413, -0.0022, -0.3974, 0.5166, 0.4381, -0.1391, 0.2315], [0.1136, -0.7841, 0.0751, -0.0184, 0.0250, -0.3231, -0.0808, -0.0535, 0.3564, 0.1003], [-0.0017, 0.4587, -0.1666, -0.1168, -0.5450, 0.4707, 0.2893, 0.2751, 0.2007, 0.0330], [0.0646, -0.0756, -0.0611, 0.0163, 0.4535, 0.1667, -0.0175, -0.1738, -0.1905, 0.4808], [0.1520, 0.0203, -0.1039, -0.3327, -0.0201, 0.2621, -0.1178, -0.0682, -0.0663, 0.0329], [-0.4779, -0.0706, -0.2563, 0.2654, -0.2312, 0.1731, 0.4573, -0.0941, -0.1805, 0.0574], [-0.0006, -0.2981, 0.1383, 0.6047, -0.0774, -0.0609, -0.3135, 0.0957, -0.3741, -0.3321], [0.3839, -0.2716, 0.3244, 0.4573, 0.0778, 0.1660, 0.5857, -0.0590, -0.1779, -0.4060], [0.0125, 0.4437, 0.2879, -0.2826, -0.2566, -0.1513, 0.0877, -0.0616, 0.0643, 0.0890], [-0.0896, -0.0121, 0.0620, -0.0252, 0.1511, 0.5613, 0.1776, 0.0167, -0.5058, 0.1164], [-0.5840, -0.4227, 0.2564, 0.2119, -0.0450, -0.5130, -0.1114, -0.2036, 0.1911, 0.6773], [0.0651, -0.2338, -0.3512, -0.0168, -0.0530, -0.3455, 0.0349, -0.3453, 0.3336, 0.3188], [0.3254, -0.1422, 0.1544, -0.0396, -0.1166, -0.1017, -0.3899, -0.4332, 0.2383, -0.0574], [0.0649, 0.3005, -0.5199, -0.2352, 0.0526, 0.1176, -0.1131, 0.3088, 0.0631, -0.3640], [-0.2792, 0.2416, 0.1391, -0.5697, 0.4043, 0.1794, 0.4030, -0.1151, -0.0887, -0.3379], [0.7611, -0.0526, 0.4763, -0.1942, 0.0492, -0.5014, -0.1149, 0.2951, -0.3755, 0.3217]]> : tensor<24x10xf32>
  %zero = arith.constant 0.0 : f16
  %we = tensor.empty() : tensor<24x10xf16>
  %w16 = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<24x10xf32>) outs(%we : tensor<24x10xf16>) {
  ^bb0(%v: f32, %out: f16):
    %0 = arith.truncf %v : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<24x10xf16>
  %empty = tensor.empty() : tensor<5x10xf16>
  %zeros = linalg.fill ins(%zero : f16) outs(%empty : tensor<5x10xf16>) -> tensor<5x10xf16>
  %mm = linalg.matmul ins(%a, %w16 : tensor<5x24xf16>, tensor<24x10xf16>) outs(%zeros : tensor<5x10xf16>) -> tensor<5x10xf16>
  return %mm : tensor<5x10xf16>
}
func.func @patches_2x3x8x12_k4(%x: tensor<2x3x8x12xf32>, %w: tensor<5x3x4x4xf32>, %b: tensor<5xf32>) -> tensor<2x5x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x5x2x3xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x5x2x3xf32>) -> tensor<2x5x2x3xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x8x12xf32>, tensor<5x3x4x4xf32>) outs(%zeros : tensor<2x5x2x3xf32>) -> tensor<2x5x2x3xf32>
  %y = linalg.generic {indexing_maps = [#map, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : tensor<2x5x2x3xf32>, tensor<5xf32>) outs(%empty : tensor<2x5x2x3xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %0 = arith.addf %v, %bias : f32
    linalg.yield %0 : f32
  } -> tensor<2x5x2x3xf32>
  return %y : tensor<2x5x2x3xf32>
}
func.func @patches_f16_1x3x8x8_k4(%x: tensor<1x3x8x8xf16>, %w: tensor<8x3x4x4xf16>) -> tensor<1x8x2x2xf16> {
  %zero = arith.constant 0.0 : f16
  %empty = tensor.empty() : tensor<1x8x2x2xf16>
  %zeros = linalg.fill ins(%zero : f16) outs(%empty : tensor<1x8x2x2xf16>) -> tensor<1x8x2x2xf16>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x8x8xf16>, tensor<8x3x4x4xf16>) outs(%zeros : tensor<1x8x2x2xf16>) -> tensor<1x8x2x2xf16>
  return %conv : tensor<1x8x2x2xf16>
}
