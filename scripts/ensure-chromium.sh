#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser test
# (test/e2e/editor.browser.test.ts drives it with playwright-core). Never downloads a browser
# through Playwright: those downloads fail on these machines; apt works.
set -euo pipefail
log() { printf '[chromium] %s\n' "$*" >&2; }

if [ -x /usr/bin/chromium ]; then
  log "present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  log "not installed, and installing needs root: run 'apt-get install -y chromium' as root"
  exit 1
fi

started=$(date +%s)
log "installing Debian's chromium with apt-get (about a minute)..."
export DEBIAN_FRONTEND=noninteractive
apt_log=$(mktemp)
if ! { "${SUDO[@]}" apt-get update -qq && "${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-liberation; } >"$apt_log" 2>&1; then
  tail -n 30 "$apt_log" >&2
  rm -f "$apt_log"
  log "apt-get failed (output above)"
  exit 1
fi
rm -f "$apt_log"
log "installed in $(( $(date +%s) - started ))s: $(/usr/bin/chromium --version 2>/dev/null)"
