#!/usr/bin/env bash
# site vs Hugo on the people directory, against the demo API (`site api`) with latency injected:
# cold build, warm build and no-op rebuild timed side by side with hyperfine, plus peak RSS,
# files written by a no-op rebuild, site's render throughput and an offline check. Writes
# bench/RESULTS.md (see bench/README.md).
#
#   bench/compare.sh [N...]            # default N: 500 5000 50000
#
# Knobs (environment):
#   SITE_BIN       site binary (default: swift build -c release --static-swift-stdlib, then
#                  that build's site, as README recommends for release binaries)
#   RUNS, WARMUP   hyperfine runs / warmup runs for N <= LARGE (default 5 / 1)
#   RUNS_LARGE, WARMUP_LARGE   the same for N > LARGE (default 2 / 0)
#   LARGE          threshold between the two (default 5000)
#   LATENCY_MS     latency the demo API adds to every response (default 20)
#   PORTRAITS      the demo API's --portraits: randomuser (default; 100 per gender, shared) or
#                  per-person (every person has pictures of their own, all downloaded)
#   JOBS           site's --jobs (default: unset, site's own default)
#   SITE_TTL       site's --ttl (default 1d; the demo API's JSON routes send no Cache-Control,
#                  see RESULTS.md); set it empty to leave freshness to the API's headers
#   RESULTS        the report to write (default bench/RESULTS.md)
#   JSON_DIR       keep hyperfine's --export-json files here (default: a temp folder, deleted)
#
# Needs hyperfine, hugo, jq and GNU time as /usr/bin/time (Debian: apt-get install -y time).
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
repo="$PWD"

sizes=("$@"); [ ${#sizes[@]} -eq 0 ] && sizes=(500 5000 50000)
RUNS="${RUNS:-5}"; WARMUP="${WARMUP:-1}"
RUNS_LARGE="${RUNS_LARGE:-2}"; WARMUP_LARGE="${WARMUP_LARGE:-0}"; LARGE="${LARGE:-5000}"
LATENCY_MS="${LATENCY_MS:-20}"; PORTRAITS="${PORTRAITS:-randomuser}"; JOBS="${JOBS:-}"; SITE_TTL="${SITE_TTL-1d}"
RESULTS="${RESULTS:-bench/RESULTS.md}"; SEED=bench
case "$RESULTS" in /*) results_path="$RESULTS" ;; *) results_path="$repo/$RESULTS" ;; esac

say() { printf '[compare %s] %s\n' "$(date +%T)" "$*" >&2; }
die() { say "error: $*"; exit 1; }

for tool in hyperfine hugo jq; do
  command -v "$tool" >/dev/null || die "$tool is not installed (Debian: apt-get install -y $tool)"
done
[ -x /usr/bin/time ] && /usr/bin/time -v true 2>/dev/null \
  || die "GNU time is missing as /usr/bin/time; it measures peak RSS. Install it: apt-get install -y time"
for n in "${sizes[@]}"; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "not a number of people: $n"; done

if [ -z "${SITE_BIN:-}" ]; then
  say "building site (release)"
  # Linking Foundation in needs libcurl's development files (FoundationNetworking uses it).
  pkg-config --exists libcurl \
    || die "linking site with --static-swift-stdlib needs libcurl's development files: apt-get install -y libcurl4-openssl-dev"
  swift build -c release --static-swift-stdlib --product site >/dev/null
  SITE_BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)/site"
fi
[ -x "$SITE_BIN" ] || die "SITE_BIN is not an executable: $SITE_BIN"

work="$(mktemp -d)"; api=""
stop_api() { if [ -n "$api" ]; then kill "$api" 2>/dev/null || true; wait "$api" 2>/dev/null || true; api=""; fi; }
trap 'stop_api; rm -rf "$work"' EXIT; trap 'exit 130' INT TERM
json_dir="${JSON_DIR:-$work/json}"; mkdir -p "$json_dir"

# Both tools run from copies, so nothing in the repository is written: site reads site.yml and
# content/ from the current folder; Hugo's project is bench/hugo (and --noBuildLock).
mkdir -p "$work/site"; cp site.yml "$work/site/"; cp -R content "$work/site/"
cp -R bench/hugo "$work/hugo"
cd "$work/site"

# Starts the demo API on a free port and sets $port.
start_api() {
  "$SITE_BIN" api --port 0 --latency "${LATENCY_MS}ms" --portraits "$PORTRAITS" 2>"$work/api.log" & api=$!
  port=""
  for _ in $(seq 100); do
    port="$(sed -nE 's#.*listening on http://127\.0\.0\.1:([0-9]+).*#\1#p' "$work/api.log" | head -1)"
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  cat "$work/api.log" >&2; die "the demo API did not start"
}

q() { printf '%q' "$1"; }
median() { jq -r --arg c "$2" '.results[] | select(.command == $c) | .median' "$1"; }
# Peak RSS in kB of one run of a shell command, after running a preparation command; the
# command's stderr goes to the file given third, if any.
peak_rss() {
  local err="${3:-$work/rss.err}"
  sh -c "$1"
  /usr/bin/time -v -o "$work/time.txt" sh -c "$2" >/dev/null 2>"$err" \
    || { cat "$err" >&2; die "failed: $2"; }
  awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt"
}
fmt() { awk -v x="$1" 'BEGIN { printf "%.3f", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b ? "pass" : "fail") }'; }
html_count() { find "$1" -type f -name '*.html' | wc -l | tr -d ' '; }

{
  printf '# site vs Hugo: people directory benchmark\n\n'
  printf 'Written by `bench/compare.sh %s` on %s.\n\n' "${sizes[*]}" "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf '## Machine\n\n'
  printf -- '- CPUs: %s (`nproc`), %s\n' "$(nproc)" "$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  printf -- '- RAM: %s GiB\n' "$(awk '/^MemTotal/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo)"
  printf -- '- OS: %s\n' "$(. /etc/os-release && echo "$PRETTY_NAME")"
  printf -- '- Load average at start: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf -- '- Swift: %s\n' "$(swift --version 2>&1 | grep -m1 -i 'swift version' || echo unknown)"
  printf -- '- Hugo: %s\n' "$(hugo version | sed -E 's/ BuildDate.*//')"
  printf -- '- hyperfine: %s\n' "$(hyperfine --version)"
  printf -- '- site binary: %s\n' "$(ldd "$SITE_BIN" 2>/dev/null | grep -q libswiftCore \
    && echo 'release, linked against the Swift shared libraries' \
    || echo 'release, Swift runtime and Foundation linked in (`--static-swift-stdlib`)')"
  printf -- '- Repository: %s%s\n\n' "$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    "$( [ -n "$(git -C "$repo" status --porcelain 2>/dev/null)" ] && echo ' (with uncommitted changes)')"
  printf '## Settings\n\n'
  printf -- '- Demo API (`site api --portraits %s`) on 127.0.0.1 with %s ms latency per response; seed `%s`.\n' \
    "$PORTRAITS" "$LATENCY_MS" "$SEED"
  printf -- '- Runs: %s (+%s warmup) for N ≤ %s, %s (+%s warmup) above. Times are hyperfine medians, in seconds.\n' \
    "$RUNS" "$WARMUP" "$LARGE" "$RUNS_LARGE" "$WARMUP_LARGE"
  printf -- '- site: `site build --live … --users N --seed %s --quiet`%s%s.\n' "$SEED" \
    "$( [ -n "$SITE_TTL" ] && printf ' `--ttl %s`' "$SITE_TTL")" "$( [ -n "$JOBS" ] && printf ' `--jobs %s`' "$JOBS")"
  printf -- '- Hugo: `hugo --source bench/hugo --destination OUT --cacheDir CACHE --noBuildLock --quiet`, N and the API URL via `HUGO_PARAMS_USERS` / `HUGO_PARAMS_APIURL`.\n\n'
} >"$work/report.md"

# Times site and Hugo side by side for the current N; extra arguments go to hyperfine.
hf() {
  local scenario="$1"; shift
  say "N=$n: $scenario (site, then Hugo)"
  hyperfine --style basic --runs "$runs" --warmup "$warmup" --export-json "$json_dir/$n-$scenario.json" \
    -n site -n hugo "$@" "$site_cmd --quiet" "$hugo_cmd" >&2
}

for n in "${sizes[@]}"; do
  if [ "$n" -gt "$LARGE" ]; then runs="$RUNS_LARGE"; warmup="$WARMUP_LARGE"; else runs="$RUNS"; warmup="$WARMUP"; fi
  d="$work/n$n"; mkdir -p "$d"
  start_api
  say "N=$n: demo API on port $port, $runs runs + $warmup warmup per scenario"
  so="$d/site-out"; sc="$d/site-cache"; ho="$d/hugo-out"; hc="$d/hugo-cache"
  site_cmd="$(q "$SITE_BIN") build --live --randomuser-url http://127.0.0.1:$port/api/ --jsonplaceholder-url http://127.0.0.1:$port"
  site_cmd+=" --users $n --seed $SEED --output $(q "$so") --cache-dir $(q "$sc")"
  [ -n "$SITE_TTL" ] && site_cmd+=" --ttl $SITE_TTL"
  [ -n "$JOBS" ] && site_cmd+=" --jobs $JOBS"
  hugo_cmd="HUGO_PARAMS_APIURL=http://127.0.0.1:$port/api/ HUGO_PARAMS_USERS=$n HUGO_PARAMS_SEED=$SEED"
  hugo_cmd+=" hugo --source $(q "$work/hugo") --destination $(q "$ho") --cacheDir $(q "$hc") --noBuildLock --quiet"

  # Cold: no cache, no output.
  hf cold --prepare "rm -rf $(q "$so") $(q "$sc")" --prepare "rm -rf $(q "$ho") $(q "$hc")"
  say "N=$n: peak RSS, cold"
  # (without --quiet: its summary shows where a cold build spends its time)
  rss_site_cold="$(peak_rss "rm -rf $(q "$so") $(q "$sc")" "$site_cmd" "$d/summary-cold.txt")"
  rss_hugo_cold="$(peak_rss "rm -rf $(q "$ho") $(q "$hc")" "$hugo_cmd")"

  # Warm: every response fresh in the cache (left by the cold runs), output removed.
  hf warm --prepare "rm -rf $(q "$so")" --prepare "rm -rf $(q "$ho")"
  say "N=$n: peak RSS, warm"
  rss_site_warm="$(peak_rss "rm -rf $(q "$so")" "$site_cmd --quiet")"
  rss_hugo_warm="$(peak_rss "rm -rf $(q "$ho")" "$hugo_cmd")"

  # One warm build of site without --quiet, and with --verbose: its summary and one line per HTTP
  # request, so the requests that were not cache hits can be counted. Render throughput comes
  # from the cold build's summary, where every page is rendered (a warm build reuses unchanged
  # pages from the render cache).
  say "N=$n: site summary (warm, verbose)"
  rm -rf "$so"
  sh -c "$site_cmd --verbose" >/dev/null 2>"$d/summary.txt" || { cat "$d/summary.txt" >&2; die "site build failed"; }
  render_line="$(grep -E '^render: [0-9]+ pages in [0-9.]+ s \([0-9]+ pages/s\)' "$d/summary-cold.txt" | tail -1 || true)"
  render_rate="$(sed -nE 's/^render: .*\(([0-9]+) pages\/s\)$/\1/p' <<<"$render_line")"; render_rate="${render_rate:-n/a}"
  # The up-to-date check's `only-if-cached` probes send nothing ("nothing was sent)"): not counted.
  # Its conditional HEADs (a stale copy put to its server) are requests sent.
  warm_requests="$(awk '/^(GET|HEAD) / && $NF != "hit" && !/nothing was sent\)$/' "$d/summary.txt" | wc -l | tr -d ' ')"
  warm_lookups="$(awk '/^(GET|HEAD) / && !/nothing was sent\)$/' "$d/summary.txt" | wc -l | tr -d ' ')"

  # No-op: cache warm and the previous output kept.
  hf noop
  say "N=$n: files written by a no-op rebuild"
  find "$so" -type f -printf '%i %P\n' | sort -k2 >"$d/site-before.txt"
  touch "$d/marker"; sleep 1.1
  sh -c "$site_cmd --quiet"
  site_newer="$(find "$so" -type f -newer "$d/marker" | wc -l | tr -d ' ')"
  site_new_inodes="$(find "$so" -type f -printf '%i %P\n' | sort -k2 | join -1 2 -2 2 -a 1 - "$d/site-before.txt" \
    | awk 'NF < 3 || $2 != $3' | wc -l | tr -d ' ')"
  site_dirs_new="$(find "$so" -type d -newer "$d/marker" | wc -l | tr -d ' ')"
  site_files="$(find "$so" -type f | wc -l | tr -d ' ')"
  touch "$d/marker"; sleep 1.1
  sh -c "$hugo_cmd"
  hugo_newer="$(find "$ho" -type f -newer "$d/marker" | wc -l | tr -d ' ')"
  hugo_files="$(find "$ho" -type f | wc -l | tr -d ' ')"
  site_pages="$(html_count "$so")"; hugo_pages="$(html_count "$ho")"
  # Both outputs must list the same people: compare the sets of e-mail addresses (site's people
  # pages are under users/; its other pages also link commenters' addresses).
  grep -rhoE 'mailto:[^"]+' "$so/users" | sort -u >"$d/site-emails.txt" || true
  grep -hoE 'mailto:[^"]+' "$ho/index.html" | sort -u >"$d/hugo-emails.txt" || true
  hugo_people="$(grep -c '<li>' "$ho/index.html" || true)"
  if cmp -s "$d/site-emails.txt" "$d/hugo-emails.txt" && [ "$hugo_people" -eq "$n" ]; then same_people=yes
  else same_people=no; say "warning: site and Hugo do not list the same people (Hugo lists $hugo_people)"; fi

  # Offline: with the API stopped, a warm build (output removed) must still succeed.
  stop_api
  say "N=$n: warm builds with the demo API stopped"
  rm -rf "$so" "$ho"
  if sh -c "$site_cmd --quiet" >/dev/null 2>&1 && [ "$(html_count "$so")" = "$site_pages" ]; then site_offline=ok; else site_offline=failed; fi
  if sh -c "$hugo_cmd" >/dev/null 2>&1 && [ "$(html_count "$ho")" = "$hugo_pages" ]; then hugo_offline=ok; else hugo_offline=failed; fi

  sc_m="$(median "$json_dir/$n-cold.json" site)"; hc_m="$(median "$json_dir/$n-cold.json" hugo)"
  sw_m="$(median "$json_dir/$n-warm.json" site)"; hw_m="$(median "$json_dir/$n-warm.json" hugo)"
  sn_m="$(median "$json_dir/$n-noop.json" site)"; hn_m="$(median "$json_dir/$n-noop.json" hugo)"
  cold_r="$(ratio "$sc_m" "$hc_m")"; warm_r="$(ratio "$sw_m" "$hw_m")"; noop_r="$(ratio "$sn_m" "$hn_m")"
  if [ "$n" -le 5000 ]; then warm_target="≤ 1.0"; warm_pass="$(le "$warm_r" 1.0)"; else warm_target="— (N ≤ 5,000 only)"; warm_pass="—"; fi
  if [ "$n" -ge 50000 ]; then
    rss_target="≤ 300 MB"; rss_cold_pass="$(le "$(mb "$rss_site_cold")" 300)"; rss_warm_pass="$(le "$(mb "$rss_site_warm")" 300)"
  else rss_target="— (≤ 300 MB at 50,000)"; rss_cold_pass="—"; rss_warm_pass="—"; fi
  if [ "$render_rate" = n/a ]; then render_pass=n/a; else render_pass="$(awk -v r="$render_rate" 'BEGIN { print (r >= 10000 ? "pass" : "fail") }')"; fi
  [ "$site_newer" -eq 0 ] && noop_pass=pass || noop_pass=fail
  [ "$site_offline" = ok ] && offline_pass=pass || offline_pass=fail

  {
    printf '## N = %s people\n\n' "$n"
    printf '| scenario | site | Hugo | site/Hugo | target | result |\n|---|---:|---:|---:|---|---|\n'
    printf '| cold build (s) | %s | %s | %s | ≤ 0.10 | %s |\n' "$(fmt "$sc_m")" "$(fmt "$hc_m")" "$cold_r" "$(le "$cold_r" 0.10)"
    printf '| warm build (s) | %s | %s | %s | %s | %s |\n' "$(fmt "$sw_m")" "$(fmt "$hw_m")" "$warm_r" "$warm_target" "$warm_pass"
    printf '| no-op rebuild (s) | %s | %s | %s | — | — |\n' "$(fmt "$sn_m")" "$(fmt "$hn_m")" "$noop_r"
    printf '| no-op: files written (new mtime) | %s of %s | %s of %s | | 0 | %s |\n' "$site_newer" "$site_files" "$hugo_newer" "$hugo_files" "$noop_pass"
    printf '| no-op: files with a new inode | %s | | | | |\n' "$site_new_inodes"
    printf '| no-op: folders recreated | %s | | | | |\n' "$site_dirs_new"
    printf '| peak RSS, cold (MB) | %s | %s | %s | %s | %s |\n' "$(mb "$rss_site_cold")" "$(mb "$rss_hugo_cold")" \
      "$(ratio "$rss_site_cold" "$rss_hugo_cold")" "$rss_target" "$rss_cold_pass"
    printf '| peak RSS, warm (MB) | %s | %s | %s | %s | %s |\n' "$(mb "$rss_site_warm")" "$(mb "$rss_hugo_warm")" \
      "$(ratio "$rss_site_warm" "$rss_hugo_warm")" "$rss_target" "$rss_warm_pass"
    printf '| render throughput (pages/s) | %s | | | ≥ 10,000 | %s |\n' "$render_rate" "$render_pass"
    printf '| HTML pages written | %s | %s | | | |\n' "$site_pages" "$hugo_pages"
    printf '| same people listed (e-mail sets) | %s | %s people | | yes | %s |\n' "$same_people" "$hugo_people" \
      "$( [ "$same_people" = yes ] && echo pass || echo fail)"
    printf '| warm build, API stopped | %s | %s | | succeeds | %s |\n' "$site_offline" "$hugo_offline" "$offline_pass"
    printf '| warm build: requests not served from cache | %s of %s | | | 0 | %s |\n\n' "$warm_requests" "$warm_lookups" \
      "$( [ "$warm_requests" -eq 0 ] && echo pass || echo fail)"
    printf "site's own summary of a cold build, then of a warm build:\n\n\`\`\`\n"
    grep -vE '^(GET |fetching |images: [0-9]+ to publish, |images: [0-9]+ downloaded, [0-9]+ from cache, )' "$d/summary-cold.txt" || true
    printf '\n'
    grep -vE '^(GET |fetching |images: [0-9]+ to publish, |images: [0-9]+ downloaded, [0-9]+ from cache, )' "$d/summary.txt" || true
    printf '```\n\n'
  } >>"$work/report.md"
  say "N=$n: cold $(fmt "$sc_m") vs $(fmt "$hc_m") s, warm $(fmt "$sw_m") vs $(fmt "$hw_m") s, no-op $(fmt "$sn_m") vs $(fmt "$hn_m") s"
  rm -rf "$d"
done

if [ -n "$SITE_TTL" ]; then ttl_note="The runs above pass \`--ttl $SITE_TTL\` to site"
else ttl_note="The runs above pass no \`--ttl\` to site (warm builds revalidate the people pages)"; fi
cat >>"$work/report.md" <<EOF
## How to read this

- **cold**: cache and output removed before every run: everything is fetched from the demo API.
  **warm**: cache filled by the cold runs, output removed before every run: a full render from
  the cache. **no-op**: cache warm and the previous output kept: nothing has changed.
- **Targets** are for site relative to Hugo: cold ≤ 0.10 × Hugo, warm ≤ 1.0 × Hugo (N = 500 and
  5,000); a no-op rebuild writes 0 files; peak RSS ≤ 300 MB at 50,000 people; render ≥ 10,000
  pages/s.
- **The two sites differ in size.** Hugo renders one page listing every person (name, email,
  country, thumbnail) and publishes one thumbnail per distinct picture. site renders its whole
  site: a page per person, paged lists, posts, feeds; and it fetches one size of every picture,
  128 px, which its lists show in a 48 px box and its person pages as it is (its default), where
  Hugo fetches the 48 px thumbnail. "HTML pages written" counts
  the HTML files in each output folder. The demo API has about 100 portraits per gender, so the
  number of distinct pictures stops growing with N at a few hundred.
- **Caching.** The demo API sends \`Cache-Control: max-age=86400\` on portraits but no
  \`Cache-Control\` on its JSON routes, so without a freshness floor site revalidates the people
  pages on every warm build (a conditional request, answered 304 after the injected latency).
  ${ttl_note}, so a warm build of either tool needs no network;
  "requests not served from cache" counts site's HTTP lookups (from \`--verbose\`) that were not
  cache hits, and "API stopped" repeats a warm build with the demo API shut down. Hugo's
  \`caches.getresource.maxAge\` is -1 (never expire; see bench/hugo/config.toml): Hugo does no HTTP
  revalidation at all.
- **No-op writes.** "files written" counts output files whose mtime is newer than a marker
  touched just before the rebuild. site hard-links files whose bytes did not change from the
  previous output into the new one, so their mtime and inode stay; "files with a new inode"
  counts files that are new or were replaced by different bytes (the stricter test). site still
  builds a fresh output tree and swaps it in, so its folders are new: "folders recreated".
  Hugo rewrites its files on every build.
- **Render throughput** comes from the \`render: P pages in S s (R pages/s)\` line that a
  cold \`site build\` prints without --quiet, where every page is rendered (warm builds reuse
  unchanged pages from site's render cache and say how many). S is the time spent turning
  templates and data into bytes, summed over the threads that render and divided by the cores;
  writing the files is not in it. "n/a" means the binary does not print it.
- Peak RSS is GNU time's "Maximum resident set size" for one cold and one warm build.
EOF
mkdir -p "$(dirname "$results_path")"
cp "$work/report.md" "$results_path"
say "wrote $RESULTS"
