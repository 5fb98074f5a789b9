//===- RuntimeModule.cpp - halc._runtime: the runtime for Python ----------===//
//
// The runtime's C API as a Python extension: modules, devices, and calls
// whose arguments and results are byte buffers. halc/runtime.py turns them
// into NumPy arrays of the functions' element types.
//
//===----------------------------------------------------------------------===//

#include "halc/driver.h"
#include "halc/runtime.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

/// A runtime error: raised in Python as halc.runtime.Error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Raises the error `status` carries, if any.
void check(halc_status_t status) {
  if (!status)
    return;
  std::string message = halc_status_message(status);
  halc_status_free(status);
  throw Error(message);
}

/// A tensor type as Python sees it: (element type name, shape, scalar).
py::tuple describe(const halc_tensor_type_t &type) {
  return py::make_tuple(
      halc_element_type_name(type.element_type),
      std::vector<int64_t>(type.shape, type.shape + type.rank),
      static_cast<bool>(type.scalar));
}

/// A device of one driver ("vulkan", "cuda", "hip").
class Device {
public:
  explicit Device(const std::string &driver) {
    halc_device_t *device = nullptr;
    check(halc_device_create(driver.c_str(), &device));
    device_.reset(device);
  }
  std::string name() const { return halc_device_name(device_.get()); }
  halc_device_t *get() const { return device_.get(); }

private:
  std::unique_ptr<halc_device_t, void (*)(halc_device_t *)> device_{
      nullptr, halc_device_free};
};

/// Named weights a module binds when it loads: a safetensors file's, or
/// arrays added one by one.
class Parameters {
public:
  Parameters() {
    halc_parameters_t *parameters = nullptr;
    check(halc_parameters_create(&parameters));
    parameters_.reset(parameters);
  }
  static std::unique_ptr<Parameters> loadFile(const std::string &path) {
    halc_parameters_t *parameters = nullptr;
    check(halc_parameters_load_file(path.c_str(), &parameters));
    return std::unique_ptr<Parameters>(new Parameters(parameters));
  }
  void add(const std::string &name, const py::buffer &data) {
    py::buffer_info view = data.request();
    check(halc_parameters_add(parameters_.get(), name.c_str(), view.ptr,
                              static_cast<size_t>(view.size * view.itemsize)));
  }
  size_t size() const { return halc_parameters_count(parameters_.get()); }
  const halc_parameters_t *get() const { return parameters_.get(); }

private:
  explicit Parameters(halc_parameters_t *parameters)
      : parameters_(parameters, halc_parameters_free) {}

  std::unique_ptr<halc_parameters_t, void (*)(halc_parameters_t *)> parameters_{
      nullptr, halc_parameters_free};
};

/// A loaded, verified module.
class Module {
public:
  static std::unique_ptr<Module> load(const py::bytes &data,
                                      const Parameters *parameters) {
    std::string bytes = data;
    halc_module_t *module = nullptr;
    check(halc_module_load_with_parameters(
        bytes.data(), bytes.size(), parameters ? parameters->get() : nullptr,
        &module));
    return std::unique_ptr<Module>(new Module(module));
  }
  static std::unique_ptr<Module> loadFile(const std::string &path,
                                          const Parameters *parameters) {
    halc_module_t *module = nullptr;
    check(halc_module_load_file_with_parameters(
        path.c_str(), parameters ? parameters->get() : nullptr, &module));
    return std::unique_ptr<Module>(new Module(module));
  }

  std::vector<std::string> functions() const {
    std::vector<std::string> names;
    for (size_t i = 0; i < halc_module_function_count(module_.get()); ++i)
      names.push_back(halc_module_function(module_.get(), i)->name);
    return names;
  }

  /// (argument types, result types, argument names, result names) of
  /// `name`; dynamic dimensions are -1, unnamed ones "".
  py::tuple signature(const std::string &name) const {
    const halc_function_t *function = lookup(name);
    py::list arguments, results, argumentNames, resultNames;
    for (size_t i = 0; i < function->argument_count; ++i) {
      arguments.append(describe(function->arguments[i]));
      argumentNames.append(function->argument_names[i]);
    }
    for (size_t i = 0; i < function->result_count; ++i) {
      results.append(describe(function->results[i]));
      resultNames.append(function->result_names[i]);
    }
    return py::make_tuple(arguments, results, argumentNames, resultNames);
  }

  /// Runs `name` on `device` `repetitions` times with the bytes of each
  /// argument (of the shape given): (results as bytes, their types, each
  /// dispatch's times in ms, dispatch-major, when `timed`).
  py::tuple call(Device &device, const std::string &name,
                 const std::vector<py::buffer> &arguments,
                 const std::vector<std::vector<int64_t>> &shapes,
                 uint32_t repetitions, bool timed) const {
    const halc_function_t *function = lookup(name);
    if (arguments.size() != function->argument_count ||
        shapes.size() != arguments.size())
      throw Error("@" + name + " takes " +
                  std::to_string(function->argument_count) + " arguments; " +
                  std::to_string(arguments.size()) + " given");
    std::vector<halc_tensor_type_t> types;
    std::vector<const void *> data;
    std::vector<py::buffer_info> views;
    for (size_t i = 0; i < arguments.size(); ++i) {
      const halc_tensor_type_t &declared = function->arguments[i];
      types.push_back({declared.element_type, shapes[i].size(),
                       shapes[i].data(),
                       declared.scalar && shapes[i].empty()});
      views.push_back(arguments[i].request());
      size_t bytes = halc_element_type_size(declared.element_type);
      for (int64_t extent : shapes[i])
        bytes *= static_cast<size_t>(std::max<int64_t>(extent, 0));
      if (static_cast<size_t>(views.back().size * views.back().itemsize) !=
          bytes)
        throw Error("argument " + std::to_string(i) + " of @" + name +
                    ": its buffer does not hold the shape given");
      data.push_back(views.back().ptr);
    }
    halc_call_t *call = nullptr;
    check(halc_call_prepare(module_.get(), function, types.data(),
                            data.data(), &call));
    std::unique_ptr<halc_call_t, void (*)(halc_call_t *)> callOwner(
        call, halc_call_free);
    const halc_function_t *plan = halc_call_function(call);
    py::list results, resultTypes;
    std::vector<void *> resultData;
    for (size_t i = 0; i < plan->result_count; ++i) {
      py::array_t<uint8_t> bytes(static_cast<py::ssize_t>(
          halc_tensor_type_byte_size(&plan->results[i])));
      resultData.push_back(bytes.mutable_data());
      results.append(bytes);
      resultTypes.append(describe(plan->results[i]));
    }
    repetitions = std::max<uint32_t>(repetitions, 1);
    std::vector<double> times(plan->dispatch_count * repetitions);
    halc_status_t status;
    {
      py::gil_scoped_release release;
      status = halc_device_run(device.get(), module_.get(), plan, data.data(),
                               resultData.data(), repetitions,
                               timed ? times.data() : nullptr);
    }
    check(status);
    return py::make_tuple(results, resultTypes,
                          timed ? py::cast(times) : py::none());
  }

private:
  explicit Module(halc_module_t *module) : module_(module, halc_module_free) {}

  const halc_function_t *lookup(const std::string &name) const {
    const halc_function_t *function = nullptr;
    check(halc_module_lookup_function(module_.get(), name.c_str(), &function));
    return function;
  }

  std::unique_ptr<halc_module_t, void (*)(halc_module_t *)> module_;
};

} // namespace

PYBIND11_MODULE(_runtime, m) {
  m.doc() = "halc's runtime (use halc.runtime)";
  py::register_exception<Error>(m, "Error", PyExc_RuntimeError);
  m.def("driver_names", [] {
    std::vector<std::string> names;
    for (const char *const *name = halc_driver_names(); *name; ++name)
      names.push_back(*name);
    return names;
  });
  py::class_<Device>(m, "Device")
      .def(py::init<const std::string &>(), py::arg("driver"))
      .def_property_readonly("name", &Device::name);
  py::class_<Parameters>(m, "Parameters")
      .def(py::init<>())
      .def_static("load_file", &Parameters::loadFile, py::arg("path"))
      .def("add", &Parameters::add, py::arg("name"), py::arg("data"))
      .def("__len__", &Parameters::size);
  py::class_<Module>(m, "Module")
      .def_static("load", &Module::load, py::arg("data"),
                  py::arg("parameters") = nullptr)
      .def_static("load_file", &Module::loadFile, py::arg("path"),
                  py::arg("parameters") = nullptr)
      .def_property_readonly("functions", &Module::functions)
      .def("signature", &Module::signature, py::arg("name"))
      .def("call", &Module::call, py::arg("device"), py::arg("name"),
           py::arg("arguments"), py::arg("shapes"), py::arg("repetitions"),
           py::arg("timed"));
}
