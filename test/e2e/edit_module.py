#!/usr/bin/env python3
"""Writes a copy of a halc module with one thing made wrong, so that tests
can show that a run catches it:

  edit_module.py IN.halm OUT.halm SCHEMA_DIR [--workgroup-count-x=N]
                 [--threadgroup-size-x=N] [--spirv-fadd-to-iadd=1]
                 [--grow-buffers=N]

--workgroup-count-x sets the x workgroup count of the first dispatch (a
kernel that leaves part of its result unwritten); --threadgroup-size-x sets
the x threadgroup size (and the maximum it claims) of the first pipeline of
the first executable, an MTL1: threads the kernel was not compiled for, or
too few of them; --spirv-fadd-to-iadd turns the first OpFAdd of the
embedded SPIR-V into an OpIAdd on floats, which the loader's reflection
accepts and SPIR-V validation does not (one changed word, as a flipped bit
would change it); --grow-buffers adds N bytes to every buffer of the first
function (a plan whose buffers are larger than their tensors, which drivers
must not copy whole from the tensors).
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

HEADER = 64


def to_json(schemas, schema, data, work, name):
    """The FlatBuffer after the 64-byte header of `data`, as JSON."""
    path = os.path.join(work, name + ".bin")
    open(path, "wb").write(data[HEADER:])
    subprocess.run(["flatc", "-t", "--strict-json", "--defaults-json",
                    "--raw-binary", "-o", work, "-I", schemas,
                    os.path.join(schemas, schema), "--", path], check=True)
    return json.load(open(os.path.join(work, name + ".json")))


def from_json(schemas, schema, value, magic, work, name, extension):
    """`value` as a FlatBuffer with the 64-byte header of `magic`."""
    path = os.path.join(work, name + ".json")
    json.dump(value, open(path, "w"))
    subprocess.run(["flatc", "-b", "-o", work, "-I", schemas,
                    os.path.join(schemas, schema), path], check=True)
    # flatc names its output after the schema's file_extension.
    flatbuffer = open(os.path.join(work, name + "." + extension), "rb").read()
    return magic + struct.pack("<IQ", 0, len(flatbuffer)) + bytes(48) + flatbuffer


def main():
    source, target, schemas = sys.argv[1:4]
    edits = dict(arg[2:].split("=") for arg in sys.argv[4:])
    data = open(source, "rb").read()
    work = tempfile.mkdtemp(prefix="halc-edit-")
    module = to_json(schemas, "module_def.fbs", data, work, "module")
    if "grow-buffers" in edits:
        for buffer in module["functions"][0]["buffers"]:
            buffer["size_bytes"] += int(edits["grow-buffers"])
    if "workgroup-count-x" in edits:
        count = module["functions"][0]["dispatches"][0]["workgroup_count"]
        count[0] = int(edits["workgroup-count-x"])
    if "threadgroup-size-x" in edits:
        executable = module["executables"][0]
        binary = bytes(executable["binary"])
        mtl1 = to_json(schemas, "metal_executable_def.fbs", binary, work, "mtl1")
        pipeline = mtl1["pipelines"][0]
        size = pipeline["threadgroup_size"]
        size["x"] = int(edits["threadgroup-size-x"])
        # The pipeline says it takes threadgroups that large.
        pipeline["max_threads_per_threadgroup"] = size["x"] * size["y"] * size["z"]
        executable["binary"] = list(from_json(
            schemas, "metal_executable_def.fbs", mtl1, binary[:4], work,
            "mtl1", "mtl1"))
    result = from_json(schemas, "module_def.fbs", module, data[:4], work,
                       "module", "halm")
    if "spirv-fadd-to-iadd" in edits:
        spirv = result.find(struct.pack("<I", 0x07230203))
        fadd = result.find(struct.pack("<I", 0x00050081), spirv)
        if spirv < 0 or fadd < 0:
            sys.exit("the module holds no SPIR-V with an OpFAdd")
        result = (result[:fadd] + struct.pack("<I", 0x00050080) +
                  result[fadd + 4:])
    open(target, "wb").write(result)


if __name__ == "__main__":
    main()
