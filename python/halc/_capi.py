"""halc's C API (libhalc.so: halc/runtime.h and halc/driver.h) through
ctypes, so that the runtime runs under any CPython 3 with NumPy, from a
full build or a runtime-only one. The structures mirror the C headers."""
import ctypes
import os

c_size_t = ctypes.c_size_t
c_void_p = ctypes.c_void_p
c_char_p = ctypes.c_char_p
POINTER = ctypes.POINTER

HALC_NO_BUFFER = 0xFFFFFFFF


class TensorType(ctypes.Structure):
    _fields_ = [("element_type", ctypes.c_int), ("rank", c_size_t),
                ("shape", POINTER(ctypes.c_int64)), ("scalar", ctypes.c_int)]


class Dispatch(ctypes.Structure):
    """halc_dispatch_t."""
    _fields_ = [("executable", c_size_t), ("export_ordinal", c_size_t),
                ("binding_count", c_size_t),
                ("bindings", POINTER(ctypes.c_uint32)),
                ("constant_count", c_size_t),
                ("constants", POINTER(ctypes.c_uint32)),
                ("workgroup_count", ctypes.c_uint32 * 3)]


class ExportInfo(ctypes.Structure):
    """halc_export_info_t."""
    _fields_ = [("name", c_char_p), ("entry_point", c_char_p),
                ("workgroup_size", ctypes.c_uint32 * 3),
                ("binding_count", ctypes.c_uint32),
                ("read_only_bindings", ctypes.c_uint32),
                ("constant_count", ctypes.c_uint32),
                ("subgroup_size", ctypes.c_uint32)]


class FunctionPlan(ctypes.Structure):
    """halc_function_t."""
    _fields_ = [("name", c_char_p),
                ("argument_count", c_size_t),
                ("arguments", POINTER(TensorType)),
                ("argument_buffers", POINTER(ctypes.c_uint32)),
                ("result_count", c_size_t),
                ("results", POINTER(TensorType)),
                ("result_buffers", POINTER(ctypes.c_uint32)),
                ("buffer_count", c_size_t),
                ("buffer_sizes", POINTER(ctypes.c_uint64)),
                ("buffer_contents", POINTER(c_void_p)),
                ("dispatch_count", c_size_t),
                ("dispatches", POINTER(Dispatch)),
                ("depends_on_call", ctypes.c_int),
                ("argument_names", POINTER(c_char_p)),
                ("result_names", POINTER(c_char_p)),
                ("load_dispatch_count", c_size_t)]


class DeviceStatistics(ctypes.Structure):
    _fields_ = [("allocations", ctypes.c_uint64),
                ("bytes_allocated", ctypes.c_uint64),
                ("bytes_in_use", ctypes.c_uint64)]


def _library_path():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.environ.get("HALC_RUNTIME_LIBRARY") or os.path.join(
        here, "libhalc.so")


lib = ctypes.CDLL(_library_path())

_status = c_void_p
_FUNCTIONS = {
    # halc/runtime.h
    "halc_status_message": (c_char_p, [_status]),
    "halc_status_free": (None, [_status]),
    "halc_element_type_name": (c_char_p, [ctypes.c_int]),
    "halc_element_type_size": (c_size_t, [ctypes.c_int]),
    "halc_module_load_with_parameters":
        (_status, [c_char_p, c_size_t, c_void_p, POINTER(c_void_p)]),
    "halc_module_load_file_with_parameters":
        (_status, [c_char_p, c_void_p, POINTER(c_void_p)]),
    "halc_module_free": (None, [c_void_p]),
    "halc_module_function_count": (c_size_t, [c_void_p]),
    "halc_module_function": (POINTER(FunctionPlan), [c_void_p, c_size_t]),
    "halc_module_executable": (c_void_p, [c_void_p, c_size_t]),
    "halc_executable_export_info": (_status, [c_void_p, c_size_t,
                                              POINTER(ExportInfo)]),
    "halc_parameters_create": (_status, [POINTER(c_void_p)]),
    "halc_parameters_load_file": (_status, [c_char_p, POINTER(c_void_p)]),
    "halc_parameters_add": (_status, [c_void_p, c_char_p, c_void_p, c_size_t]),
    "halc_parameters_free": (None, [c_void_p]),
    "halc_parameters_count": (c_size_t, [c_void_p]),
    "halc_call_prepare": (_status, [c_void_p, POINTER(FunctionPlan),
                                    POINTER(TensorType), POINTER(c_void_p),
                                    POINTER(c_void_p)]),
    "halc_call_free": (None, [c_void_p]),
    "halc_call_function": (POINTER(FunctionPlan), [c_void_p]),
    # halc/driver.h
    "halc_driver_names": (POINTER(c_char_p), []),
    "halc_device_create": (_status, [c_char_p, POINTER(c_void_p)]),
    "halc_device_free": (None, [c_void_p]),
    "halc_device_name": (c_char_p, [c_void_p]),
    "halc_device_statistics": (None, [c_void_p, POINTER(DeviceStatistics)]),
    "halc_device_trim": (None, [c_void_p]),
    "halc_device_array_create": (_status, [c_void_p, POINTER(TensorType),
                                           c_void_p, c_size_t,
                                           POINTER(c_void_p)]),
    "halc_device_array_retain": (None, [c_void_p]),
    "halc_device_array_release": (None, [c_void_p]),
    "halc_device_array_type": (POINTER(TensorType), [c_void_p]),
    "halc_device_array_to_host": (_status, [c_void_p, c_void_p, c_size_t]),
    "halc_device_module_load": (_status, [c_void_p, c_void_p,
                                          POINTER(c_void_p)]),
    "halc_device_module_free": (None, [c_void_p]),
    "halc_device_module_submit": (_status, [c_void_p, POINTER(FunctionPlan),
                                            POINTER(c_void_p),
                                            POINTER(c_void_p),
                                            POINTER(c_void_p)]),
    "halc_device_module_time": (_status, [c_void_p, POINTER(FunctionPlan),
                                          POINTER(c_void_p), ctypes.c_uint32,
                                          POINTER(ctypes.c_double),
                                          POINTER(c_void_p)]),
    "halc_invocation_wait": (_status, [c_void_p]),
    "halc_invocation_free": (None, [c_void_p]),
}
for _name, (_result, _arguments) in _FUNCTIONS.items():
    _function = getattr(lib, _name)
    _function.restype = _result
    _function.argtypes = _arguments


class Error(RuntimeError):
    """An error the runtime returned: its message names what is wrong."""


def check(status):
    """Raises the error `status` carries, if any."""
    if status:
        message = lib.halc_status_message(status).decode()
        lib.halc_status_free(status)
        raise Error(message)
