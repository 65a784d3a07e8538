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
//   - install asks the server for every file (cache: "no-cache": a
//     conditional request, answered 304 when the browser's HTTP cache holds
//     the same file), so that a new deploy's cache never takes the previous
//     deploy's files from the HTTP cache (a host such as GitHub Pages sends
//     max-age=600) under the new version's name;
//   - every page gets the files of the version its document came from
//     (pageCache): a new worker activates at once (skipWaiting), also while
//     a page the old worker answered is still loading, and that page goes on
//     getting the old version's files from the old cache, which the new
//     worker keeps until no such page is left. go-app's worker answers
//     every page from any cache (caches.match) and deletes the old cache on
//     activation, so such a page got both versions' files.
//   - a navigation is answered from the cache whatever its query, so that a
//     link carrying the page's state in its query opens offline too;
//   - it has no push notifications, which the app does not use.
//
// So a deploy reaches a page on the second visit after it: the first still
// runs the old version and installs the new worker once it has drawn; the
// new worker takes over the open pages, each keeping its own version; the
// next visit runs the new version.
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

// installWorker caches every file of this version. Each request revalidates
// with the server: the browser's HTTP cache may still hold a previous
// deploy's file that its max-age calls fresh.
async function installWorker() {
  const cache = await caches.open(cacheName);
  await cache.addAll(resourcesToCache.map((url) => new Request(url, { cache: "no-cache" })));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(activateWorker());
});

async function activateWorker() {
  try {
    previousCache = await previousVersionCache();
    await self.clients.claim(); // take control of the open pages
    console.log("app worker {{.Version}} is activated");
  } catch (error) {
    console.error("error during activation:", error);
  }
}

// The pages whose navigation this worker answered (by client id). The
// others it controls came from previousCache's version (their document was
// answered before this worker activated), or, after the browser restarted
// this worker, from any version: those get this version's files.
const pagesOfThisVersion = new Set();

// previousCache names the cache of the version this worker replaced, while
// pages of that version may still need it; null when there is none, and
// after the browser restarted this worker.
let previousCache = null;

// olderCaches returns the names of the caches created before this
// version's, oldest first (the caches of workers installed after this one
// are left alone).
async function olderCaches() {
  const keys = await caches.keys();
  const own = keys.indexOf(cacheName);
  return own < 0 ? [] : keys.slice(0, own);
}

// previousVersionCache deletes every older cache but the newest one that
// holds files (cache.addAll adds all or nothing: an install that failed left
// it empty), and returns that one's name, or null.
async function previousVersionCache() {
  const older = await olderCaches();
  let previous = null;
  for (let i = older.length - 1; i >= 0 && previous === null; i--) {
    if ((await (await caches.open(older[i])).keys()).length > 0) {
      previous = older[i];
    }
  }
  await deleteCaches(older.filter((key) => key !== previous));
  return previous;
}

// dropPreviousCache deletes the older caches once every page this worker
// controls is of this version; a worker the browser restarted, which knows
// none of its pages, deletes them at once.
async function dropPreviousCache() {
  if (previousCache !== null) {
    const pages = await self.clients.matchAll({ type: "window" });
    if (!pages.every((page) => pagesOfThisVersion.has(page.id))) {
      return;
    }
    previousCache = null;
  }
  await deleteCaches(await olderCaches());
}

async function deleteCaches(keys) {
  await Promise.all(
    keys.map(async (key) => {
      try {
        console.log("deleting", key, "cache");
        await caches.delete(key);
      } catch (err) {
        console.error("deleting", key, "cache failed:", err);
      }
    })
  );
}

self.addEventListener("fetch", (event) => {
  const navigate = event.request.mode === "navigate";
  if (navigate && event.resultingClientId) {
    pagesOfThisVersion.add(event.resultingClientId);
  }
  if (navigate || (previousCache !== null && pagesOfThisVersion.has(event.clientId))) {
    event.waitUntil(dropPreviousCache());
  }
  event.respondWith(fetchWithCache(event.request, pageCache(event.clientId, navigate)));
});

// pageCache names the cache of the version of the page clientId: a
// navigation, a page this worker answered and a request of no page get this
// version's files, other pages previousCache's while it exists.
function pageCache(clientId, navigate) {
  if (navigate || previousCache === null || !clientId || pagesOfThisVersion.has(clientId)) {
    return cacheName;
  }
  return previousCache;
}

async function fetchWithCache(request, name) {
  const cache = await caches.open(name);
  const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (cached) {
    return cached;
  }
  return await fetch(request);
}
