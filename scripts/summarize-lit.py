#!/usr/bin/env python3
"""Prints lit's results (its -o JSON) as one line: 'tests: N passed, N failed'."""
import json
import sys

PASSED = {"PASS", "XFAIL", "FLAKYPASS"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}

with open(sys.argv[1]) as f:
    codes = [test["code"] for test in json.load(f)["tests"]]
passed = sum(code in PASSED for code in codes)
skipped = sum(code in SKIPPED for code in codes)
failed = len(codes) - passed - skipped
line = f"tests: {passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
