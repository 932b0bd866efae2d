#!/usr/bin/env bash
# Smoke-run a built folder (default dist/wargame) as on a computer without Python:
# a bare environment (no venv, no PYTHONPATH, run from an empty folder), offscreen.
# A missing data file or hidden import fails here. Prints each step's wall time.
set -euo pipefail
build="$(cd "${1:-dist/wargame}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
run() {  # run NAME CMD...: the command in a bare environment, timed
  local name="$1"; shift
  local t0=$EPOCHREALTIME
  env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    WARGAME_DATA_DIR="$work/data" "$@" || { echo "smoke: $name FAILED" >&2; exit 1; }
  awk -v a="$t0" -v b="$EPOCHREALTIME" -v n="$name" 'BEGIN { printf "smoke: %-28s %6.2f s\n", n, b - a }' >&2
}
run "--version" "$build/wargame" --version
run "screenshot home" "$build/wargame" screenshot home --out "$work/home.png"
run "screenshot tortuga-1667" "$build/wargame" screenshot tortuga-1667 --out "$work/tortuga.png"
run "simulate pieces-of-eight" "$build/wargame" simulate pieces-of-eight --games 2 --seed 1 --strict --json > "$work/sim.json"
run "about --json" "$build/wargame" about --json > "$work/about.json"
run "pieces-of-eight first paint" "$build/pieces-of-eight" startup-probe --t0 "$EPOCHREALTIME" > "$work/probe.txt"
run "odds fire" "$build/wargame" odds fire --gun heavy --range-cm 12 --json > /dev/null
test -s "$work/home.png" && test -s "$work/tortuga.png" || { echo "smoke: no screenshot" >&2; exit 1; }
grep -q '"games"' "$work/sim.json" || { echo "smoke: simulate printed no games" >&2; exit 1; }
test -s "$work/data/wargame.log" || { echo "smoke: no log file in the data folder" >&2; exit 1; }
# Help > About's data: every bundled library's metadata and licence texts made it in.
grep -q '"PySide6_Essentials", "version": "[^"]*", "licence": "LGPL-3.0' "$work/about.json" \
  && grep -q '"name": "shapely"' "$work/about.json" && ! grep -q '"texts": \[\]' "$work/about.json" \
  || { echo "smoke: about --json lacks a library or a licence text" >&2; cat "$work/about.json" >&2; exit 1; }
grep -q '^first-paint [0-9]' "$work/probe.txt" || { echo "smoke: the app did not paint" >&2; exit 1; }
echo "smoke: $(du -sh "$build" | cut -f1) in $build; the app's $(cat "$work/probe.txt") s"
echo "smoke: 7 passed, 0 failed"
