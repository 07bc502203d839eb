#!/usr/bin/env bash
# Image-phase efficiency: builds N people against the demo API with latency L injected, cold
# cache, and compares the image phase with the ideal ceil(images / jobs) × L.
#
#   bench/images.sh [N=1000] [L_ms=50] [jobs...=16 64]
#
# Uses a release build unless SITE_BIN names another binary. Prints one line per jobs value and
# appends nothing anywhere: redirect the output to keep it. Output and cache go under $TMPDIR
# (mktemp); TMPDIR=/dev/shm keeps the disk out of the measurement. PORTRAITS=per-person gives
# every person pictures of their own (the demo API's --portraits), so all 3 × N are downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
people="${1:-1000}"; latency="${2:-50}"; shift $(( $# > 2 ? 2 : $# ))
jobs_list=("$@"); [ ${#jobs_list[@]} -eq 0 ] && jobs_list=(16 64)
if [ -z "${SITE_BIN:-}" ]; then
  # Linking Foundation in needs libcurl's development files (FoundationNetworking uses it).
  pkg-config --exists libcurl || { echo "bench: linking site with --static-swift-stdlib needs libcurl's development files: apt-get install -y libcurl4-openssl-dev" >&2; exit 1; }
  swift build -c release --static-swift-stdlib --product site >/dev/null
  SITE_BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)/site"
fi
work="$(mktemp -d)"; trap 'kill "$api" 2>/dev/null || true; rm -rf "$work"' EXIT
"$SITE_BIN" api --port 0 --latency "${latency}ms" --portraits "${PORTRAITS:-randomuser}" 2>"$work/api.log" & api=$!
port=""
for _ in $(seq 100); do
  port="$(sed -nE 's#.*listening on http://127\.0\.0\.1:([0-9]+).*#\1#p' "$work/api.log" | head -1)"
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then cat "$work/api.log" >&2; echo "images.sh: the demo API did not start" >&2; exit 1; fi
# The demo API draws and compresses each portrait the first time it is asked for it (about
# 0.3 s of CPU for randomuser's 600-odd, taken from the build beside it on two cores). That is
# the server's cost, not the pipeline's: an untimed build first, so that every timed one meets a
# server that only sends stored bytes, as a static origin would. Every build asks for the same
# people (one seed), each into an empty cache.
"$SITE_BIN" build --live --quiet --randomuser-url "http://127.0.0.1:$port/api/" \
  --jsonplaceholder-url "http://127.0.0.1:$port" --users "$people" --seed images --jobs 64 \
  --output "$work/warm-up/out" --cache-dir "$work/warm-up/cache" >/dev/null 2>&1 || true
printf "%-6s %-8s %-10s %-10s %s\n" jobs images ideal_s actual_s efficiency
for jobs in "${jobs_list[@]}"; do
  # A fresh folder per run, all removed at exit: on some file systems (ext4 without a journal)
  # creating files right after deleting many is slow, and that is not the pipeline's cost.
  run="$work/run-$jobs-$RANDOM"
  summary="$("$SITE_BIN" build --live 2>&1 >/dev/null \
    --randomuser-url "http://127.0.0.1:$port/api/" --jsonplaceholder-url "http://127.0.0.1:$port" \
    --users "$people" --seed images --jobs "$jobs" --output "$run/out" --cache-dir "$run/cache" || true)"
  line="$(grep '^images: .* downloaded, .* failed, in ' <<<"$summary" | tail -1 || true)"
  if [ -z "$line" ]; then
    printf "%-6s the build printed no image summary:\n%s\n" "$jobs" "$summary" >&2
    continue
  fi
  images="$(sed -E 's/^images: ([0-9]+) downloaded.*/\1/' <<<"$line")"
  actual="$(sed -E 's/.* in ([0-9.]+) s$/\1/' <<<"$line")"
  awk -v j="$jobs" -v n="$images" -v l="$latency" -v a="$actual" 'BEGIN {
    ideal = int((n + j - 1) / j) * l / 1000
    printf "%-6s %-8s %-10.2f %-10.2f %.2f\n", j, n, ideal, a, (a > 0 ? ideal / a : 0) }'
done
