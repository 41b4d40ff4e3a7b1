// Every Python request of a board that may run long goes through one
// manager: it shows progress (ProgressMeter) with a Cancel, runs one job at a
// time per slot (a new one in the slot stops the old), and drops an answer
// when the board has moved on since the request.
//
//   const jobs = new LongJobs(client, { version: () => board.state });
//   const line = new ProgressLine(note);          // <p><button/><progress/><span/></p>
//   const result = await jobs.run("solve", request, { line, activity: "Solving" });
//
// run() resolves to the answer; it rejects with the client's error, or with
// an Error whose `cancelled` is true when the job was cancelled (Cancel, or a
// newer job in its slot) and whose `stale` is also true when the board moved
// on before the answer came (`version()` differs from what it was at the
// start). The client itself rejects at once on an abort (client.mjs).
//
// EngineWaitLine is the other side: a board's request held back by a long
// job in the shared engine (client.mjs's onWait) is said under the board,
// with that job's progress and a Cancel.

import { ProgressMeter, waitingText } from "./progress.mjs";

function cancelled(stale = false) {
  return Object.assign(new Error("Cancelled."), { cancelled: true, stale });
}

/**
 * The line that shows one slot's job: a Cancel button, a bar (hidden while
 * the total is unknown) and the text, in a note element holding a button, a
 * <progress> and a <span>.
 */
export class ProgressLine {
  /**
   * @param {HTMLElement} note
   * @param {{alwaysBar?: boolean}} options alwaysBar: the bar shows from the
   *   start (at 0 while the total is unknown) instead of only with a total
   */
  constructor(note, { alwaysBar = false } = {}) {
    this.note = note;
    this.alwaysBar = alwaysBar;
    this.button = note.querySelector("button");
    this.bar = note.querySelector("progress");
    this.text = note.querySelector("span");
  }

  /** Running: Cancel shown; `fraction` (0..1 or null: no bar) and `text`. */
  show(fraction, text) {
    this.button.hidden = false;
    this.button.textContent = "Cancel";
    const known = fraction !== null && fraction !== undefined;
    this.bar.hidden = !known && !this.alwaysBar;
    if (!this.bar.hidden) this.bar.value = known ? fraction : 0;
    if (text !== undefined) this.text.textContent = text;
    this.written = this.text.textContent;
  }

  /**
   * Not running: no Cancel, no bar; the text becomes `text` when given, else
   * a progress text still shown goes (a result written since stays).
   */
  hide(text) {
    this.button.hidden = true;
    this.bar.hidden = true;
    if (text !== undefined) this.text.textContent = text;
    else if (this.text.textContent === this.written) this.text.textContent = "";
    this.written = null;
  }
}

export class LongJobs {
  /**
   * @param {object} client the board's client (client.mjs)
   * @param {{version?: () => unknown}} options version(): what identifies the
   *   board's position now; an answer that arrives after it changed is dropped
   */
  constructor(client, { version = () => null } = {}) {
    this.client = client;
    this.version = version;
    this.slots = new Map(); // slot name -> {controller, version, key}
  }

  /**
   * Run `request` in `slot`, stopping the slot's earlier job. Options:
   *   line      a ProgressLine (or null: no line); the first text is
   *             `${activity}…`, then the meter's
   *   activity  the words of the progress line ("Solving")
   *   delay     ms before the line shows (quick jobs do not flicker)
   *   quiet     no line at all (a background check)
   *   key       what the job is about (running(slot) gives it back)
   *   tied      false: the answer stands even if the position changed (a
   *             census of the starting board); default true
   *   onProgress(report, {fraction, text})  instead of the line's update
   * Resolves to the answer, or rejects (see the top of this module).
   */
  async run(slot, request, { line = null, activity = "Working", delay = 0, quiet = false, key, tied = true, onProgress } = {}) {
    this.cancel(slot);
    const controller = new AbortController();
    const shown = quiet ? null : line;
    const job = { controller, version: this.version(), key, request, line: shown };
    this.slots.set(slot, job);
    const meter = new ProgressMeter(request.cmd, activity);
    let reading = { fraction: null, text: `${activity}…` };
    let visible = delay === 0;
    if (visible) shown?.show(null, reading.text);
    const later = delay > 0 ? setTimeout(() => {
      visible = true;
      shown?.show(reading.fraction, reading.text);
    }, delay) : null;
    const current = () => this.slots.get(slot) === job;
    try {
      const result = await this.client.request(request, {
        signal: controller.signal,
        onProgress: (report) => {
          if (!current()) return;
          reading = meter.update(report);
          if (onProgress) onProgress(report, reading);
          else if (visible) shown?.show(reading.fraction, reading.text);
        },
      });
      if (!current() || (tied && job.version !== this.version())) throw cancelled(true);
      return result;
    } finally {
      clearTimeout(later);
      if (current()) {
        this.slots.delete(slot);
        shown?.hide();
      }
    }
  }

  /** The job running in `slot` ({key, request, version}), or null. */
  running(slot) {
    return this.slots.get(slot) ?? null;
  }

  /** Stop the job in `slot`, if any (its run() rejects as cancelled). True if one was running. */
  cancel(slot) {
    const job = this.slots.get(slot);
    if (!job) return false;
    this.slots.delete(slot);
    job.controller.abort();
    job.line?.hide();
    return true;
  }

  /** Stop every running job. */
  cancelAll() {
    for (const slot of [...this.slots.keys()]) this.cancel(slot);
  }

  /** True while any job runs. */
  get busy() {
    return this.slots.size > 0;
  }
}

/**
 * The line under a board that says which long job in the shared engine its
 * requests wait for, how far that job has got, and offers to cancel it.
 */
export class EngineWaitLine {
  /**
   * @param {HTMLElement} root the board's root (the line goes after its .board-area)
   * @param {(text: string) => void} announce tells screen readers the line appeared
   * @param {object} nouns each puzzle family's name in a sentence (FAMILY_NOUNS)
   */
  constructor(root, announce, nouns = {}) {
    this.root = root;
    this.announce = announce;
    this.nouns = nouns;
    this.waits = new Map(); // request token -> {info, meter}: what each waiting request waits for
  }

  /**
   * One of the board's requests waits for a long job (info, as client.mjs's
   * onWait gives it) or no longer does (null).
   */
  update(token, info) {
    if (info) {
      const before = this.waits.get(token);
      const meter = before?.info.job === info.job ? before.meter : new ProgressMeter(info.cmd, "Working");
      this.waits.set(token, { info, meter });
    } else if (!this.waits.delete(token)) {
      return;
    }
    let note = this.root.querySelector(".engine-wait");
    const shown = this.waits.values().next().value;
    if (!shown) {
      note?.remove();
      return;
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "engine-wait";
      note.innerHTML = '<progress max="1"></progress> <span></span> '
        + '<button type="button" class="inline" data-engine="cancel">Cancel it</button>';
      note.querySelector("button").addEventListener("click", () => {
        this.waits.values().next().value?.info.cancel();
      });
      this.root.querySelector(".board-area")?.after(note);
    }
    const line = waitingText(shown.info, shown.meter, this.nouns);
    const bar = note.querySelector("progress");
    const { done, total } = shown.info;
    bar.hidden = !(total > 0);
    if (total > 0) bar.value = Math.min(1, Number(done) / Number(total));
    if (note.querySelector("span").textContent === "") this.announce(line.replace(/:.*/, "."));
    note.querySelector("span").textContent = line;
  }
}

/**
 * A long job kept in step with the board (a shown solution, an open panel):
 * it runs, through the manager, while it is wanted and the part of the state
 * it depends on (its key) has no result yet; a result or an error is kept
 * per key, so that the job does not run again for the same key, and one for
 * an older key counts as none. The board calls refresh() after each change.
 *
 * The definition (the board's):
 *   name               the manager's slot
 *   wanted()           whether the result is wanted now
 *   key(state)         what the result depends on
 *   request(state)     the request for that state
 *   accept(result)     the value kept (default: the result)
 *   describe(fraction, text)  show the job: progress while it runs, else its result
 *   onCancel(key)      a result to keep when the person cancels the run for
 *                      `key` (default none: "Cancelled." is kept)
 *   track(delta)       +1 when a run starts, -1 when it ends (the board's idle())
 *   settled()          after a new result was kept (e.g. draw it)
 */
export class KeptJob {
  constructor(jobs, state, definition) {
    this.jobs = jobs;
    this.state = state; // () => the board's state
    Object.assign(this, { accept: (result) => result, onCancel: () => null, track() {}, settled() {} }, definition);
    this.result = null; // {key, value} or {key, error}
    this.running = null; // {key} while a run is under way
  }

  /** The kept value for the board's state, or null (also while an error is kept). */
  value() {
    const state = this.state();
    const result = this.result;
    return state && result && !result.error && result.key === this.key(state) ? result.value : null;
  }

  /** Keep `value` as the result for `state` (the board knows it without a run). */
  keep(state, value) {
    this.result = { key: this.key(state), value };
  }

  /** Start a run if wanted and the state's key has no result and no run yet. */
  refresh() {
    const state = this.state();
    if (!this.wanted() || !state) return;
    const key = this.key(state);
    if (this.result?.key === key || this.running?.key === key) return;
    this.abort();
    this.result = null;
    const running = { key };
    this.running = running;
    this.track(1);
    this.describe();
    // Kept by key, not by position: a result the board carried over to a new
    // state (keep()) stands, and so does a run while its key is current.
    this.jobs.run(this.name, this.request(state), {
      key, tied: false, onProgress: (report, { fraction, text }) => this.describe(fraction, text),
    })
      .then((result) => {
        const now = this.state();
        if (!now || this.key(now) !== key) return; // the board moved on meanwhile
        this.result = { key, value: this.accept(result) };
        this.settled();
      })
      .catch((error) => {
        // An abort from a newer action is silent: the job runs again after it.
        if (!error.cancelled) this.result = { key, error: error.message };
      })
      .finally(() => {
        if (this.running === running) this.running = null;
        this.track(-1);
        this.describe();
      });
  }

  /** Stop a run, saying nothing (it runs again at the next refresh). */
  abort() {
    this.jobs.cancel(this.name);
    this.running = null;
  }

  /** The person's Cancel: stop, and remember that, so the job does not restart by itself. */
  cancel() {
    if (!this.running) return;
    const { key } = this.running;
    this.abort();
    this.result = this.onCancel(key) ?? { key, error: "Cancelled." };
    this.describe();
  }

  /** The status line's one button: Cancel while running, else Run again. */
  cancelOrRetry() {
    if (this.running) {
      this.cancel();
      return;
    }
    this.result = null;
    this.refresh();
  }

  /** Shown or hidden: hiding stops the run; showing runs it (again, after an error or a cancel). */
  toggled(show) {
    if (!show) this.abort();
    if (this.result?.error) this.result = null;
    this.describe();
    this.refresh();
  }
}
