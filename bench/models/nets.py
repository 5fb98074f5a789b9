"""The networks of bench/models, written so that PyTorch 1.13 (here, which
exports them to ONNX) and PyTorch 2.x (the GPU machine, the baseline) build
the same modules with the same state-dict names, and the ONNX file's
initializers are those names: dense layers keep their weight as (in, out)
and compute x @ W + b (no transposed copy for the exporter to fold under a
name of its own), the causal mask is a buffer used as it is.

    resnet50      torchvision's, 224x224 images (batch norms folded into
                  the convolutions for halc: seeded_weights.py)
    resnet50_bn   the same as people export it: batch norms kept as
                  BatchNormalization nodes on their state-dict weights
                  (halc folds them into the convolutions when it loads)
    vit_b_16      torchvision's ViT-B/16, 224x224 images (a 16x16 stride-16
                  patch convolution, 12 nn.MultiheadAttention layers)
    resnext50_32x4d, wide_resnet50_2, regnet_y_400mf, densenet121,
    mobilenet_v2, mobilenet_v3_large, efficientnet_b0, convnext_tiny,
    swin_t        torchvision's, 224x224 images, batch norms kept as
                  BatchNormalization nodes (grouped and depthwise
                  convolutions, squeeze-and-excitation, concatenations,
                  layer scale, shifted windows)
    transformer_encoder  nn.TransformerEncoder of BERT-base's shape (12
                  layers, width 768, 12 heads, 3072 wide, ReLU); input:
                  (batch, 128, 768)
    bert_base     BERT-base's encoder: 12 layers, width 768, 12 heads, GELU
                  (erf), post-norm; input: the embeddings (batch, 128, 768)
    gpt2_small    GPT-2 small's blocks: 12 layers, width 768, 12 heads,
                  GELU (tanh), pre-norm, causal, a final norm; input: the
                  embeddings (1, 1024, 768)

The token embeddings (a gather) are left out of both: the inputs are what
they give.
"""
import math

import torch
import torch.nn.functional as F


class Dense(torch.nn.Module):
    def __init__(self, inputs, outputs):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.empty(inputs, outputs))
        self.bias = torch.nn.Parameter(torch.empty(outputs))

    def forward(self, x):
        return torch.matmul(x, self.weight) + self.bias


class Attention(torch.nn.Module):
    def __init__(self, width, heads, sequence=None):
        super().__init__()
        self.heads = heads
        self.query = Dense(width, width)
        self.key = Dense(width, width)
        self.value = Dense(width, width)
        self.output = Dense(width, width)
        if sequence:
            self.register_buffer("causal", torch.tril(
                torch.ones(sequence, sequence, dtype=torch.bool)))
        else:
            self.causal = None

    def split(self, x):
        batch, sequence, width = x.shape
        return x.reshape(batch, sequence, self.heads,
                         width // self.heads).transpose(1, 2)

    def forward(self, x):
        q, k, v = (self.split(self.query(x)), self.split(self.key(x)),
                   self.split(self.value(x)))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
        if self.causal is not None:
            scores = torch.where(self.causal, scores,
                                 torch.tensor(-1e4, dtype=scores.dtype))
        mixed = torch.matmul(torch.softmax(scores, -1), v)
        return self.output(mixed.transpose(1, 2).reshape(x.shape))


class BertLayer(torch.nn.Module):
    def __init__(self, width=768, heads=12, hidden=3072):
        super().__init__()
        self.attention = Attention(width, heads)
        self.attention_norm = torch.nn.LayerNorm(width, eps=1e-12)
        self.intermediate = Dense(width, hidden)
        self.output = Dense(hidden, width)
        self.output_norm = torch.nn.LayerNorm(width, eps=1e-12)

    def forward(self, x):
        x = self.attention_norm(x + self.attention(x))
        return self.output_norm(
            x + self.output(F.gelu(self.intermediate(x))))


class Gpt2Block(torch.nn.Module):
    def __init__(self, sequence, width=768, heads=12):
        super().__init__()
        self.norm1 = torch.nn.LayerNorm(width, eps=1e-5)
        self.attention = Attention(width, heads, sequence)
        self.norm2 = torch.nn.LayerNorm(width, eps=1e-5)
        self.up = Dense(width, 4 * width)
        self.down = Dense(4 * width, width)

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.down(F.gelu(self.up(self.norm2(x)), approximate="tanh"))


class Stack(torch.nn.Module):
    def __init__(self, layers, final_norm=None):
        super().__init__()
        self.layers = torch.nn.ModuleList(layers)
        self.final_norm = final_norm

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.final_norm(x) if self.final_norm is not None else x


def bert_base():
    return Stack([BertLayer() for _ in range(12)])


def gpt2_small(sequence=1024):
    return Stack([Gpt2Block(sequence) for _ in range(12)],
                 torch.nn.LayerNorm(768, eps=1e-5))


def torchvision_model(name):
    """torchvision's model `name`, as its constructor builds it."""
    import torchvision
    return lambda: getattr(torchvision.models, name)()


def transformer_encoder():
    layer = torch.nn.TransformerEncoderLayer(
        d_model=768, nhead=12, dim_feedforward=3072, batch_first=True)
    return torch.nn.TransformerEncoder(layer, num_layers=12)


#: name: (builder, input shape per batch, the batches measured)
MODELS = {
    "resnet50": (None, (3, 224, 224), (1, 8)),
    "resnet50_bn": (torchvision_model("resnet50"), (3, 224, 224), (1, 8)),
    "vit_b_16": (torchvision_model("vit_b_16"), (3, 224, 224), (1, 8)),
    "resnext50_32x4d": (torchvision_model("resnext50_32x4d"), (3, 224, 224),
                        (1, 8)),
    "wide_resnet50_2": (torchvision_model("wide_resnet50_2"), (3, 224, 224),
                        (1, 8)),
    "regnet_y_400mf": (torchvision_model("regnet_y_400mf"), (3, 224, 224),
                       (1, 8)),
    "densenet121": (torchvision_model("densenet121"), (3, 224, 224), (1, 8)),
    "mobilenet_v2": (torchvision_model("mobilenet_v2"), (3, 224, 224), (1, 8)),
    "mobilenet_v3_large": (torchvision_model("mobilenet_v3_large"),
                           (3, 224, 224), (1, 8)),
    "efficientnet_b0": (torchvision_model("efficientnet_b0"), (3, 224, 224),
                        (1, 8)),
    "convnext_tiny": (torchvision_model("convnext_tiny"), (3, 224, 224),
                      (1, 8)),
    "swin_t": (torchvision_model("swin_t"), (3, 224, 224), (1, 8)),
    "transformer_encoder": (transformer_encoder, (128, 768), (1, 8)),
    "bert_base": (bert_base, (128, 768), (8,)),
    "gpt2_small": (gpt2_small, (1024, 768), (1,)),
}


#: Exported with training=TrainingMode.PRESERVE: in eval mode the exporter
#: folds each batch norm into its convolution under a name of its own
#: (with or without constant folding); kept, BatchNormalization reads the
#: state dict's own names.
KEEPS_BATCH_NORMS = {"resnet50_bn", "resnext50_32x4d", "wide_resnet50_2",
                     "regnet_y_400mf", "densenet121", "mobilenet_v2",
                     "mobilenet_v3_large", "efficientnet_b0"}


def seeded(model):
    """`model` with every floating-point state tensor drawn from NumPy's
    generator seeded by its name: the same on any machine and any PyTorch.
    Norm scales and variances near 1 (batch norms' scales below), biases
    and means small, convolution weights He-scaled, dense weights
    N(0, 0.02) as GPT-2's."""
    import zlib

    import numpy as np

    state = model.state_dict()
    batch_norms = {name + ".weight" for name, module in model.named_modules()
                   if isinstance(module, torch.nn.BatchNorm2d)}
    for name, tensor in state.items():
        if not tensor.is_floating_point():
            continue
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        shape = tuple(tensor.shape)
        if name in batch_norms:
            # Smaller than 1: ResNet-50's residual sums stay within f16.
            values = rng.uniform(0.2, 0.6, shape)
        elif name.endswith("running_var") or (name.endswith("weight") and
                                              len(shape) == 1):
            values = rng.uniform(0.5, 1.5, shape)
        elif name.endswith("running_mean") or name.endswith("bias"):
            values = rng.normal(0, 0.1, shape)
        elif len(shape) == 4:
            values = rng.normal(0, math.sqrt(2.0 / np.prod(shape[1:])), shape)
        else:
            values = rng.normal(0, 0.02, shape)
        state[name] = torch.from_numpy(values.astype(np.float32))
    model.load_state_dict(state)
    return model.eval()


def build(name, fused=False):
    """Model `name`, seeded; with `fused`, as halc gets it (ResNet-50's
    batch norms folded into its convolutions, as the ONNX exporter would
    under names of its own)."""
    if name == "resnet50":
        import torchvision
        model = seeded(torchvision.models.resnet50())
        if fused:
            import os
            import sys
            sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..",
                                            "..", "test", "onnx", "models"))
            from seeded_weights import fuse_batch_norms
            model = fuse_batch_norms(model)
        return model
    return seeded(MODELS[name][0]())


def example(name, batch, dtype=torch.float32):
    """The model's input at `batch`, the same on any machine."""
    import numpy as np
    shape = (batch,) + MODELS[name][1]
    rng = np.random.default_rng(batch)
    return torch.from_numpy(rng.standard_normal(shape).astype(np.float32)).to(
        dtype)
