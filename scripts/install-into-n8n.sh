#!/bin/sh
# Installs n8n-nodes-print-store into an n8n's community nodes folder, where n8n 1.x and 2.x load
# community packages from (restart n8n after it):
#
#   sh scripts/install-into-n8n.sh n8n-nodes-print-store-0.2.0.tgz [nodes folder]   # a tarball
#   sh scripts/install-into-n8n.sh n8n-nodes-print-store@0.2.0 [nodes folder]        # from npm
#
# The nodes folder defaults to n8n's own: $N8N_USER_FOLDER/.n8n/nodes, or ~/.n8n/nodes.
# This is the one install command: README.md shows it, the end-to-end setup runs it
# (scripts/n8n/package.ts), docker/Dockerfile runs it, and test/release/install-command.test.ts
# keeps them the same. POSIX sh: n8n's Docker image has no bash.
set -eu

PACKAGE_NAME=n8n-nodes-print-store

usage() {
  echo "usage: sh scripts/install-into-n8n.sh <$PACKAGE_NAME-X.Y.Z.tgz | $PACKAGE_NAME[@X.Y.Z]> [nodes folder]" >&2
  exit 2
}

[ "$#" -ge 1 ] && [ "$#" -le 2 ] || usage
SOURCE="$1"
NODES="${2:-${N8N_USER_FOLDER:-$HOME}/.n8n/nodes}"

case "$SOURCE" in
  *.tgz | *.tar.gz | */*)
    [ -f "$SOURCE" ] || { echo "No tarball at $SOURCE (build one with: npm ci && npm run build && npm pack)" >&2; exit 1; }
    KIND=tarball
    ;;
  "$PACKAGE_NAME" | "$PACKAGE_NAME"@*) KIND=npm ;;
  *) usage ;;
esac

mkdir -p "$NODES"
# npm installs into the nearest folder with a package.json: without one here, it would look in the
# folders above. The same minimal file n8n writes when it installs a community package itself.
if [ ! -f "$NODES/package.json" ]; then
  printf '{\n  "name": "installed-nodes",\n  "private": true,\n  "dependencies": {}\n}\n' >"$NODES/package.json"
fi

if [ "$KIND" = tarball ]; then
  # The tarball is kept in the folder: its package.json then names a file that stays there.
  TARBALL_DIR=$(cd "$(dirname "$SOURCE")" && pwd -P)
  TARBALL_NAME=$(basename "$SOURCE")
  if [ "$TARBALL_DIR" != "$(cd "$NODES" && pwd -P)" ]; then cp "$SOURCE" "$NODES/$TARBALL_NAME"; fi
  SPEC="./$TARBALL_NAME"
else
  SPEC="$SOURCE"
fi

cd "$NODES"
# --legacy-peer-deps: the n8n-workflow peer is n8n's own; npm would otherwise install another copy
# (and its native build). --ignore-scripts: the package has no install script, and n8n's own
# installer runs none either.
npm install --legacy-peer-deps --ignore-scripts --no-audit --no-fund "$SPEC"

VERSION=$(node -p "require('./node_modules/$PACKAGE_NAME/package.json').version")
echo "Installed $PACKAGE_NAME@$VERSION in $(pwd -P). Restart n8n to load it."
