"""halc from Python: compile MLIR for GPUs ahead of time (halc.compiler) and
run the modules it writes with NumPy arrays (halc.runtime).

    import halc
    module = halc.runtime.load_module(halc.compiler.compile_str(source))
    result = module.matmul(a, b)
"""
from . import compiler, runtime

__all__ = ["compiler", "runtime"]
