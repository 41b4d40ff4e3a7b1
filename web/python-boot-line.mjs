// The line under the board while Python starts: how far it has got, and that
// the solvers' buttons will run then (a click on one is queued, not lost).
// The root's data-python says "starting", "ready" or "error" (tests and the
// page's CSS read it).

const BOOT_STAGES = ["runtime", "package", "check"];
let noteIds = 0;

/**
 * Show the boot line on `root` until `client` (client.mjs) has Python ready.
 * `buttons` are the ones that need Python: described by the line meanwhile.
 * `failed(error)` runs if Python cannot start.
 */
export function watchPythonBoot(root, client, buttons, failed) {
  if (client.pythonReady) {
    root.dataset.python = "ready";
    return;
  }
  root.dataset.python = "starting";
  const note = document.createElement("p");
  note.className = "python-boot";
  note.id = `python-boot-${++noteIds}`;
  note.innerHTML = '<progress max="3" value="0"></progress> <span></span>';
  root.querySelector(".board-area")?.after(note);
  const text = note.querySelector("span");
  const bar = note.querySelector("progress");
  for (const button of buttons) button.setAttribute("aria-describedby", note.id);
  text.textContent = "The solvers are starting; moves work now, and solving, hints and counts run as soon as they are ready.";
  client.onBoot?.(({ stage }) => {
    bar.value = Math.max(bar.value, BOOT_STAGES.indexOf(stage) + 1);
  });
  const done = (status) => {
    root.dataset.python = status;
    note.remove();
    for (const button of buttons) button.removeAttribute("aria-describedby");
  };
  client.ready.then(
    () => done("ready"),
    (error) => {
      done("error");
      failed(error);
    },
  );
}
