"""The host overhead of a call from Python: halc's runtime (libhalc.so
through ctypes) with device-resident arguments, against PyTorch on the
same GPU.

    call_overhead.py MODULE_DIR [CALLS]

MODULE_DIR holds add.vulkan.halm and/or add.cuda.halm (a 1,024-element f32
add, bench/overhead/add.mlir); run with PYTHONPATH at a build's python/
folder. Prints, per runtime: the host time of a call submitted (median),
the time per call of calls back to back (waited for once), and the round
trip of a call waited for at once.
"""
import os
import sys
import time

import numpy as np

import halc.runtime


def median_ms(samples):
    return float(np.median(samples)) * 1e3


def measure(submit, wait, calls, count=lambda: None):
    """(submit median, back-to-back per call, round trip median), in ms."""
    # Warm up as measured: the pool holds what back-to-back calls need.
    kept = [submit() for _ in range(3)]
    wait(kept[-1])
    del kept
    count()
    submits = []
    start = time.perf_counter()
    last = None
    for _ in range(calls):
        begun = time.perf_counter()
        last = submit()
        submits.append(time.perf_counter() - begun)
    wait(last)
    back_to_back = (time.perf_counter() - start) / calls * 1e3
    trips = []
    for _ in range(calls):
        begun = time.perf_counter()
        wait(submit())
        trips.append(time.perf_counter() - begun)
    count()
    return median_ms(submits), back_to_back, median_ms(trips)


def halc_rows(directory, calls):
    a = np.full(1024, 1, np.float32)
    b = np.full(1024, 2, np.float32)
    for driver in ("vulkan", "cuda"):
        path = os.path.join(directory, "add.%s.halm" % driver)
        if not os.path.exists(path):
            continue
        try:
            module = halc.runtime.load_module(path, device=driver)
        except halc.runtime.Error as error:
            print("| halc %s | %s | | |" % (driver, error))
            continue
        x, y = module.device.array(a), module.device.array(b)
        add = module.add
        statistics = module.device.statistics
        allocations = []
        row = measure(lambda: add(x, y), lambda r: r.to_host(), calls,
                      lambda: allocations.append(statistics()["allocations"]))
        allocations = allocations[-1] - allocations[0]
        assert np.array_equal(add(x, y).to_host(), a + b)
        yield ("halc %s, Python (device arrays)" % driver, row, allocations)


def torch_rows(calls):
    try:
        import torch
    except ImportError:
        return
    if not torch.cuda.is_available():
        return
    x = torch.full((1024,), 1.0, device="cuda")
    y = torch.full((1024,), 2.0, device="cuda")
    row = measure(lambda: torch.add(x, y),
                  lambda r: torch.cuda.synchronize(), calls)
    yield "PyTorch %s eager torch.add" % torch.__version__, row, None


def main():
    directory = sys.argv[1]
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    print("| | submit (host) | back to back, per call | call and wait | "
          "allocations while calling |")
    print("| --- | --- | --- | --- | --- |")
    for name, (submit, back, trip), allocations in list(
            halc_rows(directory, calls)) + list(torch_rows(calls)):
        print("| %s | %.4f ms | %.4f ms | %.4f ms | %s |" % (
            name, submit, back, trip,
            "" if allocations is None else allocations))


if __name__ == "__main__":
    main()
