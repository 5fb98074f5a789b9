#!/usr/bin/env python3
"""Writes a copy of a halc module whose first dispatch runs only one
workgroup along x: a deliberately wrong plan, so that tests can show that a
comparison catches a kernel that leaves part of its result unwritten.

  shrink_workgroup_count.py IN.halm OUT.halm SCHEMA_DIR
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

HEADER = 64


def main():
    source, target, schemas = sys.argv[1:4]
    schema = os.path.join(schemas, "module_def.fbs")
    data = open(source, "rb").read()
    work = tempfile.mkdtemp(prefix="halc-shrink-")
    content = os.path.join(work, "module.bin")
    open(content, "wb").write(data[HEADER:])
    subprocess.run(["flatc", "-t", "--strict-json", "--defaults-json",
                    "--raw-binary", "-o", work, "-I", schemas, schema, "--",
                    content], check=True)
    path = os.path.join(work, "module.json")
    module = json.load(open(path))
    count = module["functions"][0]["dispatches"][0]["workgroup_count"]
    if count[0] < 2:
        sys.exit("the first dispatch has one workgroup along x already")
    count[0] = 1
    json.dump(module, open(path, "w"))
    subprocess.run(["flatc", "-b", "-o", work, "-I", schemas, schema, path],
                   check=True)
    # flatc names its output after the schema's file_extension.
    flatbuffer = open(os.path.join(work, "module.halm"), "rb").read()
    header = data[:4] + struct.pack("<IQ", 0, len(flatbuffer)) + bytes(48)
    open(target, "wb").write(header + flatbuffer)


if __name__ == "__main__":
    main()
