// Puzzle Lab's Python engine: one Pyodide for every document of the site.
//
// client.mjs starts it as a module SharedWorker, so the page, its embedded
// boards and same-origin iframes all talk to one Python (one boot, one set of
// downloads). Where SharedWorker is missing (Android Chrome) the client
// starts it as a dedicated module Worker, and it serves that one document
// the same way.
//
// Boots Pyodide from ./pyodide/ and unpacks our wheel (named in
// ./build-info.json) into it, then says it is ready. The request surface
// (puzzlelab.api, which imports every puzzle module) is imported at the first
// request or as soon as the engine is idle, whichever comes first; only then
// is Python's memory snapshot saved for the next visit. Nothing that a first
// request does not need runs before "ready".
//
// Engine -> document:
//   {type: "boot", stage, message}       stage: runtime | package | check
//   {type: "ready", version, bootMs, stageStarts, started, pyodideVersion, engine}
//                                        engine: {id, shared}: the same id for
//                                        every document this engine serves
//   {type: "boot-error", message}
//   {type: "progress", id, done, total, message}
//   {type: "result", id, ok: true, result} | {type: "result", id, ok: false, error[, cancelled]}
// Document -> engine:
//   {type: "request", id, request}       request: {cmd: "family.verb", ...}; with
//                                        numpy: true, numpy is loaded first
//                                        (numpy_error tells Python why not)
//   {type: "cancel", id}
//   {type: "disconnect"}                 the document is done with the engine:
//                                        its requests are cancelled
//   {type: "keep", id}                   store this boot's downloads in the offline
//                                        cache (see keepDownloads); answered with
//                                        {type: "result", id, ok, result: {kept}}
// Ids are each document's own. Every request gets exactly one result, even
// when the boot failed; a document that connects late gets the boot messages so far.

const SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const ENGINE = { id: Math.random().toString(36).slice(2, 10), shared: SHARED };
const ports = new Set(); // the documents served (a dedicated worker: itself)
const bootLog = []; // boot, ready and boot-error messages, replayed to late documents
const queue = []; // requests waiting their turn: {port, id, request}
let runtime = null; // {pyodide, indexURL, info, snapshotKey, started} once booted
let current = null; // the request being answered: {port, id, cancelled}
const stageStarts = {}; // when each boot stage began, in ms since the engine started

// Installed before the first await, so that no early message is lost.
if (SHARED) self.onconnect = ({ ports: [port] }) => connect(port);
else connect(self);

function connect(port) {
  ports.add(port);
  port.onmessage = ({ data }) => receive(port, data);
  for (const message of bootLog) port.postMessage(message);
}

function receive(port, data) {
  if (data.type === "request") {
    queue.push({ port, id: data.id, request: data.request });
    pump();
  } else if (data.type === "cancel") {
    cancel(port, data.id);
  } else if (data.type === "keep") {
    keepDownloads().then(
      (kept) => port.postMessage({ type: "result", id: data.id, ok: true, result: { kept } }),
      (error) => port.postMessage({ type: "result", id: data.id, ok: false, error: messageOf(error) }),
    );
  } else if (data.type === "disconnect") {
    for (const item of queue.filter((queued) => queued.port === port)) cancel(port, item.id);
    if (current?.port === port) current.cancelled = true;
    ports.delete(port);
  }
}

// The site's files that this boot downloads (Pyodide's runtime and standard
// library, our wheel: 14 MB), kept in memory until the page asks to store
// them for offline play. The service worker (sw.js) then caches only what is
// not there yet, so on a first visit each big file crosses the network once;
// a browser's HTTP cache would not help: it does not keep files this big in
// a private window, and the worker's requests bypass the service worker that
// does not exist yet. Only the boot's downloads, each as it was answered.
const SITE = new URL("./", import.meta.url).href;
let downloads = []; // [{url, response}]: copies of the boot's answers
let collecting = true;
const networkFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const response = await networkFetch(resource, options);
  const url = response.url.split(/[?#]/)[0]; // the wheel's ?v= only busts the HTTP cache
  const method = options?.method ?? resource?.method ?? "GET";
  if (collecting && method === "GET" && response.ok && response.type === "basic"
      && url.startsWith(SITE) && !url.endsWith("/build-info.json")) {
    downloads.push({ url, response: response.clone() });
  }
  return response;
};

/**
 * Store the boot's downloads in this version's offline cache (the cache
 * that sw.js names "puzzlelab-" + the site version), where it is not there
 * yet; resolves to how many were stored. sw.js checks, once it has every
 * file, that the site did not change version meanwhile: a deploy during
 * this boot then discards the cache rather than mixing versions.
 */
async function keepDownloads() {
  const kept = downloads;
  downloads = [];
  const version = runtime?.info.site_version;
  if (!version || !kept.length) return 0;
  const cache = await caches.open(`puzzlelab-${version}`);
  let stored = 0;
  for (const { url, response } of kept) {
    if (await cache.match(url)) continue;
    await cache.put(url, response);
    stored += 1;
  }
  return stored;
}

const booted = boot();
booted.catch(() => {}); // reported as boot-error; requests then answer with it

/** A boot message for every document, present and future. */
function broadcast(message) {
  bootLog.push(message);
  for (const port of ports) port.postMessage(message);
}

function stage(name, message) {
  stageStarts[name] = Math.round(performance.now());
  broadcast({ type: "boot", stage: name, message });
}

// The last line of a Python traceback ("ValueError: ...") is the useful part.
function messageOf(error) {
  const text = String(error?.message ?? error).trim();
  return error?.type ? text.split("\n").at(-1) : text;
}

async function fetchJson(url) {
  let response;
  try {
    response = await fetch(url, { cache: "no-cache" });
  } catch (error) {
    throw new Error(`Could not fetch ${url}: ${messageOf(error)}`);
  }
  if (!response.ok) {
    throw new Error(`Could not fetch ${url} (HTTP ${response.status}). Is this the built site (dist/)?`);
  }
  return response.json();
}

/** The wheel's bytes; the hash in the query makes a rebuilt wheel bypass any cached copy. */
async function fetchWheel(info) {
  const url = new URL(info.wheel, import.meta.url);
  url.search = `v=${info.sha256.slice(0, 16)}`;
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`it could not be downloaded (${messageOf(error)}). Is the site complete and reachable?`);
  }
  if (!response.ok) throw new Error(`the server answered HTTP ${response.status} for it.`);
  return response.arrayBuffer();
}

/**
 * The files of a zip archive (our wheel): [[path, bytes]], directories
 * left out. Plain JavaScript (the browser inflates), so it runs while
 * Pyodide starts; a wheel it cannot read (zip64, an unknown compression)
 * throws, and the installer below takes over.
 */
async function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22; // the end-of-directory record, before any comment
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("no zip directory");
  const count = view.getUint16(end + 10, true);
  let entry = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(entry, true) !== 0x02014b50) throw new Error("a damaged zip directory");
    const method = view.getUint16(entry + 10, true);
    const size = view.getUint32(entry + 20, true);
    const nameLength = view.getUint16(entry + 28, true);
    const skip = nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    const local = view.getUint32(entry + 42, true);
    const name = names.decode(new Uint8Array(buffer, entry + 46, nameLength));
    entry += 46 + skip;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = new Uint8Array(buffer, start, size);
    if (method === 0) {
      files.push([name, data]);
    } else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      files.push([name, new Uint8Array(await new Response(stream).arrayBuffer())]);
    } else {
      throw new Error(`${name} is compressed with method ${method}`);
    }
  }
  return files;
}

// Our wheel is pure Python with no dependencies: putting its files into
// site-packages is all an installer would do, without loading one (micropip
// costs a package load and a resolver run at every boot). Pyodide calls
// this (its fsInit hook) before Python starts, so nothing Python has cached
// about site-packages needs refreshing. The installer's record (.dist-info)
// stays out: nothing reads it, and a package Pyodide finds installed at
// start would be listed in its loadedPackages, which its memory snapshot
// refuses. Resolves to whether it did.
async function writeWheel(FS, sitePackages, files, wheelName) {
  try {
    for (const [name, data] of await files) {
      if (name.split("/")[0].endsWith(".dist-info")) continue;
      const path = `${sitePackages}/${name}`;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, data);
    }
    return true;
  } catch (error) {
    console.warn(`Unzipping ${wheelName} failed (${messageOf(error)}); unpacking it with Pyodide.`);
    return false;
  }
}

// The fallbacks, once Python runs: Pyodide's unpackArchive, then micropip.
async function installWheel(pyodide, bytes, wheelName) {
  const sitePackages = pyodide.runPython(
    "import sys; next(p for p in sys.path if p.endswith('site-packages'))");
  try {
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    return;
  } catch (error) {
    console.warn(`Unpacking ${wheelName} failed (${messageOf(error)}); installing it with micropip.`);
  }
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  try {
    const path = `/tmp/${wheelName.split("/").at(-1)}`;
    pyodide.FS.writeFile(path, new Uint8Array(bytes));
    await micropip.install(`emfs:${path}`);
  } finally {
    micropip.destroy();
  }
}

async function boot() {
  try {
    // ?delay=MS (from the page's ?python-delay=MS): a slow start, for tests.
    const delay = Math.min(Number(new URL(import.meta.url).searchParams.get("delay")) || 0, 60_000);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    stage("runtime", "Loading the Python runtime (Pyodide)…");
    const indexURL = new URL("./pyodide/", import.meta.url).href;
    // Pyodide's loader and the build's description download side by side.
    const loader = import(`${indexURL}pyodide.mjs`);
    loader.catch(() => {}); // reported when awaited
    const info = await fetchJson(new URL("./build-info.json", import.meta.url));
    // The wheel downloads while Pyodide starts. A start from the snapshot
    // needs it too: the snapshot holds Python's memory, not its files (the
    // peg opening book is read from the package's data folder).
    const wheelBytes = fetchWheel(info);
    const wheelFiles = wheelBytes.then(unzip);
    wheelFiles.catch(() => {}); // a failed download is reported below
    let wheelWritten = false;
    const fsInit = async (FS, { sitePackages }) => {
      if (await wheelBytes.then(() => true, () => false)) {
        wheelWritten = await writeWheel(FS, sitePackages, wheelFiles, info.wheel);
      }
    };
    let loadPyodide;
    try {
      ({ loadPyodide } = await loader);
    } catch (error) {
      throw new Error(`Could not start Pyodide from ${indexURL}: ${messageOf(error)}`);
    }
    const snapshotKey = new URL(`./python-snapshot/${info.pyodide}/${info.sha256}`, import.meta.url).href;
    let pyodide = await fromSnapshot(loadPyodide, { indexURL, fsInit }, snapshotKey);
    const started = pyodide ? "snapshot" : "plain";
    if (!pyodide) {
      try {
        pyodide = await loadPyodide({ indexURL, fsInit, _makeSnapshot: true });
      } catch (error) {
        throw new Error(`Could not start Pyodide from ${indexURL}: ${messageOf(error)}`);
      }
    }
    stage("package", `Installing puzzlelab ${info.version}…`);
    if (!wheelWritten) {
      try {
        await installWheel(pyodide, await wheelBytes, info.wheel);
      } catch (error) {
        throw new Error(`Could not install ${info.wheel}: ${messageOf(error)}`);
      }
    }

    stage("check", "Checking the solver package…");
    let version;
    try {
      version = pyodide.runPython("import puzzlelab; puzzlelab.__version__");
    } catch (error) {
      throw new Error(`The puzzlelab package does not load: ${messageOf(error)}`);
    }
    if (version !== info.version) {
      throw new Error(
        `puzzlelab ${version} is installed but the site was built with ` +
          `${info.version}; reload the page to clear stale files.`,
      );
    }
    runtime = { pyodide, indexURL, info, snapshotKey, started, api: null };
    // Later downloads (numpy) are not part of the site; unclaimed copies go.
    collecting = false;
    setTimeout(() => { downloads = []; }, 60_000);
    broadcast({
      type: "ready",
      version,
      // Milliseconds since this engine was created (its time origin).
      bootMs: Math.round(performance.now()),
      stageStarts,
      started, // "snapshot" (a later visit) or "plain"
      pyodideVersion: pyodide.version,
      engine: ENGINE,
    });
    whenIdle(warmUp);
  } catch (error) {
    collecting = false;
    downloads = [];
    broadcast({ type: "boot-error", message: messageOf(error) });
    throw error;
  }
}

/**
 * puzzlelab.api, imported on first use. A start from the snapshot finds it
 * already imported; the interface check (a ping through the job bridge)
 * runs once, here.
 */
function api() {
  if (runtime.api) return runtime.api;
  const module = runtime.pyodide.pyimport("puzzlelab.api");
  const job = module.start_json(JSON.stringify({ cmd: "ping" }));
  try {
    const pong = JSON.parse(job.step_json());
    if (!pong.ok) throw new Error(`The solver interface check failed: ${pong.error}`);
  } finally {
    job.destroy();
  }
  runtime.api = module;
  return module;
}

// Idle work (importing the request surface, saving the snapshot) waits
// until no request is queued or running, so that it never delays one;
// pump() comes back here when it has answered them all.
const idleTasks = [];
function whenIdle(task) {
  idleTasks.push(task);
  setTimeout(runIdle, 0);
}

function runIdle() {
  if (current || queue.length) return; // pump() comes back when they are answered
  idleTasks.shift()?.();
  if (idleTasks.length) setTimeout(runIdle, 0);
}

function warmUp() {
  try {
    api();
  } catch (error) {
    console.warn(`Importing the solvers failed: ${messageOf(error)}`); // the first request reports it
    return;
  }
  if (runtime.started === "plain") whenIdle(() => saveSnapshot(runtime.pyodide, runtime.snapshotKey));
}

// Pyodide's memory snapshot (experimental in Pyodide, hence the plain boot
// as the fallback): the first visit saves Python's memory once our package
// is imported (31 MB), and later visits start from it in about a second
// instead of starting the interpreter and importing everything again. One
// snapshot per Pyodide version and wheel, in the "python-snapshots" cache.
const SNAPSHOTS = "python-snapshots";

/** Pyodide started from the saved snapshot of `key`, or null (none, or it failed: then it is dropped). */
async function fromSnapshot(loadPyodide, options, key) {
  let cache;
  try {
    cache = await caches.open(SNAPSHOTS);
    const saved = await cache.match(key);
    if (!saved) return null;
    const bytes = new Uint8Array(await saved.arrayBuffer());
    if (String(bytes.length) !== saved.headers.get("x-snapshot-length")) throw new Error("it is incomplete");
    const pyodide = await loadPyodide({ ...options, _loadSnapshot: bytes });
    // The snapshot holds the random generator's state: seed it afresh.
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  } catch (error) {
    console.warn(`The saved Python snapshot was not used (${messageOf(error)}); starting Python afresh.`);
    await cache?.delete(key).catch(() => {});
    return null;
  }
}

/** Save Python's memory for the next visit; a failure only costs that visit's speed. */
function saveSnapshot(pyodide, key) {
  // numpy brings compiled libraries that a snapshot cannot carry.
  if (numpyLoad) return;
  let bytes;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn(`No Python snapshot for the next visit: ${messageOf(error)}`);
    return;
  }
  (async () => {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(bytes, { headers: { "x-snapshot-length": String(bytes.length) } }));
  })().catch((error) => console.warn(`The Python snapshot was not saved: ${messageOf(error)}`));
}

// A zero-delay yield to the event loop, so that a cancel message can be
// handled between steps. setTimeout(0) would be clamped to 4 ms when nested.
const channel = new MessageChannel();
const wakers = [];
channel.port1.onmessage = () => wakers.shift()();
function nextTask() {
  return new Promise((resolve) => {
    wakers.push(resolve);
    channel.port2.postMessage(null);
  });
}

// Exact counts pass 2^53 (the English board has 40,861,647,040,079,968
// solutions): integers that a double cannot hold become BigInt, read from
// the JSON source text. BigInts cross postMessage intact.
function parseExact(text) {
  return JSON.parse(text, (key, value, context) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source
      && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value);
}

// numpy is not part of the vendored Pyodide core: it is loaded on first use,
// from a copy beside Pyodide in dist/ when the build vendored one, else from
// the Pyodide CDN. Resolves to null, or to the reason it could not be loaded.
let numpyLoad = null;
function ensureNumpy(pyodide, indexURL) {
  numpyLoad ??= (async () => {
    const lock = await fetchJson(`${indexURL}pyodide-lock.json`);
    const wheel = lock.packages?.numpy?.file_name;
    if (!wheel) return "this Pyodide has no numpy package";
    const sources = [
      [indexURL, "this site has no copy"],
      [`https://cdn.jsdelivr.net/pyodide/v${pyodide.version}/full/`, "the Pyodide CDN could not be reached"],
    ];
    const reasons = [];
    for (const [base, reason] of sources) {
      const problems = [];
      const loaded = await pyodide.loadPackage(`${base}${wheel}`, {
        errorCallback: (message) => problems.push(message),
        messageCallback: () => {},
      });
      if (loaded.some((pkg) => pkg.name === "numpy")) return null;
      console.warn(`numpy from ${base}: ${problems.join(" ")}`);
      reasons.push(reason);
    }
    return `numpy could not be loaded (${reasons.join(", and ")})`;
  })();
  return numpyLoad;
}

// Drive one api.Job to its result: {ok: true, result} or {ok: false, error}.
async function runJob(request, onProgress, isCancelled) {
  const job = api().start_json(JSON.stringify(request));
  try {
    for (;;) {
      if (isCancelled()) {
        job.cancel();
        const { type, ...outcome } = JSON.parse(job.step_json());
        return { ...outcome, cancelled: true };
      }
      const { type, ...step } = parseExact(job.step_json());
      if (type === "result") return step;
      onProgress(step);
      await nextTask();
    }
  } finally {
    job.destroy();
  }
}

async function answer({ port, id, request }) {
  try {
    await booted;
  } catch (error) {
    return { ok: false, error: `Python could not start: ${messageOf(error)}` };
  }
  if (request?.numpy) {
    // A bulk job that wants numpy: load it first; Python falls back without it.
    port.postMessage({ type: "progress", id, done: 0, total: 1, message: "Loading numpy" });
    const problem = await ensureNumpy(runtime.pyodide, runtime.indexURL).catch(messageOf);
    request = { ...request, numpy_error: problem || undefined };
  }
  try {
    return await runJob(
      request,
      (step) => port.postMessage({ type: "progress", id, ...step }),
      () => current.cancelled,
    );
  } catch (error) {
    // Only a failure of the bridge or the runtime lands here: api.Job itself
    // turns every Python exception into an error result.
    return { ok: false, error: `Internal error: ${messageOf(error)}` };
  }
}

async function pump() {
  if (current) return; // already draining the queue
  while (queue.length > 0) {
    const item = queue.shift();
    current = { port: item.port, id: item.id, cancelled: false };
    item.port.postMessage({ type: "result", id: item.id, ...(await answer(item)) });
  }
  current = null;
  if (idleTasks.length) setTimeout(runIdle, 0);
}

function cancel(port, id) {
  if (current?.port === port && current.id === id) {
    current.cancelled = true;
    return;
  }
  const index = queue.findIndex((item) => item.port === port && item.id === id);
  if (index >= 0) {
    queue.splice(index, 1);
    port.postMessage({ type: "result", id, ok: false, error: "Cancelled.", cancelled: true });
  }
}
