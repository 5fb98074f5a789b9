# halc.compiler: compile_str and compile_file run halc-compile; failures
# raise CompilerToolError with its diagnostics and write nothing.
# RUN: %pytest %s
import struct

import pytest

import halc

ADD = """
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>)
                  outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

BROKEN = """
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %y : tensor<4xf32>
}
"""


def test_compile_str_returns_a_module():
    module = halc.compiler.compile_str(ADD, target_backends=["vulkan-spirv"])
    assert module[:4] == b"HALM"


def test_bytes_source_and_extra_args():
    spirv = halc.compiler.compile_str(
        ADD.encode(), extra_args=["--iree-vulkan-target=lavapipe",
                                  "--compile-to=spirv"])
    assert struct.unpack("<I", spirv[:4])[0] == 0x07230203


def test_other_targets():
    metal = halc.compiler.compile_str(
        ADD, target_backends=["metal-spirv"], extra_args=["--compile-to=msl"])
    assert b"kernel void" in metal


def test_compile_file_writes_the_output(tmp_path):
    source = tmp_path / "add.mlir"
    source.write_text(ADD)
    output = tmp_path / "add.halm"
    assert halc.compiler.compile_file(source, output_file=output) is None
    assert output.read_bytes()[:4] == b"HALM"
    assert halc.compiler.compile_file(str(source))[:4] == b"HALM"


def test_diagnostics_point_at_the_input(tmp_path):
    with pytest.raises(halc.compiler.CompilerToolError) as error:
        halc.compiler.compile_str(BROKEN)
    assert "<stdin>:3:10: error: use of undeclared SSA value name" in \
        error.value.diagnostics
    source = tmp_path / "broken.mlir"
    source.write_text(BROKEN)
    output = tmp_path / "broken.halm"
    with pytest.raises(halc.compiler.CompilerToolError) as error:
        halc.compiler.compile_file(source, output_file=output)
    assert str(source) + ":3:10: error:" in error.value.diagnostics
    assert not output.exists()


def test_unknown_flag_and_target():
    with pytest.raises(halc.compiler.CompilerToolError) as error:
        halc.compiler.compile_str(ADD, target_backends=["llvm-cpu"])
    assert "unknown --iree-hal-target-backends 'llvm-cpu'" in \
        error.value.diagnostics
    with pytest.raises(halc.compiler.CompilerToolError):
        halc.compiler.compile_str(ADD, extra_args=["--no-such-flag"])


def test_one_target_backend_per_module():
    with pytest.raises(ValueError):
        halc.compiler.compile_str(
            ADD, target_backends=["vulkan-spirv", "metal-spirv"])


def test_the_compiler_is_found():
    assert halc.compiler.compiler_path().endswith("halc-compile")
