"""halc.runtime: loads a module halc-compile wrote and calls its functions
on NumPy arrays.

    module = halc.runtime.load_module(module_bytes_or_path, device="vulkan")
    c = module.matmul(a, b)                  # a NumPy array (a tuple: several)
    timing = module.matmul.benchmark(a, b, repetitions=20)
    timing.median_ms                         # the dispatches' medians, summed

Arguments with names (an ONNX model's inputs) can be given by keyword:
`module.torch_jit(input=x)`, or `module.torch_jit(**{"input.1": x})`;
`Function.argument_names` and `result_names` list them. A module whose
weights were kept apart (`--onnx-externalize-params`, or a model exported
without them) loads with `parameters=`: a safetensors file's path, or a
mapping of names to arrays (a state dict's tensors as NumPy arrays).

Arguments are converted to the element type the function takes where NumPy
casts within a kind (Python floats to f32, ints to i32); other dtypes raise
TypeError. Dynamic dimensions take the arrays' shapes; a scalar argument
takes a Python number. bf16 has no NumPy type: bf16 arguments take float
arrays (rounded to the nearest bf16) and bf16 results come back as float32.
i1 is NumPy's bool.
"""
import os

import numpy as np

from . import _runtime

__all__ = ["Error", "Function", "Module", "Timing", "driver_names",
           "load_module", "load_parameters"]

Error = _runtime.Error
driver_names = _runtime.driver_names

_DTYPES = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "i1": np.bool_, "bf16": np.uint16,
}


def _to_bf16_bits(values):
    """float32 values rounded to the nearest bf16 (ties to even), as bits."""
    floats = np.asarray(values, np.float32)
    bits = floats.view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1))) >> 16
    rounded = np.where(np.isnan(floats), np.uint32(0x7FC0), rounded)
    return rounded.astype(np.uint16)


def _from_bf16_bits(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


class Timing:
    """GPU times of a function's dispatches over several runs."""

    def __init__(self, dispatch_ms):
        #: One list per dispatch: its time in ms in each run.
        self.dispatch_ms = dispatch_ms

    @property
    def median_ms(self):
        """The sum of the dispatches' median times."""
        return float(sum(np.median(times) for times in self.dispatch_ms))

    def __repr__(self):
        return "Timing(median_ms=%.4f, dispatches=%d, runs=%d)" % (
            self.median_ms, len(self.dispatch_ms),
            len(self.dispatch_ms[0]) if self.dispatch_ms else 0)


class Function:
    """A function of a loaded module, called with NumPy arrays."""

    def __init__(self, module, name):
        self._module = module
        self.name = name
        arguments, results, argument_names, result_names = (
            module._module.signature(name))
        #: (element type, shape with -1 for dynamic dimensions, scalar)
        self.arguments = arguments
        self.results = results
        #: Each argument's and result's name ("" where unnamed).
        self.argument_names = argument_names
        self.result_names = result_names

    def _bind(self, args, kwargs):
        """The arguments in order: `args` first, then `kwargs` by name."""
        if len(args) > len(self.arguments) or (
                not kwargs and len(args) != len(self.arguments)):
            raise TypeError("@%s takes %d arguments; %d given" %
                            (self.name, len(self.arguments), len(args)))
        bound = list(args) + [None] * (len(self.arguments) - len(args))
        given = [True] * len(args) + [False] * (len(self.arguments) -
                                                 len(args))
        for name, value in kwargs.items():
            if not name or name not in self.argument_names:
                raise TypeError("@%s has no argument named %r; it has %s" % (
                    self.name, name,
                    ", ".join(n for n in self.argument_names if n) or
                    "no names"))
            index = self.argument_names.index(name)
            if given[index]:
                raise TypeError("@%s got argument %r twice" % (self.name,
                                                                name))
            bound[index], given[index] = value, True
        missing = [self.argument_names[i] or str(i)
                   for i, known in enumerate(given) if not known]
        if missing:
            raise TypeError("@%s is missing argument(s) %s" %
                            (self.name, ", ".join(missing)))
        return bound

    def _argument(self, index, value):
        element, shape, scalar = self.arguments[index]
        dtype = np.float32 if element == "bf16" else _DTYPES[element]
        array = np.asarray(value)
        if array.dtype != dtype and not np.can_cast(array.dtype, dtype,
                                                    casting="same_kind"):
            raise TypeError("argument %d of @%s is %s; got %s" %
                            (index, self.name, element, array.dtype))
        if scalar and array.ndim != 0:
            raise TypeError("argument %d of @%s is a scalar %s" %
                            (index, self.name, element))
        array = np.asarray(array, dtype, order="C")
        if element == "bf16":
            array = _to_bf16_bits(array)
        return array

    def _run(self, args, repetitions, timed):
        arrays = [self._argument(i, arg) for i, arg in enumerate(args)]
        data, types, times = self._module._module.call(
            self._module._device, self.name,
            [array.reshape(-1).view(np.uint8) for array in arrays],
            [list(array.shape) for array in arrays], repetitions, timed)
        results = []
        for raw, (element, shape, _) in zip(data, types):
            array = raw.view(_DTYPES[element]).reshape(shape)
            results.append(_from_bf16_bits(array) if element == "bf16"
                           else array)
        return results, times

    def __call__(self, *args, **kwargs):
        """Runs the function once (named arguments by keyword); its result,
        or a tuple of them."""
        results, _ = self._run(self._bind(args, kwargs), 1, False)
        return results[0] if len(results) == 1 else tuple(results)

    def benchmark(self, *args, repetitions=10, **kwargs):
        """Runs the function `repetitions` times; the GPU time of each
        dispatch in each run."""
        _, times = self._run(self._bind(args, kwargs), repetitions, True)
        count = max(repetitions, 1)
        return Timing([times[d * count:(d + 1) * count]
                       for d in range(len(times) // count)])

    def __repr__(self):
        return "<halc function @%s>" % self.name


class Module:
    """A loaded module on a device: its functions are its attributes."""

    def __init__(self, module, device):
        self._module = module
        self._device = device
        self._functions = {name: Function(self, name)
                           for name in module.functions}

    @property
    def device_name(self):
        return self._device.name

    @property
    def functions(self):
        """The names of the module's functions."""
        return list(self._functions)

    def __getitem__(self, name):
        try:
            return self._functions[name]
        except KeyError:
            raise KeyError("the module has no function @%s; it has %s" %
                           (name, ", ".join(self._functions))) from None

    def __getattr__(self, name):
        functions = self.__dict__.get("_functions", {})
        if name in functions:
            return functions[name]
        raise AttributeError("the module has no function @%s" % name)

    def __dir__(self):
        return list(super().__dir__()) + list(self._functions)


def load_parameters(parameters):
    """Parameters a module binds by name when it loads: from a safetensors
    file's path, or a mapping of names to arrays (each one's bytes as they
    are: the dtype must be the module's)."""
    if isinstance(parameters, _runtime.Parameters):
        return parameters
    if isinstance(parameters, (str, os.PathLike)):
        return _runtime.Parameters.load_file(os.fspath(parameters))
    loaded = _runtime.Parameters()
    for name, array in parameters.items():
        array = np.ascontiguousarray(array)
        loaded.add(name, array.reshape(-1).view(np.uint8))
    return loaded


def load_module(module, device="vulkan", parameters=None):
    """Loads and verifies a module (the bytes halc.compiler returned, or the
    path of a module file) and opens a device of `device` ("vulkan",
    "cuda", "hip") for it; `parameters` (see load_parameters) are the
    weights it reads by name, if it was compiled without them."""
    bound = None if parameters is None else load_parameters(parameters)
    if isinstance(module, (bytes, bytearray, memoryview)):
        loaded = _runtime.Module.load(bytes(module), bound)
    else:
        loaded = _runtime.Module.load_file(os.fspath(module), bound)
    return Module(loaded, _runtime.Device(device))
