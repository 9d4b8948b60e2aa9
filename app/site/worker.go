package site

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// serviceWorker returns go-app's service worker (app.DefaultAppWorkerJS) with three changes,
// made by replacing its functions so that the rest follows go-app's releases:
//
//   - Files in lazy (the engine Worker and its wasm) are not precached at install: they are
//     cached when first fetched, so a visit that never plays the computer never downloads
//     them. An update that replaces a cache holding them caches the new ones too, so offline
//     play keeps working after an update.
//   - A first install keeps what the page already put in its cache (app.wasm, loader.go) and
//     takes the rest from the HTTP cache (force-cache): the page has just downloaded them, and
//     downloading app.wasm a second time doubled a first visit. Updates revalidate every file
//     (no-cache), so they never cache an old one.
//   - Navigations match the cache without their query (?fen=…, share links), so a link to a
//     position opens offline.
//
// The page asks for the lazy files to be cached ({type: "qipan:cache-lazy"}) once the engine
// runs, for the case where the engine was fetched before the service worker took control.
func serviceWorker(lazy []string) (string, error) {
	if lazy == nil {
		lazy = []string{} // a JSON array, never null: the script calls its methods
	}
	list, err := json.Marshal(lazy)
	if err != nil {
		return "", err
	}
	s := app.DefaultAppWorkerJS
	for _, r := range []struct{ old, new string }{
		{swInstallOld, swInstallNew},
		{swFetchOld, swFetchNew},
	} {
		if n := strings.Count(s, r.old); n != 1 {
			return "", fmt.Errorf("go-app's service worker changed: %q found %d times, want 1", firstLine(r.old), n)
		}
		s = strings.Replace(s, r.old, r.new, 1)
	}
	return strings.Replace(swLazy, "{{.Lazy}}", string(list), 1) + s + swMessage, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

const swInstallOld = `async function installWorker() {
  const cache = await caches.open(cacheName);
  await cache.addAll(resourcesToCache);
}`

const swInstallNew = `async function installWorker() {
  // Read before anything is awaited: go-app's install handler does not wait for this function
  // (no waitUntil), so WebKit may already have made this very worker the active one by the
  // time caches.open answers, and a first install then looked like an update and fetched
  // every file again, app.wasm's 2.5 MB with it ("Cache-Control: max-age=0" from the worker).
  const firstInstall = !self.registration.active;
  const cache = await caches.open(cacheName);
  let files = resourcesToCache;
  if (!firstInstall && (await earlierCacheHasLazy())) {
    files = files.concat(lazyResources);
  }
  const mode = firstInstall ? "force-cache" : "no-cache";
  if (firstInstall) {
    // The page put the app's wasm here as it downloaded it (app/site/loader.go).
    const held = await Promise.all(files.map((url) => cache.match(url)));
    files = files.filter((url, i) => !held[i]);
  }
  await cache.addAll(files.map((url) => new Request(url, { cache: mode })));
}

async function earlierCacheHasLazy() {
  for (const key of await caches.keys()) {
    if (key !== cacheName && lazyResources.length > 0 &&
        (await (await caches.open(key)).match(lazyResources[0]))) {
      return true;
    }
  }
  return false;
}`

const swFetchOld = `async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request);
  if (cachedResponse) {
    return cachedResponse;
  }
  return await fetch(request);
}`

const swFetchNew = `async function fetchWithCache(request) {
  const cachedResponse = await caches.match(request, {
    ignoreSearch: request.mode === "navigate",
  });
  if (cachedResponse) {
    return cachedResponse;
  }
  const response = await fetch(request);
  if (request.method === "GET" && response.ok && isLazy(request.url)) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}`

const swLazy = `// qipan: files cached when first used, not at install (app/site/worker.go).
const lazyResources = {{.Lazy}};

function isLazy(url) {
  const path = new URL(url).pathname;
  return lazyResources.includes(path);
}

`

const swMessage = `

// qipan: cache the lazy files the page has already fetched (from the HTTP cache).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "qipan:cache-lazy") {
    event.waitUntil(cacheLazy());
  }
});

async function cacheLazy() {
  try {
    const cache = await caches.open(cacheName);
    for (const url of lazyResources) {
      if (!(await cache.match(url))) {
        await cache.add(new Request(url, { cache: "force-cache" }));
      }
    }
  } catch (err) {
    console.error("caching the engine failed:", err);
  }
}
`
