// Offline play: registers the service worker (sw.js) and tells the page when
// a new version of the site is ready.
//
// Call it once Python has started (or failed to): the Python engine first
// stores the big files it downloaded, and the service worker then fetches
// only the rest.
//
// The service worker keeps each version whole; a new one waits until the
// person chooses to reload, and then every open page of the site reloads
// together, so none runs on a mix of old and new files. Saved games live in
// localStorage, so the reload loses nothing.

import { getClient } from "./client.mjs";

/**
 * Register sw.js (beside this module). `onUpdate(apply)` is called once when a
 * new version is installed and waiting; `apply()` switches to it and reloads.
 * `onOffline()` is called once this version is stored for offline play.
 * Resolves to the registration, or null where service workers are unavailable.
 */
export async function registerOffline({ onUpdate = () => {}, onOffline = () => {} } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  // Only an uncontrolled page (a first visit) downloaded the files itself.
  if (!navigator.serviceWorker.controller) await getClient().keepForOffline().catch(() => {});
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
  navigator.serviceWorker.ready.then(() => onOffline()).catch(() => {});
  return registration;
}
