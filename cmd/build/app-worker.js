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
//   - install waits until a page has drawn its first chart and rested
//     (pageDrawn), so that caching does not slow a first visit down;
//   - install asks the server for every file (cache: "no-cache": a
//     conditional request, answered 304 when the browser's HTTP cache holds
//     the same file), so that a new deploy's cache never takes the previous
//     deploy's files from the HTTP cache (a host such as GitHub Pages sends
//     max-age=600) under the new version's name;
//   - every page gets the files of the version its document came from
//     (cacheOfPage): a new worker activates at once (skipWaiting), also
//     while a page the old worker answered is still loading, and that page
//     goes on getting the old version's files from the old cache, which
//     stays until no page of that version is left (tidyCaches). Which
//     version answered which page is written down in the "attnviz-pages"
//     cache, because the browser may stop and restart a worker, which
//     forgets its variables. go-app's worker answers every page from any
//     cache (caches.match) and deletes the old cache on activation, so such
//     a page got both versions' files;
//   - what it answers from its cache says Cache-Control: no-cache, so that
//     the browser's memory cache does not hand a page of the new version
//     the old one's files (fetchWithCache);
//   - a navigation is answered from the cache whatever its query, so that a
//     link carrying the page's state in its query opens offline too;
//   - it has no push notifications, which the app does not use.
//
// So a deploy reaches a page on the second visit after it: the first still
// runs the old version and installs the new worker once it has drawn and
// rested; the new worker takes over the open pages, each keeping its own
// version; the next visit runs the new version.
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
// chart (or has none to draw) and has rested, and no page says it is busy
// (app/page/browser.go answers),
// or after 30 s without an answer, or 30 s after a page last said it was
// busy, or after 2½ minutes whatever the pages say (Chromium ends an
// install event that lasts 5, and the files still have to come). Caching
// the files, which compiles echarts.js again for its code cache, would take
// CPU that a first visit needs to start the wasm, draw and answer the
// student's first keystrokes and clicks. The worker asks every 200 ms: a
// page answers only once its wasm runs. The listener of the answers is
// added as the script starts, as browsers want a worker's listeners. The
// message types are the app's WorkerAsksDrawn, PageHasDrawn and PageIsBusy
// (app/page/browser.go).
let pageHasDrawn;
let pageIsBusy = () => {};
const pageDrawnOnce = new Promise((resolve) => (pageHasDrawn = resolve));
// The answers since the last round of questions: the worker caches once a
// round found a page that has drawn and rested and none that is busy (one
// tab training while another rests).
let answers = { drawn: 0, busy: 0 };
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "attnviz:drawn") {
    answers.drawn++;
  } else if (event.data && event.data.type === "attnviz:busy") {
    answers.busy++;
    pageIsBusy();
  }
});

async function pageDrawn() {
  const ask = async () => {
    if (answers.drawn > 0 && answers.busy === 0) {
      pageHasDrawn();
    }
    answers = { drawn: 0, busy: 0 };
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const page of pages) {
      page.postMessage({ type: "attnviz:drawn?" });
    }
  };
  const timer = setInterval(ask, 200);
  ask();
  let silence, most;
  const silent = new Promise((resolve) => {
    silence = setTimeout(resolve, 30000);
    most = setTimeout(resolve, 150000);
    pageIsBusy = () => {
      clearTimeout(silence);
      silence = setTimeout(resolve, 30000);
    };
  });
  await Promise.race([pageDrawnOnce, silent]);
  pageIsBusy = () => {};
  clearTimeout(silence);
  clearTimeout(most);
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
    await self.clients.claim(); // take control of the open pages
    console.log("app worker {{.Version}} is activated");
  } catch (error) {
    console.error("error during activation:", error);
  }
}

// pagesCache holds, for every page a worker answered, the name of the
// version's cache it answered from, at the URL pageKey(client id), with the
// time it was written.
const pagesCache = "attnviz-pages";
const pageKey = (clientId) => new URL("attnviz-page/" + clientId, self.registration.scope).href;

// pageVersions remembers what this worker has read from or written to
// pagesCache.
const pageVersions = new Map();

// A page's record is kept this long after it was written even when the
// browser does not list the page (yet): a navigation's page appears in
// clients.matchAll only once its document is there.
const newPageMillis = 10000;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(answerNavigation(event));
    event.waitUntil(tidyCaches());
    return;
  }
  event.respondWith(cacheOfPage(event.clientId).then((name) => fetchWithCache(request, name)));
});

// answerNavigation writes down that the new page is of this version, then
// answers it from this version's cache, whatever the query.
async function answerNavigation(event) {
  if (event.resultingClientId) {
    pageVersions.set(event.resultingClientId, cacheName);
    try {
      const pages = await caches.open(pagesCache);
      const record = JSON.stringify({ cache: cacheName, time: Date.now() });
      await pages.put(pageKey(event.resultingClientId), new Response(record, { headers: { "Content-Type": "application/json" } }));
    } catch (err) {
      console.error("writing down the page's version failed:", err);
    }
  }
  return fetchWithCache(event.request, cacheName);
}

// cacheOfPage names the cache of the version of the page clientId, if that
// cache is still there; otherwise, and for a request of no page (the tab's
// icon) or of a page no worker wrote down, this version's cache.
async function cacheOfPage(clientId) {
  if (!clientId) {
    return cacheName;
  }
  let name = pageVersions.get(clientId);
  if (name === undefined) {
    const record = await (await caches.open(pagesCache)).match(pageKey(clientId));
    name = record ? (await record.json()).cache : cacheName;
    pageVersions.set(clientId, name);
  }
  return name === cacheName || (await caches.has(name)) ? name : cacheName;
}

// fetchWithCache answers request from the cache name, else from the
// network. What it answers from the cache says Cache-Control: no-cache: the
// page's own memory cache would otherwise hand the next page the same URL's
// file without asking this worker while the host's max-age lasts, also to a
// page of another version.
async function fetchWithCache(request, name) {
  const cache = await caches.open(name);
  const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (!cached) {
    return await fetch(request);
  }
  const headers = new Headers(cached.headers);
  headers.set("Cache-Control", "no-cache");
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

// tidyCaches deletes the records of pages that are gone and the caches of
// versions older than this one that no page uses any more. The caches of
// workers installed after this one are left alone.
async function tidyCaches() {
  try {
    const keys = (await caches.keys()).filter((key) => key.startsWith("app-"));
    const older = keys.slice(0, Math.max(0, keys.indexOf(cacheName)));
    const live = new Set((await self.clients.matchAll({ type: "window", includeUncontrolled: true })).map((c) => c.id));
    const pages = await caches.open(pagesCache);
    const used = new Set();
    for (const request of await pages.keys()) {
      const record = await (await pages.match(request)).json();
      const id = request.url.slice(request.url.lastIndexOf("/") + 1);
      if (live.has(id) || Date.now() - record.time < newPageMillis) {
        used.add(record.cache);
      } else {
        await pages.delete(request);
        pageVersions.delete(id);
      }
    }
    await Promise.all(older.filter((key) => !used.has(key)).map(deleteCache));
  } catch (err) {
    console.error("tidying the caches failed:", err);
  }
}

async function deleteCache(key) {
  console.log("deleting", key, "cache");
  await caches.delete(key);
}
