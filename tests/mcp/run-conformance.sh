#!/bin/sh
# The official MCP conformance suite against `repolens-cli mcp --http` on the fixture repository.
# Usage: run-conformance.sh REPOLENS_CLI MCP_NODE_DIR SOURCE_DIR
set -eu
cli=$1 node_dir=$2 src=$3
scratch=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/shop"
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share"
node -e 'const fs=require("fs"),p=require("path");const f=JSON.parse(fs.readFileSync(process.argv[1]));for(const[k,v]of Object.entries(f)){fs.mkdirSync(p.dirname(p.join(process.argv[2],k)),{recursive:true});fs.writeFileSync(p.join(process.argv[2],k),v)}' \
    "$src/tests/tools/fixture.json" "$scratch/shop"
# The suite's client sends no token: this run is on 127.0.0.1 without authentication (the
# token is tested by sdk_client.test.mjs).
"$cli" --data-dir "$scratch/data" mcp "$scratch/shop" --http 0 --no-auth >"$scratch/out" 2>"$scratch/err" &
server=$!
for _ in $(seq 1 100); do
    grep -q '^token:' "$scratch/out" 2>/dev/null && break
    sleep 0.1
done
url=$(sed -n 's/^url: //p' "$scratch/out")
[ -n "$url" ] || { cat "$scratch/err"; echo "the server did not start"; exit 1; }
cd "$scratch"
set +e
node "$node_dir/node_modules/@modelcontextprotocol/conformance/dist/index.js" server --url "$url" \
    --expected-failures "$src/tests/mcp/conformance-expected-failures.yml"
rc=$?
echo "conformance exit status: $rc"
kill $server
wait $server 2>/dev/null
exit $rc
