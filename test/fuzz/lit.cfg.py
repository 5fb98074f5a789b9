# The fuzz harnesses' short runs (the sanitized build, build-sanitize/):
# each harness for a minute on seeds halc-compile writes (run_fuzzers.py).
import os
import sys

import lit.formats

config.name = "halc-fuzz"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.halc_obj_root, "test", "fuzz")

# FileCheck from Debian's LLVM 22 (the build's own LLVM is not configured
# in this runtime-only build).
config.environment["PATH"] = os.pathsep.join(
    ["/usr/lib/llvm-22/bin", config.environment.get("PATH", os.environ["PATH"])])

# The host build's halc-compile writes the seeds.
halc_compile = lit_config.params.get("halc_compile")
if not halc_compile:
    config.unsupported = True
else:
    config.substitutions.append(("%halc_compile", os.path.abspath(halc_compile)))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%fuzz_bin", os.path.join(config.halc_obj_root, "test", "fuzz")))
config.substitutions.append(("%e2e_inputs", os.path.join(config.halc_src_root, "test", "e2e")))
config.substitutions.append(("%fuzz_seconds", lit_config.params.get("fuzz_seconds", "60")))
