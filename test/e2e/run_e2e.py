#!/usr/bin/env python3
"""Compiles an MLIR file with halc-compile, then runs every public function
on Vulkan with halc-run on random inputs (a fixed seed per function) and
compares each result with the CPU reference (--reference=cpu).

  run_e2e.py [--bundle=DIR [--bundle-cuda-target=SM]] [--dynamic-sizes=N,...]
             [--device=D] FILE.mlir [flags...]

A function with dynamic dimensions runs once per size of --dynamic-sizes,
every dynamic dimension that size; a size AxB... gives the k-th dynamic
dimension of each argument the k-th number (the last one repeats). A scalar
argument gets a random value.

With HALC_SANITIZED_RUN set to the halc-run of an ASan/UBSan build, each
Vulkan run is repeated with it and checked against the results that matched.

--device=msl-cpu compiles for metal-spirv and runs the MSL on the CPU
(test/msl), once per MSL version and platform of --msl-configurations
(default 3.0/macos,2.4/macos,3.0/ios,2.4/ios); each line then names the
configuration.

Prints one line per result; exits 1 if any differs or anything fails. With
--bundle, also copies the module, the inputs and the results (once they
match the CPU reference) into DIR with a manifest, for run_bundle.sh to check
on a machine that has a GPU but no compiler; --bundle-cuda-target adds the
same file compiled for cuda (STEM.cuda.halm), which run_bundle.sh runs on
the same inputs with --device=cuda."""
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

NUMPY = {"f16": ("<f2", "e"), "f32": ("<f4", "f"), "f64": ("<f8", "d"),
         "i8": ("|i1", "b"), "i16": ("<i2", "h"), "i32": ("<i4", "i"),
         "i64": ("<i8", "q"), "i1": ("|b1", "?"), "bf16": ("<V2", "H")}
SIGNATURE = re.compile(r"func\.func @(\w+)\(([^)]*)\)")
TENSOR = re.compile(r"tensor<((?:\d+x)*)(\w+)>")


def write_npy(path, shape, element, values):
    descr, code = NUMPY[element]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d," % d for d in shape))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        if element == "bf16":
            # The upper half of each f32 (NumPy has no bf16).
            values = [struct.unpack("<I", struct.pack("<f", v))[0] >> 16
                      for v in values]
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def random_values(rng, element, count):
    if element.startswith("f") or element == "bf16":
        return [rng.uniform(-1.0, 1.0) for _ in range(count)]
    if element == "i1":
        return [rng.random() < 0.5 for _ in range(count)]
    return [rng.randint(-100, 100) for _ in range(count)]


def main():
    args = sys.argv[1:]
    bundle = None
    sizes = []
    device = "vulkan"
    configurations = "3.0/macos,2.4/macos,3.0/ios,2.4/ios"
    cuda_target = None
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option.startswith("--bundle="):
            bundle = option[len("--bundle="):]
            os.makedirs(bundle, exist_ok=True)
        elif option.startswith("--dynamic-sizes="):
            sizes = option[len("--dynamic-sizes="):].split(",")
        elif option.startswith("--bundle-cuda-target="):
            cuda_target = option[len("--bundle-cuda-target="):]
        elif option.startswith("--device="):
            device = option[len("--device="):]
        elif option.startswith("--msl-configurations="):
            configurations = option[len("--msl-configurations="):]
    source, flags = args[0], args[1:]
    work = bundle or tempfile.mkdtemp(prefix="halc-e2e-")
    stem = os.path.splitext(os.path.basename(source))[0]
    if bundle and cuda_target:
        compiled = subprocess.run(
            ["halc-compile", source, "--iree-hal-target-backends=cuda",
             "--iree-cuda-target=" + cuda_target, "-o",
             os.path.join(bundle, stem + ".cuda.halm")],
            capture_output=True, text=True)
        if compiled.returncode != 0:
            print("halc-compile for cuda failed:\n" + compiled.stderr)
            return 1
    if device != "msl-cpu":
        return run_module(source, flags, work, stem, bundle, sizes, device, "")
    failures = 0
    for configuration in configurations.split(","):
        version, platform = configuration.split("/")
        failures += run_module(
            source, flags + ["--iree-hal-target-backends=metal-spirv",
                             "--iree-metal-msl-version=" + version,
                             "--iree-metal-target-platform=" + platform],
            work, "%s.msl%s-%s" % (stem, version, platform), None, sizes,
            device, "[msl %s %s] " % (version, platform))
    return 1 if failures else 0


def run_module(source, flags, work, stem, bundle, sizes, device, label):
    """Compiles `source` with `flags` and runs each of its functions on
    `device`; prints their lines (each after `label`) and returns 1 if any
    failed."""
    module = os.path.join(work, stem + ".halm")
    compiled = subprocess.run(["halc-compile", source, "-o", module] + flags,
                              capture_output=True, text=True)
    if compiled.returncode != 0:
        print(label + "halc-compile failed:\n" + compiled.stderr)
        return 1
    failures = 0
    text = open(source).read()
    for name, arguments in SIGNATURE.findall(text):
        # Each argument's type, without its attributes ({iree.abi.name = ...}).
        types = [re.sub(r"\s*\{.*\}\s*$", "", t.split(":", 1)[1].strip())
                 for t in re.split(r",\s*(?=%)", arguments) if ":" in t]
        dynamic = any("?" in t for t in types)
        if dynamic and not sizes:
            print("%s@%s: FAILED: dynamic dimensions need --dynamic-sizes"
                  % (label, name))
            failures += 1
            continue
        for size in sizes if dynamic else [None]:
            failures += run_function(source, text, module, work, stem, bundle,
                                     name, types, size, device, label)
    return 1 if failures else 0


def set_dynamic_dims(argument, size):
    """`argument` with its k-th `?` replaced by the k-th number of `size`."""
    numbers = size.split("x")
    parts = argument.split("?")
    return "".join(part + numbers[min(k, len(numbers) - 1)]
                   for k, part in enumerate(parts[:-1])) + parts[-1]


def run_function(source, text, module, work, stem, bundle, name, types, size,
                 device, prefix_label):
    """Runs @name once on `device` on random inputs, its dynamic dimensions
    set by `size`; prints its lines and returns 1 if it failed."""
    label = name if size is None else "%s[?=%s]" % (name, size)
    prefix = "%s.%s" % (stem, name) + ("" if size is None else ".n%s" % size)
    rng = random.Random(label)
    inputs, manifest_inputs = [], []
    for index, argument in enumerate(types):
        tensor = TENSOR.fullmatch(set_dynamic_dims(argument, size or "0"))
        if not tensor:
            # A scalar: a value of its type, given as a tensor of rank 0 (an
            # index as the i32 that halc-convert-index-arguments makes of it).
            if argument == "index":
                argument = "i32"
            value = random_values(rng, argument, 1)[0]
            inputs.append("--input=%s=%s" % (argument, value))
            manifest_inputs.append("%s=%s" % (argument, value))
            continue
        dims, element = tensor.groups()
        shape = [int(d) for d in dims.split("x") if d]
        count = 1
        for d in shape:
            count *= d
        path = os.path.join(work, "%s.in%d.npy" % (prefix, index))
        write_npy(path, shape, element, random_values(rng, element, count))
        inputs.append("--input=@" + path)
        manifest_inputs.append("npy:" + os.path.basename(path))
    outputs = []
    sanitized = os.environ.get("HALC_SANITIZED_RUN") if device == "vulkan" else None
    if bundle or sanitized:
        # The results' types: the signature's line after "->", without
        # attribute dictionaries ({iree.abi.name = ...}) and the body's brace.
        line = re.search(r"func\.func @%s\(.*\)\s*->\s*(.*)\{\s*$" % name,
                         text, re.M)
        signature = (re.sub(r"\{[^{}]*\}", "", line.group(1)) if line else
                     re.search(r"func\.func @%s\([^)]*\)\s*->\s*\(?([^{]*)"
                               % name, text).group(1))
        results = signature.count("tensor<")
        outputs = ["--output=@" + os.path.join(
            work, "%s.out%d.npy" % (prefix, i)) for i in range(results)]
    run = subprocess.run(["halc-run", module, "--function=" + name,
                          "--device=" + device, "--reference=cpu"]
                         + inputs + outputs,
                         capture_output=True, text=True)
    if bundle and run.returncode == 0:
        with open(os.path.join(work, "manifest.txt"), "a") as manifest:
            manifest.write("%s %s %s %d %s\n" % (stem, name, prefix,
                                                len(outputs),
                                                " ".join(manifest_inputs)))
    for line in run.stdout.splitlines():
        print("%s@%s: %s" % (prefix_label, label, line))
    if run.returncode != 0:
        print("%s@%s: FAILED (exit %d) %s" % (prefix_label, label,
                                              run.returncode,
                                              run.stderr.strip()))
        return 1
    if sanitized:
        return run_sanitized(sanitized, module, name, inputs, outputs, label)
    return 0


def run_sanitized(halc_run, module, name, inputs, outputs, label):
    """Runs @name again with the ASan/UBSan build of halc-run (its runtime
    and Vulkan driver) and compares with the results that matched the CPU
    reference; prints a line and returns 1 if it failed."""
    expected = ["--expected_output=" + output[len("--output="):]
                for output in outputs]
    run = subprocess.run([halc_run, module, "--function=" + name] + inputs +
                         expected, capture_output=True, text=True)
    if run.returncode != 0:
        print("@%s: sanitized runtime: FAILED (exit %d) %s%s" % (
            label, run.returncode, run.stdout.strip(), run.stderr.strip()))
        return 1
    print("@%s: sanitized runtime: matches" % label)
    return 0



if __name__ == "__main__":
    sys.exit(main())
