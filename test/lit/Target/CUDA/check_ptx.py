#!/usr/bin/env python3
"""Checks the PTX of a CDA1 executable as the CUDA driver would need it.

  check_ptx.py EXECUTABLE.cda1 DUMPED.ptx SM

For each export (halc-dump --json of the executable): an .entry of its
entry point's name whose parameters are the binding contract (a .u64
pointer per binding, then a .u32 per constant) and whose .maxntid is the
export's workgroup size; the PTX is for .target SM and calls or declares no
function (an .extern would fail when the driver loads it). Prints one line
per export and "ok", or what is wrong (exit 1)."""
import json
import re
import subprocess
import sys


def main():
    executable, ptx_path, sm = sys.argv[1:4]
    info = json.loads(subprocess.run(["halc-dump", "--json", executable],
                                     capture_output=True, check=True,
                                     text=True).stdout)
    ptx = open(ptx_path).read()
    problems = []
    if not re.search(r"^\.target %s\b" % re.escape(sm), ptx, re.M):
        problems.append("the PTX is not for .target " + sm)
    if re.search(r"^\s*\.extern\b", ptx, re.M) or re.search(r"\bcall(\.uni)?\b", ptx):
        problems.append("the PTX calls a function")
    for export in info["exports"]:
        name = export["entry_point"]
        entry = re.search(r"\.visible \.entry %s\((.*?)\)\s*(\.maxntid [^\n]*)"
                          % re.escape(name), ptx, re.S)
        if not entry:
            problems.append("no .entry %s with .maxntid" % name)
            continue
        params = re.findall(r"\.param \.(u64|u32)\b", entry.group(1))
        expected = ["u64"] * export["bindings"] + ["u32"] * export["constants"]
        if params != expected:
            problems.append("%s takes %s, not %s" % (name, params, expected))
        size = [int(n) for n in re.findall(r"\d+", entry.group(2))]
        if size != export["workgroup_size"]:
            problems.append("%s has %s, not the workgroup size %s"
                            % (name, entry.group(2), export["workgroup_size"]))
        print("%s: %d bindings, %d constants, maxntid %s" % (
            name, export["bindings"], export["constants"],
            "x".join(map(str, size))))
    for problem in problems:
        print("error: " + problem)
    print("ok" if not problems else "FAILED")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
