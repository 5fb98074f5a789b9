#!/usr/bin/env python3
"""Runs the compiled models of a bundle (a folder of NAME.TARGET.halm with
NAME.input.npy and NAME.expected.npy, NAME.batch3.* for a second batch, as
export_models.py and halc-compile make them) on a GPU with the runtime-only
halc-run, and compares each output with PyTorch's (rtol 1e-3, atol 1e-4;
TF32 plays no part: PyTorch ran on the CPU).

  run_bundle.py DIR HALC_RUN

TARGET is vk (halc-run --device=vulkan) or cuda (--device=cuda). Prints a
line per run; exits 1 if any fails."""
import glob
import os
import subprocess
import sys
import time

import numpy as np

DEVICES = {"vk": "vulkan", "cuda": "cuda"}


def main():
    folder, halc_run = sys.argv[1], sys.argv[2]
    failures = 0
    for module in sorted(glob.glob(os.path.join(folder, "*.halm"))):
        name, target = os.path.basename(module).split(".")[:2]
        for batch in ["", ".batch3"]:
            stem = os.path.join(folder, name + batch)
            if not os.path.exists(stem + ".input.npy"):
                continue
            output = stem + "." + target + ".output.npy"
            start = time.time()
            done = subprocess.run(
                [halc_run, module, "--function=f",
                 "--device=" + DEVICES[target],
                 "--input=@" + stem + ".input.npy", "--output=@" + output],
                capture_output=True, text=True)
            seconds = time.time() - start
            label = "%s%s [%s]" % (name, batch, DEVICES[target])
            if done.returncode != 0:
                print("%s: FAILED %s" % (label, (done.stderr or
                                                 done.stdout).strip()[-300:]))
                failures += 1
                continue
            actual = np.load(output)
            expected = np.load(stem + ".expected.npy")
            error = float(np.abs(actual.astype(np.float64) - expected).max())
            ok = actual.shape == expected.shape and np.allclose(
                actual, expected, rtol=1e-3, atol=1e-4)
            print("%s: %s %s, largest error %.1e (largest value %.2f), "
                  "halc-run %.1f s" % (
                      label, "matches PyTorch" if ok else "MISMATCH",
                      "x".join(map(str, actual.shape)), error,
                      float(np.abs(expected).max()), seconds))
            failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
