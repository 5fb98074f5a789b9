#!/usr/bin/env python3
"""ResNet-50 with weights any machine can make: each state-dict tensor is
drawn from NumPy's generator seeded by its name, so the compiler's machine
and the GPU's make the same weights without sending them (the module reads
them as parameters).

  seeded_weights.py export DIR      # here: DIR/resnet50.onnx (dynamic batch;
                                    # batch norms fused into the convolutions
                                    # first, so that its initializers are the
                                    # state dict's names)
  seeded_weights.py parameters DIR  # where it runs: DIR/resnet50.safetensors,
                                    # the inputs (batch 1 and 8) and
                                    # PyTorch's outputs on the CPU"""
import json
import os
import struct
import sys
import zlib

import numpy as np
import torch
import torchvision


def seeded_model():
    model = torchvision.models.resnet50().eval()
    state = model.state_dict()
    for name, tensor in state.items():
        if not tensor.is_floating_point():
            continue
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        shape = tuple(tensor.shape)
        if name.endswith("running_var") or (name.endswith("weight") and
                                            len(shape) == 1):
            values = rng.uniform(0.5, 1.5, shape)
        elif name.endswith("running_mean") or name.endswith("bias"):
            values = rng.normal(0, 0.1, shape)
        else:
            fan_in = int(np.prod(shape[1:]))
            values = rng.normal(0, np.sqrt(2.0 / fan_in), shape)
        state[name] = torch.from_numpy(values.astype(np.float32))
    model.load_state_dict(state)
    return fuse_batch_norms(model)


def fuse_batch_norms(model):
    """Each batch norm folded into the convolution before it (the exporter
    would, under names of its own)."""
    from torch.nn.utils.fusion import fuse_conv_bn_eval
    model.conv1 = fuse_conv_bn_eval(model.conv1, model.bn1)
    model.bn1 = torch.nn.Identity()
    for layer in (model.layer1, model.layer2, model.layer3, model.layer4):
        for block in layer:
            for i in (1, 2, 3):
                conv, bn = getattr(block, "conv%d" % i), getattr(block, "bn%d" % i)
                setattr(block, "conv%d" % i, fuse_conv_bn_eval(conv, bn))
                setattr(block, "bn%d" % i, torch.nn.Identity())
            if block.downsample is not None:
                block.downsample = torch.nn.Sequential(fuse_conv_bn_eval(
                    block.downsample[0], block.downsample[1]))
    return model


def image(batch):
    rng = np.random.default_rng(batch)
    return rng.standard_normal((batch, 3, 224, 224)).astype(np.float32)


def export(folder):
    model = seeded_model()
    torch.onnx.export(model, torch.from_numpy(image(1)),
                      os.path.join(folder, "resnet50.onnx"), opset_version=17,
                      do_constant_folding=False, input_names=["input"],
                      output_names=["output"],
                      dynamic_axes={"input": {0: "batch"},
                                    "output": {0: "batch"}})


def write_safetensors(path, tensors):
    header, offset, blobs = {}, 0, []
    for name, array in tensors.items():
        data = np.ascontiguousarray(array, np.float32).tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        blobs.append(data)
    text = json.dumps(header).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for data in blobs:
            f.write(data)


def parameters(folder):
    model = seeded_model()
    write_safetensors(os.path.join(folder, "resnet50.safetensors"),
                      {name: tensor.numpy() for name, tensor in
                       model.state_dict().items()
                       if tensor.is_floating_point()})
    with torch.no_grad():
        for batch in (1, 8):
            x = image(batch)
            np.save(os.path.join(folder, "resnet50.b%d.input.npy" % batch), x)
            np.save(os.path.join(folder, "resnet50.b%d.expected.npy" % batch),
                    model(torch.from_numpy(x)).numpy())


if __name__ == "__main__":
    {"export": export, "parameters": parameters}[sys.argv[1]](sys.argv[2])
