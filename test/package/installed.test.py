# Run by installed.test with PYTHONPATH at the installed package: compiles
# the example with the installed halc-compile and runs it on NumPy arrays.
import sys

import numpy as np

import halc

module = halc.runtime.load_module(halc.compiler.compile_file(
    sys.argv[1], extra_args=["--iree-vulkan-target=lavapipe"]))
rng = np.random.default_rng(1)
lhs = rng.standard_normal((128, 256), dtype=np.float32)
rhs = rng.standard_normal((256, 96), dtype=np.float32)
bias = rng.standard_normal(96, dtype=np.float32)
result = module.matmul_bias_relu(lhs, rhs, bias)
error = np.abs(result - np.maximum(lhs @ rhs + bias, 0)).max()
assert error < 1e-3, error
print("halc from %s: %s %s, largest error %g" % (
    halc.__file__, "x".join(map(str, result.shape)), result.dtype, error))
