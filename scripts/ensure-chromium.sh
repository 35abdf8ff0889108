#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (DESIGN §5) in its old headless shell, the `chromium-headless-shell` package:
# the same Blink and V8 as /usr/bin/chromium without the full browser's UI layers, which took about half of the e2e
# run's CPU (the journeys ran 8.6 min with /usr/bin/chromium, 6.2 min with the shell). They never download a browser.
# Installs the package when /usr/bin/chromium-headless-shell is missing, or says why it cannot.
set -euo pipefail

CHROMIUM=/usr/bin/chromium-headless-shell
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium-headless-shell package" >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get not found. Install Chromium's headless shell so that $CHROMIUM exists (Debian: apt-get install chromium-headless-shell)." >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: not root and no password-less sudo. Run as root: apt-get update && apt-get install -y chromium-headless-shell" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update || ! "${SUDO[@]}" apt-get install -y --no-install-recommends chromium-headless-shell; then
  echo "ensure-chromium: apt-get could not install chromium-headless-shell (see above)." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium-headless-shell package installed, but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)" >&2
