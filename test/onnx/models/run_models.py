#!/usr/bin/env python3
"""Exports the PyTorch models of export_models.py, compiles each for every
target, runs it on lavapipe with halc-run and compares its output with
PyTorch's on the CPU (rtol 1e-3, atol 1e-4). A model exported with a dynamic
batch is compiled once and run at batch 1 and 3.

  run_models.py WORK_DIR [NAME...]

Prints a line per model and target; exits 1 if any fails."""
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import export_models  # noqa: E402

# Every target halc has; only Vulkan runs here (lavapipe).
TARGETS = {
    "vulkan-spirv": ["--iree-hal-target-backends=vulkan-spirv",
                     "--iree-vulkan-target=lavapipe"],
    "metal-spirv": ["--iree-hal-target-backends=metal-spirv"],
    "rocm": ["--iree-hal-target-backends=rocm", "--iree-rocm-target=gfx942"],
    "cuda": ["--iree-hal-target-backends=cuda", "--iree-cuda-target=sm_80"],
}


def run(command):
    done = subprocess.run(command, capture_output=True, text=True,
                          errors="replace")
    lines = (done.stderr or done.stdout).strip().splitlines()
    return done.returncode, (lines[0] if lines else "")


def check_model(work, name):
    failures = 0
    model = os.path.join(work, name + ".onnx")
    for target, flags in TARGETS.items():
        module = os.path.join(work, "%s.%s.halm" % (name, target))
        code, message = run(["halc-compile", model, "--onnx-function-name=f",
                             "-o", module] + flags)
        print("%s [%s]: %s" % (name, target,
                               "compiles" if code == 0 else "FAILED " + message))
        failures += code != 0
    module = os.path.join(work, name + ".vulkan-spirv.halm")
    batches = [""]
    if os.path.exists(os.path.join(work, name + ".batch3.input.npy")):
        batches.append(".batch3")
    for batch in batches:
        stem = os.path.join(work, name + batch)
        output = stem + ".output.npy"
        code, message = run(["halc-run", module, "--function=f",
                             "--input=@" + stem + ".input.npy",
                             "--output=@" + output])
        label = "%s%s [lavapipe]" % (name, batch)
        if code != 0:
            print("%s: FAILED %s" % (label, message))
            failures += 1
            continue
        actual = np.load(output)
        expected = np.load(stem + ".expected.npy")
        error = float(np.abs(actual.astype(np.float64) - expected).max())
        if actual.shape == expected.shape and np.allclose(
                actual, expected, rtol=1e-3, atol=1e-4):
            print("%s: matches PyTorch %s (largest error %.1e)" %
                  (label, "x".join(map(str, actual.shape)), error))
        else:
            print("%s: MISMATCH: shape %s, expected %s, largest error %g" %
                  (label, actual.shape, expected.shape, error))
            failures += 1
    return failures


def main():
    work = sys.argv[1]
    os.makedirs(work, exist_ok=True)
    names = sys.argv[2:] or list(export_models.MODELS)
    for name in names:
        export_models.export(name, work)
    failures = sum(check_model(work, name) for name in names)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
