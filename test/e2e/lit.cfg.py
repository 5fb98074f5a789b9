# Numeric end-to-end tests: each .mlir file is compiled with halc-compile and
# every function in it is run on Vulkan (lavapipe in CI) on random inputs and
# compared with upstream MLIR's CPU lowering of the same input.
import glob
import os
import sys

import lit.formats

config.name = "halc-e2e"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "e2e")

tool_dirs = [
    os.path.join(config.halc_obj_root, "tools", "halc-compile"),
    os.path.join(config.halc_obj_root, "tools", "halc-run"),
    os.path.join(config.halc_obj_root, "tools", "halc-dump"),
    config.llvm_tools_dir,
]
config.environment["PATH"] = os.pathsep.join(
    tool_dirs + [config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(
    ("%e2e", sys.executable + " " + os.path.join(config.test_source_root, "run_e2e.py")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%schemas", os.path.join(config.halc_src_root, "schemas")))

if glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"):
    config.available_features.add("lavapipe")
    config.environment["HALC_VULKAN_DEVICE"] = "llvmpipe"

# The halc-run of the ASan/UBSan build (scripts/test.sh passes it): each
# Vulkan run of run_e2e.py is repeated with it.
# %checked_halc_run is that halc-run where there is one, else the host's.
sanitized_halc_run = lit_config.params.get("sanitized_halc_run")
if sanitized_halc_run:
    config.environment["HALC_SANITIZED_RUN"] = os.path.abspath(sanitized_halc_run)
config.substitutions.append(("%checked_halc_run", os.path.abspath(
    sanitized_halc_run) if sanitized_halc_run else "halc-run"))
