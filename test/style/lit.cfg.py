# lit configuration of halc's style checks: clang-format and clang-tidy on
# what the last commit changed (scripts/check-style.sh).
import os

import lit.formats

config.name = "halc-style"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "style")
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.substitutions.append(("%halc_src", config.halc_src_root))
