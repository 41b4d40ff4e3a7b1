// The solvers' large data files (the peg opening book and count table,
// 2.1 MB), for the engine (worker.mjs). They are not in our wheel: the build
// serves each as data/<name> beside it and lists it in build-info.json
// ({bytes, sha256}). A Python request that needs one it does not have
// reports {type: "need", file, path, what}; the engine then asks here for the
// file, which is downloaded once however many requests wait for it, written
// where Python reads it, and put into this version's offline cache, so that
// offline play and a visit under the service worker find it there. Lights Out
// and binary-puzzle players never download any of it.

import { messageOf } from "./python-errors.mjs";

const loads = new Map(); // file name -> {promise, listeners}: one download each
const written = new Set(); // files written into this engine's Python

/** Whether `name` was written already (a second "need" for it is then a bug, not a download). */
export function wasWritten(name) {
  return written.has(name);
}

/** "1.3 MB" */
function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * Provide the file a request needs ({file, path, what}) to Python. Resolves
 * once it is written; `onProgress({done, total, message})` hears of the
 * download meanwhile (every request waiting for the same file does). Rejects
 * with the reason in a few words ("the server answered HTTP 404").
 */
export function provide(runtime, need, onProgress) {
  let load = loads.get(need.file);
  if (!load) {
    const listeners = new Set();
    const promise = download(runtime, need, (report) => {
      for (const listener of listeners) listener(report);
    });
    load = { promise, listeners };
    loads.set(need.file, load);
    // A failed download may be tried again by a later request.
    promise.catch(() => loads.delete(need.file));
  }
  load.listeners.add(onProgress);
  const entry = runtime.info.data?.[need.file];
  onProgress({ done: 0, total: entry?.bytes || 1, message: downloading(need, entry) });
  return load.promise.finally(() => load.listeners.delete(onProgress));
}

function downloading(need, entry) {
  return `Downloading ${need.what || need.file}${entry ? ` (${megabytes(entry.bytes)})` : ""}`;
}

async function download(runtime, need, report) {
  const entry = runtime.info.data?.[need.file];
  if (!entry) throw new Error("this site has no copy of it");
  const url = new URL(`./data/${need.file}`, import.meta.url);
  url.search = `v=${entry.sha256.slice(0, 16)}`; // a rebuilt file bypasses any cached copy
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the network could not be reached (${messageOf(error)})`);
  }
  if (!response.ok) throw new Error(`the server answered HTTP ${response.status}`);
  const bytes = await readAll(response, entry.bytes, (done) =>
    report({ done, total: entry.bytes, message: downloading(need, entry) }));
  if (bytes.length !== entry.bytes || !(await matches(bytes, entry.sha256))) {
    throw new Error("the file that came is not this version's (reload the page)");
  }
  const FS = runtime.pyodide.FS;
  FS.mkdirTree(need.path.slice(0, need.path.lastIndexOf("/")));
  FS.writeFile(need.path, bytes);
  written.add(need.file);
  keep(runtime, url, bytes); // the request need not wait for it
}

/** The body's bytes, reporting how many have come (at most every 100 ms). */
async function readAll(response, expected, onBytes) {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let done = 0;
  let told = 0;
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    chunks.push(value);
    done += value.length;
    if (performance.now() - told >= 100) {
      told = performance.now();
      onBytes(Math.min(done, expected));
    }
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Whether `bytes` has the SHA-256 `hex` (true where the browser cannot tell: plain http). */
async function matches(bytes, hex) {
  if (!crypto.subtle) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("") === hex;
}

/**
 * Put the file into this version's offline cache (sw.js's "puzzlelab-" +
 * the site version, keyed as sw.js keys it: without the query). sw.js does
 * not fetch data files at install, so this is how offline play gets them.
 * A browser that refuses (a private window) only loses that.
 */
async function keep(runtime, url, bytes) {
  const version = runtime.info.site_version;
  if (!version || typeof caches === "undefined") return;
  const key = `${url.origin}${url.pathname}`;
  try {
    const cache = await caches.open(`puzzlelab-${version}`);
    if (await cache.match(key)) return;
    await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn(`Could not keep ${url.pathname} for offline play: ${messageOf(error)}`);
  }
}
