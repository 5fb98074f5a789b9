#!/usr/bin/env python3
"""Checks an HSACO against the HIP1 executable it came from, as an AMD loader
would: for every export the kernel symbol exists (described once), .reqd_workgroup_size equals
the export's block dims, .wavefront_size is WAVE, .group_segment_fixed_size is
at most LDS bytes; there are no undefined symbols; amdhsa.target of every
metadata note (one per part the kernels were code-generated in) is the
executable's target id.

  check_hsaco.py EXECUTABLE.hip1 KERNELS.hsaco WAVE LDS

Prints one line per check and 'hsaco: ok' at the end; exits 1 on a failure."""
import json
import re
import subprocess
import sys


def run(*command):
    return subprocess.run(command, check=True, capture_output=True,
                          text=True).stdout


def kernels_metadata(notes):
    """The fields of each kernel in the AMDGPU metadata note (YAML)."""
    kernels, current, key = [], None, None
    for line in notes.splitlines():
        if re.match(r"^  - \.", line):
            current = {}
            kernels.append(current)
        match = re.match(r"^    (\.[a-z_]+):\s*(.*)$", line)
        if current is not None and match:
            key, value = match.groups()
            current[key] = value if value else []
        elif current is not None and key and re.match(r"^      - ", line):
            if isinstance(current.get(key), list):
                current[key].append(line.strip()[2:])
    targets = re.findall(r"amdhsa.target:\s*(\S+)", notes)
    return kernels, targets


def main():
    hip1, hsaco, wave, lds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    executable = json.loads(run("halc-dump", hip1, "--json"))
    kernels, targets = kernels_metadata(run("llvm-readelf", "--notes", hsaco))
    by_name = {k[".name"]: k for k in kernels}
    symbols = run("llvm-nm", hsaco).split()
    undefined = run("llvm-nm", "-u", hsaco).split()
    failures = []

    def check(ok, what):
        print(("ok: " if ok else "FAILED: ") + what)
        if not ok:
            failures.append(what)

    for export in executable["exports"]:
        name = export["name"]
        kernel = by_name.get(name)
        copies = sum(k[".name"] == name for k in kernels)
        check(copies == 1 and name in symbols,
              f"kernel {name} is in the code object once ({copies})")
        if kernel is None:
            continue
        dims = [int(v) for v in kernel.get(".reqd_workgroup_size", [])]
        check(dims == export["workgroup_size"],
              f"{name} .reqd_workgroup_size {dims} == block dims {export['workgroup_size']}")
        check(int(kernel[".wavefront_size"]) == wave,
              f"{name} .wavefront_size {kernel['.wavefront_size']} == {wave}")
        check(int(kernel[".group_segment_fixed_size"]) <= lds,
              f"{name} .group_segment_fixed_size {kernel['.group_segment_fixed_size']} <= {lds}")
    check(not undefined, f"no undefined symbols {undefined}")
    expected = "amdgcn-amd-amdhsa--" + executable["target_id"]
    check(targets and all(t == expected for t in targets),
          f"amdhsa.target {sorted(set(targets))} == {expected}")
    print("hsaco: ok" if not failures else f"hsaco: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
