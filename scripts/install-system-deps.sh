#!/usr/bin/env bash
# Installs the Debian packages the platform and its tests need, only when something is missing (idempotent).
# Chromium drives the end-to-end tests; ffmpeg (and its ffprobe) transcodes uploaded lesson videos to HLS
# in the worker (docs/media.md); the runner's own script adds bubblewrap and the toolchains.
set -euo pipefail
cd "$(dirname "$0")/.."

# `--server-only` (npm start): just what the running platform needs (ffmpeg), not the test browser.
server_only=false
[ "${1:-}" = "--server-only" ] && server_only=true
if $server_only; then packages=(ffmpeg); else packages=(chromium fonts-dejavu-core ffmpeg); fi
missing=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done

if ((${#missing[@]} > 0)); then
  echo "Installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
      echo "Missing Debian packages (${missing[*]}) and not root: install them and rerun." >&2
      exit 1
    fi
  fi
  if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
    ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    echo "Could not install ${missing[*]} with apt-get (no network or no Debian mirror?): install them and rerun." >&2
    exit 1
  fi
fi

if ! $server_only && [ -f scripts/install-runner-deps.sh ]; then
  bash scripts/install-runner-deps.sh
fi
