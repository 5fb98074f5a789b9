#!/usr/bin/env bash
# Checks an e2e bundle (run_e2e.py --bundle=DIR) on a machine with a GPU and
# no compiler: runs every function with halc-run (a runtime-only build) and
# compares with the results that matched the CPU reference where the bundle
# was made. Ends with "N passed, N failed". DEVICE (vulkan by default) is
# halc-run's --device; with cuda each file's STEM.cuda.halm runs.
#   run_bundle.sh HALC_RUN DIR [DEVICE]
set -u
halc_run=$1 dir=$2 device=${3:-vulkan}
suffix=
[[ $device == vulkan ]] || suffix=.$device
passed=0 failed=0
# Each manifest line: the file stem, the function, the prefix of its files,
# how many results it has, then its inputs: npy:FILE (in DIR) or a scalar.
while read -r stem function prefix outputs inputs; do
  args=()
  for input in $inputs; do
    if [[ $input == npy:* ]]; then args+=("--input=@$dir/${input#npy:}"); else args+=("--input=$input"); fi
  done
  for ((i = 0; i < outputs; ++i)); do args+=("--expected_output=@$dir/$prefix.out$i.npy"); done
  if line=$("$halc_run" "$dir/$stem$suffix.halm" --device="$device" --function="$function" "${args[@]}" 2>&1); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  echo "$prefix: $line"
done < "$dir/manifest.txt"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
