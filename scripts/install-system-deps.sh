#!/usr/bin/env bash
# Installs the Debian packages the platform's tests need, only when something is missing (idempotent).
# Chromium drives the end-to-end tests; the runner's own script adds bubblewrap and the toolchains.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium fonts-dejavu-core)
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
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ -f scripts/install-runner-deps.sh ]; then
  bash scripts/install-runner-deps.sh
fi
