//===- halc-dump.cpp - Print any halc binary ------------------------------===//
//
//   halc-dump FILE [--json] [--source] [--parameters=FILE.safetensors]
//
// Prints a module file (HALM) or an executable (VKE1, MTL1, HIP1, CDA1) as the
// runtime loads it: exports with entry points, workgroup sizes, bindings and
// constants, libraries or shader modules, and each function's dispatch plan.
// --json prints the same as JSON; --source prints each Metal library's MSL;
// a module that reads parameters loads with them (--parameters).
// A file the runtime rejects gets its error and exit code 1. Links the
// runtime only.
//
//===----------------------------------------------------------------------===//

#include "halc/runtime.h"

#include "schemas/binary_header.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char *formatName(halc_executable_format_t format) {
  switch (format) {
  case HALC_EXECUTABLE_FORMAT_VKE1:
    return "VKE1";
  case HALC_EXECUTABLE_FORMAT_MTL1:
    return "MTL1";
  case HALC_EXECUTABLE_FORMAT_HIP1:
    return "HIP1";
  case HALC_EXECUTABLE_FORMAT_CDA1:
    return "CDA1";
  }
  return "?";
}

/// The code of a module of a HIP1 or CDA1 executable.
const char *codeName(halc_executable_format_t format) {
  return format == HALC_EXECUTABLE_FORMAT_HIP1 ? "HSACO" : "PTX";
}

/// What holds an export's code in each format.
const char *containerName(halc_executable_format_t format) {
  return format == HALC_EXECUTABLE_FORMAT_MTL1 ? "library " : "module ";
}

std::string quote(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string mslVersion(uint32_t version) {
  return std::to_string(version >> 16) + "." + std::to_string(version & 0xffff);
}

/// Prints one executable as text (`indent` in front of each line) or as a
/// JSON object.
void dumpExecutable(const halc_executable_t *executable, bool json,
                    bool source, const std::string &indent, std::ostream &os) {
  halc_executable_format_t format = halc_executable_format(executable);
  size_t exports = halc_executable_export_count(executable);
  size_t libraries = halc_executable_library_count(executable);
  size_t codeModules = halc_executable_code_module_count(executable);
  std::string targetId = halc_executable_target_id(executable);
  if (json) {
    os << "{\"format\": \"" << formatName(format) << "\"";
    if (codeModules) {
      os << ", \"target_id\": " << quote(targetId) << ", \""
         << (format == HALC_EXECUTABLE_FORMAT_HIP1 ? "hsaco" : "ptx")
         << "_bytes\": [";
      for (size_t m = 0; m < codeModules; ++m) {
        const void *data;
        size_t size;
        halc_executable_code_module(executable, m, &data, &size);
        os << (m ? ", " : "") << size;
      }
      os << "]";
    }
    os << ", \"libraries\": [";
  } else {
    os << indent << formatName(format) << " executable: " << exports
       << (exports == 1 ? " export" : " exports");
    if (format == HALC_EXECUTABLE_FORMAT_MTL1)
      os << ", " << libraries << (libraries == 1 ? " library" : " libraries");
    if (codeModules)
      os << ", " << codeModules << (codeModules == 1 ? " module" : " modules")
         << ", target " << (targetId.empty() ? "(not recorded)" : targetId);
    os << "\n";
    for (size_t m = 0; m < codeModules; ++m) {
      const void *data;
      size_t size;
      halc_executable_code_module(executable, m, &data, &size);
      os << indent << "  module " << m << ": " << codeName(format) << " "
         << size << " bytes\n";
    }
  }
  for (size_t l = 0; l < libraries; ++l) {
    halc_metal_library_t library;
    halc_executable_metal_library(executable, l, &library);
    std::string code(library.source ? library.source : "", library.source_size);
    if (json) {
      os << (l ? ", " : "") << "{\"msl_version\": \""
         << mslVersion(library.msl_version)
         << "\", \"source_bytes\": " << library.source_size
         << ", \"metallib_bytes\": " << library.metallib_size;
      if (source)
        os << ", \"source\": " << quote(code);
      os << "}";
    } else {
      os << indent << "  library " << l << ": MSL "
         << mslVersion(library.msl_version) << ", source "
         << library.source_size << " bytes, metallib "
         << library.metallib_size << " bytes\n";
      if (source)
        os << code << "\n";
    }
  }
  os << (json ? "], \"exports\": [" : "");
  for (size_t e = 0; e < exports; ++e) {
    halc_export_info_t info;
    halc_executable_export_info(executable, e, &info);
    size_t container = halc_executable_export_module(executable, e);
    const uint32_t *size = info.workgroup_size;
    if (json) {
      os << (e ? ", " : "") << "{\"name\": " << quote(info.name)
         << ", \"entry_point\": " << quote(info.entry_point)
         << ", \"container\": " << container << ", \"workgroup_size\": ["
         << size[0] << ", " << size[1] << ", " << size[2]
         << "], \"bindings\": " << info.binding_count
         << ", \"read_only_bindings\": " << info.read_only_bindings
         << ", \"constants\": " << info.constant_count
         << ", \"subgroup_size\": " << info.subgroup_size << "}";
    } else {
      os << indent << "  export " << e << " @" << info.name << ": entry point "
         << info.entry_point << " in " << containerName(format) << container << ", workgroup size " << size[0] << "x" << size[1]
         << "x" << size[2] << ", " << info.binding_count
         << " bindings (read-only mask 0x" << std::hex
         << info.read_only_bindings << std::dec << "), "
         << info.constant_count << " constants";
      if (info.subgroup_size)
        os << ", subgroups of " << info.subgroup_size << " lanes";
      os << "\n";
    }
  }
  if (json)
    os << "]}";
}

std::string formatTensorType(const halc_tensor_type_t &type) {
  std::string text;
  for (size_t d = 0; d < type.rank; ++d)
    text += (type.shape[d] < 0 ? std::string("?")
                               : std::to_string(type.shape[d])) + "x";
  return text + halc_element_type_name(type.element_type);
}

void dumpModule(const halc_module_t *module, bool json, bool source,
                std::ostream &os) {
  size_t executables = halc_module_executable_count(module);
  size_t functions = halc_module_function_count(module);
  if (json)
    os << "{\"format\": \"HALM\", \"executables\": [";
  else
    os << "HALM module: " << executables << " executable(s), " << functions
       << " function(s)\n";
  for (size_t x = 0; x < executables; ++x) {
    if (json)
      os << (x ? ", " : "");
    else
      os << "executable " << x << ":\n";
    dumpExecutable(halc_module_executable(module, x), json, source, "  ", os);
  }
  os << (json ? "], \"functions\": [" : "");
  for (size_t f = 0; f < functions; ++f) {
    const halc_function_t *function = halc_module_function(module, f);
    std::vector<std::string> arguments, results, argumentNames, resultNames;
    for (size_t i = 0; i < function->argument_count; ++i) {
      arguments.push_back(formatTensorType(function->arguments[i]));
      argumentNames.push_back(function->argument_names[i]);
    }
    for (size_t i = 0; i < function->result_count; ++i) {
      results.push_back(formatTensorType(function->results[i]));
      resultNames.push_back(function->result_names[i]);
    }
    // In text, a named argument or result reads "name: type".
    auto named = [](const std::vector<std::string> &names,
                    const std::vector<std::string> &types) {
      std::vector<std::string> items;
      items.reserve(types.size());
      for (size_t i = 0; i < types.size(); ++i)
        items.push_back(names[i].empty() ? types[i]
                                         : names[i] + ": " + types[i]);
      return items;
    };
    auto list = [&](const std::vector<std::string> &items, bool quoted) {
      std::string text;
      for (size_t i = 0; i < items.size(); ++i)
        text += (i ? ", " : "") + (quoted ? quote(items[i]) : items[i]);
      return text;
    };
    std::vector<std::string> constants;
    for (size_t b = 0; b < function->buffer_count; ++b)
      if (function->buffer_contents[b])
        constants.push_back(std::to_string(b));
    if (json) {
      os << (f ? ", " : "") << "{\"name\": " << quote(function->name)
         << ", \"arguments\": [" << list(arguments, true) << "], \"results\": ["
         << list(results, true) << "], \"argument_names\": ["
         << list(argumentNames, true) << "], \"result_names\": ["
         << list(resultNames, true)
         << "], \"buffers\": " << function->buffer_count
         << ", \"constant_buffers\": [" << list(constants, false)
         << "], \"depends_on_call\": "
         << (function->depends_on_call ? "true" : "false")
         << ", \"dispatches\": [";
    } else {
      os << "function @" << function->name << "("
         << list(named(argumentNames, arguments), false) << ") -> ("
         << list(named(resultNames, results), false)
         << "): " << function->buffer_count << " buffers";
      if (!constants.empty())
        os << " (constants: " << list(constants, false) << ")";
      if (function->depends_on_call)
        os << "; sizes, constants and workgroup counts depend on the call";
      os << "\n";
    }
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      const halc_dispatch_t &dispatch = function->dispatches[d];
      std::vector<std::string> bindings;
      bindings.reserve(dispatch.binding_count);
      for (size_t b = 0; b < dispatch.binding_count; ++b)
        bindings.push_back(std::to_string(dispatch.bindings[b]));
      const uint32_t *count = dispatch.workgroup_count;
      if (json)
        os << (d ? ", " : "") << "{\"executable\": " << dispatch.executable
           << ", \"export\": " << dispatch.export_ordinal << ", \"bindings\": ["
           << list(bindings, false) << "], \"workgroup_count\": [" << count[0]
           << ", " << count[1] << ", " << count[2] << "], \"at_load\": "
           << (d < function->load_dispatch_count ? "true" : "false") << "}";
      else
        os << "  dispatch " << d << ": executable " << dispatch.executable
           << " export " << dispatch.export_ordinal << ", buffers ["
           << list(bindings, false) << "], workgroup count " << count[0] << "x"
           << count[1] << "x" << count[2]
           << (d < function->load_dispatch_count ? ", once at load" : "")
           << "\n";
    }
    os << (json ? "]}" : "");
  }
  if (json)
    os << "]}";
}

bool readMagic(const char *path, std::string &magic) {
  std::ifstream file(path, std::ios::binary);
  char bytes[4] = {};
  if (!file.read(bytes, 4))
    return false;
  magic.assign(bytes, 4);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  const char *path = nullptr, *parametersPath = nullptr;
  bool json = false, source = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--parameters=", 13)) {
      parametersPath = argv[i] + 13;
    } else if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--source")) {
      source = true;
    } else if (!std::strcmp(argv[i], "--help")) {
      std::puts("usage: halc-dump FILE [--json] [--source] "
                "[--parameters=FILE.safetensors]\n"
                "  prints a halc module (HALM) or executable (VKE1, MTL1, "
                "HIP1, CDA1)");
      return 0;
    } else if (!path && argv[i][0] != '-') {
      path = argv[i];
    } else {
      std::fprintf(stderr, "error: unknown argument '%s'\n", argv[i]);
      return 1;
    }
  }
  if (!path) {
    std::fprintf(stderr, "error: no file given\n");
    return 1;
  }
  std::string magic;
  if (!readMagic(path, magic)) {
    std::fprintf(stderr, "error: cannot read a header from '%s'\n", path);
    return 1;
  }
  std::ostringstream os;
  halc_status_t status;
  if (magic == "HALM") {
    halc_parameters_t *parameters = nullptr;
    status = parametersPath
                 ? halc_parameters_load_file(parametersPath, &parameters)
                 : nullptr;
    halc_module_t *module = nullptr;
    if (!status)
      status = halc_module_load_file_with_parameters(path, parameters, &module);
    if (!status) {
      dumpModule(module, json, source, os);
      halc_module_free(module);
    }
    if (parameters)
      halc_parameters_free(parameters);
  } else {
    halc_executable_t *executable = nullptr;
    status = halc_executable_load_file(path, &executable);
    if (!status) {
      dumpExecutable(executable, json, source, "", os);
      halc_executable_free(executable);
    }
  }
  if (status) {
    std::fprintf(stderr, "error: %s\n", halc_status_message(status));
    halc_status_free(status);
    return 1;
  }
  std::fputs(os.str().c_str(), stdout);
  if (json)
    std::fputs("\n", stdout);
  return 0;
}
