// Puzzle Lab's Python worker (a module worker; see client.mjs for the page side).
//
// Boots Pyodide from ./pyodide/, unpacks our wheel (named in
// ./build-info.json), then answers requests one at a time with puzzlelab.api.
//
// Worker -> page:
//   {type: "boot", stage, message}       stage: runtime | package | check
//   {type: "ready", version, bootMs, stageStarts, started, pyodideVersion}
//   {type: "boot-error", message}
//   {type: "progress", id, done, total, message}
//   {type: "result", id, ok: true, result} | {type: "result", id, ok: false, error[, cancelled]}
// Page -> worker:
//   {type: "request", id, request}       request: {cmd: "family.verb", ...}; with
//                                        numpy: true, numpy is loaded first
//                                        (numpy_error tells Python why not)
//   {type: "cancel", id}
// Every request gets exactly one result, even when the boot failed.

const queue = []; // requests waiting their turn: {id, request}
let runtime = null; // {pyodide, indexURL} once booted
let current = null; // the request being answered: {id, cancelled}
const stageStarts = {}; // when each boot stage began, in ms since the worker started

// Installed before the first await, so that no early message is lost.
self.onmessage = ({ data }) => {
  if (data.type === "request") {
    queue.push(data);
    pump();
  } else if (data.type === "cancel") {
    cancel(data.id);
  }
};

const booted = boot();
booted.catch(() => {}); // reported as boot-error; requests then answer with it

function post(message) {
  self.postMessage(message);
}

function stage(name, message) {
  stageStarts[name] = Math.round(performance.now());
  post({ type: "boot", stage: name, message });
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

// Our wheel is pure Python with no dependencies: unpacking it into
// site-packages is all an installer would do, without loading one (micropip
// costs a package load and a resolver run at every boot). micropip stays the
// fallback, should this Pyodide refuse to unpack it.
async function installWheel(pyodide, bytes, wheelName) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
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
    const info = await fetchJson(new URL("./build-info.json", import.meta.url));
    const indexURL = new URL("./pyodide/", import.meta.url).href;
    let loadPyodide;
    try {
      ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
    } catch (error) {
      throw new Error(`Could not start Pyodide from ${indexURL}: ${messageOf(error)}`);
    }
    const snapshotKey = new URL(`./python-snapshot/${info.pyodide}/${info.sha256}`, import.meta.url).href;
    let pyodide = await fromSnapshot(loadPyodide, indexURL, snapshotKey);
    const started = pyodide ? "snapshot" : "plain";
    if (!pyodide) {
      // Our wheel downloads while Pyodide starts.
      const wheelBytes = fetchWheel(info);
      wheelBytes.catch(() => {}); // reported when awaited
      try {
        pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
      } catch (error) {
        throw new Error(`Could not start Pyodide from ${indexURL}: ${messageOf(error)}`);
      }
      stage("package", `Installing puzzlelab ${info.version}…`);
      try {
        await installWheel(pyodide, await wheelBytes, info.wheel);
      } catch (error) {
        throw new Error(`Could not install ${info.wheel}: ${messageOf(error)}`);
      }
      pyodide.runPython("import puzzlelab.api");
      saveSnapshot(pyodide, snapshotKey);
    }

    stage("check", "Checking the solver interface…");
    const api = pyodide.pyimport("puzzlelab.api");
    const pong = await runJob(api, { cmd: "ping" }, () => {}, () => false);
    if (!pong.ok) throw new Error(`The ping request failed: ${pong.error}`);
    if (pong.result.version !== info.version) {
      throw new Error(
        `puzzlelab ${pong.result.version} is installed but the site was built with ` +
          `${info.version}; reload the page to clear stale files.`,
      );
    }
    runtime = { pyodide, indexURL };
    post({
      type: "ready",
      version: pong.result.version,
      // Milliseconds since this worker was created (the worker's time origin).
      bootMs: Math.round(performance.now()),
      stageStarts,
      started, // "snapshot" (a later visit) or "plain"
      pyodideVersion: pyodide.version,
    });
    return api;
  } catch (error) {
    post({ type: "boot-error", message: messageOf(error) });
    throw error;
  }
}

// Pyodide's memory snapshot (experimental in Pyodide, hence the plain boot
// as the fallback): the first visit saves Python's memory once our package
// is imported (31 MB), and later visits start from it in about a second
// instead of starting the interpreter and importing everything again. One
// snapshot per Pyodide version and wheel, in the "python-snapshots" cache.
const SNAPSHOTS = "python-snapshots";

/** Pyodide started from the saved snapshot of `key`, or null (none, or it failed: then it is dropped). */
async function fromSnapshot(loadPyodide, indexURL, key) {
  let cache;
  try {
    cache = await caches.open(SNAPSHOTS);
    const saved = await cache.match(key);
    if (!saved) return null;
    const bytes = new Uint8Array(await saved.arrayBuffer());
    if (String(bytes.length) !== saved.headers.get("x-snapshot-length")) throw new Error("it is incomplete");
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes });
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
async function runJob(api, request, onProgress, isCancelled) {
  const job = api.start_json(JSON.stringify(request));
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

async function answer(id, request) {
  let api;
  try {
    api = await booted;
  } catch (error) {
    return { ok: false, error: `Python could not start: ${messageOf(error)}` };
  }
  if (request?.numpy) {
    // A bulk job that wants numpy: load it first; Python falls back without it.
    post({ type: "progress", id, done: 0, total: 1, message: "Loading numpy" });
    const problem = await ensureNumpy(runtime.pyodide, runtime.indexURL).catch(messageOf);
    request = { ...request, numpy_error: problem || undefined };
  }
  try {
    return await runJob(
      api,
      request,
      (step) => post({ type: "progress", id, ...step }),
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
    const { id, request } = queue.shift();
    current = { id, cancelled: false };
    post({ type: "result", id, ...(await answer(id, request)) });
  }
  current = null;
}

function cancel(id) {
  if (current?.id === id) {
    current.cancelled = true;
    return;
  }
  const index = queue.findIndex((item) => item.id === id);
  if (index >= 0) {
    queue.splice(index, 1);
    post({ type: "result", id, ok: false, error: "Cancelled.", cancelled: true });
  }
}
