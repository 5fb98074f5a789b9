"""Walks every stage of one target: --compile-to each, dump all, continue each.

  walk_stages.py WORKDIR INPUT.mlir -- HALC_COMPILE_FLAGS...

Prints, for the target the flags select:
  stages: <its stages, in order>
  <nn> <stage>: <what --compile-to=<stage> wrote> [, same as the dump]
  reproduced <stage n+1> from <stage n>   (or DIFFERS / FAILED)
The kind of output is read from its bytes: MLIR text, SPIR-V, MSL, LLVM IR, PTX,
an ELF (relocatable or shared), a halc file by its magic, other bytes. An
executable stage's output is compared with its dump file; each MLIR stage is
run again by halc-opt (`--halc-stage-<stage>`) on the IR of the stage before
it (the --compile-to output for the module stages, the dump of the
executable after that) and must print what halc-opt prints of the stage's own
IR.
"""

import os
import re
import struct
import subprocess
import sys


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, **kwargs)


def kind_of(data):
    if data.startswith(b"\x7fELF"):
        elf_type = struct.unpack_from("<H", data, 16)[0]
        return {1: "ELF relocatable", 3: "ELF shared object"}.get(
            elf_type, "ELF type %d" % elf_type)
    if len(data) >= 4 and struct.unpack_from("<I", data)[0] == 0x07230203:
        return "SPIR-V binary"
    if len(data) >= 64 and data[:4] in (b"HALM", b"VKE1", b"MTL1", b"HIP1", b"CDA1"):
        return data[:4].decode() + " file"
    text = data.decode("utf-8", "replace")
    if text.startswith("#include <metal_stdlib>"):
        return "MSL text"
    if re.search(r"^\.version \d+\.\d+$", text, re.M) and ".entry" in text:
        return "PTX text"
    if "target triple" in text and "define " in text:
        return "LLVM IR text"
    if re.search(r"^(module|halc\.executable)\b", text, re.M):
        return "MLIR text"
    return "%d bytes" % len(data)


def halc_opt(args, path):
    result = run(["halc-opt"] + args + [path])
    return result.stdout if result.returncode == 0 else None


def main():
    separator = sys.argv.index("--")
    work, source = sys.argv[1:separator]
    flags = sys.argv[separator + 1:]
    os.makedirs(work, exist_ok=True)
    dump = os.path.join(work, "dump")
    listing = run(["halc-compile", source, "--compile-to=unknown-stage"] + flags,
                  text=True).stderr
    stages = re.search(r"known are: (.*), executable, executable-targets",
                       listing).group(1).split(", ")
    print("stages: " + " ".join(stages))
    full = run(["halc-compile", source, "-o", os.path.join(work, "all"),
                "--iree-hal-dump-executable-intermediates-to=" + dump] + flags)
    if full.returncode:
        sys.exit("halc-compile failed: " + full.stderr.decode())
    dumps = sorted(os.listdir(dump))
    outputs = {}
    for index, stage in enumerate(stages):
        out = os.path.join(work, "%02d.%s" % (index, stage))
        result = run(["halc-compile", source, "--compile-to=" + stage, "-o",
                      out] + flags)
        if result.returncode:
            print("%02d %s: FAILED %s" % (index, stage, result.stderr.decode()))
            continue
        with open(out, "rb") as f:
            data = f.read()
        outputs[stage] = out
        line = "%02d %s: %s" % (index, stage, kind_of(data))
        prefix = ".%02d.%s." % (index, stage)
        named = [name for name in dumps if prefix in name]
        if named and kind_of(data) != "MLIR text":
            with open(os.path.join(dump, named[0]), "rb") as f:
                line += ", same as the dump" if f.read() == data else ", NOT the dump"
        print(line)
    for index in range(1, len(stages)):
        before, stage = stages[index - 1], stages[index]
        with open(outputs[stage], "rb") as f:
            if kind_of(f.read()) != "MLIR text":
                continue
        if stage == "dispatch-creation":
            source_of_next, expected = outputs[before], outputs[stage]
        else:
            [source_of_next] = [os.path.join(dump, n) for n in dumps
                                if ".%02d.%s." % (index - 1, before) in n]
            [expected] = [os.path.join(dump, n) for n in dumps
                          if ".%02d.%s." % (index, stage) in n]
        continued = halc_opt(["--halc-stage-" + stage], source_of_next)
        wanted = halc_opt([], expected)
        verdict = ("reproduced" if continued is not None and continued == wanted
                   else "FAILED" if continued is None else "DIFFERS")
        print("%s %s from %s" % (verdict, stage, before))


if __name__ == "__main__":
    main()
