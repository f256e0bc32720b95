#!/usr/bin/env bash
# Installs the Debian packages the code runner (apps/runner) and its tests need: the bubblewrap sandbox and
# one toolchain per supported language. Idempotent: packages already installed are left alone and
# `apt-get update` only runs when something is missing. Meant for Debian 12 as root (CI, fresh hosts).
#
# Toolchains come from Debian on purpose: the sandbox runs code as unprivileged uids, and toolchains
# installed under /root (rustup, pyenv, nvm) are unreadable to them.
set -euo pipefail

packages=(
  bubblewrap              # the sandbox
  python3                 # /usr/bin/python3 (never a pyenv shim)
  g++                     # C++
  golang-go               # Go
  rustc                   # Rust (rustc --test for unit tests)
  cargo                   # Rust, for authors who expect it to exist
  default-jdk-headless    # Java (javac, jar, java)
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-runner-deps: all runner packages are installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-runner-deps: missing packages (${missing[*]}); run this script as root" >&2
  exit 1
fi

echo "install-runner-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
