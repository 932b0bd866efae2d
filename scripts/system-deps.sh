#!/usr/bin/env bash
# Installs the Debian libraries Qt 6 needs (offscreen and X11) and Debian's chromium (the
# phone-page tests drive it headless), or names them; packages
# named as arguments too (make dist: binutils, whose objdump and strip PyInstaller uses).
set -u
pkgs=("$@" python3-venv libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3
      libglib2.0-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xinerama0
      libxcb-randr0 libxcb-render-util0 libxcb-image0 fonts-dejavu-core
      chromium)  # the phone-page tests (tests/web) drive Debian's headless Chromium
command -v dpkg-query >/dev/null 2>&1 || exit 0   # not Debian: nothing to check
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages (Qt libraries, Chromium for the phone-page tests): ${missing[*]}"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } \
    || echo "warning: could not install ${missing[*]}; Qt may not start" >&2
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "note: Qt needs these Debian packages, not installed: ${missing[*]}" >&2
  echo "      install them with: sudo apt-get install ${missing[*]}" >&2
fi
exit 0
