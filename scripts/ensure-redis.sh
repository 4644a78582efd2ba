#!/usr/bin/env bash
# Makes sure Debian's redis-server is installed for the queue-mode end-to-end setup (n8n's queue
# lives in Redis). Prints the path of redis-server on its last line.
set -euo pipefail
log() { printf '[redis] %s\n' "$*" >&2; }

if command -v redis-server >/dev/null 2>&1; then
  command -v redis-server
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  log "not installed, and installing needs root: run 'apt-get install -y redis-server' as root"
  exit 1
fi

started=$(date +%s)
log "installing Debian's redis-server with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt_log=$(mktemp)
if ! { "${SUDO[@]}" apt-get update -qq && "${SUDO[@]}" apt-get install -y -qq --no-install-recommends redis-server; } >"$apt_log" 2>&1; then
  tail -n 30 "$apt_log" >&2
  rm -f "$apt_log"
  log "apt-get failed (output above)"
  exit 1
fi
rm -f "$apt_log"
log "installed in $(( $(date +%s) - started ))s"
command -v redis-server
