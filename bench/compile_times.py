#!/usr/bin/env python3
"""Compile time per dispatch over the e2e inputs, for each target.

  compile_times.py OUT.md [REPEATS]

For every test/e2e/*.mlir (and a module with no dispatch, the fixed cost of
starting halc-compile, reading the input and writing the module), the median
wall time of REPEATS (default 5) runs of `halc-compile FILE -o OUT` per
target; a file's time per dispatch is its time less the empty module's,
over its dispatch count (the exports of --compile-to=executable-configurations).
A file a target refuses (an element type it lacks) is marked so. Writes a
markdown table and the median over the files per target."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
COMPILER = os.path.join(ROOT, "build", "tools", "halc-compile", "halc-compile")
TARGETS = {
    "vulkan-spirv": ["--iree-hal-target-backends=vulkan-spirv",
                     "--iree-vulkan-target=lavapipe"],
    "metal-spirv": ["--iree-hal-target-backends=metal-spirv"],
    "rocm": ["--iree-hal-target-backends=rocm", "--iree-rocm-target=gfx942"],
    "cuda": ["--iree-hal-target-backends=cuda", "--iree-cuda-target=sm_80"],
}
EMPTY = """func.func @empty(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
"""


def compile_ms(source, flags, output, repeats):
    """The median time, or None where the target refuses the file (an
    element type it lacks)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        if subprocess.run([COMPILER, source, *flags, "-o", output],
                          capture_output=True).returncode != 0:
            return None
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def dispatch_count(source, flags):
    text = subprocess.run(
        [COMPILER, source, *flags, "--compile-to=executable-configurations",
         "-o", "-"], check=True, capture_output=True, text=True).stdout
    return text.count("halc.export @")


def main():
    out = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    e2e = os.path.join(ROOT, "test", "e2e")
    inputs = sorted(f for f in os.listdir(e2e) if f.endswith(".mlir") and
                    f not in ("wrong-kernel.mlir", "msl-executor-self-test.mlir"))
    rows, per_target = [], {t: [] for t in TARGETS}
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.mlir")
        with open(empty, "w") as f:
            f.write(EMPTY)
        output = os.path.join(tmp, "out.halm")
        fixed = {t: compile_ms(empty, flags, output, repeats)
                 for t, flags in TARGETS.items()}
        for name in inputs:
            source = os.path.join(e2e, name)
            dispatches = dispatch_count(source, TARGETS["vulkan-spirv"])
            cells = []
            for target, flags in TARGETS.items():
                total = compile_ms(source, flags, output, repeats)
                if total is None:
                    cells.append("refused")
                    continue
                each = max(0.0, total - fixed[target]) / max(1, dispatches)
                per_target[target].append(each)
                cells.append(f"{total:.0f} / {each:.1f}")
            rows.append(f"| {name} | {dispatches} | " + " | ".join(cells) + " |")
    with open(out, "w") as f:
        f.write("# halc-compile time per dispatch over the e2e inputs\n\n")
        f.write(f"Median wall ms of {repeats} runs (bench/compile_times.py); "
                "each cell: the file's time / per dispatch (less the "
                "fixed cost of a module with no dispatch: " +
                ", ".join(f"{t} {ms:.0f} ms" for t, ms in fixed.items()) +
                ").\n\n")
        f.write("| input | dispatches | " + " | ".join(TARGETS) + " |\n")
        f.write("| --- | --- |" + " --- |" * len(TARGETS) + "\n")
        f.write("\n".join(rows) + "\n")
        f.write("| **median per dispatch** | | " + " | ".join(
            f"{statistics.median(v):.1f}" for v in per_target.values()) +
            " |\n")
    print(open(out).read())


if __name__ == "__main__":
    main()
