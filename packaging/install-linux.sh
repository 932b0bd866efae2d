#!/usr/bin/env bash
# Install the Linux build for the current user: the program folder under
# ~/.local/lib/pieces-of-eight, the two commands in ~/.local/bin, the desktop entry and icon.
# Run from the unpacked build (the folder holding the programs `wargame` and `pieces-of-eight`).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
dest="$prefix/lib/pieces-of-eight"
test -x "$here/pieces-of-eight" || { echo "error: run this script from the built folder (dist/wargame)" >&2; exit 2; }
mkdir -p "$dest" "$prefix/bin" "$prefix/share/applications" "$prefix/share/icons/hicolor/256x256/apps" "$prefix/share/icons/hicolor/scalable/apps"
cp -a "$here/." "$dest/"
ln -sf "$dest/pieces-of-eight" "$prefix/bin/pieces-of-eight"
ln -sf "$dest/wargame" "$prefix/bin/wargame"
icons="$dest/_internal/resources/icons"
cp "$icons/wargame-256.png" "$prefix/share/icons/hicolor/256x256/apps/pieces-of-eight.png"
cp "$icons/wargame.svg" "$prefix/share/icons/hicolor/scalable/apps/pieces-of-eight.svg"
sed "s|^Exec=pieces-of-eight|Exec=$dest/pieces-of-eight|" "$here/pieces-of-eight.desktop" \
  > "$prefix/share/applications/pieces-of-eight.desktop"
echo "installed in $dest; 'Pieces of Eight' is in the applications menu"
