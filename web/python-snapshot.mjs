// Pyodide's memory snapshot (experimental in Pyodide, hence the plain boot
// as the fallback): once a visitor has used Python (worker.mjs asks only
// after a request was answered), the engine saves Python's memory (about
// 31 MB: docs/web.md), and later visits start from it in about half a
// second instead of starting the interpreter and importing again. One
// snapshot per Pyodide version and wheel, in the "python-snapshots" cache;
// the lab's "Stored on this device" clears it (site-storage.mjs).

import { messageOf } from "./python-errors.mjs";

const SNAPSHOTS = "python-snapshots";

/** Pyodide started from the saved snapshot of `key`, or null (none, or it failed: then it is dropped). */
export async function fromSnapshot(loadPyodide, options, key) {
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
export function saveSnapshot(pyodide, key) {
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
