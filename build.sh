#!/usr/bin/env bash
# Builds, serves and tests qipan.
#   ./build.sh static        build the static site into static/ (QIPAN_BASE=/qipan/ for a sub-path)
#   ./build.sh serve [PORT]  build, then serve static/ on http://localhost:PORT/ (default 8080)
#   ./build.sh test          gofmt, go vet, unit tests, then e2e (installs what is missing)
#   ./build.sh e2e           build, then the browser tests only (e2e/out: screenshots, figures)
#   ./build.sh numbers       build, then measure it in Chromium (e2e/out/numbers.txt; see README)
#   ./build.sh desktop       build the desktop board bin/qipan-desktop (installs its Debian packages as root)
#   ./build.sh strength [MS] [GAMES] [PGN]  the Xiangqi engine's wasm against Fairy-Stockfish's (a long run)
set -euo pipefail
cd "$(dirname "$0")"
cmd="${1:-static}"
base="${QIPAN_BASE:-/}"
# QIPAN_SITE_URL=https://example.org/qipan/ is the address the site is served at: link previews
# (og:url, og:image) point there, and its path is the base unless QIPAN_BASE says otherwise.
site_url="${QIPAN_SITE_URL:-}"
if [ -z "${QIPAN_BASE:-}" ] && [ -n "$site_url" ]; then
  rest="${site_url#*://}"
  case "$rest" in */*) base="/${rest#*/}" ;; esac
fi
# QIPAN_OUT puts the build elsewhere than static/ (so two builds can run side by side);
# QIPAN_E2E_RUN limits the browser tests to those matching it (go test -run).
out="${QIPAN_OUT:-static}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

wasm_build() { GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' "$@"; }

# engine_wasm_build FILE builds the engine Worker's wasm without bounds checks in engine/: in Go's
# wasm code they cost about a tenth of the search's speed (docs/strength-log.md, fifteenth
# session). The native builds, the tests and the fuzzers keep them, so an index out of range
# is still found there. wasm/worker_test.go builds with the same flags.
engine_wasm_build() { wasm_build -gcflags='qipan/engine/...=-B' -o "$1" ./wasm; }

# app_wasm_build FILE builds the app's wasm against a copy of go-app without its server side
# (app/site/goapp.go: its net/http import alone brought ~0.8 MB of crypto init code the
# browser never runs), through a go.mod beside the copy that replaces go-app with it.
app_wasm_build() {
  local tmp rc=0
  tmp="$(mktemp -d)"
  # go list -m names a module's folder only once it is in the module cache: on a fresh machine
  # it is not yet, and the copy would have no source.
  go mod download github.com/maxence-charriere/go-app/v10 &&
    go run ./cmd/qipan-site goapp -src "$(go list -m -f '{{.Dir}}' github.com/maxence-charriere/go-app/v10)" -out "$tmp/go-app" &&
    cp go.mod go.sum "$tmp/" &&
    printf '\nreplace github.com/maxence-charriere/go-app/v10 => %s\n' "$tmp/go-app" >>"$tmp/go.mod" &&
    wasm_build -modfile "$tmp/go.mod" -o "$1" ./cmd/qipan-site || rc=$?
  rm -rf "$tmp"
  return $rc
}

static() {
  local out="${1:-static}"
  rm -rf "$out"
  mkdir -p "$out/web"
  echo "build: app wasm"
  app_wasm_build "$out/web/app.wasm"
  if [ -d wasm ]; then
    echo "build: engine wasm"
    engine_wasm_build "$out/web/engine.wasm"
  else
    echo "build: SKIPPING the engine: ./wasm does not exist yet (the board works, the computer will not answer)" >&2
  fi
  # web/ holds the styles, icons and the engine's worker script.
  for f in web/*; do
    case "$f" in
      web/engine-worker.js) if [ -d wasm ]; then cp "$f" "$out/web/"; fi ;;
      *) cp -r "$f" "$out/web/" ;;
    esac
  done
  # web/puzzles also holds the Go package that embeds the collections for native programs.
  find "$out/web" -name '*.go' -delete
  generate "$out" "$base"
  sizes "$out"
}

# generate DIR BASE writes the site's pages around DIR/web for serving under BASE.
generate() {
  local version
  version="$(git rev-parse --short HEAD 2>/dev/null || echo dev)"
  go run ./cmd/qipan-site generate -out "$1" -base "$2" -version "$version" -site-url "$site_url"
  # go-app writes its own wasm_exec.js; the one matching this Go compiler replaces it.
  cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$1/wasm_exec.js"
  # Brotli and gzip twins of each file, served by qipan-site serve as a static host would.
  go run ./cmd/qipan-site compress -dir "$1"
}

sizes() {
  for f in "$1/web/app.wasm" "$1/web/engine.wasm"; do
    [ -f "$f" ] || continue
    printf 'size: %-22s %6d KiB raw, %6d KiB gzip, %6d KiB brotli\n' "$(basename "$f")" \
      $(( $(wc -c <"$f") / 1024 )) $(( $(wc -c <"$f.gz") / 1024 )) $(( $(wc -c <"$f.br") / 1024 ))
  done
}

# install_browsers installs what the browser tests need: Chromium; Firefox ESR; WebKitGTK's
# WebDriver and MiniBrowser with Xvfb to show it; a CJK font so that the screenshots show the
# Chinese interface (the board's own characters are outlines); and the zh_CN.UTF-8 locale
# WebKitGTK takes the reader's language from.
install_browsers() {
  local missing=()
  command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null ||
    missing+=(chromium)
  command -v firefox-esr >/dev/null || command -v firefox >/dev/null || missing+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null || missing+=(xvfb)
  if ! command -v fc-list >/dev/null || ! fc-list :lang=zh | grep -q .; then missing+=(fonts-noto-cjk); fi
  local zh=
  locale -a 2>/dev/null | grep -qi '^zh_CN\.utf-\?8$' || { zh=1; command -v locale-gen >/dev/null || missing+=(locales); }
  [ ${#missing[@]} -eq 0 ] && [ -z "$zh" ] && return
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "test: missing ${missing[*]}${zh:+ and the zh_CN.UTF-8 locale}: install them (apt-get install ${missing[*]}; locale-gen) to run the browser tests" >&2
    return
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    echo "test: installing ${missing[*]}"
    # Another install may hold dpkg's lock: wait for it rather than fail.
    apt-get -o DPkg::Lock::Timeout=600 update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ -n "$zh" ]; then
    echo "test: generating the zh_CN.UTF-8 locale"
    grep -q '^zh_CN.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null || echo 'zh_CN.UTF-8 UTF-8' >>/etc/locale.gen
    locale-gen >/dev/null
  fi
}

# desktop_deps installs what Ebiten's cgo build and the window test need on Debian (as root).
desktop_pkgs="libasound2-dev libgl1-mesa-dev libglu1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev libxxf86vm-dev pkg-config xvfb"
desktop_deps() {
  dpkg -s $desktop_pkgs >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "desktop: installing $desktop_pkgs"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $desktop_pkgs >/dev/null
  else
    echo "desktop: some of these are missing, install them: $desktop_pkgs" >&2
  fi
}

# desktop_window runs the desktop's window test under Xvfb (it fails under CI=true without it).
desktop_window() {
  if command -v xvfb-run >/dev/null; then
    xvfb-run -a -s "-screen 0 2600x1500x24" go test -count=1 -tags xvfb ./cmd/qipan-desktop/
  elif [ "${CI:-}" = true ]; then
    echo "test: xvfb-run is missing: the desktop window test cannot run" >&2; return 1
  else
    echo "test: SKIPPING the desktop window test: xvfb-run is missing (apt-get install xvfb)" >&2
  fi
}

# e2e builds the site (at the root, and again for /qipan/) and runs the browser tests on it.
e2e() {
  local sub="$PWD/e2e/out/site-qipan" log=e2e/out/test.log
  if [ "$out" != "$PWD/static" ]; then sub="$out-qipan"; log="$out-test.log"; fi
  base=/ site_url=
  static "$out"
  rm -rf "$sub" && mkdir -p "$sub" "$(dirname "$log")" && cp -rp "$out/web" "$sub/"
  generate "$sub" /qipan/
  QIPAN_STATIC="$out" QIPAN_STATIC_SUBPATH="$sub" \
    go test -count=1 -v -timeout 15m -run "${QIPAN_E2E_RUN:-.}" ./e2e/ 2>&1 | tee "$log"
}

# numbers builds the site and measures it in Chromium (e2e TestNumbers, TestColdLoad): click to
# piece moved at the start and with a 10,000-ply game, long tasks while the engine searches,
# the engine panel's update rate, the bytes the i18n catalogues add to app.wasm, cold loads of
# the embed (QIPAN_COMPARE_STATIC=another build alternates with it).
numbers() {
  local log=e2e/out/numbers.log
  if [ "$out" != "$PWD/static" ]; then log="$out-numbers.log"; fi
  base=/ site_url=
  static "$out"
  mkdir -p "$(dirname "$log")"
  QIPAN_STATIC="$out" QIPAN_NUMBERS=1 go test -count=1 -v -timeout 20m -run '^(TestNumbers|TestColdLoad)$' ./e2e/ 2>&1 | tee "$log"
}

# strength MS GAMES PGN measures the Xiangqi engine as the page runs it: its wasm build under node
# against Fairy-Stockfish's wasm build (npm, through ../shared/oracles), one thread each, book
# off, the built-in openings × both colours in order, MS milliseconds a move for both through
# `go movetime` (qipan speaks UCI here, so neither keeps a clock margin), a game adjudicated once
# both engines agree on ±1000 for 5 moves each. It runs at nice 19 and appends the games to PGN
# (compare two runs game by game with cmd/qipan-paired). QIPAN_ENGINE_WASM plays another build;
# QIPAN_STRENGTH_JOBS=2 plays two games at a time (only one engine of a game thinks at a time,
# so on an otherwise idle 2-core machine this halves the run without sharing a core).
strength() {
  local ms="${1:-300}" games="${2:-84}" pgn="${3:-bin/strength-${1:-300}.pgn}"
  local jobs="${QIPAN_STRENGTH_JOBS:-1}"
  local engine="${QIPAN_ENGINE_WASM:-bin/qipan-engine.wasm}"
  if [ ! -f ../shared/oracles/setup.sh ]; then
    echo "strength: ../shared/oracles/setup.sh is missing: Fairy-Stockfish cannot be installed" >&2
    return 1
  fi
  QIPAN_ORACLES="$(bash ../shared/oracles/setup.sh)"
  export QIPAN_ORACLES
  mkdir -p bin
  [ -n "${QIPAN_ENGINE_WASM:-}" ] || engine_wasm_build "$engine"
  go build -o bin/qipan-match ./cmd/qipan-match
  echo "strength: $engine against Fairy-Stockfish, $ms ms a move, $games games, into $pgn"
  nice -n 19 bin/qipan-match -a-cmd "node wasm/run-node.js $(go env GOROOT)/lib/wasm/wasm_exec.js $engine" \
    -a-name qipan -a-proto uci -a-ranks 0 -a-opt OwnBook=false \
    -b-preset fairy -b-cmd "node ../shared/oracles/fsuci.js" -b-name fairy-stockfish \
    -movetime "$ms" -games "$games" -concurrency "$jobs" -resign 5,1000 -pgnout "$pgn"
}

case "$cmd" in
  static) static "$out" ;;
  serve)
    port="${2:-8080}"
    static "$out"
    go run ./cmd/qipan-site serve -dir "$out" -addr "localhost:$port" -base "$base"
    ;;
  test)
    install_browsers
    desktop_deps
    if [ -f ../shared/oracles/setup.sh ]; then
      QIPAN_ORACLES="$(bash ../shared/oracles/setup.sh)"
      export QIPAN_ORACLES
    fi
    unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './static/*'))
    if [ -n "$unformatted" ]; then
      echo "test: not gofmt'ed (run gofmt -w on them): $unformatted" >&2
      exit 1
    fi
    go vet ./...
    GOOS=js GOARCH=wasm go vet ./cmd/... ./app/...
    go test $(go list ./... | grep -v '/e2e$')
    desktop_window
    e2e
    ;;
  e2e) e2e ;;
  numbers) numbers ;;
  strength) strength "${@:2}" ;;
  desktop)
    desktop_deps
    go build -trimpath -ldflags='-s -w' -o bin/qipan-desktop ./cmd/qipan-desktop
    echo "size: bin/qipan-desktop $(( $(wc -c <bin/qipan-desktop) / 1024 )) KiB"
    ;;
  *) echo "usage: $0 {static|serve [PORT]|test|e2e|numbers|desktop|strength [MS] [GAMES] [PGN]}" >&2; exit 2 ;;
esac
