// Offline play: registers the service worker (sw.js) and tells the page when
// a new version of the site is ready.
//
// The service worker stores the page's own files at once (the boards then
// play offline) and the Python engine only once someone has used it: a first
// visit's engine downloaded before the service worker existed, so the engine
// itself (worker.mjs) stores those files once Python has answered a request
// (keepForOffline), and later ones are stored by the service worker as they
// pass.
//
// The service worker keeps each version apart; a new one waits until the
// person chooses to reload, and then every open page of the site reloads
// together, so none runs on a mix of old and new files. Saved games live in
// localStorage, so the reload loses nothing.

import { getClient } from "./client.mjs";

/**
 * Register sw.js (beside this module). `onUpdate(apply)` is called once when a
 * new version is installed and waiting; `apply()` switches to it and reloads.
 * `onOffline({solvers})` is called when this version's boards are stored for
 * offline play (solvers: the engine too), and again once the engine is.
 * Resolves to the registration, or null where service workers are unavailable.
 */
export async function registerOffline({ onUpdate = () => {}, onOffline = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("./sw.js", import.meta.url), {
      updateViaCache: "none",
    });
  } catch {
    return null; // file://, or a private window that forbids it
  }
  if (!registration) return null; // blocked by the browser's settings
  let announced = false;
  const announce = (waiting) => {
    // Without a controller this is the first install, not an update.
    if (announced || !navigator.serviceWorker.controller) return;
    announced = true;
    onUpdate(() => waiting.postMessage({ type: "skip-waiting" }));
  };
  if (registration.waiting) announce(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") announce(installing);
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !announced) return;
    reloading = true;
    location.reload();
  });
  const client = getClient();
  navigator.serviceWorker.ready.then(async () => {
    onOffline({ solvers: await engineKept() });
    // Python, once used: a page the service worker did not control
    // downloaded the engine itself, and the engine stores it now.
    await client.used;
    if (!navigator.serviceWorker.controller) await client.keepForOffline();
    if (await engineKept()) onOffline({ solvers: true });
  }).catch(() => {});
  return registration;
}

/** Whether this version's offline copy holds the Python engine (its largest file stands for it). */
async function engineKept() {
  try {
    const info = await (await fetch(new URL("./build-info.json", import.meta.url))).json();
    const cache = await caches.open(`puzzlelab-${info.site_version}`);
    return Boolean(await cache.match(new URL("./pyodide/pyodide.asm.wasm", import.meta.url).href));
  } catch {
    return false;
  }
}
