// simd/simd.h - SPIRV-Cross includes it; the vector types it names are
// metal_stdlib's.
#include <metal_stdlib>
