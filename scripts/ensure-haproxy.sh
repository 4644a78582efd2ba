#!/usr/bin/env bash
# Makes sure Debian's haproxy is installed for the queue-mode end-to-end setup: it stands in front
# of the two webhook processes and sends each execution's /webhook-waiting/<ID> calls to one of them
# (docs/queue-mode.md, "Waits: one webhook process per execution"). Prints the path of haproxy on
# its last line.
set -euo pipefail
log() { printf '[haproxy] %s\n' "$*" >&2; }

found=$(command -v haproxy || true)
[ -z "$found" ] && [ -x /usr/sbin/haproxy ] && found=/usr/sbin/haproxy
if [ -n "$found" ]; then
  echo "$found"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  log "not installed, and installing needs root: run 'apt-get install -y haproxy' as root"
  exit 1
fi

started=$(date +%s)
log "installing Debian's haproxy with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt_log=$(mktemp)
# policy-rc.d keeps the package from starting its own service (the suite starts its own haproxy).
if ! { "${SUDO[@]}" apt-get update -qq && "${SUDO[@]}" env RUNLEVEL=1 apt-get install -y -qq --no-install-recommends haproxy; } >"$apt_log" 2>&1; then
  tail -n 30 "$apt_log" >&2
  rm -f "$apt_log"
  log "apt-get failed (output above)"
  exit 1
fi
rm -f "$apt_log"
log "installed in $(( $(date +%s) - started ))s"
command -v haproxy || echo /usr/sbin/haproxy
