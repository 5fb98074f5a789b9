# lit configuration of halc as a package: the Python package's pytest files
# (python/, each one lit test, importing halc from the build tree) and the
# installed tree (cmake --install, then an application outside the build
# and the installed Python package).
import glob
import os

import lit.formats

config.name = "halc-package"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".test"]
# installed.test.py is a helper of installed.test.
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "installed.test.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "package")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["PYTHONPATH"] = os.path.join(config.halc_obj_root, "python")
# Nothing written into the source tree: no bytecode next to the test files.
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"
# pytest writes no cache into the source tree.
config.substitutions.append(
    ("%pytest", config.python_executable + " -m pytest -q -p no:cacheprovider"))
# Before %python, of which it is an extension.
config.substitutions.append(("%python_install_dir", config.python_install_dir))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%halc_build", config.halc_obj_root))
config.substitutions.append(("%examples", os.path.join(config.halc_src_root, "examples")))

if glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"):
    config.available_features.add("lavapipe")
    config.environment["HALC_VULKAN_DEVICE"] = "llvmpipe"
