// The line under the board while Python starts: how far it has got, and that
// the solvers' buttons will run then (a click on one is queued, not lost).
// Python starts only when someone needs it (client.mjs): until then there is
// no line. The root's data-python says "idle" (not started), "starting",
// "ready" or "error" (tests and the page's CSS read it).
//
// The line has its room from the board's first draw until Python is up, and
// after (a slot under the play bar, board.css .python-boot-slot, of a fixed
// height): it appears and goes inside that room, so nothing moves when it
// does (#35). Before, the line was added under the play bar when Python
// started: it pushed what was below, and on a scrolled page the browser's
// scroll anchoring moved the board itself under a pointer that was aiming.

const BOOT_STAGES = ["start", "runtime", "package", "check"];
let noteIds = 0;

/**
 * Show the boot line on `root` from the moment `client` (client.mjs) starts
 * Python until it is ready. `buttons` are the ones that need Python:
 * described by the line meanwhile. `failed(error)` runs if Python cannot start.
 */
export function watchPythonBoot(root, client, buttons, failed) {
  if (client.pythonReady) {
    root.dataset.python = "ready";
    return;
  }
  root.dataset.python = "idle";
  const slot = document.createElement("div");
  slot.className = "python-boot-slot";
  // Under the play bar (Undo, Hint...), which must not move under a finger
  // when the line appears at the first touch.
  const area = root.querySelector(".board-area");
  const playBar = area?.nextElementSibling?.matches(".play-bar") ? area.nextElementSibling : area;
  playBar?.after(slot);
  let note = null;
  let bar = null;
  client.onBoot?.(({ stage }) => {
    if (!note && root.dataset.python === "idle") note = showNote();
    if (bar) bar.value = Math.max(bar.value, BOOT_STAGES.indexOf(stage) + 1);
  });

  function showNote() {
    root.dataset.python = "starting";
    const line = document.createElement("p");
    line.className = "python-boot";
    line.id = `python-boot-${++noteIds}`;
    line.innerHTML = `<progress max="${BOOT_STAGES.length}" value="0"></progress> <span></span>`;
    slot.append(line);
    bar = line.querySelector("progress");
    for (const button of buttons) button.setAttribute("aria-describedby", line.id);
    line.querySelector("span").textContent =
      "Solvers starting: moves work now; hints and solving run as soon as they are ready.";
    return line;
  }

  const done = (status) => {
    root.dataset.python = status;
    note?.remove();
    for (const button of buttons) button.removeAttribute("aria-describedby");
  };
  client.booted.then(
    () => done("ready"),
    (error) => {
      done("error");
      failed(error);
    },
  );
}
