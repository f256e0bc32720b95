#!/usr/bin/env bash
# `npm start`: makes sure the code runner's sandbox (bubblewrap) and language toolchains are installed —
# the same idempotent script the tests use, which skips what is present — then starts the server.
# When they cannot be installed (not root, no network), the platform still starts: the languages it
# lacks answer "language unavailable" and the banner lists them.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then
  echo "coderoom: the build is missing; run \`npm run build\` first (or \`npm install && npm run build && npm start\`)." >&2
  exit 1
fi

if [ "${SKIP_SYSTEM_DEPS:-}" != "1" ]; then
  # ffmpeg transcodes lesson videos in the worker (docs/media.md); without it uploads fail with a reason.
  if ! bash scripts/install-system-deps.sh --server-only; then
    echo "coderoom: ffmpeg could not be installed (see above); starting anyway — lesson videos will fail to process." >&2
  fi
  if ! bash scripts/install-runner-deps.sh; then
    echo "coderoom: the sandbox or some toolchains could not be installed (see above); starting anyway —" >&2
    echo "          languages without their toolchain will answer \"language unavailable\"." >&2
  fi
fi

exec node apps/server/dist/main.js
