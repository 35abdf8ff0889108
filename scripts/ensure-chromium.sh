#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (DESIGN §5); they never download a browser.
# Installs the `chromium` package when /usr/bin/chromium is missing, or says why it cannot.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package" >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get not found. Install Chromium so that $CHROMIUM exists (Debian/Ubuntu: apt-get install chromium)." >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: not root and no password-less sudo. Run as root: apt-get update && apt-get install -y chromium" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update || ! "${SUDO[@]}" apt-get install -y --no-install-recommends chromium; then
  echo "ensure-chromium: apt-get could not install chromium (see above)." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package installed, but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)" >&2
