#!/usr/bin/env bash
# Builds, serves and tests qipan. Usage: ./build.sh {static|serve [PORT]|test}
set -euo pipefail
cd "$(dirname "$0")"
cmd="${1:-static}"
case "$cmd" in
  test) go vet ./... && go test ./... ;;
  *) echo "usage: $0 {static|serve [PORT]|test}" >&2; exit 2 ;;
esac
