#!/usr/bin/env python3
"""Damages a halc file in many ways and checks that a tool never crashes on
it: each of its copies (truncated at several lengths, zeroed, and with one
bit flipped at evenly spread positions) makes the tool exit 0, or exit 1
with an error message; never a signal or another code.

  check_damaged_files.py WORK_DIR FILE -- TOOL [ARGS...]

The damaged copy's path replaces {} in the tool's arguments. Prints the
number of copies and exits 1 with the first bad one's details if any."""
import os
import subprocess
import sys


def damaged_copies(data):
    """(name, bytes) of each damaged copy of `data`."""
    for length in (0, 10, 63, 64, 65, len(data) // 2, len(data) - 1):
        yield "truncated-%d" % length, data[:length]
    yield "zeroed", bytes(len(data))
    # 64 flips spread over the file, header included.
    for i in range(64):
        position = (i * len(data)) // 64
        bit = i % 8
        copy = bytearray(data)
        copy[position] ^= 1 << bit
        yield "flip-%d-%d" % (position, bit), bytes(copy)


def main():
    work, source = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(work, exist_ok=True)
    data = open(source, "rb").read()
    count = 0
    for name, copy in damaged_copies(data):
        path = os.path.join(work, name)
        open(path, "wb").write(copy)
        run = subprocess.run([a.replace("{}", path) for a in command],
                             capture_output=True, text=True, errors="replace")
        count += 1
        if run.returncode == 0 or (run.returncode == 1 and "error" in run.stderr):
            continue
        print("BAD %s: exit %d\n%s" % (name, run.returncode, run.stderr[-2000:]))
        return 1
    print("%d damaged copies, no crash" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
