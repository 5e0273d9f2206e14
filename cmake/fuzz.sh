#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, address + undefined sanitizers) and runs each file
# reader's target for SECONDS (default 30), one after the other. New corpus entries go to build/fuzz/corpus-new, crashes to
# build/fuzz/artifacts; a crash fails the run (turn it into a file under
# tests/fuzz/corpus/<reader>/ so the replay test keeps it forever).
set -euo pipefail
seconds=${1:-30}
cd "$(dirname "$0")/.."
cmake --preset fuzz >/dev/null
readers="scenario match settings replay net"
targets=""
for reader in $readers; do targets="$targets fuzz_$reader"; done
# shellcheck disable=SC2086 # one word per target
cmake --build --preset fuzz --target $targets
mkdir -p build/fuzz/artifacts
status=0
for reader in $readers; do
    new=build/fuzz/corpus-new/$reader
    mkdir -p "$new"
    echo "fuzz: $reader for ${seconds}s"
    if ! ./build/fuzz/fuzz_$reader "$new" "tests/fuzz/corpus/$reader" \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix=build/fuzz/artifacts/$reader- -print_final_stats=1 \
        >"build/fuzz/$reader.log" 2>&1; then
        echo "fuzz: $reader FAILED, see build/fuzz/$reader.log"
        tail -40 "build/fuzz/$reader.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|stat::new_units_added" "build/fuzz/$reader.log" || true
    fi
done
exit $status
