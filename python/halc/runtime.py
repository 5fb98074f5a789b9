"""halc.runtime: loads a module halc-compile wrote on a GPU once and calls
its functions, on NumPy arrays or on arrays kept on the device.

    module = halc.runtime.load_module(module_bytes_or_path, device="vulkan")
    c = module.matmul(a, b)                  # NumPy in, NumPy out
    x = module.device.array(a)               # a DeviceArray
    y = module.matmul(x, module.device.array(b))   # DeviceArrays out, at once
    z = module.relu(y)                       # y feeds the next call on the GPU
    z.to_host()                              # waits, and copies
    call = module.matmul.submit(x, x2)       # an Invocation: .results, .wait()
    timing = module.matmul.benchmark(a, b, repetitions=20)
    timing.median_ms                         # the dispatches' medians, summed

A call whose arguments include a DeviceArray returns DeviceArrays as soon
as it is submitted; calls on a device run in the order they were made.
Arguments with names (an ONNX model's inputs) can be given by keyword:
`module.torch_jit(input=x)`, or `module.torch_jit(**{"input.1": x})`;
`Function.argument_names` and `result_names` list them. A module whose
weights were kept apart (`--onnx-externalize-params`, or a model exported
without them) loads with `parameters=`: a safetensors file's path, or a
mapping of names to arrays (a state dict's tensors as NumPy arrays).

NumPy arguments are converted to the element type the function takes where
NumPy casts within a kind (Python floats to f32, ints to i32); other dtypes
raise TypeError. Dynamic dimensions take the arrays' shapes; a scalar
argument takes a Python number. bf16 has no NumPy type: bf16 arguments take
float arrays (rounded to the nearest bf16) and bf16 results come back as
float32. i1 is NumPy's bool.

The runtime is halc's C library (libhalc.so) through ctypes: any CPython 3
with NumPy runs it, from a full build or a runtime-only one. Devices,
modules and arrays may be used from several threads.
"""
import ctypes
import os
import threading

import numpy as np

from . import _capi
from ._capi import Error, check, lib

__all__ = ["Device", "DeviceArray", "Error", "Function", "Invocation",
           "Module", "Timing", "driver_names", "get_device", "load_module",
           "load_parameters"]

_DTYPES = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "i1": np.bool_, "bf16": np.uint16,
}
_ELEMENT_TYPES = ["f16", "f32", "f64", "i8", "i16", "i32", "i64", "i1",
                  "bf16"]


def driver_names():
    """The drivers of this build, in order of preference."""
    names, i = [], 0
    listed = lib.halc_driver_names()
    while listed[i]:
        names.append(listed[i].decode())
        i += 1
    return names


def _to_bf16_bits(values):
    """float32 values rounded to the nearest bf16 (ties to even), as bits."""
    floats = np.asarray(values, np.float32)
    bits = floats.view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1))) >> 16
    rounded = np.where(np.isnan(floats), np.uint32(0x7FC0), rounded)
    return rounded.astype(np.uint16)


def _from_bf16_bits(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _tensor_type(element, shape, scalar=False):
    """A halc_tensor_type_t, and the shape array it points at."""
    dims = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    return _capi.TensorType(_ELEMENT_TYPES.index(element), len(shape), dims,
                            int(scalar)), dims


def _describe(type_):
    shape = [type_.shape[d] for d in range(type_.rank)]
    return (_ELEMENT_TYPES[type_.element_type], shape, bool(type_.scalar))


class Device:
    """A GPU of one driver ("vulkan", "cuda", "hip"), its memory pool, and
    the calls made on it. get_device shares one per driver."""

    def __init__(self, driver="vulkan"):
        handle = ctypes.c_void_p()
        check(lib.halc_device_create(driver.encode(), ctypes.byref(handle)))
        self._handle = handle
        self.driver = driver
        self.name = lib.halc_device_name(handle).decode()

    def array(self, values, element_type=None):
        """A DeviceArray holding `values` (an array or a nested list), of
        `element_type` ("f32", ...; by default the one NumPy's dtype is)."""
        if element_type is None:
            array = np.asarray(values, order="C")
            names = {np.dtype(v): k for k, v in _DTYPES.items()
                     if k != "bf16"}
            if array.dtype not in names:
                raise TypeError("no element type of halc is %s" % array.dtype)
            element_type = names[array.dtype]
        else:
            array = _host_array(values, element_type, "the array")
        return DeviceArray._upload(self, array, element_type)

    def statistics(self):
        """The memory pool: {"allocations", "bytes_allocated",
        "bytes_in_use"}."""
        stats = _capi.DeviceStatistics()
        lib.halc_device_statistics(self._handle, ctypes.byref(stats))
        return {"allocations": stats.allocations,
                "bytes_allocated": stats.bytes_allocated,
                "bytes_in_use": stats.bytes_in_use}

    def trim(self):
        """Gives the memory the pool keeps back to the driver (once the
        calls made have run)."""
        lib.halc_device_trim(self._handle)

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.halc_device_free(self._handle)
            self._handle = None

    def __repr__(self):
        return "<halc device %s (%s)>" % (self.name, self.driver)


_devices = {}
_devices_lock = threading.Lock()


def get_device(driver="vulkan"):
    """The process's Device of `driver`, opened on first use."""
    if isinstance(driver, Device):
        return driver
    with _devices_lock:
        if driver not in _devices:
            _devices[driver] = Device(driver)
        return _devices[driver]


def _host_array(value, element, what):
    """`value` as a C-ordered NumPy array of `element`, cast within its
    kind (bf16: rounded, as bits)."""
    dtype = np.float32 if element == "bf16" else _DTYPES[element]
    array = np.asarray(value)
    if array.dtype != dtype and not np.can_cast(array.dtype, dtype,
                                                casting="same_kind"):
        raise TypeError("%s is %s; got %s" % (what, element, array.dtype))
    # asarray keeps a scalar 0-d (ascontiguousarray would make it 1-d).
    array = np.asarray(array, dtype, order="C")
    return _to_bf16_bits(array) if element == "bf16" else array


class DeviceArray:
    """A tensor in a device's memory: a call's argument or result. Its
    contents come to the host only with to_host()."""

    # Guards every handle's hand-over (free on one thread, use on another).
    _lock = threading.Lock()

    def __init__(self, device, handle):
        self.device = device
        self._handle = handle
        self.element_type, shape, _ = _describe(
            lib.halc_device_array_type(handle).contents)
        self.shape = tuple(shape)

    @classmethod
    def _upload(cls, device, array, element_type):
        type_, dims = _tensor_type(element_type, array.shape)
        handle = ctypes.c_void_p()
        check(lib.halc_device_array_create(
            device._handle, ctypes.byref(type_),
            array.ctypes.data if array.size else None, array.nbytes,
            ctypes.byref(handle)))
        return cls(device, handle)

    @property
    def dtype(self):
        """The NumPy dtype to_host returns."""
        return np.dtype(np.float32 if self.element_type == "bf16"
                        else _DTYPES[self.element_type])

    def _use(self):
        """A reference to the C array, for the caller to release after use:
        a free() meanwhile on another thread leaves it alive."""
        with DeviceArray._lock:
            if not self._handle:
                raise Error("the device array was freed")
            lib.halc_device_array_retain(self._handle)
            return self._handle

    def to_host(self):
        """Its contents as a NumPy array, once the calls writing it have
        run."""
        handle = self._use()
        try:
            array = np.empty(self.shape, _DTYPES[self.element_type])
            check(lib.halc_device_array_to_host(
                handle, array.ctypes.data if array.size else None,
                array.nbytes))
        finally:
            lib.halc_device_array_release(handle)
        return _from_bf16_bits(array) if self.element_type == "bf16" else array

    def free(self):
        """Gives its memory back to the device's pool now (calls already
        made still read it)."""
        with DeviceArray._lock:
            handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            lib.halc_device_array_release(handle)

    __del__ = free

    def __repr__(self):
        return "<halc DeviceArray %s%s on %s%s>" % (
            "x".join(map(str, self.shape)) + "x" if self.shape else "",
            self.element_type, self.device.name,
            "" if self._handle else " (freed)")


class Timing:
    """GPU times of a function's dispatches over several runs."""

    def __init__(self, dispatch_ms, dispatch_names):
        #: One list per dispatch: its time in ms in each run.
        self.dispatch_ms = dispatch_ms
        #: The export each dispatch runs.
        self.dispatch_names = dispatch_names

    def slowest(self, count=5):
        """The `count` dispatches of the largest median time: (ms, export
        name, dispatch index)."""
        medians = [(float(np.median(times)), name, d) for d, (times, name)
                   in enumerate(zip(self.dispatch_ms, self.dispatch_names))]
        return sorted(medians, reverse=True)[:count]

    @property
    def median_ms(self):
        """The sum of the dispatches' median times."""
        return float(sum(np.median(times) for times in self.dispatch_ms))

    def __repr__(self):
        return "Timing(median_ms=%.4f, dispatches=%d, runs=%d)" % (
            self.median_ms, len(self.dispatch_ms),
            len(self.dispatch_ms[0]) if self.dispatch_ms else 0)


class Invocation:
    """A submitted call: its results (DeviceArrays, written when it runs)
    and wait()."""

    _lock = threading.Lock()

    def __init__(self, handle, results):
        self._handle = handle
        self.results = results

    def _take(self):
        with Invocation._lock:
            handle, self._handle = getattr(self, "_handle", None), None
        return handle

    def wait(self):
        """Waits until the call has run (an Error if it failed on the
        device); returns its results."""
        handle = self._take()
        if handle:
            try:
                check(lib.halc_invocation_wait(handle))
            finally:
                lib.halc_invocation_free(handle)
        return self.results

    def __del__(self):
        handle = self._take()
        if handle:
            lib.halc_invocation_free(handle)


class _Loaded:
    """A module's C objects: what its Module and Functions share (a
    Function kept alone keeps them)."""

    def __init__(self, module, device):
        self.module = module
        self.device = device
        self.loaded = None
        loaded = ctypes.c_void_p()
        check(lib.halc_device_module_load(device._handle, module,
                                          ctypes.byref(loaded)))
        self.loaded = loaded

    def __del__(self):
        if getattr(self, "loaded", None):
            lib.halc_device_module_free(self.loaded)
            self.loaded = None
        if getattr(self, "module", None):
            lib.halc_module_free(self.module)
            self.module = None


class Function:
    """A function of a loaded module, called with NumPy arrays or
    DeviceArrays."""

    def __init__(self, state, plan):
        self._state = state
        self._plan = plan
        function = plan.contents
        self.name = function.name.decode()
        #: (element type, shape with -1 for dynamic dimensions, scalar)
        self.arguments = [_describe(function.arguments[i])
                          for i in range(function.argument_count)]
        self.results = [_describe(function.results[i])
                        for i in range(function.result_count)]
        #: Each argument's and result's name ("" where unnamed).
        self.argument_names = [function.argument_names[i].decode()
                               for i in range(function.argument_count)]
        self.result_names = [function.result_names[i].decode()
                             for i in range(function.result_count)]

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

    def _arguments(self, values):
        """Per argument: a DeviceArray, or a NumPy array (a scalar's value;
        a tensor, uploaded into a DeviceArray the call frees)."""
        device = self._state.device
        arguments, uploaded = [], []
        for index, value in enumerate(values):
            element, _, scalar = self.arguments[index]
            what = "argument %d of @%s" % (index, self.name)
            if isinstance(value, DeviceArray):
                if scalar:
                    raise TypeError("%s is a scalar %s" % (what, element))
                arguments.append(value)
                continue
            array = _host_array(value, element, what)
            if scalar and array.ndim != 0:
                raise TypeError("%s is a scalar %s" % (what, element))
            if not scalar:
                array = DeviceArray._upload(device, array, element)
                uploaded.append(array)
            arguments.append(array)
        return arguments, uploaded

    def _submit(self, values, repetitions=None):
        """Submits a call on `values` (timed `repetitions` times when
        given): (invocation handle, result arrays, times)."""
        arguments, uploaded = self._arguments(values)
        plan, call, used = self._plan, None, []
        try:
            if plan.contents.depends_on_call:
                types, keep = [], []
                data = (ctypes.c_void_p * max(len(arguments), 1))()
                for i, argument in enumerate(arguments):
                    element, _, scalar = self.arguments[i]
                    type_, dims = _tensor_type(element, argument.shape,
                                               scalar)
                    types.append(type_)
                    keep.append(dims)
                    if scalar:
                        data[i] = argument.ctypes.data
                type_array = (_capi.TensorType * max(len(types), 1))(*types)
                call = ctypes.c_void_p()
                check(lib.halc_call_prepare(self._state.module, plan,
                                            type_array, data,
                                            ctypes.byref(call)))
                plan = lib.halc_call_function(call)
            for argument in arguments:
                used.append(argument._use()
                            if isinstance(argument, DeviceArray) else None)
            handles = (ctypes.c_void_p * max(len(arguments), 1))(*used)
            count = plan.contents.result_count
            results = (ctypes.c_void_p * max(count, 1))()
            invocation = ctypes.c_void_p()
            times = None
            if repetitions is None:
                check(lib.halc_device_module_submit(
                    self._state.loaded, plan, handles, results,
                    ctypes.byref(invocation)))
            else:
                repetitions = max(int(repetitions), 1)
                times = (ctypes.c_double *
                         max(plan.contents.dispatch_count * repetitions, 1))()
                check(lib.halc_device_module_time(
                    self._state.loaded, plan, handles, repetitions, times,
                    results))
                times = list(times)[:plan.contents.dispatch_count *
                                    repetitions]
            arrays = [DeviceArray(self._state.device, ctypes.c_void_p(
                results[r])) for r in range(count)]
            if times is not None:
                times = (times, self._dispatch_names(plan.contents))
            return invocation, arrays, times
        finally:
            for handle in used:
                if handle:
                    lib.halc_device_array_release(handle)
            if call:
                lib.halc_call_free(call)
            for array in uploaded:
                array.free()

    def _dispatch_names(self, plan):
        names = []
        for d in range(plan.dispatch_count):
            dispatch = plan.dispatches[d]
            info = _capi.ExportInfo()
            check(lib.halc_executable_export_info(
                lib.halc_module_executable(self._state.module,
                                           dispatch.executable),
                dispatch.export_ordinal, ctypes.byref(info)))
            names.append(info.name.decode())
        return names

    def submit(self, *args, **kwargs):
        """Submits a call and returns at once: an Invocation whose results
        are DeviceArrays."""
        invocation, results, _ = self._submit(self._bind(args, kwargs))
        return Invocation(invocation, results)

    def __call__(self, *args, **kwargs):
        """Calls the function (named arguments by keyword). With a
        DeviceArray among the arguments, returns DeviceArrays at once;
        otherwise waits and returns NumPy arrays. One result, or a tuple."""
        values = self._bind(args, kwargs)
        invocation = Invocation(*self._submit(values)[:2])
        results = invocation.results
        if not any(isinstance(v, DeviceArray) for v in values):
            invocation.wait()
            hosted = [array.to_host() for array in results]
            for array in results:
                array.free()
            results = hosted
        return results[0] if len(results) == 1 else tuple(results)

    def benchmark(self, *args, repetitions=10, **kwargs):
        """Runs the function's dispatches `repetitions` times in one
        submission; the GPU time of each dispatch in each run."""
        _, results, (times, names) = self._submit(self._bind(args, kwargs),
                                                  repetitions)
        for array in results:
            array.free()
        count = max(repetitions, 1)
        return Timing([times[d * count:(d + 1) * count]
                       for d in range(len(times) // count)], names)

    def __repr__(self):
        return "<halc function @%s>" % self.name


class Module:
    """A module loaded on a device: its functions are its attributes."""

    def __init__(self, module, device):
        self._state = _Loaded(module, device)
        self.device = device
        self._functions = {}
        for i in range(lib.halc_module_function_count(module)):
            function = Function(self._state,
                                lib.halc_module_function(module, i))
            self._functions[function.name] = function

    @property
    def device_name(self):
        return self.device.name

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


class _Parameters:
    """Named weights a module binds when it loads."""

    def __init__(self, handle):
        self._handle = handle

    def __len__(self):
        return lib.halc_parameters_count(self._handle)

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.halc_parameters_free(self._handle)
            self._handle = None


def load_parameters(parameters):
    """Parameters a module binds by name when it loads: from a safetensors
    file's path, or a mapping of names to arrays (each one's bytes as they
    are: the dtype must be the module's)."""
    if isinstance(parameters, _Parameters):
        return parameters
    handle = ctypes.c_void_p()
    if isinstance(parameters, (str, os.PathLike)):
        check(lib.halc_parameters_load_file(
            os.fsencode(parameters), ctypes.byref(handle)))
        return _Parameters(handle)
    check(lib.halc_parameters_create(ctypes.byref(handle)))
    loaded = _Parameters(handle)
    for name, array in parameters.items():
        array = np.ascontiguousarray(array)
        check(lib.halc_parameters_add(
            handle, name.encode(), array.ctypes.data if array.size else None,
            array.nbytes))
    return loaded


def load_module(module, device="vulkan", parameters=None):
    """Loads and verifies a module (the bytes halc.compiler returned, or the
    path of a module file) on `device` (a Device, or a driver's name:
    "vulkan", "cuda", "hip", whose shared Device is used); `parameters`
    (see load_parameters) are the weights it reads by name, if it was
    compiled without them."""
    opened = get_device(device)
    bound = None if parameters is None else load_parameters(parameters)
    handle = ctypes.c_void_p()
    if isinstance(module, (bytes, bytearray, memoryview)):
        data = bytes(module)
        check(lib.halc_module_load_with_parameters(
            data, len(data), bound._handle if bound else None,
            ctypes.byref(handle)))
    else:
        check(lib.halc_module_load_file_with_parameters(
            os.fsencode(module), bound._handle if bound else None,
            ctypes.byref(handle)))
    # _Loaded frees `handle`, even when the module fails to load on the
    # device.
    return Module(handle, opened)
