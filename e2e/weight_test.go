package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// firstVisitBudget is what a first visit to the app may transfer (issue: 2.5 MB with gzip).
const firstVisitBudget = 2_500_000

// TestFirstVisitWeight loads the app on a fresh profile over a throttled line (10 Mbit/s, 40 ms
// round trips), measures the time to a board that takes clicks and what the server sent, plays
// a two-player game (the engine must not be fetched), then plays the computer (the engine is
// fetched once, then cached) and goes offline to play it again.
func TestFirstVisitWeight(t *testing.T) {
	dir := siteDir(t, "QIPAN_STATIC")
	srv := newServer(t, dir, "/")
	ctx := browser(t)

	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	throttle := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{{
		Latency: 40, DownloadThroughput: 10e6 / 8, UploadThroughput: 10e6 / 8,
	}}}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, throttle); err != nil {
		t.Fatal(err)
	}
	clickable := load(t, ctx, srv.URL+"/")
	record(t, "first visit at 10 Mbit/s, 40 ms: navigation to a board taking clicks %v", clickable)
	unthrottled := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{{
		DownloadThroughput: -1, UploadThroughput: -1,
	}}}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, unthrottled); err != nil {
		t.Fatal(err)
	}

	// Everything the first visit fetches, the service worker's precache included.
	waitAppCached(t, ctx)
	firstVisit := srv.requests()
	total, wasm := sent(firstVisit), fetched(firstVisit, "/web/app.wasm")
	record(t, "first visit transferred %d bytes in %d requests; app.wasm fetched %d time(s) (%s)", total, len(firstVisit), len(wasm), describe(wasm))
	if len(wasm) != 1 {
		t.Errorf("app.wasm was fetched %d times on a first visit, want once: %s", len(wasm), describe(wasm))
	}
	if total > firstVisitBudget {
		t.Errorf("the first visit transferred %d bytes, over the %d budget:\n%s", total, firstVisitBudget, describe(firstVisit))
	}

	// Two players: the engine is never needed, so never fetched.
	action(t, ctx, "play-two")
	playMove(t, ctx, "h2", "e2")
	waitFor(t, ctx, 5*time.Second, "Black's turn", `document.getElementById("board").dataset.turn === "b"`)
	playMove(t, ctx, "h9", "g7")
	waitFor(t, ctx, 5*time.Second, "Red's turn", `document.getElementById("board").dataset.turn === "w"`)
	if e := engineRequests(srv.requests()); len(e) > 0 {
		t.Fatalf("a two-player game fetched the engine: %s", describe(e))
	}

	// Against the computer: the engine comes with the first search, once.
	action(t, ctx, "play-red")
	playMove(t, ctx, "b0", "c2")
	waitReply(t, ctx, 4)
	for _, f := range []string{"/web/engine.wasm", "/web/engine-worker.js"} {
		if got := fetched(srv.requests(), f); len(got) != 1 {
			t.Errorf("%s fetched %d times after the first game against the computer, want once: %s", f, len(got), describe(got))
		}
	}
	record(t, "engine fetched on the first search: %s", describe(engineRequests(srv.requests())))
	if got := fetched(srv.requests(), "/web/app.wasm"); len(got) != 1 {
		t.Errorf("app.wasm fetched %d times in the visit, want once: %s", len(got), describe(got))
	}

	// Offline: the engine was cached when it was first used.
	offline(t, ctx, srv, "")
}

// sent sums the body bytes of the answers.
func sent(hits []hit) int64 {
	var n int64
	for _, h := range hits {
		n += h.bytes
	}
	return n
}

// fetched returns the answers for path that sent a body (a 304 sends none).
func fetched(hits []hit, path string) []hit {
	var out []hit
	for _, h := range hits {
		if h.path == path && h.status == 200 {
			out = append(out, h)
		}
	}
	return out
}

func engineRequests(hits []hit) []hit {
	var out []hit
	for _, h := range hits {
		if strings.Contains(h.path, "engine") {
			out = append(out, h)
		}
	}
	return out
}

func describe(hits []hit) string {
	parts := make([]string, len(hits))
	for i, h := range hits {
		parts[i] = fmt.Sprintf("%s %d %dB %s at %.1fs from %q", h.path, h.status, h.bytes, h.encoding, h.start.Seconds(), h.from)
	}
	return strings.Join(parts, "; ")
}

// TestEngineSurvivesUpdate plays the computer (so the engine is cached), deploys a new version
// at the same address, lets the new service worker take over, and then plays the computer
// offline: the update must carry the engine over into its cache.
func TestEngineSurvivesUpdate(t *testing.T) {
	dir := copySite(t, siteDir(t, "QIPAN_STATIC"))
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")
	playMove(t, ctx, "h2", "e2")
	waitReply(t, ctx, 2)
	cached := `(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (!reg.active || reg.active.state !== "activated" || !navigator.serviceWorker.controller) return "";
		for (const k of await caches.keys()) if (await (await caches.open(k)).match("/web/engine.wasm")) return k;
		return "";
	})()`
	waitFor(t, ctx, 60*time.Second, "the engine to be cached", cached+` .then(k => k !== "")`)
	before := eval[string](t, ctx, cached)

	// A new version: the service worker script changes, as every build's does.
	redeploy(t, dir, "-updated")
	run(t, ctx, 30*time.Second, "reload", chromedp.Reload())
	load(t, ctx, "")
	waitFor(t, ctx, 60*time.Second, "the new version to take over with the engine", fmt.Sprintf(`(async () => {
		const keys = await caches.keys();
		if (keys.length !== 1 || keys[0] === %q) return false;
		return !!(await (await caches.open(keys[0])).match("/web/engine.wasm"));
	})()`, before))
	record(t, "after an update the engine is in the new cache (was %s)", before)
	offline(t, ctx, srv, "")
}

// TestFirstVisitGzipOnly loads the app from a host that serves only gzip (as GitHub Pages
// does): a first visit, the service worker's precache included, stays within the budget, and
// app.wasm is fetched once.
func TestFirstVisitGzipOnly(t *testing.T) {
	dir := copySite(t, siteDir(t, "QIPAN_STATIC"))
	// Every brotli twin, at any depth (web/puzzles/ has its own).
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".br") {
			err = os.Remove(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, dir, "/")
	ctx := browser(t)
	load(t, ctx, srv.URL+"/")
	waitAppCached(t, ctx)
	hits := srv.requests()
	total, wasm := sent(hits), fetched(hits, "/web/app.wasm")
	for _, h := range hits {
		if h.encoding == "br" {
			t.Fatalf("the gzip-only host sent brotli: %s", describe(hits))
		}
	}
	record(t, "first visit, gzip only: %d bytes in %d requests; app.wasm fetched %d time(s) (%s)", total, len(hits), len(wasm), describe(wasm))
	if len(wasm) != 1 {
		t.Errorf("app.wasm was fetched %d times, want once: %s", len(wasm), describe(wasm))
	}
	// The service worker's install takes the copy the page put in its cache, or at most
	// revalidates it (304, no body) on a loaded machine: the bytes cross the network once.
	var sentBody []hit
	for _, h := range hits {
		if h.path == "/web/app.wasm" && h.status != 304 {
			sentBody = append(sentBody, h)
		}
	}
	if len(sentBody) != 1 {
		t.Errorf("app.wasm was sent %d times, want once (the page's fetch): %s", len(sentBody), describe(sentBody))
	}
	if total > firstVisitBudget {
		t.Errorf("the first visit transferred %d bytes with gzip only, over the %d budget:\n%s", total, firstVisitBudget, describe(hits))
	}
}

// waitAppCached waits for the service worker to be active with app.wasm in its cache.
func waitAppCached(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, 60*time.Second, "the service worker to cache the app", `(async () => {
		const reg = await navigator.serviceWorker.ready;
		if (!reg.active || reg.active.state !== "activated") return false;
		for (const k of await caches.keys()) if (await (await caches.open(k)).match("/web/app.wasm")) return true;
		return false;
	})()`)
}
