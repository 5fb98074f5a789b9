#!/usr/bin/env python3
"""Runs bench/models' networks on the GPU machine: halc (the modules
export.py compiled, through Vulkan and CUDA, weights made here by
nets.seeded) against PyTorch eager and torch.compile on the same weights
and inputs, in one process.

    PYTHONPATH=build-runtime/python run.py MODULES OUT [NAME.DTYPE.bBATCH...]

Per model, dtype and batch: the largest error of halc's output against
PyTorch eager's (relative to its largest magnitude), the wall time per
forward pass (calls back to back on device-resident inputs, then one wait;
PyTorch's: forwards back to back, then a synchronize) and the GPU time
(halc: its dispatches' median times, summed; PyTorch: CUDA events around a
forward), and torch.compile's time to compile. TF32 is off. Writes
OUT/models.json, OUT/models.md and OUT/NAME.png (with matplotlib)."""
import glob
import json
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nets  # noqa: E402
import halc.runtime  # noqa: E402

DTYPES = {"f32": torch.float32, "f16": torch.float16}
CALLS = 20


def torch_times(model, x):
    """(wall ms per forward, GPU ms per forward) of `model` on `x`."""
    with torch.no_grad():
        for _ in range(3):
            model(x)
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(CALLS):
            model(x)
        torch.cuda.synchronize()
        wall = (time.perf_counter() - start) / CALLS * 1e3
        gpu = []
        for _ in range(CALLS):
            begin = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            begin.record()
            model(x)
            end.record()
            end.synchronize()
            gpu.append(begin.elapsed_time(end))
    return wall, float(np.median(gpu))


def halc_run(path, driver, parameters, x, reference):
    """halc's numbers for the module at `path` on `driver`."""
    start = time.perf_counter()
    module = halc.runtime.load_module(path, device=driver,
                                      parameters=parameters)
    f = module.f
    device_x = module.device.array(x)
    output = f(device_x).to_host()
    load = time.perf_counter() - start
    error = float(np.abs(output.astype(np.float64) - reference).max())
    for _ in range(3):
        f(device_x)
    f(device_x).to_host()
    start = time.perf_counter()
    for _ in range(CALLS - 1):
        f(device_x)
    f(device_x).to_host()
    wall = (time.perf_counter() - start) / CALLS * 1e3
    timing = f.benchmark(device_x, repetitions=10)
    gpu = timing.median_ms
    before = module.device.statistics()["allocations"]
    f(device_x).to_host()
    allocations = module.device.statistics()["allocations"] - before
    return {"error": error, "wall_ms": wall, "gpu_ms": gpu,
            "load_s": load, "allocations_per_call": allocations,
            "dispatches": len(timing.dispatch_ms),
            "slowest": timing.slowest(8)}


def measure(modules, stem):
    name, dtype, batch = stem.split(".")
    batch = int(batch[1:])
    torch.manual_seed(0)
    row = {"model": name, "dtype": dtype, "batch": batch}
    model = nets.build(name).cuda().to(DTYPES[dtype])
    x = nets.example(name, batch, DTYPES[dtype]).cuda()
    with torch.no_grad():
        reference = model(x).float().cpu().numpy().astype(np.float64)
    row["magnitude"] = float(np.abs(reference).max())
    row["eager_wall_ms"], row["eager_gpu_ms"] = torch_times(model, x)
    try:
        compiled = torch.compile(model)
        start = time.perf_counter()
        with torch.no_grad():
            compiled(x)
        torch.cuda.synchronize()
        row["compile_s"] = time.perf_counter() - start
        row["compiled_wall_ms"], row["compiled_gpu_ms"] = torch_times(
            compiled, x)
    except Exception as error:  # reported in the table
        row["compiled_error"] = str(error).splitlines()[0][:200]
    fused = nets.build(name, fused=True).to(DTYPES[dtype])
    parameters = {k: v.cpu().numpy() for k, v in fused.state_dict().items()}
    host_x = x.cpu().numpy()
    for driver in ("vulkan", "cuda"):
        path = os.path.join(modules, "%s.%s.halm" % (stem, driver))
        if not os.path.exists(path):
            continue
        try:
            row[driver] = halc_run(path, driver, parameters, host_x, reference)
        except Exception as error:  # reported in the table
            row[driver] = {"failed": str(error).splitlines()[0][:300]}
        print(stem, driver, row[driver], flush=True)
    print(stem, {k: v for k, v in row.items()
                 if k not in ("vulkan", "cuda")}, flush=True)
    return row


def table(rows):
    lines = ["| model | dtype | batch | halc Vulkan wall / GPU | halc CUDA "
             "wall / GPU | PyTorch eager wall / GPU | torch.compile wall / "
             "GPU (compile) | largest error (Vulkan, CUDA) of magnitude |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        def halc_cell(driver):
            result = row.get(driver)
            if not result:
                return "-"
            if "failed" in result:
                return "failed: " + result["failed"]
            return "%.3f / %.3f ms" % (result["wall_ms"], result["gpu_ms"])

        def error_cell(driver):
            result = row.get(driver) or {}
            return "%.2g" % result["error"] if "error" in result else "-"
        compiled = ("%.3f / %.3f ms (%.0f s)" % (
            row["compiled_wall_ms"], row["compiled_gpu_ms"], row["compile_s"])
            if "compiled_wall_ms" in row else
            "failed: " + row.get("compiled_error", "?"))
        lines.append("| %s | %s | %d | %s | %s | %.3f / %.3f ms | %s | "
                     "%s, %s of %.3g |" % (
                         row["model"], row["dtype"], row["batch"],
                         halc_cell("vulkan"), halc_cell("cuda"),
                         row["eager_wall_ms"], row["eager_gpu_ms"], compiled,
                         error_cell("vulkan"), error_cell("cuda"),
                         row["magnitude"]))
    return "\n".join(lines) + "\n"


def plot(rows, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: no plots")
        return
    for name in sorted({row["model"] for row in rows}):
        mine = [row for row in rows if row["model"] == name]
        labels = ["%s b%d" % (row["dtype"], row["batch"]) for row in mine]
        series = [
            ("halc Vulkan", [row.get("vulkan", {}).get("wall_ms", 0)
                             for row in mine]),
            ("halc CUDA", [row.get("cuda", {}).get("wall_ms", 0)
                           for row in mine]),
            ("PyTorch eager", [row["eager_wall_ms"] for row in mine]),
            ("torch.compile", [row.get("compiled_wall_ms", 0)
                               for row in mine]),
        ]
        figure, axes = plt.subplots(figsize=(7, 4))
        width = 0.2
        for i, (label, values) in enumerate(series):
            axes.bar([x + i * width for x in range(len(mine))], values,
                     width, label=label)
        axes.set_xticks([x + 1.5 * width for x in range(len(mine))])
        axes.set_xticklabels(labels)
        axes.set_ylabel("ms per forward pass (wall, device-resident input)")
        axes.set_title("%s on %s" % (name, torch.cuda.get_device_name()))
        axes.legend()
        figure.tight_layout()
        figure.savefig(os.path.join(out, name + ".png"), dpi=100)


def main():
    modules, out = sys.argv[1], sys.argv[2]
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    stems = sys.argv[3:] or sorted({
        ".".join(os.path.basename(p).split(".")[:3])
        for p in glob.glob(os.path.join(modules, "*.halm"))})
    os.makedirs(out, exist_ok=True)
    rows = [measure(modules, stem) for stem in stems]
    with open(os.path.join(out, "models.json"), "w") as f:
        json.dump(rows, f, indent=1)
    with open(os.path.join(out, "models.md"), "w") as f:
        f.write(table(rows))
    plot(rows, out)
    print(table(rows))


if __name__ == "__main__":
    main()
