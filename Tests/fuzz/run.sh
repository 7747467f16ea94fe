#!/usr/bin/env bash
# make fuzz: builds lsrows's sources with libFuzzer and AddressSanitizer and
# runs every target for a while. New coverage goes to .build/fuzz/corpus;
# crashes are kept in Tests/fuzz-corpus/<target>/, which `make test` replays.
#
#   Tests/fuzz/run.sh [seconds per target] [target...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parser template quoting json lscolors version query values)

out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6)

# RowCore as a module of its own, as lsrows imports it.
swiftc "${flags[@]}" -wmo -module-name RowCore -emit-module -emit-module-path "$out/RowCore.swiftmodule" \
  -emit-object -o "$out/RowCore.o" Sources/RowCore/*.swift

# The C shim, for the Linux interfaces Swift's Glibc module leaves out.
clang -c -O1 -fsanitize=address -I Sources/CLinux/include -o "$out/CLinux.o" Sources/CLinux/CLinux.c

# lsrows without its entry point, the shared properties, and the fuzz entry.
sources=$(find Sources/lsrows -name '*.swift' ! -name LSRows.swift | sort)
# shellcheck disable=SC2086
swiftc "${flags[@]}" -D FUZZING -module-name lsrows -I "$out" -I Sources/CLinux/include \
  "$out/RowCore.o" "$out/CLinux.o" \
  $sources Tests/lsrowsTests/Fuzzing/FuzzProperties.swift Tests/fuzz/FuzzEntry.swift \
  -o "$out/lsrows-fuzz" 2> >(grep -v "Cannot export local symbol" >&2)

printf '%-10s %10s %10s %8s %8s %s\n' target runs execs/s cov ft result
for target in "${targets[@]}"; do
  mkdir -p "$out/corpus/$target" "Tests/fuzz-corpus/$target"
  log="$out/$target.log"
  status=0
  FUZZ_TARGET=$target "$out/lsrows-fuzz" "$out/corpus/$target" "Tests/fuzz-corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="Tests/fuzz-corpus/$target/crash-" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo ?)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo ?)
  result=$([ "$status" -eq 0 ] && echo "no finding" || echo "FINDING (see $log)")
  printf '%-10s %10s %10s %8s %8s %s\n' "$target" "$runs" "$speed" "$cov" "$ft" "$result"
done
