// What this site keeps on the device, and the lab's way to clear it.
//
// Three kinds, kept apart so that clearing one never takes another by
// surprise:
//   the offline copy   caches "puzzlelab-<version>": the page's own files
//                      (sw.js) and, once Python has been used, the engine
//                      (Pyodide, our wheel, the solvers' data: about 14 MB)
//   the snapshot       cache "python-snapshots": Python's memory after it was
//                      used (python-snapshot.mjs), for a quick second start
//   saved data         localStorage "puzzlelab.*": saved games (the recent
//                      games and the copies set aside among them), the daily
//                      streak, the progress on the levels (levels.mjs), the
//                      lab's state; and this tab's own game
//                      (sessionStorage "puzzlelab.*", saved-game.mjs)
// Clearing the engine removes the first two and the service worker (the next
// visit registers it again); saved data goes only when the person asks.

import { RECENT_PREFIX } from "./recent-games.mjs";
import { browserStorage, tabStorage } from "./saved-game.mjs";

const OFFLINE_PREFIX = "puzzlelab-";
const SNAPSHOTS = "python-snapshots";
const SAVED_PREFIX = "puzzlelab.";

/** The bytes of every response in cache `name` (read from their bodies' sizes). */
async function cacheBytes(name) {
  const cache = await caches.open(name);
  let bytes = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    bytes += response ? (await response.blob()).size : 0;
  }
  return bytes;
}

/** This site's cache names, by kind. */
async function siteCaches() {
  const names = "caches" in globalThis ? await caches.keys() : [];
  return {
    offline: names.filter((name) => name.startsWith(OFFLINE_PREFIX)),
    snapshot: names.filter((name) => name === SNAPSHOTS),
  };
}

/** The keys of this site's saved data in `storage` (localStorage; none where storage is blocked). */
function savedKeys(storage = browserStorage()) {
  const keys = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(SAVED_PREFIX)) keys.push(key);
    }
  } catch { /* storage off: nothing saved */ }
  return keys;
}

/**
 * What the site keeps here: {offline, snapshot, saved} in bytes (saved:
 * the UTF-16 size of the saved data), and `games`, how many saved games.
 */
export async function storedBytes() {
  const { offline, snapshot } = await siteCaches();
  const sum = async (names) => (await Promise.all(names.map(cacheBytes))).reduce((a, b) => a + b, 0);
  const keys = savedKeys();
  let saved = 0;
  for (const key of keys) saved += 2 * (key.length + (browserStorage().getItem(key)?.length ?? 0));
  return {
    offline: await sum(offline),
    snapshot: await sum(snapshot),
    saved,
    games: keys.filter((key) => key.startsWith(`${SAVED_PREFIX}saved.`)).length,
    recent: keys.filter((key) => key.startsWith(RECENT_PREFIX)).length,
  };
}

/**
 * Clear the cached engine: the offline copy, the snapshot and the service
 * worker; with `savedData`, the saved games, streak and settings too.
 * Resolves to the bytes the caches held.
 */
export async function clearStorage({ savedData = false } = {}) {
  const before = await storedBytes();
  const { offline, snapshot } = await siteCaches();
  await Promise.all([...offline, ...snapshot].map((name) => caches.delete(name)));
  const registrations = await navigator.serviceWorker?.getRegistrations?.() ?? [];
  const here = new URL("./", import.meta.url).href;
  await Promise.all(registrations.filter((r) => r.scope === here).map((r) => r.unregister()));
  if (savedData) {
    for (const key of savedKeys()) browserStorage().removeItem(key);
    for (const key of savedKeys(tabStorage())) tabStorage().removeItem(key);
  }
  return before.offline + before.snapshot;
}

/** "31.2 MB" */
export function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** One sentence on what is stored, for the lab. */
export function storageText({ offline, snapshot, games, recent = 0 }) {
  const parts = [];
  if (offline) parts.push(`${megabytes(offline)} for offline play`);
  if (snapshot) parts.push(`${megabytes(snapshot)} of Python memory for a quick start`);
  const cached = parts.length ? parts.join(" and ") : "nothing cached";
  const saved = (games === 1 ? "1 saved game" : `${games} saved games`)
    + (recent ? `, with ${recent} recent game${recent === 1 ? "" : "s"}` : "");
  return `This device keeps ${cached}, and ${saved}.`;
}

/**
 * The lab's "Stored on this device" section (`details`): what is kept,
 * read when it opens, and its Clear button (saved data only with its box
 * ticked, and after a confirmation).
 */
export function wireStoragePanel(details) {
  const line = details.querySelector(".storage-use");
  const alsoSaved = details.querySelector("input[type=checkbox]");
  const button = details.querySelector("button");
  const status = details.querySelector(".storage-status");
  const refresh = async () => {
    try {
      line.textContent = storageText(await storedBytes());
    } catch (error) {
      line.textContent = `What this device keeps cannot be read here: ${error.message}`;
    }
  };
  details.addEventListener("toggle", () => { if (details.open) refresh(); });
  button.addEventListener("click", async () => {
    const savedData = alsoSaved.checked;
    if (savedData && !confirm("Delete your saved games, the daily streak and settings too? This cannot be undone.")) {
      return;
    }
    button.disabled = true;
    try {
      const freed = await clearStorage({ savedData });
      status.textContent = `Cleared ${megabytes(freed)}${savedData ? " and the saved games" : "; saved games kept"}.`;
      alsoSaved.checked = false;
    } catch (error) {
      status.textContent = `Could not clear everything: ${error.message}`;
    } finally {
      button.disabled = false;
      refresh();
    }
  });
}
