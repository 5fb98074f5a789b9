#!/usr/bin/env bash
# What a change touches, checked as halc's style says: the C and C++ lines
# it changes formatted as .clang-format says (clang-format 22), and the C++
# sources it changes free of .clang-tidy's findings (clang-tidy 22, with
# build/'s compile commands). The change is BASE (default: the parent
# commit) to the working tree.
#
#   check-style.sh [BASE]
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD~1}"
status=0

# clang-format-diff exits 1 when it has a diff to show: that is the finding.
format_diff=$(git diff -U0 --no-color "$base" -- '*.c' '*.cpp' '*.h' |
  clang-format-diff-22 -p1 || true)
if [[ -n "$format_diff" ]]; then
  echo "clang-format: lines changed since $base are not formatted:"
  echo "$format_diff"
  status=1
else
  echo "clang-format: clean"
fi

# Sources the build compiles (compile_commands.json), changed or added.
mapfile -t sources < <(git diff --name-only --diff-filter=AM "$base" -- '*.cpp' |
  while read -r file; do
    grep -q "\"file\": \"$PWD/$file\"" build/compile_commands.json && echo "$file"
  done)
tidy=clean
if (( ${#sources[@]} )) &&
   ! clang-tidy-22 -p build --quiet "${sources[@]}"; then
  tidy=findings
  status=1
fi
echo "clang-tidy: ${#sources[@]} changed sources, $tidy"
exit "$status"
