#!/usr/bin/env bash
# Deploys the current build to a host.
set -euo pipefail

source "$(dirname "$0")/lib/common.sh"
. ./config.env

readonly TARGET_DIR=/srv/app

# Prints a message with a timestamp.
log() {
  printf '%s %s\n' "$(date +%T)" "$*"
}

# Copies the build and restarts the service.
# Arguments: host
function deploy {
  local host=$1
  log "deploying to $host"
  rsync -a build/ "$host:$TARGET_DIR"
  ssh "$host" systemctl restart app
  check_health "$host"
}

check_health() {
  curl -fsS "http://$1/health" >/dev/null || {
    log "health check failed"
    return 1
  }
}

for host in "$@"; do
  deploy "$host"
done
