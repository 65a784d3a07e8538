// attnviz's service worker: go-app's Handler.ServiceWorkerTemplate, which
// go-app writes to app-worker.js after replacing {{.Version}} (the site's
// version, cmd/build/site.go) and {{.ResourcesToCache}} (every file of the
// site). It started from go-app v10.1.11's DefaultAppWorkerJS, of which a copy
// is kept in cmd/build/testdata/go-app-worker.js: TestWorkerFollowsGoApp fails
// when go-app's worker changes, so that the change can be carried over here.
// It differs from go-app's in that
//
//   - install and activate run inside event.waitUntil, so that the worker
//     takes control only once every file is cached (go-app's handlers are
//     async functions the browser does not wait for: a page could go offline
//     with a half-filled cache, and an update could delete the old cache
//     before the new one is complete);
//   - install waits until a page has drawn its first chart (pageDrawn), so
//     that caching does not slow a first visit down;
//   - a navigation is answered from the cache whatever its query, so that a
//     link carrying the page's state in its query opens offline too;
//   - it has no push notifications, which the app does not use.
//
// go-app's app.js registers it and, when a new worker activates under a page
// it already controls, tells the page that an update is there.

const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    console.log("installing app worker {{.Version}}");
    await pageDrawn();
    await installWorker();
    await self.skipWaiting();
  })());
});

// pageDrawn resolves once a page of the app says it has drawn its first
// chart, or has none to draw (app/browser.go answers), or after 30 s
// without an answer. Caching the files, which compiles echarts.js again for
// its code cache, would take CPU that a first visit needs to start the wasm
// and draw. The worker asks every 200 ms: a page answers only once its wasm
// runs. The listener of the answers is added as the script starts, as
// browsers want a worker's listeners. The message types are the app's
// WorkerAsksDrawn and PageHasDrawn (app/browser.go).
let pageHasDrawn;
const pageDrawnOnce = new Promise((resolve) => (pageHasDrawn = resolve));
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "attnviz:drawn") {
    pageHasDrawn();
  }
});

async function pageDrawn() {
  const ask = async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const page of pages) {
      page.postMessage({ type: "attnviz:drawn?" });
    }
  };
  const timer = setInterval(ask, 200);
  ask();
  await Promise.race([pageDrawnOnce, new Promise((resolve) => setTimeout(resolve, 30000))]);
  clearInterval(timer);
}

async function installWorker() {
  const cache = await caches.open(cacheName);
  await cache.addAll(resourcesToCache);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(activateWorker());
});

async function activateWorker() {
  try {
    await deletePreviousCaches();
    await self.clients.claim(); // take control of the open pages
    console.log("app worker {{.Version}} is activated");
  } catch (error) {
    console.error("error during activation:", error);
  }
}

async function deletePreviousCaches() {
  const keys = await caches.keys();
  await Promise.all(
    keys.map(async (key) => {
      if (key !== cacheName) {
        try {
          console.log("deleting", key, "cache");
          await caches.delete(key);
        } catch (err) {
          console.error("deleting", key, "cache failed:", err);
        }
      }
    })
  );
}

self.addEventListener("fetch", (event) => {
  event.respondWith(fetchWithCache(event.request));
});

async function fetchWithCache(request) {
  const cached = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
  if (cached) {
    return cached;
  }
  return await fetch(request);
}
