# lit configuration of halc's IR tests: one file per feature, mirroring
# compiler/. Runs halc-opt and halc-compile from the build tree with LLVM 22's
# FileCheck and not.
import glob
import os
import shutil
import sys

import lit.formats

# The sanitized build's tools (build-sanitize/: ASan, UBSan, halc's asserts)
# run the same tests as a suite of its own.
config.name = "halc-sanitized" if config.halc_sanitized == "ON" else "halc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "lit")

tool_dirs = [
    os.path.join(config.halc_obj_root, "tools", "halc-opt"),
    os.path.join(config.halc_obj_root, "tools", "halc-compile"),
    os.path.join(config.halc_obj_root, "tools", "halc-run"),
    os.path.join(config.halc_obj_root, "tools", "halc-dump"),
    os.path.join(config.halc_obj_root, "tools", "halc-metallib"),
    config.llvm_tools_dir,
]
config.environment["PATH"] = os.pathsep.join(
    tool_dirs + [config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%examples", os.path.join(config.halc_src_root, "examples")))
config.substitutions.append(("%schemas", os.path.join(config.halc_src_root, "schemas")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%e2e_inputs", os.path.join(config.halc_src_root, "test", "e2e")))
config.substitutions.append(("%metal_inputs", os.path.join(
    config.test_source_root, "Target", "MetalSPIRV", "Inputs")))
# PATH with the stand-in xcrun of the Metal tests in front.
config.substitutions.append(("%standin_xcrun_path", os.pathsep.join(
    [os.path.join(config.test_source_root, "Target", "MetalSPIRV", "Inputs",
                  "stand-in-xcrun"), config.environment["PATH"]])))

# spirv-val (Debian's spirv-tools) checks binaries independently of the
# validator halc links; tests that use it say REQUIRES: spirv-val.
if shutil.which("spirv-val"):
    config.available_features.add("spirv-val")

# Kernels run on Mesa's lavapipe (the CPU) where it is installed; tests that
# run them say REQUIRES: lavapipe and pick it with HALC_VULKAN_DEVICE.
if glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"):
    config.available_features.add("lavapipe")
    config.environment["HALC_VULKAN_DEVICE"] = "llvmpipe"
