//===- MSLLibrary.cpp - An MTL1's MSL compiled for the CPU ----------------===//

#include "MSLLibrary.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace halc::msl;

namespace {

/// One parameter of a kernel: `constant S& name [[buffer(0)]]`.
struct Parameter {
  std::string type, name, attribute;
};

struct ParsedKernel {
  std::string name;
  uint32_t maxThreads = 0;
  std::vector<Parameter> parameters;
};

/// Thread-id attributes and where their words are in the ids array.
const std::map<std::string, uint32_t> kThreadIdAttributes = {
    {"thread_position_in_threadgroup", kThreadPositionInThreadgroup},
    {"threadgroup_position_in_grid", kThreadgroupPositionInGrid},
    {"thread_position_in_grid", kThreadPositionInGrid},
    {"threads_per_threadgroup", kThreadsPerThreadgroup},
    {"dispatch_threads_per_threadgroup", kThreadsPerThreadgroup},
    {"threadgroups_per_grid", kThreadgroupsPerGrid},
    {"threads_per_grid", kThreadsPerGrid},
    {"thread_index_in_threadgroup", kThreadIndexInThreadgroup},
    {"thread_index_in_simdgroup", kThreadIndexInSIMDGroup},
    {"simdgroup_index_in_threadgroup", kSIMDGroupIndexInThreadgroup},
    {"threads_per_simdgroup", kThreadsPerSIMDGroup},
    {"simdgroups_per_threadgroup", kSIMDGroupsPerThreadgroup},
    {"dispatch_simdgroups_per_threadgroup", kSIMDGroupsPerThreadgroup},
    {"thread_index_in_quadgroup", kThreadIndexInQuadGroup},
    {"quadgroup_index_in_threadgroup", kQuadGroupIndexInThreadgroup},
    {"quadgroups_per_threadgroup", kQuadGroupsPerThreadgroup},
    {"dispatch_quadgroups_per_threadgroup", kQuadGroupsPerThreadgroup},
};

std::string trim(const std::string &s) {
  size_t begin = s.find_first_not_of(" \t\n");
  size_t end = s.find_last_not_of(" \t\n");
  return begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

bool isIdentifierChar(char c) {
  return std::isalnum((unsigned char)c) || c == '_';
}

/// Splits `text` at the commas outside brackets of any kind.
std::vector<std::string> splitTopLevel(const std::string &text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string part;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '<' || c == '{')
      ++depth;
    if (c == ')' || c == ']' || c == '>' || c == '}')
      --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(trim(part));
      part.clear();
      continue;
    }
    part += c;
  }
  if (!trim(part).empty())
    parts.push_back(trim(part));
  return parts;
}

/// `TYPE NAME [[ATTRIBUTE]]` → its parts.
bool parseParameter(const std::string &text, Parameter &parameter) {
  size_t open = text.rfind("[[");
  if (open == std::string::npos || text.compare(text.size() - 2, 2, "]]") != 0)
    return false;
  parameter.attribute = trim(text.substr(open + 2, text.size() - open - 4));
  std::string declaration = trim(text.substr(0, open));
  size_t nameStart = declaration.size();
  while (nameStart > 0 && isIdentifierChar(declaration[nameStart - 1]))
    --nameStart;
  parameter.name = declaration.substr(nameStart);
  parameter.type = trim(declaration.substr(0, nameStart));
  return !parameter.name.empty() && !parameter.type.empty();
}

/// Every `kernel void NAME(...)` of `source`, with the attribute before it.
bool parseKernels(const std::string &source, std::vector<ParsedKernel> &kernels,
                  std::string &error) {
  const std::string marker = "kernel void ";
  for (size_t at = source.find(marker); at != std::string::npos;
       at = source.find(marker, at + 1)) {
    if (at > 0 && source[at - 1] != '\n' && source[at - 1] != ' ')
      continue;
    ParsedKernel kernel;
    size_t nameStart = at + marker.size();
    size_t open = source.find('(', nameStart);
    kernel.name = trim(source.substr(nameStart, open - nameStart));
    int depth = 0;
    size_t close = open;
    for (; close < source.size(); ++close) {
      depth += source[close] == '(' ? 1 : source[close] == ')' ? -1 : 0;
      if (depth == 0)
        break;
    }
    for (const std::string &text :
         splitTopLevel(source.substr(open + 1, close - open - 1))) {
      Parameter parameter;
      if (!parseParameter(text, parameter)) {
        error =
            "kernel " + kernel.name + ": cannot read parameter '" + text + "'";
        return false;
      }
      kernel.parameters.push_back(parameter);
    }
    // [[max_total_threads_per_threadgroup(N)]] on the line before.
    size_t lineStart = source.rfind('\n', at == 0 ? 0 : at - 1);
    size_t previous = lineStart == std::string::npos || lineStart == 0
                          ? 0
                          : source.rfind('\n', lineStart - 1);
    std::string before = source.substr(
        previous == std::string::npos ? 0 : previous, at - previous);
    const std::string attribute = "[[max_total_threads_per_threadgroup(";
    size_t found = before.find(attribute);
    if (found != std::string::npos)
      kernel.maxThreads =
          std::strtoul(before.c_str() + found + attribute.size(), nullptr, 10);
    kernels.push_back(kernel);
  }
  return true;
}

/// The members of `struct NAME { ... };`: name and [[id(i)]].
bool parseArgumentBuffer(const std::string &source, const std::string &name,
                         std::vector<std::pair<std::string, uint32_t>> &members,
                         std::string &error) {
  size_t at = source.find("struct " + name + "\n");
  if (at == std::string::npos) {
    error = "no definition of the argument buffer struct " + name;
    return false;
  }
  size_t open = source.find('{', at), close = source.find("};", at);
  std::istringstream body(source.substr(open + 1, close - open - 1));
  for (std::string line; std::getline(body, line);) {
    line = trim(line);
    if (line.empty())
      continue;
    Parameter member;
    if (line.back() != ';' ||
        !parseParameter(line.substr(0, line.size() - 1), member) ||
        member.attribute.compare(0, 3, "id(") != 0) {
      error = "argument buffer " + name + ": cannot read member '" + line + "'";
      return false;
    }
    members.emplace_back(
        member.name, std::strtoul(member.attribute.c_str() + 3, nullptr, 10));
  }
  return true;
}

/// `constant S&` → `S`; empty if it is not a reference to constant memory.
std::string constantReferee(const std::string &type) {
  if (type.compare(0, 9, "constant ") != 0 || type.back() != '&')
    return "";
  return trim(type.substr(9, type.size() - 10));
}

/// The entry and layout functions of kernel `index`, in the library's
/// language (C++ for OpenCL with metal_stdlib).
bool writeGlue(const std::string &source, const ParsedKernel &kernel,
               size_t index, std::string &glue, std::string &error) {
  std::string arguments, layout, prefix = "kernel " + kernel.name + ": ";
  std::string argumentStruct, constantsStruct;
  for (const Parameter &parameter : kernel.parameters) {
    if (!arguments.empty())
      arguments += ", ";
    const std::string &attribute = parameter.attribute;
    if (attribute.compare(0, 7, "buffer(") == 0) {
      uint32_t buffer = std::strtoul(attribute.c_str() + 7, nullptr, 10);
      std::string referee = constantReferee(parameter.type);
      if (buffer != 0 && buffer != 3) {
        error = prefix + "takes '" + parameter.type + " " + parameter.name +
                "' at [[buffer(" + std::to_string(buffer) +
                ")]]; the binding contract has the argument buffer at "
                "[[buffer(0)]] and the constants at [[buffer(3)]] only";
        return false;
      }
      if (referee.empty()) {
        error = prefix + "takes [[buffer(" + std::to_string(buffer) +
                ")]] as '" + parameter.type +
                "'; the binding contract passes a constant reference";
        return false;
      }
      (buffer == 0 ? argumentStruct : constantsStruct) = referee;
      arguments += "*(constant " + referee + " *)" +
                   (buffer == 0 ? "arguments" : "constants");
      continue;
    }
    auto id = kThreadIdAttributes.find(attribute);
    if (id == kThreadIdAttributes.end()) {
      error = prefix + "takes a parameter with attribute [[" + attribute +
              "]], which the executor does not provide";
      return false;
    }
    char last = parameter.type.back();
    int count = last == '2' ? 2 : last == '3' ? 3 : last == '4' ? 4 : 1;
    arguments += parameter.type + "(";
    for (int i = 0; i < count; ++i)
      arguments +=
          (i ? ", ids[" : "ids[") + std::to_string(id->second + i) + "]";
    arguments += ")";
  }
  std::vector<std::pair<std::string, uint32_t>> members;
  if (!argumentStruct.empty() &&
      !parseArgumentBuffer(source, argumentStruct, members, error))
    return false;
  std::string n = std::to_string(index);
  layout +=
      "  out[0] = " +
      (argumentStruct.empty() ? "0" : "sizeof(" + argumentStruct + ")") +
      ";\n  out[1] = " +
      (constantsStruct.empty() ? "0" : "sizeof(" + constantsStruct + ")") +
      ";\n  out[2] = " + std::to_string(members.size()) + ";\n";
  for (size_t m = 0; m < members.size(); ++m)
    layout += "  out[" + std::to_string(3 + 2 * m) +
              "] = " + std::to_string(members[m].second) + ";\n  out[" +
              std::to_string(4 + 2 * m) + "] = __builtin_offsetof(" +
              argumentStruct + ", " + members[m].first + ");\n";
  glue += "\nextern \"C\" void halc_msl_layout_" + n +
          "(metal::ulong *out) {\n" + layout + "}\n";
  glue += "extern \"C\" void halc_msl_entry_" + n +
          "(const constant void *arguments, const constant void *constants, "
          "const metal::uint *ids) {\n  " +
          kernel.name + "(" + arguments + ");\n}\n";
  return true;
}

/// FNV-1a: a stable key for the cache.
uint64_t hash(const std::string &text, uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : text)
    h = (h ^ c) * 0x100000001b3ull;
  return h;
}

std::string readFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

/// The headers the library is compiled against (part of the cache key).
const char *const kHeaders[] = {
    "metal_stdlib",     "metal_types",     "metal_math",    "metal_integer",
    "metal_relational", "metal_geometric", "metal_compute", "simd/simd.h"};

std::string cacheDirectory() {
  if (const char *dir = std::getenv("HALC_MSL_CACHE_DIR"))
    return dir;
  const char *tmp = std::getenv("TMPDIR");
  return std::string(tmp ? tmp : "/tmp") + "/halc-msl-cache-" +
         std::to_string(getuid());
}

/// Runs clang on `sourcePath` into `outputPath`; on failure its messages are
/// in `error`.
bool runClang(const std::vector<std::string> &arguments, const std::string &log,
              std::string &error) {
  pid_t child = fork();
  if (child == 0) {
    FILE *out = std::freopen(log.c_str(), "w", stderr);
    (void)out;
    std::vector<char *> argv;
    for (const std::string &argument : arguments)
      argv.push_back(const_cast<char *>(argument.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    // Its first messages: the rest repeats them for each use.
    std::istringstream messages(readFile(log));
    error = "clang could not compile the MSL:";
    std::string line;
    for (int lines = 0; lines < 12 && std::getline(messages, line); ++lines)
      error += "\n" + line;
    return false;
  }
  return true;
}

} // namespace

std::unique_ptr<Library> Library::compile(const std::string &source,
                                          uint32_t mslVersion,
                                          std::string &error) {
  std::vector<ParsedKernel> parsed;
  if (!parseKernels(source, parsed, error))
    return nullptr;
  if (parsed.empty()) {
    error = "the MSL has no kernel";
    return nullptr;
  }
  std::string glue = "\n// Entries of the MSL executor (test/msl).\n";
  for (size_t k = 0; k < parsed.size(); ++k)
    if (!writeGlue(source, parsed[k], k, glue, error))
      return nullptr;

  std::string version =
      std::to_string((mslVersion >> 16) * 100 + (mslVersion & 0xffff) * 10);
  std::vector<std::string> command = {HALC_MSL_CLANG,
                                      "-x",
                                      "clcpp",
                                      "-cl-std=clc++2021",
                                      "-cl-no-stdinc",
                                      "-cl-single-precision-constant",
                                      "-O1",
                                      "-ffp-contract=off",
                                      "-fPIC",
                                      "-shared",
                                      "-Wno-unknown-attributes",
                                      "-D__METAL_VERSION__=" + version,
                                      "-I",
                                      HALC_MSL_INCLUDE_DIR};
  uint64_t key = hash(source + glue);
  for (const std::string &argument : command)
    key = hash(argument + "\n", key);
  for (const char *header : kHeaders)
    key = hash(readFile(std::string(HALC_MSL_INCLUDE_DIR) + "/" + header), key);
  char name[32];
  std::snprintf(name, sizeof(name), "%016llx", (unsigned long long)key);
  std::string directory = cacheDirectory();
  mkdir(directory.c_str(), 0700);
  std::string object = directory + "/" + name + ".so";
  struct stat info;
  if (stat(object.c_str(), &info) != 0) {
    // Written under a name of this process's, then renamed: tests run in
    // parallel.
    std::string unique =
        directory + "/" + name + "." + std::to_string(getpid());
    std::ofstream(unique + ".metal") << source << glue;
    command.insert(command.end(), {unique + ".metal", "-o", unique + ".so"});
    bool compiled = runClang(command, unique + ".log", error);
    std::remove((unique + ".metal").c_str());
    std::remove((unique + ".log").c_str());
    if (!compiled ||
        std::rename((unique + ".so").c_str(), object.c_str()) != 0) {
      std::remove((unique + ".so").c_str());
      if (error.empty())
        error = "cannot write " + object;
      return nullptr;
    }
  }

  std::unique_ptr<Library> library(new Library());
  library->handle = dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library->handle) {
    error = std::string("cannot load the compiled MSL: ") + dlerror();
    return nullptr;
  }
  for (const char *collective :
       {"threadgroup_barrier(", "simdgroup_barrier(", "simd_", "quad_"})
    library->collectives |= source.find(collective) != std::string::npos;
  for (size_t k = 0; k < parsed.size(); ++k) {
    std::string n = std::to_string(k);
    auto layoutOf = reinterpret_cast<void (*)(uint64_t *)>(
        dlsym(library->handle, ("halc_msl_layout_" + n).c_str()));
    Kernel kernel;
    kernel.name = parsed[k].name;
    kernel.entry = reinterpret_cast<KernelEntry>(
        dlsym(library->handle, ("halc_msl_entry_" + n).c_str()));
    if (!layoutOf || !kernel.entry) {
      error = "the compiled MSL lacks the entry of kernel " + kernel.name;
      return nullptr;
    }
    std::vector<uint64_t> layout(3 + 2 * 64);
    layoutOf(layout.data());
    kernel.maxTotalThreadsPerThreadgroup = parsed[k].maxThreads;
    kernel.argumentBufferSize = layout[0];
    kernel.constantsSize = layout[1];
    kernel.takesArguments = layout[0] != 0;
    kernel.takesConstants = layout[1] != 0;
    for (uint64_t m = 0; m < layout[2]; ++m)
      kernel.argumentMembers.emplace_back(layout[3 + 2 * m], layout[4 + 2 * m]);
    library->kernels[kernel.name] = kernel;
  }
  return library;
}

Library::~Library() {
  if (handle)
    dlclose(handle);
}

const Kernel *Library::lookup(const std::string &name) const {
  auto found = kernels.find(name);
  return found == kernels.end() ? nullptr : &found->second;
}
