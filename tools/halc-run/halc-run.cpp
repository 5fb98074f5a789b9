//===- halc-run.cpp - Run a compiled module's function on a GPU -----------===//
//
//   halc-run module.halm --function=add --input=4xf32=1,2,3,4 --input=@b.npy
//   halc-run model.halm --input=pixels=@x.npy --output=logits=@y.npy
//
// Runs on a device of one of the runtime's drivers (halc/driver.h): Vulkan
// by default (HALC_VULKAN_DEVICE picks the device), --device=hip on an AMD
// GPU through the HIP runtime, --device=cuda on an NVIDIA GPU through the
// CUDA driver; or with --device=msl-cpu runs a Metal
// module's MSL on the CPU (test/msl). Prints the results
// in IREE's form or writes them with --output=@file.npy; with
// --expected_output compares against given values and --reference=cpu
// against the input MLIR run on the CPU by upstream MLIR (exit 1 on a
// mismatch); --benchmark=N prints the median GPU time of each dispatch over
// N runs, --benchmark-calls=N what N calls cost a program that serves the
// function (CallBenchmark.h: the module loaded once, arguments on the
// device). Its
// execution path links the runtime only (no LLVM, no MLIR), so
// a runtime-only build runs where no compiler is installed.
//
//===----------------------------------------------------------------------===//

#include "CallBenchmark.h"
#include "Compare.h"
#include "Tensor.h"
#ifdef HALC_HAVE_CPU_REFERENCE
#include "CPUReference.h"
#endif
#ifdef HALC_HAVE_MSL_EXECUTOR
#include "test/msl/Executor.h"
#endif

#include "halc/driver.h"
#include "halc/runtime.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace halc;

namespace {

struct Options {
  std::string module;
  std::string function;
  std::vector<std::string> inputs, outputs, expected;
  uint32_t benchmark = 0;
  uint32_t benchmarkCalls = 0;
  bool cpuReference = false;
  /// Where the dispatches run: a driver's name, or "msl-cpu".
  std::string device = "vulkan";
  /// A safetensors file of the module's parameters, if it reads any.
  std::string parameters;
};

const char kUsage[] =
    "usage: halc-run MODULE.halm [--function=NAME] [--input=VALUE]... "
    "[--output=@FILE.npy]... [--expected_output=VALUE]... [--reference=cpu] "
    "[--benchmark=N] [--benchmark-calls=N] "
    "[--device=vulkan|hip|cuda|msl-cpu] "
    "[--parameters=FILE.safetensors]\n"
    "  VALUE: 2x3xf32=1,2,3,4,5,6 (one value fills the tensor) or @FILE.npy;\n"
    "    NAME=VALUE gives the argument or result called NAME (an ONNX\n"
    "    model's input or output name)\n"
    "  HALC_VULKAN_DEVICE=<index or part of the name> picks the Vulkan device\n"
    "  --device=hip runs a rocm module on an AMD GPU (libamdhip64)\n"
    "  --device=cuda runs a cuda module on an NVIDIA GPU (libcuda.so.1)\n"
    "  --device=msl-cpu runs a metal-spirv module's MSL on the CPU\n";

/// `text` as a count from 1 to 100000 for `flag`; an error otherwise.
bool parseCount(const char *flag, const std::string &text, uint32_t &count) {
  char *end = nullptr;
  unsigned long value = std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || *end || text[0] == '-' || value == 0 || value > 100000) {
    std::fprintf(stderr, "error: %s=%s: needs a count from 1 to 100000\n", flag,
                 text.c_str());
    return false;
  }
  count = uint32_t(value);
  return true;
}

bool parseOptions(int argc, char **argv, Options &options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *flag, std::string &out) {
      std::string prefix = std::string(flag) + "=";
      if (arg.compare(0, prefix.size(), prefix) != 0)
        return false;
      out = arg.substr(prefix.size());
      return true;
    };
    std::string text;
    if (value("--function", options.function) ||
        value("--parameters", options.parameters))
      continue;
    if (value("--device", options.device)) {
      std::string known;
      bool found = options.device == "msl-cpu";
      for (const char *const *name = halc_driver_names(); *name; ++name) {
        found |= options.device == *name;
        known += std::string(*name) + ", ";
      }
      if (!found) {
        std::fprintf(stderr, "error: --device=%s: known are %smsl-cpu\n",
                     options.device.c_str(), known.c_str());
        return false;
      }
#ifndef HALC_HAVE_MSL_EXECUTOR
      if (options.device == "msl-cpu") {
        std::fprintf(stderr, "error: --device=msl-cpu needs the host build of "
                             "halc-run (this one is runtime-only)\n");
        return false;
      }
#endif
      continue;
    }
    if (value("--input", text)) {
      options.inputs.push_back(text);
    } else if (value("--output", text)) {
      options.outputs.push_back(text);
    } else if (value("--expected_output", text)) {
      options.expected.push_back(text);
    } else if (value("--benchmark", text)) {
      if (!parseCount("--benchmark", text, options.benchmark))
        return false;
    } else if (value("--benchmark-calls", text)) {
      if (!parseCount("--benchmark-calls", text, options.benchmarkCalls))
        return false;
    } else if (value("--reference", text)) {
      if (text != "cpu") {
        std::fprintf(stderr, "error: --reference=%s: only cpu is known\n",
                     text.c_str());
        return false;
      }
#ifndef HALC_HAVE_CPU_REFERENCE
      std::fprintf(stderr, "error: --reference=cpu needs the host build of "
                           "halc-run (this one is runtime-only)\n");
      return false;
#endif
      options.cpuReference = true;
    } else if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (arg.compare(0, 2, "--") == 0 || !options.module.empty()) {
      std::fprintf(stderr, "error: unknown argument '%s'\n%s", arg.c_str(),
                   kUsage);
      return false;
    } else {
      options.module = arg;
    }
  }
  if (options.module.empty()) {
    std::fprintf(stderr, "error: no module file given\n%s", kUsage);
    return false;
  }
  if ((options.benchmark || options.benchmarkCalls) &&
      options.device == "msl-cpu") {
    std::fprintf(stderr, "error: --benchmark times GPU dispatches only\n");
    return false;
  }
  return true;
}

/// Prints the status's message and frees it; true if there was an error.
bool failedWith(halc_status_t status) {
  if (!status)
    return false;
  std::fprintf(stderr, "error: %s\n", halc_status_message(status));
  halc_status_free(status);
  return true;
}

std::vector<int64_t> shapeOf(const halc_tensor_type_t &type) {
  return std::vector<int64_t>(type.shape, type.shape + type.rank);
}

/// Runs the call on a device of the driver --device names; prints dispatch
/// times when benchmarking.
bool runOnDevice(const Options &options, const halc_module_t *module,
                 const halc_function_t *function,
                 const std::vector<const void *> &argumentData,
                 const std::vector<void *> &resultData) {
  halc_device_t *device = nullptr;
  if (failedWith(halc_device_create(options.device.c_str(), &device)))
    return false;
  std::unique_ptr<halc_device_t, void (*)(halc_device_t *)> deviceOwner(
      device, halc_device_free);
  uint32_t repetitions = std::max<uint32_t>(1, options.benchmark);
  std::vector<double> times(function->dispatch_count * repetitions);
  if (failedWith(halc_device_run(device, module, function, argumentData.data(),
                                 resultData.data(), repetitions,
                                 options.benchmark ? times.data() : nullptr)))
    return false;

  if (options.benchmarkCalls &&
      failedWith(benchmarkCalls(device, module, function, argumentData.data(),
                                options.benchmarkCalls)))
    return false;
  if (options.benchmark) {
    std::printf("device: %s\n", halc_device_name(device));
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      std::vector<double> samples(times.begin() + d * repetitions,
                                  times.begin() + (d + 1) * repetitions);
      std::sort(samples.begin(), samples.end());
      halc_export_info_t info;
      const halc_dispatch_t &dispatch = function->dispatches[d];
      halc_executable_export_info(
          halc_module_executable(module, dispatch.executable),
          dispatch.export_ordinal, &info);
      if (d < function->load_dispatch_count)
        std::printf("dispatch %zu @%s: once, when the module loads\n", d,
                    info.name);
      else
        std::printf("dispatch %zu @%s: median %.4f ms over %u runs\n", d,
                    info.name, samples[samples.size() / 2], repetitions);
    }
  }
  return true;
}

/// " (NAME)" for a named argument or result, else "".
std::string describeName(const char *name) {
  return *name ? std::string(" (") + name + ")" : std::string();
}

/// Puts `values` (of `flag`: each VALUE, or NAME=VALUE for the argument or
/// result called NAME) in the order of the function's arguments or
/// results. Either all are named or none is; when named, each argument or
/// result needs one unless `optional` (it then gets "").
bool orderByName(std::vector<std::string> &values,
                 const halc_function_t *function, bool results,
                 const char *flag, bool optional) {
  size_t count = results ? function->result_count : function->argument_count;
  std::vector<std::string> ordered(count);
  size_t named = 0;
  for (const std::string &value : values) {
    size_t equals = value.find('=');
    if (equals == std::string::npos)
      continue;
    size_t index;
    halc_status_t status = halc_function_lookup_name(
        function, results, value.substr(0, equals).c_str(), &index);
    if (status) {
      // NAME=@FILE cannot be a value given in order (TYPE=ELEMENTS or
      // @FILE): NAME is not a name the function has.
      bool misnamed = value.compare(equals + 1, 1, "@") == 0;
      if (misnamed)
        std::fprintf(stderr, "error: %s: %s\n", flag,
                     halc_status_message(status));
      halc_status_free(status);
      if (misnamed)
        return false;
      continue;
    }
    if (!ordered[index].empty()) {
      std::fprintf(stderr, "error: %s names '%s' twice\n", flag,
                   value.substr(0, equals).c_str());
      return false;
    }
    ordered[index] = value.substr(equals + 1);
    ++named;
  }
  if (named == 0)
    return true;
  if (named != values.size()) {
    std::fprintf(stderr, "error: %s: give every value by name or none\n", flag);
    return false;
  }
  const char *const *names =
      results ? function->result_names : function->argument_names;
  for (size_t i = 0; i < count && !optional; ++i)
    if (ordered[i].empty()) {
      std::fprintf(stderr, "error: %s: no value for %s '%s'\n", flag,
                   results ? "result" : "argument", names[i]);
      return false;
    }
  values = std::move(ordered);
  return true;
}

int run(const Options &options) {
  halc_parameters_t *parameters = nullptr;
  if (!options.parameters.empty() &&
      failedWith(halc_parameters_load_file(options.parameters.c_str(),
                                           &parameters)))
    return 1;
  std::unique_ptr<halc_parameters_t, void (*)(halc_parameters_t *)>
      parametersOwner(parameters, halc_parameters_free);
  halc_module_t *module = nullptr;
  if (failedWith(halc_module_load_file_with_parameters(
          options.module.c_str(), parameters, &module)))
    return 1;
  std::unique_ptr<halc_module_t, void (*)(halc_module_t *)> moduleOwner(
      module, halc_module_free);
  const halc_function_t *function = nullptr;
  if (options.function.empty()) {
    if (halc_module_function_count(module) != 1) {
      std::fprintf(stderr, "error: the module has %zu functions; pick one "
                           "with --function\n",
                   halc_module_function_count(module));
      return 1;
    }
    function = halc_module_function(module, 0);
  } else if (failedWith(halc_module_lookup_function(
                 module, options.function.c_str(), &function))) {
    return 1;
  }

  std::vector<std::string> inputTexts = options.inputs,
                           outputTexts = options.outputs,
                           expectedTexts = options.expected;
  if (!orderByName(inputTexts, function, false, "--input", false) ||
      !orderByName(outputTexts, function, true, "--output", true) ||
      !orderByName(expectedTexts, function, true, "--expected_output", false))
    return 1;
  if (inputTexts.size() != function->argument_count) {
    std::fprintf(stderr, "error: @%s takes %zu arguments; %zu --input given\n",
                 function->name, function->argument_count, inputTexts.size());
    return 1;
  }
  std::vector<Tensor> inputs(function->argument_count);
  std::vector<const void *> argumentData;
  std::vector<halc_tensor_type_t> argumentTypes;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::string error;
    if (!parseTensor(inputTexts[i], inputs[i], error)) {
      std::fprintf(stderr, "error: --input %zu: %s\n", i, error.c_str());
      return 1;
    }
    argumentData.push_back(inputs[i].bytes.data());
    // A scalar is given as a tensor of rank 0 (f32=1.5).
    argumentTypes.push_back({inputs[i].type, inputs[i].shape.size(),
                             inputs[i].shape.data(),
                             function->arguments[i].scalar &&
                                 inputs[i].shape.empty()});
  }
  // The plan for these arguments: sizes, constants, workgroup counts.
  halc_call_t *call = nullptr;
  if (failedWith(halc_call_prepare(module, function, argumentTypes.data(),
                                   argumentData.data(), &call)))
    return 1;
  std::unique_ptr<halc_call_t, void (*)(halc_call_t *)> callOwner(
      call, halc_call_free);
  function = halc_call_function(call);
  std::vector<Tensor> results(function->result_count);
  std::vector<void *> resultData;
  for (size_t i = 0; i < results.size(); ++i) {
    results[i].type = function->results[i].element_type;
    results[i].shape = shapeOf(function->results[i]);
    std::string error;
    if (!allocate(results[i], error)) {
      std::fprintf(stderr, "error: @%s: result %zu: %s\n", function->name, i,
                   error.c_str());
      return 1;
    }
    resultData.push_back(results[i].bytes.data());
  }

  if (options.device == "msl-cpu") {
#ifdef HALC_HAVE_MSL_EXECUTOR
    std::string error;
    if (!msl::run(module, function, argumentData.data(), resultData.data(),
                  error)) {
      std::fprintf(stderr, "error: --device=msl-cpu: %s\n", error.c_str());
      return 1;
    }
#endif
  } else if (!runOnDevice(options, module, function, argumentData,
                          resultData)) {
    return 1;
  }

  int status = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    std::string error;
    if (i < outputTexts.size() && !outputTexts[i].empty()) {
      const std::string &output = outputTexts[i];
      if (output.empty() || output[0] != '@' ||
          !writeNpy(output.substr(1), results[i], error)) {
        std::fprintf(stderr, "error: --output %zu: %s\n", i,
                     error.empty() ? "expected @FILE.npy" : error.c_str());
        return 1;
      }
    } else if (expectedTexts.empty() && !options.cpuReference &&
               !options.benchmark && !options.benchmarkCalls) {
      std::printf("result[%zu]%s: %s\n", i,
                  describeName(function->result_names[i]).c_str(),
                  formatTensor(results[i]).c_str());
    }
  }
  if (!expectedTexts.empty()) {
    if (expectedTexts.size() != results.size()) {
      std::fprintf(stderr,
                   "error: @%s has %zu results; %zu "
                   "--expected_output given\n",
                   function->name, results.size(), expectedTexts.size());
      return 1;
    }
    for (size_t i = 0; i < results.size(); ++i) {
      Tensor expected;
      std::string error;
      if (!parseTensor(expectedTexts[i], expected, error)) {
        std::fprintf(stderr, "error: --expected_output %zu: %s\n", i,
                     error.c_str());
        return 1;
      }
      Comparison comparison = compare(results[i], expected);
      std::printf("result[%zu]: %s\n", i, comparison.summary.c_str());
      if (!comparison.matches)
        status = 1;
    }
  }
#ifdef HALC_HAVE_CPU_REFERENCE
  if (options.cpuReference) {
    const char *path, *text;
    size_t size;
    halc_module_source(module, &path, &text, &size);
    if (size == 0) {
      std::fprintf(stderr, "error: the module does not hold its input, which "
                           "--reference=cpu runs\n");
      return 1;
    }
    // Result buffers start as all-ones bytes (NaN, -1), so that an element
    // the reference does not write cannot look like a GPU result.
    std::vector<Tensor> reference = results;
    for (Tensor &tensor : reference)
      std::fill(tensor.bytes.begin(), tensor.bytes.end(), 0xff);
    std::string error;
    if (!runOnCPU(std::string(text, size), function->name, inputs, reference,
                  error)) {
      std::fprintf(stderr, "error: --reference=cpu: %s\n", error.c_str());
      return 1;
    }
    for (size_t i = 0; i < results.size(); ++i) {
      Comparison comparison = compare(results[i], reference[i]);
      std::printf("result[%zu] vs cpu: %s\n", i, comparison.summary.c_str());
      if (!comparison.matches)
        status = 1;
    }
  }
#endif
  return status;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options))
    return 1;
  return run(options);
}
