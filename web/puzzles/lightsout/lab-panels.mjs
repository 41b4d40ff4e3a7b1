// The Analysis and Gallery panels below the Lights Out board: opening and
// closing them, and each one's status line (progress with Cancel, an error
// with Run again) for the long job that fills it; the content itself is
// drawn by analysis-panel.mjs and gallery-panel.mjs.

export class LabPanels {
  /**
   * @param {HTMLElement} root the board's root (template.mjs's markup)
   * @param {{job: (name: string) => object, render: object,
   *   bringIntoView: (element: HTMLElement) => void, closed: () => void}} parts
   *   job: the panel's KeptJob (long-jobs.mjs); render: name -> (body, value)
   *   that draws a result; bringIntoView: scroll an opened panel into sight;
   *   closed: a panel was closed (its pointer ring must go)
   */
  constructor(root, { job, render, bringIntoView, closed }) {
    this.root = root;
    this.job = job;
    this.render = render;
    this.bringIntoView = bringIntoView;
    this.closed = closed;
    this.open = { analysis: false, gallery: false }; // which panels are shown
  }

  /** The status line of a panel: progress (`line` in words) with Cancel, an error with Run again, or nothing. */
  describe(name, progress = null, line = "Working…") {
    const panel = this.root.querySelector(`[data-panel="${name}"]`);
    const job = this.job(name);
    const status = panel.querySelector(".job-status");
    const button = status.querySelector("button");
    const bar = status.querySelector("progress");
    const text = status.querySelector("span");
    const busy = Boolean(job.running);
    const error = !busy && job.result?.error;
    button.hidden = !busy && error !== "Cancelled.";
    button.textContent = busy ? "Cancel" : "Run again";
    bar.hidden = !busy || progress === null;
    if (progress !== null) bar.value = progress;
    status.classList.toggle("warning", Boolean(error) && error !== "Cancelled.");
    text.textContent = busy ? line : error || "";
    if (busy || !this.open[name]) return;
    const value = job.value();
    const body = panel.querySelector(name === "gallery" ? ".gallery" : ".panel-body");
    if (!value) {
      body.replaceChildren();
      body.rendered = null;
    } else if (body.rendered !== value) {
      body.rendered = value; // render each result once, not on every describe
      this.render[name](body, value);
    }
  }

  /** Open a closed panel, close an open one; its job follows (wanted while open). */
  toggle(name) {
    const show = !this.open[name];
    this.open[name] = show;
    this.root.querySelector(`[data-action="${name}"]`).setAttribute("aria-expanded", String(show));
    const panel = this.root.querySelector(`[data-panel="${name}"]`);
    panel.hidden = !show;
    if (show) this.bringIntoView(panel); // it opens below the board, out of sight
    if (!show) this.closed();
    this.job(name).toggled(show);
  }
}
