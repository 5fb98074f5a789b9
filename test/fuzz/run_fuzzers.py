#!/usr/bin/env python3
"""Runs the libFuzzer harnesses of the runtime (ExecutableFuzzer,
ModuleFuzzer, CallFuzzer) on seeds that halc-compile writes: executables of
every format and modules of every target, compiled from e2e inputs (a call's
seed is a module with dynamic sizes followed by sizes); and the compiler's
(CompileFuzzer) on MLIR text: every e2e input, example and bad input.

  run_fuzzers.py FUZZ_BIN_DIR HALC_COMPILE E2E_DIR WORK_DIR
                 [--seconds=N] [--runs=N] [--seed=N] [HARNESS...]

Each harness runs until N seconds or N executions (from libFuzzer's seed N:
the same inputs on every machine); prints its final stats
and ends with one line per harness ("ExecutableFuzzer: 10000000 runs, no
crash"); exits 1 if any found a crash (its input is kept in WORK_DIR)."""
import glob
import os
import re
import shutil
import struct
import subprocess
import sys

HARNESSES = ["ExecutableFuzzer", "ModuleFuzzer", "CallFuzzer", "CompileFuzzer"]
SOURCES = ["elementwise.mlir", "reduction.mlir", "dynamic.mlir", "constants.mlir"]
TARGETS = {
    "vulkan": ["--iree-hal-target-backends=vulkan-spirv",
               "--iree-vulkan-target=lavapipe"],
    "metal": ["--iree-hal-target-backends=metal-spirv"],
    "rocm": ["--iree-hal-target-backends=rocm", "--iree-rocm-target=gfx942"],
}


def make_seeds(compiler, e2e, work):
    """Seed directories for each harness."""
    seeds = {h: os.path.join(work, "seeds", h) for h in HARNESSES}
    for directory in seeds.values():
        os.makedirs(directory, exist_ok=True)
    for source in SOURCES:
        stem = os.path.splitext(source)[0]
        for target, flags in TARGETS.items():
            path = os.path.join(e2e, source)
            module = os.path.join(seeds["ModuleFuzzer"], "%s.%s.halm" % (stem, target))
            subprocess.run([compiler, path, "-o", module] + flags, check=True,
                           capture_output=True)
            subprocess.run([compiler, path, "--compile-to=executable", "-o",
                            os.path.join(seeds["ExecutableFuzzer"],
                                         "%s.%s.bin" % (stem, target))] + flags,
                           check=True, capture_output=True)
            # A call: the module, then sizes as 8-byte words and their count.
            sizes = [1, 7, 64, 5, 33]
            data = open(module, "rb").read()
            data += struct.pack("<%dq" % len(sizes), *sizes) + bytes([len(sizes)])
            open(os.path.join(seeds["CallFuzzer"], "%s.%s.call" % (stem, target)),
                 "wb").write(data)
    root = os.path.dirname(os.path.dirname(os.path.abspath(e2e)))
    texts = glob.glob(os.path.join(e2e, "*.mlir")) + glob.glob(
        os.path.join(root, "examples", "*.mlir")) + glob.glob(
        os.path.join(root, "test", "lit", "tools", "halc-compile", "Inputs",
                     "bad", "*.mlir"))
    for text in texts:
        name = "%s-%s" % (os.path.basename(os.path.dirname(text)),
                          os.path.basename(text))
        shutil.copy(text, os.path.join(seeds["CompileFuzzer"], name))
    return seeds


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    options = dict(a[2:].split("=") for a in sys.argv[1:] if a.startswith("--"))
    fuzz_bin, compiler, e2e, work = args[:4]
    harnesses = args[4:] or HARNESSES
    seeds = make_seeds(compiler, e2e, work)
    limits = []
    if "seconds" in options:
        limits.append("-max_total_time=" + options["seconds"])
    if "runs" in options:
        limits.append("-runs=" + options["runs"])
    if "seed" in options:
        limits.append("-seed=" + options["seed"])
    summary, failures = [], 0
    for harness in harnesses:
        corpus = os.path.join(work, "corpus", harness)
        os.makedirs(corpus, exist_ok=True)
        run = subprocess.run(
            [os.path.join(fuzz_bin, harness), "-print_final_stats=1",
             "-artifact_prefix=" + os.path.join(work, harness + "-")] +
            limits + [corpus, seeds[harness]],
            capture_output=True, text=True)
        print(run.stderr[-3000:])
        runs = re.search(r"stat::number_of_executed_units: (\d+)", run.stderr)
        count = runs.group(1) if runs else "?"
        if run.returncode != 0:
            failures += 1
            summary.append("%s: %s runs, CRASHED (exit %d)" % (harness, count,
                                                               run.returncode))
        else:
            summary.append("%s: %s runs, no crash" % (harness, count))
    print("\n".join(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
