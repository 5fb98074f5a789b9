#!/usr/bin/env python3
"""Writes one small ONNX model for the importer's lit tests (the onnx
package's helpers; opset 17 unless a model says).

  make_model.py NAME OUT.onnx"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F = TensorProto.FLOAT


def tensor(name, shape, dtype=F):
    return helper.make_tensor_value_info(name, dtype, shape)


def const(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def model(nodes, inputs, outputs, initializers=(), opset=17, name="g",
          domains=()):
    graph = helper.make_graph(nodes, name, inputs, outputs,
                              initializer=list(initializers))
    opsets = [helper.make_opsetid("", opset)]
    opsets += [helper.make_opsetid(domain, 1) for domain in domains]
    return helper.make_model(graph, opset_imports=opsets)


N = helper.make_node
MODELS = {
    # Elementwise: NumPy broadcasting, activations, casts.
    "add_relu_cast": lambda: model(
        [N("Add", ["x", "b"], ["s"], name="add"),
         N("LeakyRelu", ["s"], ["r"], alpha=0.1, name="leaky"),
         N("Cast", ["r"], ["y"], to=TensorProto.FLOAT16, name="cast")],
        [tensor("x", [2, 3, 4]), tensor("b", [4])],
        [tensor("y", [2, 3, 4], TensorProto.FLOAT16)]),
    # Contractions: a batched MatMul against a matrix, Gemm with transB and
    # a bias, an Einsum.
    "matmul_gemm_einsum": lambda: model(
        [N("MatMul", ["a", "w"], ["m"], name="matmul"),
         N("Gemm", ["x", "wt", "bias"], ["g"], transB=1, alpha=2.0, name="gemm"),
         N("Einsum", ["p", "q"], ["e"], equation="bij,bjk->bik", name="einsum")],
        [tensor("a", [2, 3, 8]), tensor("x", [5, 8]), tensor("p", [2, 3, 4]),
         tensor("q", [2, 4, 5])],
        [tensor("m", [2, 3, 6]), tensor("g", [5, 6]), tensor("e", [2, 3, 5])],
        [const("w", np.ones((8, 6), np.float32)),
         const("wt", np.ones((6, 8), np.float32)),
         const("bias", np.arange(6, dtype=np.float32))]),
    # Convolutions and pooling: pads, strides, groups, depthwise, bias.
    "conv_pool": lambda: model(
        [N("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1], strides=[2, 2],
           name="conv"),
         N("Conv", ["c", "dw"], ["d"], group=4, kernel_shape=[3, 3],
           auto_pad="SAME_UPPER", name="depthwise"),
         N("MaxPool", ["d"], ["mp"], kernel_shape=[2, 2], strides=[2, 2],
           name="maxpool"),
         N("AveragePool", ["d"], ["ap"], kernel_shape=[3, 3], pads=[1, 1, 1, 1],
           name="avgpool"),
         N("GlobalAveragePool", ["d"], ["gp"], name="gap")],
        [tensor("x", [1, 3, 8, 8])],
        [tensor("mp", [1, 4, 2, 2]), tensor("ap", [1, 4, 4, 4]),
         tensor("gp", [1, 4, 1, 1])],
        [const("w", np.ones((4, 3, 3, 3), np.float32)),
         const("b", np.zeros(4, np.float32)),
         const("dw", np.ones((4, 1, 3, 3), np.float32))]),
    # Normalizations: batch norm at inference, layer norm, softmax.
    "norms": lambda: model(
        [N("BatchNormalization", ["x", "s", "b", "m", "v"], ["bn"], name="bn"),
         N("LayerNormalization", ["t", "g", "beta"], ["ln"], axis=-1,
           name="ln"),
         N("Softmax", ["t"], ["sm"], axis=-1, name="softmax")],
        [tensor("x", [1, 2, 4, 4]), tensor("t", [2, 8])],
        [tensor("bn", [1, 2, 4, 4]), tensor("ln", [2, 8]), tensor("sm", [2, 8])],
        [const("s", np.ones(2, np.float32)), const("b", np.zeros(2, np.float32)),
         const("m", np.zeros(2, np.float32)), const("v", np.ones(2, np.float32)),
         const("g", np.ones(8, np.float32)),
         const("beta", np.zeros(8, np.float32))]),
    # Reductions: a mean kept as unit dimensions, an argmax.
    "reductions": lambda: model(
        [N("ReduceMean", ["x"], ["mean"], axes=[1], keepdims=1, name="mean"),
         N("ArgMax", ["x"], ["arg"], axis=2, keepdims=0, name="argmax")],
        [tensor("x", [2, 3, 4])],
        [tensor("mean", [2, 1, 4]), tensor("arg", [2, 3], TensorProto.INT64)]),
    # A shape computed by the graph (Shape, Gather, Unsqueeze, Concat) folds
    # into the Reshape that reads it; a slice, a transpose, a gather by a
    # constant index.
    "shape_folding": lambda: model(
        [N("Shape", ["x"], ["shape"], name="shape"),
         N("Gather", ["shape", "zero"], ["batch"], axis=0, name="batch"),
         N("Unsqueeze", ["batch", "axes"], ["batch1"], name="unsqueeze"),
         N("Concat", ["batch1", "minus1"], ["target"], axis=0, name="concat"),
         N("Reshape", ["x", "target"], ["flat"], name="reshape"),
         N("Slice", ["flat", "starts", "ends", "axes1"], ["sliced"],
           name="slice"),
         N("Transpose", ["x"], ["xt"], perm=[0, 2, 1], name="transpose"),
         N("Gather", ["xt", "zero"], ["row"], axis=1, name="row")],
        [tensor("x", [2, 3, 4])],
        [tensor("sliced", [2, 6]), tensor("row", [2, 3])],
        [const("zero", np.array(0, np.int64)),
         const("axes", np.array([0], np.int64)),
         const("minus1", np.array([-1], np.int64)),
         const("starts", np.array([2], np.int64)),
         const("ends", np.array([8], np.int64)),
         const("axes1", np.array([1], np.int64))]),
    # A dynamic batch named "batch".
    "dynamic_batch": lambda: model(
        [N("Relu", ["x"], ["y"], name="relu")],
        [tensor("x", ["batch", 8])], [tensor("y", ["batch", 8])]),
    # A second input of dynamic shape, which cannot be a parameter.
    "dynamic_second_input": lambda: model(
        [N("Add", ["x", "w"], ["y"], name="add")],
        [tensor("x", [2, 8]), tensor("w", ["rows", 8])],
        [tensor("y", [2, 8])]),
    # Bad models, each refused with one error.
    "unknown_op": lambda: model(
        [N("Relu", ["x"], ["r"], name="relu"),
         N("FancyOp", ["r"], ["y"], domain="com.example", name="fancy")],
        [tensor("x", [4])], [tensor("y", [4])], domains=["com.example"]),
    "unsupported_op": lambda: model(
        [N("NonZero", ["x"], ["y"], name="nonzero")],
        [tensor("x", [4])], [tensor("y", [1, None], TensorProto.INT64)]),
    "inconsistent_shapes": lambda: model(
        [N("Add", ["x", "z"], ["y"], name="add")],
        [tensor("x", [2, 3]), tensor("z", [4, 5])], [tensor("y", [2, 3])]),
    "missing_initializer": lambda: model(
        [N("MatMul", ["x", "weight"], ["y"], name="matmul")],
        [tensor("x", [2, 3])], [tensor("y", [2, 4])]),
    "cycle": lambda: model(
        [N("Relu", ["b"], ["a"], name="first"),
         N("Relu", ["a"], ["b"], name="second")],
        [tensor("x", [4])], [tensor("b", [4])]),
}


def main():
    name, path = sys.argv[1], sys.argv[2]
    onnx.save(MODELS[name](), path)


if __name__ == "__main__":
    main()
