# halc.runtime on lavapipe: functions called with NumPy arrays (static and
# dynamic shapes, scalars, several results, f16, bf16, i1, i32) and with
# arrays kept on the device (chained, submitted, from threads, the pool
# reused), timed, and the errors a caller can make.
# REQUIRES: lavapipe
# RUN: %pytest %s
import threading

import numpy as np
import pytest

import halc

LAVAPIPE = ["--iree-vulkan-target=lavapipe"]

SOURCE = """
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x16xf32>) -> tensor<64x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%f : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}

func.func @scale(%x: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @halves(%a: tensor<8xf16>, %b: tensor<8xbf16>, %i: tensor<8xi32>)
    -> (tensor<8xf16>, tensor<8xbf16>, tensor<8xi1>) {
  %e16 = tensor.empty() : tensor<8xf16>
  %sum = linalg.add ins(%a, %a : tensor<8xf16>, tensor<8xf16>)
                    outs(%e16 : tensor<8xf16>) -> tensor<8xf16>
  %eb = tensor.empty() : tensor<8xbf16>
  %prod = linalg.mul ins(%b, %b : tensor<8xbf16>, tensor<8xbf16>)
                     outs(%eb : tensor<8xbf16>) -> tensor<8xbf16>
  %e1 = tensor.empty() : tensor<8xi1>
  %zero = arith.constant 0 : i32
  %pos = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%i : tensor<8xi32>) outs(%e1 : tensor<8xi1>) {
  ^bb0(%v: i32, %o: i1):
    %c = arith.cmpi sgt, %v, %zero : i32
    linalg.yield %c : i1
  } -> tensor<8xi1>
  return %sum, %prod, %pos : tensor<8xf16>, tensor<8xbf16>, tensor<8xi1>
}
"""


@pytest.fixture(scope="module")
def module():
    return halc.runtime.load_module(
        halc.compiler.compile_str(SOURCE, extra_args=LAVAPIPE))


def test_matmul_matches_numpy(module):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 32), dtype=np.float32)
    b = rng.standard_normal((32, 16), dtype=np.float32)
    c = module.matmul(a, b)
    assert c.dtype == np.float32 and c.shape == (64, 16)
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-4)
    assert "llvmpipe" in module.device_name
    assert module.functions == ["matmul", "scale", "halves"]


def test_dynamic_shapes_and_scalars(module):
    for rows in (1, 3, 17):
        x = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4)
        np.testing.assert_array_equal(module.scale(x, 2.5), x * 2.5)
    # Python lists and numbers are converted to the argument's type.
    np.testing.assert_array_equal(module["scale"]([[1, 2, 3, 4]], 3),
                                  [[3.0, 6.0, 9.0, 12.0]])


def test_f16_bf16_i1_and_several_results(module):
    a = np.linspace(-2, 2, 8).astype(np.float16)
    b = np.array([1.5, -2, 0.25, 3, 1 / 3, 100, -0.5, 7], dtype=np.float32)
    i = np.array([-3, 0, 1, 5, -1, 2, 0, 9], dtype=np.int32)
    total, product, positive = module.halves(a, b, i)
    assert total.dtype == np.float16
    np.testing.assert_array_equal(total, a + a)
    # bf16 arguments are rounded to bf16; results come back as float32.
    b16 = halc.runtime._from_bf16_bits(halc.runtime._to_bf16_bits(b))
    assert product.dtype == np.float32
    np.testing.assert_allclose(product, b16 * b16, rtol=1 / 128)
    assert positive.dtype == np.bool_
    np.testing.assert_array_equal(positive, i > 0)


def test_benchmark(module):
    a = np.ones((64, 32), np.float32)
    b = np.ones((32, 16), np.float32)
    timing = module.matmul.benchmark(a, b, repetitions=3)
    assert len(timing.dispatch_ms) == 1 and len(timing.dispatch_ms[0]) == 3
    assert timing.median_ms > 0
    assert timing.dispatch_names == ["matmul"]
    ((ms, name, index),) = timing.slowest()
    assert (name, index) == ("matmul", 0) and ms > 0


def test_load_from_a_file(tmp_path):
    path = tmp_path / "m.halm"
    halc.compiler.compile_str(SOURCE, extra_args=LAVAPIPE, output_file=path)
    module = halc.runtime.load_module(path, device="vulkan")
    np.testing.assert_array_equal(
        module.scale(np.ones((2, 4), np.float32), 4.0), np.full((2, 4), 4.0))


def test_caller_errors(module):
    with pytest.raises(halc.runtime.Error, match="argument 0"):
        module.matmul(np.ones((63, 32), np.float32), np.ones((32, 16), np.float32))
    with pytest.raises(TypeError, match="argument 1 of @halves is bf16"):
        module.halves(np.ones(8, np.float16), np.ones(8, np.complex64),
                      np.ones(8, np.int32))
    with pytest.raises(TypeError, match="takes 2 arguments; 1 given"):
        module.matmul(np.ones((64, 32), np.float32))
    with pytest.raises(TypeError, match="is a scalar"):
        module.scale(np.ones((2, 4), np.float32), np.ones(2, np.float32))
    with pytest.raises(AttributeError):
        module.no_such_function
    with pytest.raises(KeyError, match="it has matmul, scale, halves"):
        module["no_such_function"]


def test_load_errors():
    with pytest.raises(halc.runtime.Error):
        halc.runtime.load_module(b"not a module")
    with pytest.raises(halc.runtime.Error):
        halc.runtime.load_module("/nonexistent/module.halm")
    with pytest.raises(halc.runtime.Error, match="metal"):
        halc.runtime.load_module(
            halc.compiler.compile_str(SOURCE, extra_args=LAVAPIPE),
            device="metal")


NAMED = """
func.func @affine(%x: tensor<4xf32> {iree.abi.name = "input.1"},
                  %s: f32 {iree.abi.name = "scale"})
    -> (tensor<4xf32> {iree.abi.name = "y"}) {
  %w = arith.constant dense_resource<weight> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %w : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %u: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    %a = arith.addf %m, %u : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_names_and_parameters(tmp_path):
    compiled = halc.compiler.compile_str(NAMED, extra_args=LAVAPIPE)
    weight = np.array([10, 20, 30, 40], np.float32)
    module = halc.runtime.load_module(compiled,
                                      parameters={"weight": weight})
    affine = module.affine
    assert affine.argument_names == ["input.1", "scale"]
    assert affine.result_names == ["y"]
    x = np.arange(4, dtype=np.float32)
    expected = x * 2 + weight
    np.testing.assert_array_equal(affine(**{"input.1": x, "scale": 2.0}),
                                  expected)
    np.testing.assert_array_equal(affine(x, scale=2.0), expected)
    with pytest.raises(TypeError, match="no argument named 'z'; it has "
                                        "input.1, scale"):
        affine(x, z=2.0)
    with pytest.raises(TypeError, match="got argument 'input.1' twice"):
        affine(x, **{"input.1": x, "scale": 2.0})
    with pytest.raises(TypeError, match="missing argument.* scale"):
        affine(**{"input.1": x})
    # The parameters from a safetensors file; none, or the wrong size, do
    # not load.
    path = tmp_path / "weights.safetensors"
    header = b'{"weight":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}'
    path.write_bytes(len(header).to_bytes(8, "little") + header +
                     weight.tobytes())
    from_file = halc.runtime.load_module(compiled, parameters=path)
    np.testing.assert_array_equal(from_file.affine(x, 2.0), expected)
    with pytest.raises(halc.runtime.Error, match="holds parameter 'weight'"):
        halc.runtime.load_module(compiled)
    with pytest.raises(halc.runtime.Error, match="parameter 'weight' has 32"):
        halc.runtime.load_module(
            compiled, parameters={"weight": weight.astype(np.float64)})


def test_device_arrays_chain_on_the_device(module):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((64, 32), dtype=np.float32)
    b = rng.standard_normal((32, 16), dtype=np.float32)
    device = module.device
    x, y = device.array(a), device.array(b)
    assert (x.shape, x.element_type, x.dtype) == ((64, 32), "f32", np.float32)
    product = module.matmul(x, y)
    assert isinstance(product, halc.runtime.DeviceArray)
    assert product.shape == (64, 16)
    scaled = module.scale(device.array(product.to_host().reshape(-1, 4)),
                          0.5)
    np.testing.assert_allclose(scaled.to_host().reshape(64, 16),
                               (a @ b) * 0.5, rtol=1e-5, atol=1e-4)
    # Mixed: a NumPy argument is uploaded, the result stays on the device.
    mixed = module.matmul(x, b)
    np.testing.assert_allclose(mixed.to_host(), a @ b, rtol=1e-5, atol=1e-4)


def test_submit_returns_an_invocation(module):
    a = np.ones((64, 32), np.float32)
    b = np.full((32, 16), 2, np.float32)
    invocation = module.matmul.submit(a, b)
    (result,) = invocation.wait()
    np.testing.assert_array_equal(result.to_host(), np.full((64, 16), 64.0))
    # Many in flight; the results come back in the order made.
    calls = [module.scale.submit(np.full((3, 4), i, np.float32), 2.0)
             for i in range(20)]
    for i, call in enumerate(calls):
        np.testing.assert_array_equal(call.results[0].to_host(),
                                      np.full((3, 4), 2.0 * i))


def test_a_warm_pool_allocates_nothing(module):
    device = module.device
    x = device.array(np.ones((64, 32), np.float32))
    y = device.array(np.ones((32, 16), np.float32))
    module.matmul(x, y).to_host()
    before = device.statistics()
    for _ in range(50):
        module.matmul(x, y)
    module.matmul(x, y).to_host()
    after = device.statistics()
    assert after["allocations"] == before["allocations"]
    assert after["bytes_in_use"] == before["bytes_in_use"]
    device.trim()
    trimmed = device.statistics()
    assert trimmed["bytes_allocated"] == trimmed["bytes_in_use"]


def test_threads_share_a_device(module):
    device = module.device
    failures = []

    def run(index):
        try:
            x = device.array(np.full((5, 4), index, np.float32))
            for _ in range(30):
                x = module.scale(x, 1.0)
            np.testing.assert_array_equal(x.to_host(),
                                          np.full((5, 4), index))
        except Exception as error:  # reported below, with its thread
            failures.append((index, error))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_device_array_errors(module):
    device = module.device
    x = device.array(np.ones((64, 32), np.float32))
    with pytest.raises(halc.runtime.Error,
                       match="argument 1 has 31 elements along dimension 0"):
        module.matmul(x, device.array(np.ones((31, 16), np.float32)))
    freed = device.array(np.ones((32, 16), np.float32))
    freed.free()
    with pytest.raises(halc.runtime.Error, match="freed"):
        module.matmul(x, freed)
    with pytest.raises(halc.runtime.Error, match="freed"):
        freed.to_host()
    other = halc.runtime.Device("vulkan")
    with pytest.raises(halc.runtime.Error,
                       match="argument 1 of @matmul is an array of another "
                             "device"):
        module.matmul(x, other.array(np.ones((32, 16), np.float32)))
    with pytest.raises(TypeError, match="is a scalar"):
        module.scale(device.array(np.ones((2, 4), np.float32)),
                     device.array(np.ones(1, np.float32)))
    with pytest.raises(halc.runtime.Error, match="f16"):
        module.matmul(device.array(np.ones((64, 32), np.float16)),
                      device.array(np.ones((32, 16), np.float32)))
