#!/usr/bin/env bash
# Makes sure a program from Debian's packages is installed, for the test setups that need one
# (Chromium for the browser test, Redis and haproxy for queue mode, faketime for another date), and
# prints its path on the last line. Installs with apt-get only when it is missing, on the real clock
# (real-clock.sh); never downloads anything else.
#
#   ensure-apt.sh <label> <program> <package>...
#
# <program> is a name looked up on PATH (and in /usr/sbin) or an absolute path.
set -euo pipefail
# shellcheck source=scripts/real-clock.sh
source "$(dirname "$0")/real-clock.sh"
label=$1
program=$2
shift 2
log() { printf '[%s] %s\n' "$label" "$*" >&2; }

find_program() {
  if [ "${program#/}" != "$program" ]; then
    [ -x "$program" ] && echo "$program"
    return 0
  fi
  command -v "$program" 2>/dev/null || { [ -x "/usr/sbin/$program" ] && echo "/usr/sbin/$program"; } || true
}

found=$(find_program)
if [ -n "$found" ]; then
  echo "$found"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  log "not installed, and installing needs root: run 'apt-get install -y $*' as root"
  exit 1
fi

started=$(date +%s)
log "installing Debian's $* with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt_log=$(mktemp)
# RUNLEVEL=1 keeps a package from starting a service of its own (the suites start their own).
# Lock timeout: another install (npm test's end-to-end setups run side by side) waits its turn.
if ! { "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq && "${SUDO[@]}" env RUNLEVEL=1 apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@"; } >"$apt_log" 2>&1; then
  tail -n 30 "$apt_log" >&2
  rm -f "$apt_log"
  log "apt-get failed (output above)"
  exit 1
fi
rm -f "$apt_log"
found=$(find_program)
[ -n "$found" ] || { log "installed, but $program is still missing"; exit 1; }
log "installed in $(( $(date +%s) - started ))s"
echo "$found"
