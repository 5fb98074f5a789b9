#!/usr/bin/env python3
"""Runs ONNX's backend conformance tests (Debian's libonnx-testdata) through
halc: each model is compiled by halc-compile for a target, run by halc-run on
each of its test data sets, and its outputs compared with the expected ones
(ONNX's tolerances: rtol 1e-3, atol 1e-7; 1e-2 for 16-bit floats).

  run_backend_tests.py [--suite=node] [--out-of-scope=FILE]
                       [--known-failures=FILE]... [--jobs=N] [--device=D]
                       [--compile-only] [--filter=REGEX] [-v] -- [flags...]

halc compiles static shapes: an input that only decides sizes, axes, pads
or scales (Reshape's shape, Slice's starts, Resize's scales, ...), which
real models give as constants, is made an initializer holding the test's
value before the model is compiled ("frozen"); the others stay arguments.

Flags after `--` go to halc-compile (the target: --iree-hal-target-backends=
..., --iree-vulkan-target=lavapipe). A test named in the out-of-scope file
(a regular expression per line, then why) is not run. Prints a line per
test that fails, then the counts: passed, failed, out of scope. With
--known-failures, exits 1 only if a test fails that the file does not name
(a regression) or one it names passes (a stale line); else exits 1 if any
test failed."""
import argparse
import concurrent.futures
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import numpy_helper

DATA = "/usr/share/libonnx-testdata/data"


def read_patterns(path):
    """(regex, reason) per line of `path`: `REGEX  # reason`."""
    patterns = []
    if not path:
        return patterns
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            regex, _, reason = line.partition("#")
            patterns.append((re.compile(regex.strip() + "$"), reason.strip()))
    return patterns


def matches(patterns, name):
    return any(regex.match(name) for regex, _ in patterns)


def as_signed(array):
    """Unsigned integers as the signed ones of the same bits (halc's tensors
    are signless)."""
    kinds = {np.uint8: np.int8, np.uint16: np.int16, np.uint32: np.int32,
             np.uint64: np.int64}
    for unsigned, signed in kinds.items():
        if array.dtype == unsigned:
            return array.view(signed)
    return array


def bf16_to_f32(bits):
    """bf16 bits (uint16 or 2-byte void) as float32."""
    bits = np.ascontiguousarray(bits).view(np.uint16).astype(np.uint32)
    return (bits << 16).view(np.float32)


def compare(actual, expected, bf16=False):
    """None if `actual` matches `expected`, else why not; bf16 results and
    expectations are their bits."""
    if bf16:
        actual, expected = bf16_to_f32(actual), bf16_to_f32(expected)
        rtol = atol = 1e-2
        ok = np.isclose(actual, expected, rtol=rtol, atol=atol, equal_nan=True)
        return None if ok.all() else "bf16 values differ: %s vs %s" % (
            actual.ravel()[:4], expected.ravel()[:4])
    expected = as_signed(expected)
    if actual.shape != expected.shape:
        return "shape %s, expected %s" % (actual.shape, expected.shape)
    if expected.dtype.kind in "biu":
        if not np.array_equal(actual.astype(expected.dtype), expected):
            bad = np.argwhere(actual.astype(expected.dtype) != expected)[0]
            return "at %s: %s, expected %s" % (
                tuple(bad), actual[tuple(bad)], expected[tuple(bad)])
        return None
    rtol = 1e-2 if expected.dtype == np.float16 else 1e-3
    atol = 1e-2 if expected.dtype == np.float16 else 1e-7
    a = actual.astype(np.float64)
    e = expected.astype(np.float64)
    ok = np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    if not ok.all():
        bad = tuple(np.argwhere(~ok)[0])
        return "at %s: %r, expected %r (max error %g)" % (
            bad, a[bad], e[bad], np.nanmax(np.abs(a - e)))
    return None


def limit_memory():
    """A compilation that runs away fails instead of taking the machine."""
    limit = 4 << 30
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# Per op: the inputs that decide the result's shape (or an axis), which halc
# needs when it compiles.
SHAPE_INPUTS = {
    "Reshape": [1], "Expand": [1], "Tile": [1], "ConstantOfShape": [0],
    "Squeeze": [1], "Unsqueeze": [1], "Split": [1], "CumSum": [1],
    "Slice": [1, 2, 3, 4], "Pad": [1, 3], "Resize": [1, 2, 3],
    "Upsample": [1], "Range": [0, 1, 2], "OneHot": [1], "TopK": [1],
    "ReduceSum": [1], "ReduceMean": [1], "ReduceMax": [1], "ReduceMin": [1],
    "ReduceProd": [1], "ReduceL1": [1], "ReduceL2": [1], "ReduceLogSum": [1],
    "ReduceLogSumExp": [1], "ReduceSumSquare": [1], "Trilu": [1],
}


def shape_inputs(model):
    """The graph inputs some node reads as a size, an axis or a pad."""
    names = set()
    for node in model.graph.node:
        for i in SHAPE_INPUTS.get(node.op_type, []):
            if i < len(node.input) and node.input[i]:
                names.add(node.input[i])
    return names


def read_tensor(path):
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return tensor


def run_test(test_dir, tools, flags, device, compile_only):
    """'passed', or 'failed: why'."""
    work = tempfile.mkdtemp(prefix="halc-onnx-")
    try:
        module = os.path.join(work, "model.halm")
        model = onnx.load(os.path.join(test_dir, "model.onnx"),
                          load_external_data=False)
        initializers = {i.name for i in model.graph.initializer}
        inputs = [i.name for i in model.graph.input
                  if i.name not in initializers]
        bf16 = {i.name for i in list(model.graph.input) +
                list(model.graph.output)
                if i.type.tensor_type.elem_type == onnx.TensorProto.BFLOAT16}
        outputs = [o.name for o in model.graph.output]
        # Shape inputs frozen to the first data set's values (the others
        # must agree: they are compared below).
        frozen = {name: i for i, name in enumerate(inputs)
                  if name in shape_inputs(model)}
        first = os.path.join(test_dir, "test_data_set_0")
        for name, i in frozen.items():
            tensor = read_tensor(os.path.join(first, "input_%d.pb" % i))
            tensor.name = name
            model.graph.initializer.append(tensor)
        source = os.path.join(test_dir, "model.onnx")
        if frozen:
            source = os.path.join(work, "model.onnx")
            onnx.save(model, source)
        compiled = subprocess.run(
            [tools["halc-compile"], source,
             "--onnx-function-name=main", "-o", module] + flags,
            capture_output=True, text=True, errors="replace", timeout=30,
            preexec_fn=limit_memory)
        if compiled.returncode != 0:
            lines = compiled.stderr.strip().splitlines()
            return "failed: compile: " + (lines[0] if lines else "exit %d" %
                                          compiled.returncode)
        if compile_only:
            return "passed"
        sets = sorted(d for d in os.listdir(test_dir)
                      if d.startswith("test_data_set"))
        for data_set in sets:
            folder = os.path.join(test_dir, data_set)
            args = []
            for i, name in enumerate(inputs):
                tensor = read_tensor(os.path.join(folder, "input_%d.pb" % i))
                if name in frozen:
                    if not np.array_equal(numpy_helper.to_array(tensor),
                                          numpy_helper.to_array(read_tensor(
                                              os.path.join(first,
                                                           "input_%d.pb" % i)))):
                        return "failed: %s differs between data sets" % name
                    continue
                path = os.path.join(work, "input_%d.npy" % i)
                array = numpy_helper.to_array(tensor)
                # bf16 travels as its bits in 2-byte voids (NumPy has none).
                array = (array.astype(np.uint16).view("V2") if name in bf16
                         else as_signed(array))
                np.save(path, array)
                args.append("--input=@" + path)
            expected = []
            i = 0
            while os.path.exists(os.path.join(folder, "output_%d.pb" % i)):
                tensor = onnx.TensorProto()
                with open(os.path.join(folder, "output_%d.pb" % i), "rb") as f:
                    tensor.ParseFromString(f.read())
                expected.append(numpy_helper.to_array(tensor))
                args.append("--output=@" + os.path.join(work, "out_%d.npy" % i))
                i += 1
            ran = subprocess.run(
                [tools["halc-run"], module, "--function=main",
                 "--device=" + device] + args,
                capture_output=True, text=True, errors="replace", timeout=600)
            if ran.returncode != 0:
                lines = (ran.stderr or ran.stdout).strip().splitlines()
                return "failed: run: " + (lines[-1] if lines else "exit %d" %
                                          ran.returncode)
            for i, want in enumerate(expected):
                got = np.load(os.path.join(work, "out_%d.npy" % i))
                why = compare(got, want, bf16=outputs[i] in bf16)
                if why:
                    return "failed: output %d %s" % (i, why)
        return "passed"
    except subprocess.TimeoutExpired:
        return "failed: timed out"
    except Exception as error:  # A damaged test file, a tool crash.
        return "failed: %s" % error
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--suite", default="node")
    parser.add_argument("--out-of-scope")
    parser.add_argument("--known-failures", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--device", default="vulkan")
    parser.add_argument("--compile-only", action="store_true")
    parser.add_argument("--filter", default=".*")
    parser.add_argument("--halc-compile", default="halc-compile")
    parser.add_argument("--halc-run", default="halc-run")
    parser.add_argument("-v", action="store_true")
    parser.add_argument("flags", nargs="*")
    args = parser.parse_args()
    tools = {"halc-compile": args.halc_compile, "halc-run": args.halc_run}
    out_of_scope = read_patterns(args.out_of_scope)
    known = [p for path in args.known_failures for p in read_patterns(path)]
    suite = os.path.join(DATA, args.suite)
    names = sorted(n for n in os.listdir(suite)
                   if re.search(args.filter, n))
    scoped = [n for n in names if not matches(out_of_scope, n)]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run_test, os.path.join(suite, n), tools,
                               args.flags, args.device, args.compile_only): n
                   for n in scoped}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
    failed = sorted(n for n, r in results.items() if r != "passed")
    passed = len(results) - len(failed)
    regressions = [n for n in failed if not matches(known, n)]
    # Compiling only, a test that fails when it runs passes.
    stale = [n for n in results if results[n] == "passed" and
             matches(known, n) and not args.compile_only]
    for name in failed:
        if args.v or name in regressions:
            print("FAILED %s: %s" % (name, results[name]))
    for name in stale:
        print("PASSES, but listed as a known failure: %s" % name)
    print("%s: %d passed, %d failed, %d out of scope (%.1f%% of those in "
          "scope pass)" % (args.suite, passed, len(failed),
                           len(names) - len(scoped),
                           100.0 * passed / max(1, len(scoped))))
    if args.known_failures:
        return 1 if regressions or stale else 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
