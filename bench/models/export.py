#!/usr/bin/env python3
"""Exports bench/models' networks to ONNX here (Debian's PyTorch 1.13) and
compiles them without their weights (--onnx-externalize-params: the GPU
machine makes the same seeded weights, nets.py) for Vulkan on NVIDIA and
for CUDA, f32 and f16, timing each compilation.

    export.py OUT [HALC_COMPILE] [MODEL...]

OUT gets NAME.DTYPE.bBATCH.{vulkan,cuda}.halm and compile_times.json; a
model halc cannot compile is reported by its first error line (the node
and op) and the others go on (exit status 1). The f16 model is the f32
export with every float tensor made f16 (what model.half() is in
PyTorch)."""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nets  # noqa: E402

TARGETS = {
    "vulkan": ["--iree-vulkan-target=nvidia"],
    "cuda": ["--iree-hal-target-backends=cuda", "--iree-cuda-target=sm_90"],
}


def to_f16(model):
    """`model` (ONNX) with every float tensor f16: inputs, outputs,
    initializers, constants and casts to float."""
    graph = model.graph
    for value in list(graph.input) + list(graph.output):
        if value.type.tensor_type.elem_type == TensorProto.FLOAT:
            value.type.tensor_type.elem_type = TensorProto.FLOAT16
    del graph.value_info[:]
    for i, tensor in enumerate(graph.initializer):
        if tensor.data_type == TensorProto.FLOAT:
            graph.initializer[i].CopyFrom(numpy_helper.from_array(
                numpy_helper.to_array(tensor).astype(np.float16),
                tensor.name))
    for node in graph.node:
        for attribute in node.attribute:
            if (attribute.type == onnx.AttributeProto.TENSOR and
                    attribute.t.data_type == TensorProto.FLOAT):
                attribute.t.CopyFrom(numpy_helper.from_array(
                    numpy_helper.to_array(attribute.t).astype(np.float16),
                    attribute.t.name))
            if (node.op_type == "Cast" and attribute.name == "to" and
                    attribute.i == TensorProto.FLOAT):
                attribute.i = TensorProto.FLOAT16
    return model


def export(name, folder):
    """NAME.f32.onnx and NAME.f16.onnx in `folder` (dynamic batch)."""
    model = nets.build(name, fused=True)
    path = os.path.join(folder, name + ".f32.onnx")
    training = (torch.onnx.TrainingMode.PRESERVE
                if name in nets.KEEPS_BATCH_NORMS else
                torch.onnx.TrainingMode.EVAL)
    torch.onnx.export(model, nets.example(name, 1), path, opset_version=17,
                      do_constant_folding=False, training=training,
                      input_names=["input"],
                      output_names=["output"],
                      dynamic_axes={"input": {0: "batch"},
                                    "output": {0: "batch"}})
    names = set(model.state_dict())
    onnx_model = onnx.load(path)
    foreign = [t.name for t in onnx_model.graph.initializer
               if t.name not in names and np.prod(t.dims) > 64]
    if foreign:
        raise SystemExit("%s: initializers the state dict does not name: %s"
                         % (name, ", ".join(foreign[:5])))
    onnx.save(to_f16(onnx_model), os.path.join(folder, name + ".f16.onnx"))


def main():
    out = sys.argv[1]
    compiler = sys.argv[2] if len(sys.argv) > 2 else "halc-compile"
    names = sys.argv[3:] or list(nets.MODELS)
    os.makedirs(out, exist_ok=True)
    times_path = os.path.join(out, "compile_times.json")
    times = json.load(open(times_path)) if os.path.exists(times_path) else {}
    failures = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            export(name, scratch)
            for dtype in ("f32", "f16"):
                for batch in nets.MODELS[name][2]:
                    for target, flags in TARGETS.items():
                        stem = "%s.%s.b%d.%s" % (name, dtype, batch, target)
                        start = time.time()
                        done = subprocess.run(
                            [compiler,
                             os.path.join(scratch, "%s.%s.onnx" % (name, dtype)),
                             "--onnx-function-name=f",
                             "--onnx-dim=batch=%d" % batch,
                             "--onnx-externalize-params",
                             "--onnx-save-params-to=" +
                             os.path.join(scratch, "weights.safetensors"),
                             "-o", os.path.join(out, stem + ".halm")]
                            + flags, capture_output=True, text=True)
                        if done.returncode:
                            # The first line names the node and the op.
                            failures[stem] = done.stderr.splitlines()[0]
                            print("%s: FAILED %s" % (stem, failures[stem]),
                                  flush=True)
                            continue
                        times[stem] = time.time() - start
                        print("%s: %.1f s" % (stem, times[stem]), flush=True)
    with open(times_path, "w") as f:
        json.dump(times, f, indent=1, sort_keys=True)
    # A model halc cannot take fails here, by its node, not on the GPU.
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
