# lit runs every GoogleTest case of the *Tests binaries in build/test/unit as
# one test, so unit and IR tests share one runner and one summary line.
import os

import lit.formats

config.name = "halc-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.halc_obj_root, "test", "unit")
config.test_exec_root = config.test_source_root
# ServingTests' module: the one lit is given (scripts/test.sh gives the
# main build's to the sanitized build's tests too), else this build's.
config.environment["HALC_SERVING_MODULE"] = os.path.abspath(
    lit_config.params.get("serving_module") or
    os.path.join(config.halc_obj_root, "test", "unit", "serving.halm"))
