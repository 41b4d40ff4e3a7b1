// Puzzle Lab's service worker: keeps one version of the site for offline play.
//
// build.py stamps VERSION (a hash of every file of the build) and FILES (the
// paths of the page's own files, relative to this script: all but the Python
// engine and its data) into the copy in dist/. Each version has a cache of
// its own, filled with FILES at install, so the boards play offline. The
// engine (Pyodide, our wheel, the solvers' data: megabytes) is kept as it
// arrives: the worker (worker.mjs) stores what its first boot downloaded,
// before this service worker controlled anything, and later files that come
// through here are stored as they pass. A visitor who never starts Python
// never downloads it. Every request of a controlled page (its workers
// included) is answered from the cache of the version that controls it. A
// new version waits until the page asks for it (the page offers a reload),
// then the old caches go; the new one fetches the engine again when used.

const VERSION = "development";
const FILES = [];
const PREFIX = "puzzlelab-";
const CACHE = `${PREFIX}${VERSION}`;

const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(fill());
});

/** Cache every file of this version, and check they all come from this build. */
async function fill() {
  if (!FILES.length) return; // an unbuilt copy (web/): nothing to keep
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const path of FILES) if (!(await cache.match(scoped(path)))) missing.push(path);
  // "no-cache": the page has just fetched most of these, so the server mostly
  // answers "not modified", yet nothing stale comes from the HTTP cache.
  await cache.addAll(missing.map((path) => new Request(scoped(path), { cache: "no-cache" })));
  // A deploy that landed while the files were fetched (here or by the
  // Python engine, after it read build-info.json) would mix versions.
  const info = await (await cache.match(scoped("build-info.json"))).json();
  if (info.site_version !== VERSION) {
    await caches.delete(CACHE);
    throw new Error(`the server now has version ${info.site_version}, not ${VERSION}`);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      ),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(request));
});

/**
 * The cached copy of a file of this version (query and fragment aside), else
 * the network's, kept for next time when it is a whole answer of this site.
 */
async function answer(request) {
  let key = request.url.split(/[?#]/)[0];
  if (key.endsWith("/")) key += "index.html";
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic" && !key.endsWith("/build-info.json")) {
    cache.put(key, response.clone()).catch(() => {}); // a full disk costs only the offline copy
  }
  return response;
}
