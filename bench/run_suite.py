#!/usr/bin/env python3
"""The kernel suite (bench/kernels/*.mlir) against PyTorch.

  run_suite.py compile DIR [KERNELS]
                                (here) compiles each kernel (of KERNELS,
                                default bench/kernels) for Vulkan
                                (--iree-vulkan-target=nvidia) and cuda
                                (sm_80) into DIR, with a manifest
  run_suite.py run DIR HALC_RUN OUT.md [N] [--torch-compile]
                                (on the GPU machine) times each kernel with
                                `halc-run --benchmark=N` on both drivers and
                                the same op in PyTorch (TF32 off), eager and,
                                with --torch-compile, through torch.compile
                                (tens of seconds a kernel to compile), and
                                writes a markdown table

A kernel's first line names the PyTorch op (`// torch: EXPR` over its
arguments a, b, ...); a kernel with dynamic dimensions says what it is
called with on a line `// inputs: 512x4096xf32 4096x4096xf32`. halc's time is the sum of its dispatches' medians
(GPU timestamps or CUDA events); PyTorch's the median of N calls between
CUDA events (the GPU kept busy while the CPU launches each); the ratio is
eager PyTorch's time over halc's (1.0 = as fast)."""
import datetime
import json
import os
import re
import subprocess
import sys
import time

SIGNATURE = re.compile(r"func\.func @(\w+)\(([^)]*)\)")
TENSOR = re.compile(r"tensor<((?:\d+x)+)(\w+)>")
TARGETS = {
    "vulkan": ["--iree-hal-target-backends=vulkan-spirv",
               "--iree-vulkan-target=nvidia"],
    "cuda": ["--iree-hal-target-backends=cuda", "--iree-cuda-target=sm_80"],
}


def compile_suite(directory, kernels=None):
    root = os.path.dirname(os.path.abspath(__file__))
    compiler = os.path.join(root, "..", "build", "tools", "halc-compile",
                            "halc-compile")
    kernels = kernels or os.path.join(root, "kernels")
    os.makedirs(directory, exist_ok=True)
    manifest = []
    for name in sorted(os.listdir(kernels)):
        path = os.path.join(kernels, name)
        text = open(path).read()
        torch_expr = re.match(r"// torch: (.*)", text).group(1)
        function, arguments = SIGNATURE.search(text).groups()
        called = re.search(r"^// inputs: (.*)$", text, re.M)
        inputs = ([TENSOR.fullmatch("tensor<%s>" % t).groups()
                   for t in called.group(1).split()] if called else
                  [TENSOR.search(a).groups() for a in arguments.split("%")[1:]])
        stem = os.path.splitext(name)[0]
        compile_ms = {}
        for target, flags in TARGETS.items():
            start = time.monotonic()
            # A kernel one target cannot compile is reported as failed there.
            subprocess.run([compiler, path, "-o",
                            os.path.join(directory, "%s.%s.halm" % (stem, target))]
                           + flags)
            compile_ms[target] = round((time.monotonic() - start) * 1000)
        manifest.append({"kernel": stem, "function": function,
                         "inputs": [[d.rstrip("x"), t] for d, t in inputs],
                         "torch": torch_expr, "compile_ms": compile_ms})
        print("%s: compiled in %s ms" % (stem, compile_ms))
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def time_halc(halc_run, module, device, kernel, repetitions):
    args = [halc_run, module, "--device=" + device, "--benchmark=%d" % repetitions]
    args += ["--input=%sx%s=0.5" % (dims, element)
             for dims, element in kernel["inputs"]]
    run = subprocess.run(args, capture_output=True, text=True)
    medians = [float(m) for m in re.findall(r"median ([0-9.]+) ms", run.stdout)]
    if run.returncode != 0 or not medians:
        return None, (run.stderr or run.stdout).strip().splitlines()[-1:]
    return sum(medians), len(medians)


def time_torch(kernel, repetitions, compiled=False):
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dtypes = {"f32": torch.float32, "f16": torch.float16,
              "bf16": torch.bfloat16}
    names = "abcdefgh"[:len(kernel["inputs"])]
    arguments = []
    for dims, element in kernel["inputs"]:
        shape = [int(d) for d in dims.split("x")]
        arguments.append(torch.rand(shape, device="cuda",
                                    dtype=dtypes[element]))
    function = eval("lambda %s: %s" % (", ".join(names), kernel["torch"]),
                    {"torch": torch})
    if compiled:
        function = torch.compile(function)
    call = lambda: function(*arguments)
    for _ in range(5):
        call()
    times = []
    for _ in range(repetitions):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        # The GPU spins (about a millisecond) while the CPU prepares the
        # call, so that the events time the op's kernels alone, not the
        # Python and library overhead of launching them.
        torch.cuda._sleep(2_000_000)
        start.record()
        call()
        stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop))
    return sorted(times)[len(times) // 2], torch.cuda.get_device_name()


def run_suite(directory, halc_run, output, repetitions, compiled):
    manifest = json.load(open(os.path.join(directory, "manifest.json")))
    rows, device = [], "?"
    for kernel in manifest:
        torch_ms, device = time_torch(kernel, repetitions)
        row = [kernel["kernel"], "%.4f" % torch_ms]
        if compiled:
            row.append("%.4f" % time_torch(kernel, repetitions, True)[0])
        for target in TARGETS:
            module = os.path.join(directory, "%s.%s.halm" % (kernel["kernel"], target))
            halc_ms, detail = time_halc(halc_run, module, target, kernel, repetitions)
            if halc_ms is None:
                row += ["failed: %s" % " ".join(detail), "-"]
            else:
                row += ["%.4f (%d dispatch%s)" % (halc_ms, detail,
                                                  "" if detail == 1 else "es"),
                        "%.0f%%" % (100 * torch_ms / halc_ms)]
        row.append("%d / %d" % (kernel["compile_ms"]["vulkan"],
                                kernel["compile_ms"]["cuda"]))
        rows.append(row)
        print(" | ".join(row), flush=True)
    with open(output, "w") as f:
        f.write("# halc vs PyTorch on %s, %s\n\n" % (
            device, datetime.date.today().isoformat()))
        f.write("Median GPU ms over %d runs (bench/run_suite.py); speed = "
                "PyTorch time / halc time.\n\n" % repetitions)
        columns = ["kernel", "PyTorch ms"]
        columns += ["torch.compile ms"] if compiled else []
        columns += ["halc Vulkan ms", "Vulkan speed", "halc CUDA ms",
                    "CUDA speed", "compile ms (Vulkan / CUDA)"]
        f.write("| " + " | ".join(columns) + " |\n")
        f.write("|" + " --- |" * len(columns) + "\n")
        for row in rows:
            f.write("| " + " | ".join(row) + " |\n")


if __name__ == "__main__":
    if sys.argv[1] == "compile":
        compile_suite(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    else:
        compiled = "--torch-compile" in sys.argv
        args = [a for a in sys.argv if a != "--torch-compile"]
        run_suite(args[2], args[3], args[4],
                  int(args[5]) if len(args) > 5 else 20, compiled)
