#!/usr/bin/env python3
"""Compiles each bad input for each target and checks what a person gets:
exit code 1 (never a signal), exactly one error, at the file:line:col and
with the message its first line names (`// ERROR: LINE:COL: MESSAGE`), and
no output file.

  check_bad_inputs.py HALC_COMPILE OUTPUT_DIR FILE.mlir...

Prints one line per file and target; exits 1 if any check fails."""
import os
import re
import subprocess
import sys

TARGETS = [["--iree-hal-target-backends=vulkan-spirv"],
           ["--iree-hal-target-backends=metal-spirv"],
           ["--iree-hal-target-backends=rocm", "--iree-rocm-target=gfx942"]]


def check(compiler, output_dir, path, target):
    """The problems of compiling `path` for `target`; empty if none."""
    expected = re.match(r"// ERROR: (\d+):(\d+): (.*)", open(path).readline())
    if not expected:
        return ["its first line is not '// ERROR: LINE:COL: MESSAGE'"]
    output = os.path.join(output_dir, os.path.basename(path) + ".out")
    if os.path.exists(output):
        os.remove(output)
    run = subprocess.run([compiler, path, "-o", output] + target,
                         capture_output=True, text=True)
    problems = []
    if run.returncode != 1:
        problems.append("exit code %d, not 1" % run.returncode)
    errors = [line for line in run.stderr.splitlines() if ": error: " in line]
    if len(errors) != 1:
        problems.append("%d errors, not 1" % len(errors))
    where = "%s:%s:%s: error: " % (path, expected.group(1), expected.group(2))
    if not any(line.startswith(where) and expected.group(3) in line
               for line in errors):
        problems.append("no error '%s%s'" % (where, expected.group(3)))
    if os.path.exists(output):
        problems.append("it wrote " + output)
    if problems:
        problems.append("stderr:\n" + run.stderr)
    return problems


def main():
    compiler, output_dir, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(output_dir, exist_ok=True)
    failures = 0
    for path in paths:
        for target in TARGETS:
            problems = check(compiler, output_dir, path, target)
            name = "%s %s" % (os.path.basename(path), " ".join(target))
            print(("FAILED %s: %s" % (name, "; ".join(problems))) if problems
                  else "ok %s" % name)
            failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
