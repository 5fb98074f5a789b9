#!/usr/bin/env python3
"""Exports the PyTorch models halc's ONNX tests run (Debian's PyTorch and
torchvision, random weights from a fixed seed, reduced input sizes so that
lavapipe runs them in seconds) with their inputs and PyTorch's outputs on
the CPU.

  export_models.py [--full-size] OUT_DIR [NAME...]

Writes OUT_DIR/NAME.onnx, NAME.input.npy and NAME.expected.npy per model
(NAME.batch3.* too for a model exported with a dynamic batch). With
--full-size: images of 224x224 (a dynamic batch run at 8, not 3),
sequences of 128, wider transformers: what the GPU machine runs."""
import os
import sys
import warnings

import numpy as np
import torch
import torchvision

warnings.filterwarnings("ignore")


# Reduced sizes for lavapipe, or full ones (--full-size) for a GPU.
FULL_SIZE = False


def image_size():
    return 224 if FULL_SIZE else 32


def sequence():
    return 128 if FULL_SIZE else 16


def width():
    return 256 if FULL_SIZE else 64


class DecoderBlock(torch.nn.Module):
    """A GPT-style block: token and position embeddings, masked (causal)
    self-attention, an MLP with GELU, pre-norm residuals, a vocabulary head."""

    def __init__(self, vocab=64, heads=4):
        super().__init__()
        length, width = sequence(), globals()["width"]()
        self.heads = heads
        self.tokens = torch.nn.Embedding(vocab, width)
        self.positions = torch.nn.Parameter(torch.randn(length, width) * 0.02)
        self.norm1 = torch.nn.LayerNorm(width)
        self.qkv = torch.nn.Linear(width, 3 * width)
        self.proj = torch.nn.Linear(width, width)
        self.norm2 = torch.nn.LayerNorm(width)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(width, 4 * width),
                                       torch.nn.GELU(),
                                       torch.nn.Linear(4 * width, width))
        self.head = torch.nn.Linear(width, vocab)
        self.register_buffer("mask", torch.tril(torch.ones(length, length)))

    def forward(self, ids):
        batch, length = ids.shape
        x = self.tokens(ids) + self.positions[:length]
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        split = lambda t: t.reshape(batch, length, self.heads, -1).transpose(1, 2)
        q, k, v = split(q), split(k), split(v)
        scores = q @ k.transpose(-2, -1) / (q.shape[-1] ** 0.5)
        scores = scores.masked_fill(self.mask[:length, :length] == 0,
                                    float("-inf"))
        attention = torch.softmax(scores, dim=-1) @ v
        x = x + self.proj(attention.transpose(1, 2).reshape(batch, length, -1))
        x = x + self.mlp(self.norm2(x))
        return self.head(x)


def encoder():
    layer = torch.nn.TransformerEncoderLayer(d_model=width(), nhead=4,
                                             dim_feedforward=2 * width(),
                                             batch_first=True)
    return torch.nn.TransformerEncoder(layer, num_layers=2)


def vit():
    # vit_b_16's patches (16x16) and structure, narrower and shallower.
    model = torchvision.models.VisionTransformer(
        image_size=image_size(), patch_size=16, num_layers=2, num_heads=4,
        hidden_dim=width(), mlp_dim=2 * width())
    # Its head starts at zero: random, so the outputs say something.
    torch.nn.init.normal_(model.heads.head.weight, std=0.1)
    return model


class CausalDecoder(torch.nn.Module):
    """nn.TransformerDecoder as a decoder-only model uses it: causal
    self-attention (a float mask of -inf above the diagonal, as
    nn.Transformer.generate_square_subsequent_mask makes it) and
    cross-attention to a learned memory."""

    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerDecoderLayer(
            d_model=width(), nhead=4, dim_feedforward=2 * width(),
            batch_first=True, norm_first=True)
        self.decoder = torch.nn.TransformerDecoder(layer, num_layers=2)
        self.memory = torch.nn.Parameter(torch.randn(1, 8, width()))
        self.register_buffer("mask", torch.triu(
            torch.full((sequence(), sequence()), float("-inf")), diagonal=1))

    def forward(self, x):
        memory = self.memory.expand(x.shape[0], -1, -1)
        return self.decoder(x, memory, tgt_mask=self.mask)


def image(batch):
    return torch.randn(batch, 3, image_size(), image_size())


# name: (model, example input, dynamic batch)
MODELS = {
    "resnet18": (lambda: torchvision.models.resnet18(), lambda: image(1), True),
    "resnet50": (lambda: torchvision.models.resnet50(), lambda: image(1), False),
    "mobilenet_v2": (lambda: torchvision.models.mobilenet_v2(),
                     lambda: image(1), False),
    "vit": (vit, lambda: image(1), False),
    "transformer_encoder": (encoder,
                            lambda: torch.randn(2, sequence(), width()), False),
    "gpt_block": (DecoderBlock,
                  lambda: torch.randint(0, 64, (1, sequence())), False),
    # Exported with its BatchNormalization nodes (training=PRESERVE) and a
    # dynamic batch: halc folds them into the convolutions' weights once,
    # at load, for calls of any batch.
    "resnet18_batch_norms": (lambda: torchvision.models.resnet18(),
                             lambda: image(1), True),
    # Squeeze-and-excitation, hard swish, depthwise convolutions.
    "mobilenet_v3_small": (lambda: torchvision.models.mobilenet_v3_small(),
                           lambda: image(1), False),
    # SiLU, squeeze-and-excitation, depthwise convolutions of 3 and 5.
    "efficientnet_b0": (lambda: torchvision.models.efficientnet_b0(),
                        lambda: image(1), False),
    # Grouped convolutions, squeeze-and-excitation.
    "regnet_y_400mf": (lambda: torchvision.models.regnet_y_400mf(),
                       lambda: image(1), False),
    # Concatenations of up to 25 feature maps, batch norms before
    # convolutions (not folded).
    "densenet121": (lambda: torchvision.models.densenet121(),
                    lambda: image(1), False),
    "transformer_decoder": (CausalDecoder,
                            lambda: torch.randn(2, sequence(), width()), False),
    # Before opset 17, LayerNorm exports as ReduceMean, Sub, Pow, Sqrt, Div.
    "transformer_encoder_opset13": (
        encoder, lambda: torch.randn(2, sequence(), width()), False),
}

# The opset each model is exported at: 17 unless named here.
OPSETS = {"transformer_encoder_opset13": 13}

# Exported as they are, batch norms kept (in eval mode the exporter folds
# them into the convolutions under names of its own).
KEEPS_BATCH_NORMS = {"resnet18_batch_norms"}


def randomize_batch_norms(model):
    """Batch norms as trained ones look (freshly made, they are identities
    whose scales leave MobileNetV2's outputs near 1e-10)."""
    for module in model.modules():
        if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            module.running_mean.normal_(0, 0.1)
            module.running_var.uniform_(0.5, 1.5)
            module.weight.data.uniform_(0.5, 1.5)
            module.bias.data.normal_(0, 0.1)


def export(name, out):
    make_model, make_input, dynamic = MODELS[name]
    torch.manual_seed(0)
    model = make_model().eval()
    randomize_batch_norms(model)
    example = make_input()
    path = os.path.join(out, name + ".onnx")
    axes = {"input": {0: "batch"}, "output": {0: "batch"}} if dynamic else None
    # With gradients on, attention does not take PyTorch's fused fast path,
    # which has no ONNX export.
    training = (torch.onnx.TrainingMode.PRESERVE
                if name in KEEPS_BATCH_NORMS else torch.onnx.TrainingMode.EVAL)
    torch.onnx.export(model, example, path, opset_version=OPSETS.get(name, 17),
                      input_names=["input"], output_names=["output"],
                      dynamic_axes=axes, training=training)
    with torch.no_grad():
        np.save(os.path.join(out, name + ".input.npy"), example.numpy())
        np.save(os.path.join(out, name + ".expected.npy"),
                model(example).numpy())
        if dynamic:
            # Another batch: 3 here, 8 at full size.
            batch3 = torch.cat([make_input()
                                for _ in range(8 if FULL_SIZE else 3)])
            np.save(os.path.join(out, name + ".batch3.input.npy"),
                    batch3.numpy())
            np.save(os.path.join(out, name + ".batch3.expected.npy"),
                    model(batch3).numpy())


def main():
    global FULL_SIZE
    args = sys.argv[1:]
    if args and args[0] == "--full-size":
        FULL_SIZE = True
        args = args[1:]
    out = args[0]
    os.makedirs(out, exist_ok=True)
    for name in args[1:] or MODELS:
        export(name, out)


if __name__ == "__main__":
    main()
