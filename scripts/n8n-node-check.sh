#!/usr/bin/env bash
# Runs n8n's own tooling on exactly what the package publishes, as n8n would judge it:
#   n8n-node lint           with the starter's default eslint.config.mjs (strict mode, cloud rules)
#   n8n-node cloud-support  which reports whether the package is eligible for n8n Cloud
# The published sources (nodes/, credentials/, icons/, package.json, tsconfig) are staged in a
# temporary folder with that default config, because the project's own eslint.config.mjs also
# lints the sandbox, scripts and tests, which n8n's rules are not written for.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -r "$root/nodes" "$root/credentials" "$root/icons" "$root/package.json" "$root/tsconfig.json" "$stage/"
cp "$root/node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs" "$stage/eslint.config.mjs"
ln -s "$root/node_modules" "$stage/node_modules"
cd "$stage"
echo "== n8n-node lint (default config, strict mode) on nodes/, credentials/, package.json"
"$root/node_modules/.bin/n8n-node" lint
echo "== n8n-node cloud-support"
"$root/node_modules/.bin/n8n-node" cloud-support | tee "$stage/cloud-support.txt"
# Eligible only when it says so (colour codes stripped), not merely when it prints no refusal.
if ! sed 's/\x1b\[[0-9;]*m//g' "$stage/cloud-support.txt" | grep -q 'Cloud support is ENABLED'; then
	echo "n8n-node cloud-support does not report the package eligible" >&2
	exit 1
fi
