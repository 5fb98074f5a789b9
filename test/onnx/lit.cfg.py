# ONNX tests: the importer's output (FileCheck), ONNX's backend conformance
# suite (Debian's libonnx-testdata) compiled and run on lavapipe and through
# the MSL executor and compiled for rocm and cuda, and PyTorch models
# exported with Debian's PyTorch run against PyTorch on the CPU.
import glob
import os
import sys

import lit.formats

config.name = "halc-onnx"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".mlir"]
config.excludes = ["Inputs", "models"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "onnx")

tool_dirs = [
    os.path.join(config.halc_obj_root, "tools", "halc-compile"),
    os.path.join(config.halc_obj_root, "tools", "halc-import-onnx"),
    os.path.join(config.halc_obj_root, "tools", "halc-run"),
    os.path.join(config.halc_obj_root, "tools", "halc-dump"),
    config.llvm_tools_dir,
]
config.environment["PATH"] = os.pathsep.join(
    tool_dirs + [config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%backend_tests", sys.executable + " " +
     os.path.join(config.test_source_root, "run_backend_tests.py")))

if glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"):
    config.available_features.add("lavapipe")
    config.environment["HALC_VULKAN_DEVICE"] = "llvmpipe"
