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
  python3-pyflakes        # AI code review: unused names and undefined names in Python
  node-typescript         # AI code review: tsc --noUnusedLocals for JavaScript and TypeScript
  ecj                     # AI code review: unused locals in Java (javac -Xlint:all has no such warning)
  rust-clippy             # AI code review: clippy for Debian's rustc (rustup's under /root is unreadable)
  xvfb                    # VNC widget: the virtual display of a desktop instance (coderoom/desktop/1)
  x11vnc                  # VNC widget: the VNC server on the instance loopback
  twm                     # VNC widget: a small window manager
  xterm                   # VNC widget: the terminal on the desktop
  x11-xserver-utils       # VNC widget: xsetroot (the desktop background)
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

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  # Not root: use sudo only if it works without a password prompt (a start command must not hang).
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "install-runner-deps: missing packages (${missing[*]}); not root and no password-less sudo." >&2
    echo "install-runner-deps: install them as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-runner-deps: missing packages (${missing[*]}) and no apt-get on this system; install them by hand." >&2
  exit 1
fi

echo "install-runner-deps: installing ${missing[*]} (first start only; this takes a few minutes)"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
