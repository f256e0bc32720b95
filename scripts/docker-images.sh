#!/usr/bin/env bash
# Builds Coderoom's Docker images on this host, from nothing but Debian packages and the repository: no
# registry is pulled from. Run as root with the Docker daemon up (docs/deploy.md, docs/containers.md).
#
#   coderoom/base:bookworm      a minimal Debian 12 root file system made by debootstrap and `docker import`
#   coderoom/instance:latest    live instances of INSTANCE_DRIVER=docker (deploy/images/instance/Dockerfile)
#   coderoom/app:latest         the platform's processes, one image for every ROLE (deploy/images/app/Dockerfile)
#   coderoom/proxy:latest       nginx in front of the api processes (deploy/images/proxy/Dockerfile)
#   coderoom/postgres:15, coderoom/redis:7   Debian's PostgreSQL and Redis for deploy/compose.yaml
#
# Usage: scripts/docker-images.sh [base|instance|app|proxy|services|all]   (default: all; the base is made only once)
# MIRROR=http://deb.debian.org/debian picks the Debian mirror debootstrap uses.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
mirror="${MIRROR:-http://deb.debian.org/debian}"

if ! docker info >/dev/null 2>&1; then
  echo "docker-images: no Docker daemon answers (start it: dockerd &, Debian package docker.io)" >&2
  exit 1
fi

build_base() {
  if docker image inspect coderoom/base:bookworm >/dev/null 2>&1 && [ "$what" != base ]; then
    echo "docker-images: coderoom/base:bookworm exists"
    return
  fi
  command -v debootstrap >/dev/null || { echo "docker-images: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
  rootfs="$(mktemp -d /tmp/coderoom-rootfs.XXXXXX)"
  trap 'rm -rf "$rootfs"' EXIT
  echo "docker-images: debootstrap bookworm into $rootfs (a few minutes)"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >/tmp/coderoom-debootstrap.log
  # apt inside the image uses the same mirror; no caches or logs are kept in the image.
  echo "deb $mirror bookworm main" >"$rootfs/etc/apt/sources.list"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' \
    --change 'CMD ["/bin/bash"]' - coderoom/base:bookworm
  rm -rf "$rootfs"
  trap - EXIT
}

build_instance() {
  # The instance image carries the host's Node.js 20 (Debian 12's nodejs is 18) for the coderoom/node/20 profile.
  cp "$(command -v node)" deploy/images/instance/node
  docker build -t coderoom/instance:latest deploy/images/instance
  rm -f deploy/images/instance/node
}

build_app() {
  [ -f apps/server/dist/main.js ] || { echo "docker-images: build first (npm run build)" >&2; exit 1; }
  cp "$(command -v node)" deploy/images/app/node
  docker build -t coderoom/app:latest -f deploy/images/app/Dockerfile .
  rm -f deploy/images/app/node
}

build_proxy() {
  docker build -t coderoom/proxy:latest deploy/images/proxy
}

build_services() {
  docker build -t coderoom/postgres:15 deploy/images/postgres
  docker build -t coderoom/redis:7 deploy/images/redis
}

case "$what" in
  base) build_base ;;
  instance) build_base; build_instance ;;
  app) build_base; build_app ;;
  proxy) build_base; build_proxy ;;
  services) build_base; build_services ;;
  all) build_base; build_instance; build_app; build_proxy; build_services ;;
  *) echo "usage: $0 [base|instance|app|proxy|services|all]" >&2; exit 2 ;;
esac
