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
// (puzzlelab.api) is imported at the first request or as soon as the engine
// is idle, whichever comes first, and each family's commands when first asked
// for. Python's memory snapshot is saved for the next visit once a request has
// been answered (someone used Python), when the engine is idle. Nothing that a
// first request does not need runs before "ready".
//
// Engine -> document:
//   {type: "boot", stage, message}       stage: runtime | package | check
//   {type: "ready", version, bootMs, stageStarts, started, pyodideVersion, engine}
//                                        engine: {id, shared}: the same id for
//                                        every document this engine serves
//   {type: "boot-error", message}
//   {type: "progress", id, done, total, message}
//   {type: "waiting", id, on: {job, cmd, mine, done, total, message} | null}
//                                        request id is a long job held back
//                                        while long job `job` runs (its command,
//                                        its last report; mine: it is this
//                                        document's); on: null once it runs again
//   {type: "result", id, ok: true, result} | {type: "result", id, ok: false, error[, cancelled]}
// Document -> engine:
//   {type: "request", id, request}       request: {cmd: "family.verb", ...}; with
//                                        numpy: true, numpy is loaded first
//                                        (numpy_error tells Python why not)
//   {type: "cancel", id}
//   {type: "cancel-job", job}            cancel the long job numbered `job` (from a
//                                        "waiting" message), whoever asked for it:
//                                        its document gets an error that says so
//   {type: "disconnect"}                 the document is done with the engine:
//                                        its requests are cancelled
//   {type: "keep", id}                   store this boot's downloads in the offline
//                                        cache (see keepDownloads); answered with
//                                        {type: "result", id, ok, result: {kept}}
// Ids are each document's own. Every request gets exactly one result, even
// when the boot failed; a document that connects late gets the boot messages so far.

// The parts beside it: wheel-install.mjs puts our package into Python,
// python-snapshot.mjs starts Python from (and saves) its memory snapshot.
import { provide, wasWritten } from "./data-files.mjs";
import { messageOf } from "./python-errors.mjs";
import { fromSnapshot, saveSnapshot } from "./python-snapshot.mjs";
import { fetchWheel, installWheel, unzip, writeWheel } from "./wheel-install.mjs";

const SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const ENGINE = { id: Math.random().toString(36).slice(2, 10), shared: SHARED };
const ports = new Set(); // the documents served (a dedicated worker: itself)
const bootLog = []; // boot, ready and boot-error messages, replayed to late documents
let runtime = null; // {pyodide, indexURL, info, snapshotKey, started} once booted
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
    admit(port, data.id, data.request);
  } else if (data.type === "cancel") {
    cancel(port, data.id);
  } else if (data.type === "cancel-job") {
    cancelByKey(port, data.job);
  } else if (data.type === "keep") {
    keepDownloads().then(
      (kept) => port.postMessage({ type: "result", id: data.id, ok: true, result: { kept } }),
      (error) => port.postMessage({ type: "result", id: data.id, ok: false, error: messageOf(error) }),
    );
  } else if (data.type === "disconnect") {
    ports.delete(port);
    for (const entry of jobs.filter((item) => item.port === port)) cancelJob(entry);
  }
}

// The site's files that this boot downloads (Pyodide's runtime and standard
// library, our wheel: 14 MB), kept in memory for a minute in case the page
// asks to store them for offline play (it does once someone has used Python:
// offline.mjs). On a first visit the service worker did not exist when they
// were fetched, so only this engine saw them; a browser's HTTP cache does
// not keep files this big in a private window. Only the boot's downloads,
// each as it was answered; after the minute only their addresses stay, and a
// later "keep" fetches them again (mostly from the HTTP cache).
const SITE = new URL("./", import.meta.url).href;
let downloads = []; // [{url, fetched, response}]: the boot's answers (response null once dropped)
let collecting = true;
const networkFetch = self.fetch.bind(self);
self.fetch = async (resource, options) => {
  const response = await networkFetch(resource, options);
  const url = response.url.split(/[?#]/)[0]; // the wheel's ?v= only busts the HTTP cache
  const method = options?.method ?? resource?.method ?? "GET";
  if (collecting && method === "GET" && response.ok && response.type === "basic"
      && url.startsWith(SITE) && !url.endsWith("/build-info.json")) {
    downloads.push({ url, fetched: response.url, response: response.clone() });
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
  const kept = new Map(downloads.map((download) => [download.url, download]));
  downloads = [];
  // Modules Pyodide imports (pyodide.mjs, pyodide.asm.mjs) do not pass
  // through fetch(): the resource timeline names them.
  for (const { name } of performance.getEntriesByType("resource")) {
    const url = name.split(/[?#]/)[0];
    if (url.startsWith(SITE) && !url.endsWith("/build-info.json") && !kept.has(url)) {
      kept.set(url, { url, fetched: name, response: null });
    }
  }
  const version = runtime?.info.site_version;
  if (!version || !kept.size) return 0;
  const cache = await caches.open(`puzzlelab-${version}`);
  let stored = 0;
  for (const { url, fetched, response } of kept.values()) {
    if (await cache.match(url)) continue;
    const answer = response ?? await networkFetch(fetched, { cache: "force-cache" }).catch(() => null);
    if (!answer?.ok) continue;
    await cache.put(url, answer);
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
    setTimeout(() => {
      for (const download of downloads) download.response = null;
    }, 60_000);
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
// until no request is waiting or running, so that it never delays one;
// pump() comes back here when it has answered them all.
const idleTasks = [];
function whenIdle(task) {
  idleTasks.push(task);
  setTimeout(runIdle, 0);
}

function runIdle() {
  if (jobs.length) return; // pump() comes back when they are answered
  idleTasks.shift()?.();
  if (idleTasks.length) setTimeout(runIdle, 0);
}

function warmUp() {
  try {
    api(); // the request surface only: each family is imported when first asked
  } catch (error) {
    console.warn(`Importing the solvers failed: ${messageOf(error)}`); // the first request reports it
  }
}

// Python's memory is saved for the next visit only once someone has used it:
// a visitor whose engine only started (an idle prefetch) stores nothing.
let snapshotAsked = false;
function snapshotAfterUse() {
  if (snapshotAsked) return;
  snapshotAsked = true;
  whenIdle(() => {
    // numpy brings compiled libraries that a snapshot cannot carry.
    if (runtime?.started === "plain" && !numpyLoad) saveSnapshot(runtime.pyodide, runtime.snapshotKey);
  });
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

// --- the scheduler ------------------------------------------------------------
//
// Every request is an api.Job, driven step by step (each step runs to its
// next progress report; Python has no interrupts without cross-origin
// isolation, so the engine can only switch jobs between two steps). Jobs
// are not answered one at a time: between two steps the engine picks the
// job that has used the least step time so far, so a new request (a solve,
// a hint, a verdict) runs ahead of a count that has been going for a while
// and answers between two of its steps. A job that has used LONG_MS is
// *long*; long jobs run one at a time, in the order they became long (two
// counts at once would each hold their hundreds of MB and take twice as
// long), and one that waits is told what it waits for ({type: "waiting"}),
// with that job's progress, so the page can say so and offer to cancel it.
// docs/web.md says why one engine and slicing rather than a second engine.

/** Step time (ms) after which a job counts as long. */
const LONG_MS = 1000;
/** How often (ms) a waiting job hears of the progress of the one it waits for. */
const WAIT_REPORT_MS = 250;

const jobs = []; // every request not yet answered, in arrival order (see admit())
let serial = 0; // numbers the jobs across documents, for "cancel-job"
let longSerial = 0; // the order in which jobs became long
let pumping = false;

function admit(port, id, request) {
  jobs.push({
    port, id, request,
    key: ++serial,
    job: null, // the Python api.Job, made at the first step
    spent: 0, // ms spent in its steps
    longSince: 0, // > 0 once it is long: its place among the long ones
    loading: false, // waiting for numpy or a data file (not a candidate meanwhile)
    numpyAsked: false, // numpy was loaded for it (or could not be)
    report: null, // its last progress report {done, total, message}
    waitingFor: null, // the key of the long job it waits for, once told
    toldAt: 0,
  });
  pump();
}

/** The long job that runs now: the first to have become long. */
function activeLong() {
  let first = null;
  for (const entry of jobs) {
    if (entry.longSince && (!first || entry.longSince < first.longSince)) first = entry;
  }
  return first;
}

/** The job to step next: the least step time used, among the short ones and the active long one. */
function pick() {
  const active = activeLong();
  let best = null;
  for (const entry of jobs) {
    if (entry.loading || (entry.longSince && entry !== active)) continue;
    if (!best || entry.spent < best.spent) best = entry;
  }
  return best;
}

function finish(entry, outcome) {
  const index = jobs.indexOf(entry);
  if (index < 0) return;
  jobs.splice(index, 1);
  snapshotAfterUse();
  try {
    entry.job?.destroy();
  } catch {
    // a runtime that failed under it: the answer below still goes out
  }
  entry.port.postMessage({ type: "result", id: entry.id, ...outcome });
}

/** Numpy first, for a bulk job that wants it: Python falls back without it. */
async function loadNumpy(entry) {
  entry.loading = true;
  entry.numpyAsked = true;
  entry.port.postMessage({ type: "progress", id: entry.id, done: 0, total: 1, message: "Loading numpy" });
  const problem = await ensureNumpy(runtime.pyodide, runtime.indexURL).catch(messageOf);
  entry.request = { ...entry.request, numpy_error: problem || undefined };
  entry.loading = false;
  pump();
}

/**
 * A data file that `entry`'s job needs (see data-files.mjs): its job is done
 * for; once the file is written a new one starts from the same request. The
 * entry waits aside meanwhile (other jobs run, a cancel finds it).
 */
async function loadData(entry, need) {
  entry.job.destroy();
  entry.job = null;
  const what = need.what || need.file;
  if (wasWritten(need.file)) {
    finish(entry, { ok: false, error: `Internal error: Python does not find ${what}, written at ${need.path}.` });
    return;
  }
  entry.loading = true;
  const onProgress = (report) => {
    if (jobs.includes(entry)) entry.port.postMessage({ type: "progress", id: entry.id, ...report });
  };
  try {
    await provide(runtime, need, onProgress);
  } catch (error) {
    finish(entry, { ok: false, error: `Could not download ${what}: ${messageOf(error)}.` });
    return;
  } finally {
    entry.loading = false;
  }
  pump();
}

/** Run one step of `entry`'s job: post its report, or its result. */
function step(entry) {
  const started = performance.now();
  try {
    entry.job ??= api().start_json(JSON.stringify(entry.request));
    const { type, ...report } = parseExact(entry.job.step_json());
    entry.spent += performance.now() - started;
    if (type === "result") {
      finish(entry, report);
      return;
    }
    if (type === "need") {
      loadData(entry, report);
      return;
    }
    entry.report = report;
    entry.port.postMessage({ type: "progress", id: entry.id, ...report });
    if (!entry.longSince && entry.spent >= LONG_MS) entry.longSince = ++longSerial;
  } catch (error) {
    // Only a failure of the bridge or the runtime lands here: api.Job itself
    // turns every Python exception into an error result.
    finish(entry, { ok: false, error: `Internal error: ${messageOf(error)}` });
  }
}

/** Tell each long job that waits what it waits for (at once, then every WAIT_REPORT_MS). */
function tellWaiting() {
  const active = activeLong();
  const now = performance.now();
  for (const entry of jobs) {
    if (!entry.longSince || entry === active) {
      if (entry.waitingFor !== null) {
        entry.waitingFor = null;
        entry.port.postMessage({ type: "waiting", id: entry.id, on: null });
      }
      continue;
    }
    if (entry.waitingFor === active.key && now - entry.toldAt < WAIT_REPORT_MS) continue;
    entry.waitingFor = active.key;
    entry.toldAt = now;
    entry.port.postMessage({
      type: "waiting",
      id: entry.id,
      on: { job: active.key, cmd: active.request?.cmd ?? "", mine: active.port === entry.port,
        done: 0, total: 0, message: "", ...active.report },
    });
  }
}

async function pump() {
  if (pumping) return; // already stepping through the jobs
  pumping = true;
  try {
    await booted;
  } catch (error) {
    for (const entry of [...jobs]) finish(entry, { ok: false, error: `Python could not start: ${messageOf(error)}` });
    pumping = false;
    return;
  }
  for (;;) {
    for (const entry of jobs) {
      if (entry.request?.numpy && !entry.numpyAsked) loadNumpy(entry);
    }
    const entry = pick();
    if (!entry) break;
    step(entry);
    tellWaiting();
    // Let the messages in (cancels, new requests) before the next step.
    await nextTask();
  }
  pumping = false;
  if (idleTasks.length) setTimeout(runIdle, 0);
}

/**
 * Cancel job `entry` now: between two steps, as every message is handled.
 * `error`, when someone else stopped it, says who: it is then an error to
 * its own page (which did not ask), not a cancel that page may ignore.
 */
function cancelJob(entry, error = null) {
  let outcome = error ? { ok: false, error } : { ok: false, error: "Cancelled.", cancelled: true };
  if (entry.job) {
    try {
      entry.job.cancel();
    } catch (failure) {
      outcome = { ok: false, error: `Internal error: ${messageOf(failure)}` };
    }
  }
  finish(entry, outcome);
  tellWaiting(); // the next long job, if that was the running one
  pump();
}

function cancel(port, id) {
  const entry = jobs.find((item) => item.port === port && item.id === id);
  if (entry) cancelJob(entry);
}

/** Cancel, from the document on `port`, the job numbered `key` (a long job that another waits for). */
function cancelByKey(port, key) {
  const entry = jobs.find((item) => item.key === key);
  if (!entry) return;
  cancelJob(entry, entry.port === port
    ? "Cancelled so that another job of this page could run."
    : "Cancelled from another tab or frame, so that its own job could run.");
}
