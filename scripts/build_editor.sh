#!/usr/bin/env bash
# Bundle the workbench's code editor (CodeMirror 6, from the npm registry) once, into the static
# asset that `sevens serve` ships: sevens/serve/static/editor.js.  Run it again only to update the
# editor; the bundle is committed, so installing or running sevens needs no Node.js.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cp "$here/editor/package.json" "$here/editor/entry.js" "$build/"
(cd "$build" && npm install --silent --no-audit --no-fund)
"$build/node_modules/.bin/esbuild" "$build/entry.js" --bundle --minify --format=iife \
    --target=es2020 --legal-comments=eof --outfile="$here/../sevens/serve/static/editor.js"
ls -l "$here/../sevens/serve/static/editor.js"
