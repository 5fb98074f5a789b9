#!/usr/bin/env python3
"""Exports a small PyTorch network without its weights (export_params=False:
they become graph inputs), with its state dict as a safetensors file, an
input and PyTorch's output.

  export_without_weights.py DIR  # DIR/model.onnx, weights.safetensors,
                                 # pixels.npy, logits.npy"""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "models"))
from seeded_weights import write_safetensors  # noqa: E402


def main():
    folder = sys.argv[1]
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
        torch.nn.Linear(8, 5)).eval()
    pixels = torch.randn(2, 3, 8, 8)
    torch.onnx.export(model, pixels, os.path.join(folder, "model.onnx"),
                      export_params=False, input_names=["pixels"],
                      output_names=["logits"], opset_version=17)
    write_safetensors(os.path.join(folder, "weights.safetensors"),
                      {name: tensor.numpy()
                       for name, tensor in model.state_dict().items()})
    np.save(os.path.join(folder, "pixels.npy"), pixels.numpy())
    with torch.no_grad():
        np.save(os.path.join(folder, "logits.npy"), model(pixels).numpy())


if __name__ == "__main__":
    main()
