// Promise-based client for the Python engine (worker.mjs). One engine serves
// every widget of a page, and every same-origin document open at the time
// (the page, its embedded boards, iframes of this site): it runs as a
// SharedWorker, or as a dedicated Worker of this document where SharedWorker
// is missing. Use getClient(), which always returns the same client.
//
//   const client = getClient();
//   client.onBoot(({ stage, message }) => ...);       // boot progress
//   const { version, bootMs } = await client.ready;    // starts Python; rejects if it fails to start
//   const result = await client.request({ cmd: "lightsout.solve", game }, { onProgress, signal });
//
// request() rejects with an Error whose message is the error text; a
// cancelled request (signal aborted, or terminate()) rejects with an Error
// whose `cancelled` is true.
//
// The engine runs several jobs at once, a step of each in turn (worker.mjs):
// a long job (one that has run a second) that is held back while another
// long one runs calls its `onWait({job, cmd, mine, done, total, message,
// cancel})` with the running job's progress (mine: it is this document's;
// cancel() stops it), and onWait(null) once it runs again. scoped(onWait)
// gives a client whose requests all report their waits to `onWait`.
//
// Python starts only when someone needs it (#25): a request that the
// JavaScript rules cannot answer, `ready`, or startPython() (a board calls it
// when a person is about to play on it or first touches it, the page when
// the lab opens or after a few idle seconds: idle-start.mjs). Until then no
// byte of Pyodide or of our wheel is fetched: a blog reader who scrolls past
// three boards downloads only the boards.

import { answerLocally } from "./rules/index.mjs";

let shared = null;

/** The page's one client; `options` ({workerUrl}) only count on the first call. */
export function getClient(options = {}) {
  shared ??= new PuzzleLabClient(options);
  return shared;
}

/**
 * worker.mjs beside this module. A page opened with `?python-delay=MS` passes
 * it on, and the worker waits that long (at most a minute) before it starts
 * Python: the tests play a board while Python is still "starting".
 */
function defaultWorkerUrl() {
  const url = new URL("./worker.mjs", import.meta.url);
  const delay = new URLSearchParams(globalThis.location?.search ?? "").get("python-delay");
  if (delay) url.searchParams.set("delay", delay);
  return url;
}

function cancelledError(message = "Cancelled.") {
  return Object.assign(new Error(message), { cancelled: true });
}

export class PuzzleLabClient {
  #workerUrl;
  #worker = null; // the Worker or SharedWorker
  #port = null; // what messages go through: the Worker itself, or the SharedWorker's port
  #generation = 0; // a SharedWorker that was terminate()d is not joined again
  #shared = typeof SharedWorker === "function"; // false: a dedicated Worker
  #boot = null; // {promise, resolve, reject, settled, messages}
  #bootListeners = new Set();
  #pending = new Map(); // id -> {resolve, reject, onProgress, onWait, waiting, signal, onAbort, message (to resend)}
  #nextId = 1;
  #used = null; // {promise, resolve}: settles at Python's first answer to a request

  constructor({ workerUrl = defaultWorkerUrl() } = {}) {
    this.#workerUrl = workerUrl;
    this.#newBoot();
    let resolve;
    this.#used = { promise: new Promise((res) => { resolve = res; }), resolve };
  }

  /** Start the Python worker now, if it is not running; harmless when it is. */
  startPython() {
    this.#start();
  }

  /** Whether the Python worker has been started (it may still be booting). */
  get started() {
    return this.#worker !== null;
  }

  /**
   * Starts Python (someone wants it) and resolves to {version, bootMs,
   * stageStarts, pyodideVersion, readyAt} once it answers (readyAt: the
   * page's performance.now() then); rejects with the boot error. After
   * terminate(), reading it starts a new worker.
   */
  get ready() {
    this.#start();
    return this.#boot.promise;
  }

  /** The same promise as `ready`, without starting Python: for those who only wait and see. */
  get booted() {
    return this.#boot.promise;
  }

  /**
   * Resolves once Python has answered a request of this document (Python
   * was used, not only started): what the page waits for before it keeps
   * the engine's files for offline play.
   */
  get used() {
    return this.#used.promise;
  }

  /**
   * Calls `callback({stage, message})` for each boot stage, past ones
   * included (the first, stage "start", as the worker starts); returns an
   * unsubscribe function.
   */
  onBoot(callback) {
    this.#bootListeners.add(callback);
    for (const message of this.#boot.messages) callback(message);
    return () => this.#bootListeners.delete(callback);
  }

  /** Whether Python has started and answers (false while it boots or after it failed). */
  get pythonReady() {
    return this.#boot?.settled === true && this.#boot.ok === true;
  }

  /**
   * Sends one request; resolves to its result. Moves and game IDs (and the
   * default boards) are answered at once by the JavaScript rules, also while
   * Python boots (rules/index.mjs); the rest, every refusal included, waits
   * for the worker: Python words every error.
   */
  request(request, { onProgress, onWait, signal } = {}) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(cancelledError());
        return;
      }
      const local = answerLocally(request); // {ok: true, result} or null
      if (local) {
        resolve(local.result);
        return;
      }
      this.startPython();
      const id = this.#nextId++;
      const message = { type: "request", id, request };
      const entry = { resolve, reject, onProgress, onWait, waiting: false, signal, onAbort: null, message };
      if (signal) {
        // Settle at once: the engine stops the job between two steps, and the
        // step running now may be its last, whose answer must not reach a page
        // that has cancelled (it would change the board after "Cancelled.").
        entry.onAbort = () => {
          this.#port?.postMessage({ type: "cancel", id });
          this.#forget(id, entry);
          reject(cancelledError());
        };
        signal.addEventListener("abort", entry.onAbort, { once: true });
      }
      this.#pending.set(id, entry);
      this.#port.postMessage(message);
    });
  }

  /**
   * Stop the engine's job numbered `job` (from an onWait report), whichever
   * document asked for it: that document's request rejects with an error
   * that says it was cancelled from elsewhere.
   */
  cancelJob(job) {
    this.#port?.postMessage({ type: "cancel-job", job });
  }

  /**
   * This client, with every request's waits reported to `onWait(token,
   * info)` (token: one per request; info as request()'s onWait, null when
   * it runs again or ends), beside the request's own onWait. A board uses
   * it to say what its requests wait for.
   */
  scoped(onWait) {
    const client = this;
    return {
      request(request, options = {}) {
        const token = {};
        const wait = (info) => {
          options.onWait?.(info);
          onWait(token, info);
        };
        const done = () => onWait(token, null);
        const answer = client.request(request, { ...options, onWait: wait });
        answer.then(done, done);
        return answer;
      },
      cancelJob: (job) => client.cancelJob(job),
      startPython: () => client.startPython(),
      onBoot: (callback) => client.onBoot(callback),
      keepForOffline: () => client.keepForOffline(),
      terminate: () => client.terminate(),
      get ready() { return client.ready; },
      get booted() { return client.booted; },
      get used() { return client.used; },
      get started() { return client.started; },
      get pythonReady() { return client.pythonReady; },
    };
  }

  /**
   * Ask the engine to store the files its boot downloaded in the offline
   * cache (before the service worker fills it, so they are not fetched
   * twice); resolves to {kept}, how many it stored (0 without an engine).
   */
  keepForOffline() {
    if (!this.#port) return Promise.resolve({ kept: 0 });
    return new Promise((resolve, reject) => {
      const message = { type: "keep", id: this.#nextId++ };
      this.#pending.set(message.id, { resolve, reject, message });
      this.#port.postMessage(message);
    });
  }

  /**
   * Last resort: leaves the engine (a dedicated worker is killed with any job
   * in it; a shared one is asked to cancel this document's jobs and is not
   * joined again); the next request starts a new one.
   */
  terminate() {
    if (!this.#worker) return;
    this.#stop();
    this.#failBoot("The Python worker was stopped.");
    this.#rejectAll(() => cancelledError("The Python worker was stopped."));
  }

  #newBoot() {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {}); // callers who never await `ready` get no unhandled rejection
    this.#boot = { promise, resolve, reject, settled: false, messages: [] };
  }

  #start() {
    if (this.#worker) return;
    if (this.#boot.settled) this.#newBoot(); // after terminate(): a new boot
    if (this.#shared) {
      // Named by its URL: a page started with ?python-delay gets an engine of
      // its own rather than a URL-mismatch error from the shared one.
      const name = `puzzlelab ${this.#workerUrl} ${this.#generation}`;
      try {
        this.#worker = new SharedWorker(this.#workerUrl, { type: "module", name });
        this.#port = this.#worker.port;
      } catch {
        this.#shared = false; // refused here (an opaque-origin frame, say)
      }
    }
    if (!this.#shared) {
      this.#worker = new Worker(this.#workerUrl, { type: "module" });
      this.#port = this.#worker;
    }
    this.#port.onmessage = ({ data }) => this.#receive(data);
    this.#worker.onerror = (event) => this.#workerError(event);
    this.#receive({ type: "boot", stage: "start", message: "Starting Python…" });
    if (this.#port !== this.#worker) {
      // A shared engine outlives this page: its jobs must not hold up the others.
      const port = this.#port;
      globalThis.addEventListener?.("pagehide", (event) => {
        if (!event.persisted) port.postMessage({ type: "disconnect" });
      });
    }
  }

  #stop() {
    if (this.#port === this.#worker) {
      this.#worker.terminate();
    } else {
      this.#port.postMessage({ type: "disconnect" });
      this.#port.close();
      this.#generation += 1;
    }
    this.#worker = null;
    this.#port = null;
  }

  #receive(message) {
    switch (message.type) {
      case "boot":
        this.#boot.messages.push(message);
        for (const callback of this.#bootListeners) callback(message);
        break;
      case "ready":
        this.#boot.settled = true;
        this.#boot.ok = true;
        this.#boot.resolve({ ...message, readyAt: performance.now() });
        break;
      case "boot-error":
        this.#failBoot(message.message);
        break;
      case "progress":
        this.#pending.get(message.id)?.onProgress?.(message);
        break;
      case "waiting":
        this.#waiting(message);
        break;
      case "result":
        this.#settle(message);
        break;
    }
  }

  #waiting({ id, on }) {
    const entry = this.#pending.get(id);
    if (!entry || (!on && !entry.waiting)) return;
    entry.waiting = Boolean(on);
    entry.onWait?.(on ? { ...on, cancel: () => this.cancelJob(on.job) } : null);
  }

  #settle({ id, ok, result, error, cancelled }) {
    const entry = this.#pending.get(id);
    if (!entry) return;
    this.#forget(id, entry);
    if (entry.message.type === "request") this.#used.resolve();
    if (ok) entry.resolve(result);
    else entry.reject(cancelled ? cancelledError(error) : new Error(error));
  }

  #forget(id, entry) {
    this.#pending.delete(id);
    entry.signal?.removeEventListener("abort", entry.onAbort);
    if (entry.waiting) entry.onWait?.(null);
  }

  #failBoot(message) {
    if (this.#boot.settled) return;
    this.#boot.settled = true;
    this.#boot.reject(new Error(message));
  }

  #rejectAll(makeError) {
    for (const [id, entry] of this.#pending) {
      this.#forget(id, entry);
      entry.reject(makeError());
    }
  }

  // An error event before "ready" means the worker script itself failed (it
  // could not be fetched, or did not parse): the worker will never answer.
  // After "ready" it is an uncaught error inside the worker, which keeps running.
  #workerError(event) {
    if (this.#boot.settled) {
      console.error("Puzzle Lab worker:", event.message ?? event);
      return;
    }
    event.preventDefault();
    const heard = this.#boot.messages.some((message) => message.stage !== "start"); // from the worker
    if (this.#port !== this.#worker && !heard) {
      // A browser with SharedWorker but not of module type (or a shared
      // engine that failed to start): try a dedicated one before giving up.
      console.warn("The shared Python worker did not start; starting a dedicated one.");
      this.#stop();
      this.#shared = false;
      this.#start();
      for (const [id, entry] of this.#pending) {
        this.#port.postMessage(entry.message);
        if (entry.signal?.aborted) this.#port.postMessage({ type: "cancel", id });
      }
      return;
    }
    const detail = event.message ? `: ${event.message}` : "";
    const message = `The Python worker could not start (${this.#workerUrl} failed to load${detail}).`;
    this.#stop();
    this.#failBoot(message);
    this.#rejectAll(() => new Error(message));
  }
}
