"""halc.compiler: runs halc-compile, as iree.compiler runs iree-compile.

    compile_str(source, target_backends=["vulkan-spirv"],
                extra_args=["--iree-vulkan-target=lavapipe"]) -> bytes
    compile_file(path, ..., output_file="out.halm")

Flags are halc-compile's (spelled as IREE spells them). Without
`output_file` the compiled module (or whatever --compile-to asks for) is
returned as bytes; with it, it is written there and None is returned. A
failed compilation raises CompilerToolError carrying the diagnostics.
"""
import os
import subprocess

from . import _config

__all__ = ["CompilerToolError", "compile_file", "compile_str",
           "compiler_path"]


class CompilerToolError(Exception):
    """halc-compile failed: `diagnostics` is what it said (file:line:col:
    error: ...), `command` how it was run."""

    def __init__(self, diagnostics, command):
        self.diagnostics = diagnostics
        self.command = command
        super().__init__("halc-compile failed:\n" + diagnostics)


def compiler_path():
    """The halc-compile this package runs: $HALC_COMPILE, else the one built
    or installed with it."""
    return os.environ.get("HALC_COMPILE") or _config.compiler_path()


def _command(input_path, target_backends, extra_args, input_type,
             output_file):
    backends = list(target_backends)
    if len(backends) != 1:
        raise ValueError("halc compiles a module for one target backend; "
                         "got %r" % (backends,))
    command = [compiler_path(), input_path,
               "--iree-hal-target-backends=" + backends[0],
               "-o", output_file or "-"]
    if input_type:
        command.append("--iree-input-type=" + input_type)
    return command + [str(arg) for arg in extra_args]


def _run(command, stdin, output_file):
    process = subprocess.run(command, input=stdin, capture_output=True)
    if process.returncode != 0:
        raise CompilerToolError(process.stderr.decode(errors="replace"),
                                command)
    return None if output_file else process.stdout


def compile_str(source, target_backends=("vulkan-spirv",), extra_args=(),
                input_type=None, output_file=None):
    """Compiles MLIR text (str or bytes); diagnostics name it <stdin>."""
    if isinstance(source, str):
        source = source.encode()
    command = _command("-", target_backends, extra_args, input_type,
                       output_file)
    return _run(command, source, output_file)


def compile_file(path, target_backends=("vulkan-spirv",), extra_args=(),
                 input_type=None, output_file=None):
    """Compiles the MLIR file at `path`."""
    command = _command(os.fspath(path), target_backends, extra_args,
                       input_type, output_file)
    return _run(command, None, output_file)
