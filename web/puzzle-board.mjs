// The scaffolding every puzzle widget shares: waiting for Python to boot,
// the data-status / data-game-id attributes that tests and embedders read,
// the one-at-a-time action queue, the message line and the overlay, and the
// line that says what a request waits for in the shared engine (#engineWait).
//
// A board extends PuzzleBoard and provides:
//   static kind      the CSS class added to the root next to "puzzle"
//   static template  the widget's HTML; it must hold a `.message` element
//                    (the status line) and an `.overlay` element (boot text);
//                    `details.settings` start folded on phones
//   start(options)   called at once (requests the rules modules answer need
//                    no Python), with the constructor's options: load the
//                    first game, usually through run()
//   static pythonActions  data-action names of the buttons that need Python
// and may override:
//   idle()                 add its own background work (call super.idle())
//   run(action)            do something before each action (call super.run())
//   _actionFailed(error)   how a failed action is reported (default: say it)
//   _actionSettled()       tidy up after every action (default: nothing)
//   bootFailed(error)      how a failed boot is reported
// and, for keyboard play (enableKeyboard(canvas); the board keeps its game in
// this.state, null until the first one is shown), implements:
//   cursorBounds()         [rows, cols] the cursor moves within
//   cursorAllowed(r, c)    whether the cursor may stop on a cell (default: yes)
//   actAt(r, c, {back})    what Space/Enter (back: Shift or Backspace) does there
//   describeCell(r, c)     the cell in words, announced as the cursor moves
//   repaint()              draw the board again, with the ring at focusedCell()
//                          (default: through this.grid, a GridCanvas); also
//                          runs when the colour scheme changes
//   static keyHelp         one sentence on what the keys do on this board
// and, for the "Next puzzle" / "Daily puzzle" / "Share result" buttons under
// the message line (shown when a board implements them), implements:
//   nextPuzzle()           a new game like the one on screen (size, difficulty)
//   dailyPuzzle(seed, day) the date's game: the same for everyone on that day
//                          (seed a number YYYYMMDD, day its index since 1970)
//   startGameId()          the game ID of the starting position, for the link
// and, for the game's history, which this.session (session.mjs) owns:
//   static session         the Session's options ({idOf, moves}) for the kind
//   showState(state)       draw a state the session hands back (undo, redo,
//                          reset); undo(), redo() and reset() queue those, and
//                          U / R on the root call the first two
// and, to be shared and saved (app.mjs), implements:
//   snapshot()             the game and its undo/redo history as plain JSON:
//                          {game, moves?, start?, history: [{game, moves?}],
//                          future: [...]} plus the board's own fields
//                          (default: the session's)
//   restore(snapshot)      rebuild from one; restoreSession() does the checks
//                          (saved-game.mjs); resume(snapshot) queues it
// Requests that may run long go through this.jobs (long-jobs.mjs): progress,
// Cancel, one job per slot, answers dropped once the position changed.
//
// Options every board takes: `daily` (a date, "2026-11-24": that day's daily
// puzzle, from a #lightsout&daily=… link) or `game` (a game ID, e.g. from a
// link) is tried first, then `snapshot` (a saved game; a snapshot's `daily`
// field {date, game} marks the daily puzzle it started as, and a daily link
// to the same date resumes it), then start() loads the default
// board. Each one Python rejects fires a "puzzle-notice" event on the root
// saying why (detail {text, source: "link" or "saved"}) and what is shown
// instead; `board.origin` tells where the game on screen came from ("link",
// "saved" or "new"), so that the page never saves a default board over a
// saved game it could not show. `gameLabel` names the game ID's source in
// notices (default "The game in the link").
// After every action the root fires "puzzle-change" (both events bubble).
// `readonly: true` shows the board but ignores the user's input (embeds);
// `hints: false` hides the hint and solve buttons (data-hints="off" in
// board.css) and boards check hintsAllowed before a hint key.
// `controls: "board"` shows only the board, undo, hint and the new-game
// buttons (mainActions); "full" (the default) shows everything.
//
// The base's own constructor wires the boot, but start() only runs from a
// promise callback, that is after the subclass constructor has finished.

import { EngineWaitLine, LongJobs } from "./long-jobs.mjs";
import { SAVED_GAME_RULES, readSavedGame } from "./saved-game.mjs";
import { Session, dailyDate, dailyLink, duration, todaysDate } from "./session.mjs";

export class PuzzleBoard {
  /**
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {object} options passed on to start()
   */
  constructor(root, client, { readonly = false, hints = true, controls = "full", ...options } = {}) {
    this.root = root;
    // The board's requests say here when the engine holds them back (client.mjs).
    const waits = new EngineWaitLine(root, (text) => this.announce(text));
    this.client = client.scoped?.((token, info) => waits.update(token, info)) ?? client;
    this.queue = Promise.resolve(); // actions run one at a time, in order
    this.pending = 0;
    this.session = new Session(this.constructor.session);
    // A job's answer about a position no longer shown is dropped.
    this.jobs = new LongJobs(this.client, { version: () => this.session.state });

    root.classList.add("puzzle", this.constructor.kind);
    root.innerHTML = this.constructor.template;
    this.overlay = root.querySelector(".overlay");
    this.message = root.querySelector(".message");
    this.#addLiveRegion();
    this.#boardFirst();
    if (!readonly && this.nextPuzzle) this.#addPlayOn();
    if (readonly) this.#ignoreInput();
    if (!hints) root.dataset.hints = "off";
    root.dataset.controls = controls === "board" ? "board" : "full";
    // Canvas colours come from CSS (readColors): draw again in the new theme.
    window.matchMedia("(prefers-color-scheme: dark)")
      .addEventListener("change", () => this.state && this.repaint());
    this.setStatus("loading");
    this.#watchPython(client);
    root.addEventListener("keydown", (event) => {
      if (event.target.matches("input, select") || !this.state) return;
      if (event.key === "u" || event.key === "U") this.undo();
      if (event.key === "r" || event.key === "R") this.redo();
    });
    // Moves, game IDs and the default boards need no Python (rules/): the
    // board starts at once, after the subclass constructor has finished.
    Promise.resolve().then(() => this.#begin(options));
  }

  /**
   * data-action names of the new-game buttons: moved next to undo and hint
   * (the toolbar holding undo), and kept with them when data-controls="board".
   */
  static mainActions = [];

  /**
   * The board and its main actions come first: the settings (details.settings,
   * folded on phones) go under the board, and the buttons named in
   * mainActions join the first toolbar, so that the first screen holds them.
   */
  #boardFirst() {
    const area = this.root.querySelector(".board-area");
    const settings = [...this.root.querySelectorAll("details.settings")];
    const phone = window.matchMedia("(max-width: 40rem)").matches;
    for (const details of settings.reverse()) {
      details.open = !phone;
      area?.after(details);
    }
    // A line above the board that grows or shrinks (a note, a toolbar that
    // wraps) changes the room left for it: draw it again to fit.
    const refit = new ResizeObserver(() => this.state && this.repaint());
    for (let above = area?.previousElementSibling; above; above = above.previousElementSibling) {
      refit.observe(above);
    }
    this.#followClicks(area);
    // Undo, hint and the new game: all that data-controls="board" keeps (board.css).
    const main = this.root.querySelector('button[data-action="undo"]')?.closest(".toolbar");
    for (const action of ["undo", "hint", ...this.constructor.mainActions]) {
      const button = this.root.querySelector(`button[data-action="${action}"]`);
      if (!button) continue;
      button.dataset.main = "";
      if (main && !main.contains(button)) main.lastElementChild.append(button);
    }
    if (phone && area) this.#foldActions(area);
  }

  /**
   * Phones: the toolbars above the board keep only the main actions (undo,
   * hint, new game), so that they take one or two rows; every other control
   * there moves, in its toolbar and group, into a folded "More actions"
   * under the board. Parts hidden for now (a mode's tools, a playback's
   * buttons) stay where they appear.
   */
  #foldActions(area) {
    const more = document.createElement("details");
    more.className = "settings more-actions";
    more.innerHTML = "<summary>More actions</summary>";
    const toolbars = [];
    for (let above = area.previousElementSibling; above; above = above.previousElementSibling) {
      if (above.matches(".toolbar") && !above.hidden) toolbars.unshift(above);
    }
    for (const toolbar of toolbars) {
      const copy = toolbar.cloneNode(false); // its class and data-part (a mode hides it)
      copy.removeAttribute("role");
      copy.removeAttribute("aria-label");
      for (const item of [...toolbar.children]) {
        if (item.hidden || item.matches("[data-main]")) continue;
        const main = item.querySelector("[data-main]");
        if (!main) {
          copy.append(item);
          continue;
        }
        const rest = [...item.children].filter((child) => !child.matches("[data-main]"));
        if (rest.length === 0) continue;
        const group = item.cloneNode(false);
        group.append(...rest);
        copy.append(group);
      }
      if (copy.children.length) more.append(copy);
      if (toolbar.querySelectorAll(":scope > *").length === 0) toolbar.hidden = true;
    }
    if (more.children.length > 1) area.after(more);
  }

  /**
   * Panels open where the person is looking, and a control below the board
   * that changes the game brings the board back into view: a folded section
   * opened (its summary clicked) scrolls into view; a click, a choice or Enter
   * after the board area that ends with another game on the board shows the board.
   */
  #followClicks(area) {
    if (!area) return;
    const below = (node) => Boolean(area.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)
      && !area.contains(node);
    this.root.addEventListener("click", (event) => {
      const summary = event.target.closest("summary");
      if (summary && this.root.contains(summary)) {
        const details = summary.parentElement;
        requestAnimationFrame(() => details.open && this.bringIntoView(details));
      }
    });
    const watch = (event) => {
      if (event.type === "keydown" && event.key !== "Enter") return;
      if (!below(event.target) || !event.target.closest("button, select, input")) return;
      const before = this.gameId;
      // The first action that ends with another game shows the board; the
      // watch ends with it, or once the actions queued so far have settled.
      const check = () => {
        if (this.gameId === before) return;
        this.root.removeEventListener("puzzle-change", check);
        this.bringIntoView(area);
      };
      this.root.addEventListener("puzzle-change", check);
      setTimeout(() => this.queue.finally(() => this.root.removeEventListener("puzzle-change", check)));
    };
    // Capture: before the board's own listeners, whose action may finish
    // (with no Python) before the event reaches the root.
    this.root.addEventListener("click", watch, true);
    this.root.addEventListener("change", watch, true);
    this.root.addEventListener("keydown", watch, true);
  }

  /** Scroll `element` just into view (no further than needed; no animation). */
  bringIntoView(element) {
    element.scrollIntoView({ block: "nearest", behavior: "instant" });
  }

  /**
   * The height the board may take so that it ends on the first screen: from
   * the board area's top (at scroll 0) to the window's bottom, less `below`
   * pixels kept free; never under `floor` pixels nor over 85% of the window.
   * Measured afresh at every draw, so that a note or notice above the board
   * shrinks it rather than pushing it out of sight.
   */
  boardRoom(floor = 160, below = 12) {
    const area = this.root.querySelector(".board-area");
    const height = window.innerHeight;
    const top = area ? area.getBoundingClientRect().top + window.scrollY : 0;
    return Math.max(floor, Math.min(height * 0.85, height - top - below));
  }

  /** The actions that need Python (solving, hints, counts): shown as waiting while it starts. */
  static pythonActions = [];

  static #bootStages = ["runtime", "package", "check"];

  /**
   * While Python starts, a line under the board shows how far it has got and
   * that the solvers' buttons will run then (a click on one is queued, not
   * lost); root's data-python says "starting", "ready" or "error".
   */
  #watchPython(client) {
    if (client.pythonReady) {
      this.root.dataset.python = "ready";
      return;
    }
    this.root.dataset.python = "starting";
    const note = document.createElement("p");
    note.className = "python-boot";
    note.id = `python-boot-${++PuzzleBoard.#helpIds}`;
    note.innerHTML = '<progress max="3" value="0"></progress> <span></span>';
    this.root.querySelector(".board-area")?.after(note);
    const text = note.querySelector("span");
    const bar = note.querySelector("progress");
    const waiting = this.constructor.pythonActions
      .flatMap((action) => [...this.root.querySelectorAll(`button[data-action="${action}"]`)]);
    for (const button of waiting) button.setAttribute("aria-describedby", note.id);
    text.textContent = "The solvers are starting; moves work now, and solving, hints and counts run as soon as they are ready.";
    client.onBoot?.(({ stage }) => {
      bar.value = Math.max(bar.value, PuzzleBoard.#bootStages.indexOf(stage) + 1);
    });
    client.ready.then(
      () => {
        this.root.dataset.python = "ready";
        note.remove();
        for (const button of waiting) button.removeAttribute("aria-describedby");
      },
      (error) => {
        this.root.dataset.python = "error";
        note.remove();
        for (const button of waiting) button.removeAttribute("aria-describedby");
        this.bootFailed(error);
      },
    );
  }

  /**
   * Swallow input in the capture phase on the root, before any widget's own
   * listener sees it: one place, whatever the board listens to.
   */
  #ignoreInput() {
    this.root.dataset.readonly = "";
    const stop = (event) => {
      event.stopPropagation();
      event.preventDefault();
    };
    for (const type of ["pointerdown", "pointerup", "pointermove", "mousedown", "mouseup",
      "click", "dblclick", "contextmenu", "keydown", "input", "change"]) {
      this.root.addEventListener(type, stop, { capture: true, passive: false });
    }
  }

  /**
   * The buttons that lead to the next game, under the message line: another
   * puzzle like this one, the date's daily puzzle, and (once solved) the
   * result with a link to the same starting position, for sharing.
   */
  #addPlayOn() {
    const bar = document.createElement("div");
    bar.className = "toolbar play-on";
    bar.innerHTML = `<button type="button" data-play="next">Next puzzle</button>
      <button type="button" data-play="daily">Daily puzzle</button>
      <button type="button" data-play="share" hidden>Share result</button>
      <label class="timer-toggle"><input type="checkbox"> Timer</label> <span class="timer"></span>
      <input type="text" class="share-text" readonly hidden aria-label="Result and link to share">
      <span class="share-status"></span>`;
    // Under the board, before the settings: the board keeps the first screen.
    (this.root.querySelector(".board-area") ?? this.message).after(bar);
    this.playOn = bar;
    let ticking = null;
    const toggle = bar.querySelector(".timer-toggle input");
    toggle.addEventListener("change", () => {
      clearInterval(ticking);
      ticking = toggle.checked ? setInterval(() => this.#showTime(), 1000) : null;
      this.#showTime();
    });
    this.root.addEventListener("puzzle-change", () => this.#showTime());
    bar.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-play]")?.dataset.play;
      if (!action || !this.state) return;
      bar.querySelector(".share-status").textContent = "";
      bar.querySelector(".share-text").hidden = true;
      if (action === "next") {
        this.nextPuzzle();
      } else if (action === "daily") {
        this.openDaily(todaysDate().date);
      } else {
        this.#shareResult();
      }
    });
  }

  /**
   * The optional timer: from the moment a game's starting position is first
   * shown until it is solved (an undo after that lets it run on).
   */
  #showTime() {
    if (!this.state) return;
    const done = ["solved", "won"].includes(this.root.dataset.status);
    const elapsed = this.session.clock(this.startGameId(), done);
    const shown = this.playOn.querySelector(".timer-toggle input").checked;
    this.playOn.querySelector(".timer").textContent = shown ? duration(elapsed) : "";
  }

  /**
   * The game on screen is the daily puzzle of `date`: Share result names the
   * date and links to that day's puzzle (app.mjs saves the mark with the game).
   */
  markDaily(date) {
    this.daily = date ? { date, game: this.startGameId() } : null;
  }

  /** The date of the daily puzzle on screen (from its start), or null. */
  get dailyShown() {
    return this.state && this.daily?.game === this.startGameId() ? this.daily.date : null;
  }

  /**
   * Queue the daily puzzle of `date` ("2026-11-24"). A date that is not a
   * real one, or one still to come, is refused in a notice and the board is
   * left as it is (`instead` says so; `otherwise` runs then).
   */
  openDaily(date, { instead = "the board is unchanged", otherwise = null, source = "link" } = {}) {
    const when = dailyDate(date);
    const today = todaysDate();
    const why = !when ? `The daily link's date, "${String(date).slice(0, 40)}", is not a real date like 2026-11-24`
      : when.seed > today.seed ? `The daily puzzle of ${date} is not out yet (today is ${today.date}, UTC)` : null;
    if (why) {
      // An action like the others (the page hears it settle), which changes nothing.
      return this.run(() => {
        this.notify(`${why}; ${instead}.`, source);
        otherwise?.();
      });
    }
    return this.run(async () => {
      await this.dailyPuzzle(when.seed, when.day);
      this.markDaily(date);
      this.origin = source;
    });
  }

  /**
   * "Lights Out, daily puzzle of 2026-11-24: <the result line> <link>", copied
   * or shown to copy; the link opens the same starting position (a daily
   * puzzle: that date's puzzle), also from an embed.
   */
  async #shareResult() {
    const start = this.startGameId();
    const date = this.dailyShown;
    // The main page's permalink: it sits beside the modules.
    const link = date ? dailyLink(this.constructor.kind, date)
      : new URL(`./#${this.constructor.kind}=${encodeURIComponent(start)}`, import.meta.url).href;
    const time = this.playOn.querySelector(".timer").textContent;
    const said = this.message.textContent;
    const timed = time && !said.includes(time) ? ` Time: ${time}.` : "";
    const text = `${this.constructor.title}${date ? `, daily puzzle of ${date}` : ""}: ${said}${timed} ${link}`;
    const status = this.playOn.querySelector(".share-status");
    const field = this.playOn.querySelector(".share-text");
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = "Result and link copied.";
    } catch {
      field.value = text;
      field.hidden = false;
      field.focus();
      field.select();
      status.textContent = "Copy the selected text (Ctrl+C).";
    }
  }

  /**
   * One polite live region per board, so that a screen reader hears each
   * event once, from here. The template's own live lines (message, result
   * notes, verdicts) become plain text: say() announces the message, and the
   * others' new texts are passed on here, except progress ("Solving… 40%").
   */
  #addLiveRegion() {
    const notes = new Set();
    for (const element of this.root.querySelectorAll("[aria-live], [role=status]")) {
      element.removeAttribute("aria-live");
      element.removeAttribute("role");
      if (element !== this.message) notes.add(element);
    }
    const observer = new MutationObserver((records) => {
      const changed = new Set(records.map((r) => [...notes].find((note) => note.contains(r.target))));
      for (const note of changed) {
        const text = note?.textContent.trim();
        if (text && !text.includes("…")) this.announce(text);
      }
    });
    for (const note of notes) observer.observe(note, { childList: true, characterData: true, subtree: true });
    this.liveRegion = document.createElement("p");
    this.liveRegion.className = "visually-hidden live-region";
    this.liveRegion.setAttribute("aria-live", "polite");
    this.liveRegion.setAttribute("role", "status");
    this.root.append(this.liveRegion);
    this.announced = [];
  }

  /**
   * Queue `text` for screen readers. Everything announced in one task is read
   * as one message, in order (a move, then "Solved").
   */
  announce(text) {
    if (!text) return;
    if (this.announced.length === 0) {
      setTimeout(() => {
        this.liveRegion.textContent = this.announced.join(" ");
        this.announced = [];
      });
    }
    this.announced.push(text);
  }

  // --- keyboard play ----------------------------------------------------------

  /**
   * Make `canvas` the board's keyboard surface: focusable, described by the
   * board's key help, arrows move a cursor ringed on the canvas, Space/Enter
   * act, Shift+Space or Backspace act backwards. U/R (undo/redo) are the
   * session's, on the root (see the constructor).
   */
  enableKeyboard(canvas) {
    this.keyCanvas = canvas;
    this.cursor = [0, 0];
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    const help = document.createElement("p");
    help.className = "key-help";
    help.id = `key-help-${++PuzzleBoard.#helpIds}`;
    help.textContent = `Keyboard: focus the board (Tab), ${this.constructor.keyHelp} U undoes, R redoes.`;
    canvas.parentElement.after(help);
    canvas.setAttribute("aria-describedby", help.id);
    canvas.addEventListener("keydown", (event) => this.#cursorKey(event));
    // A click or tap also focuses the board (the grid's pointer handling
    // prevents the default), so that keys work after it; no ring until a key.
    canvas.addEventListener("pointerdown", () => {
      this.ringShown = false;
      this.pointerFocus = true;
      canvas.focus({ preventScroll: true });
      this.pointerFocus = false;
    });
    const repaint = () => this.state && this.repaint();
    canvas.addEventListener("focus", () => {
      this.ringShown = !this.pointerFocus; // Tab shows the ring at once
      this.#placeCursor(0, 0); // back on a cell the cursor may use, if the board changed
      repaint();
      if (this.state && this.focusedCell()) this.announce(this.describeCell(...this.cursor));
    });
    canvas.addEventListener("blur", repaint);
  }

  static #helpIds = 0;

  /**
   * The cursor's [row, col] while the keyboard surface has focus from the
   * keyboard, else null (no ring): a tap or click shows none until a key.
   */
  focusedCell() {
    const focused = this.keyCanvas && document.activeElement === this.keyCanvas;
    return focused && this.ringShown ? this.cursor : null;
  }

  cursorAllowed() {
    return true;
  }

  /** The pointer acted on a cell: the keyboard goes on from there. */
  pointedAt(row, col) {
    this.cursor = [row, col];
  }

  repaint() {
    this.grid.cursor = this.focusedCell();
    this.grid.redraw();
  }

  static #STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  #cursorKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !this.state) return;
    const step = PuzzleBoard.#STEPS[event.key];
    const acting = event.key === " " || event.key === "Enter" || event.key === "Backspace";
    if ((step || acting) && !this.ringShown) {
      this.ringShown = true; // the first key after a click shows where the cursor is
      this.repaint();
    }
    if (step) {
      event.preventDefault(); // no page scroll
      this.#placeCursor(...step);
      this.repaint();
      this.announce(this.describeCell(...this.cursor));
    } else if (acting) {
      event.preventDefault();
      if (event.repeat) return; // a held key is one move, not a burst
      this.actAt(...this.cursor, { back: event.shiftKey || event.key === "Backspace" });
    }
  }

  /**
   * Move the cursor by (dr, dc) to the next cell it may use in that
   * direction, skipping others (holes of no board); it stays put at the edge.
   * (0, 0) only brings it back inside the board.
   */
  #placeCursor(dr, dc) {
    const [rows, cols] = this.cursorBounds();
    let [row, col] = this.cursor;
    row = Math.min(Math.max(row, 0), rows - 1);
    col = Math.min(Math.max(col, 0), cols - 1);
    if (dr === 0 && dc === 0) {
      if (this.cursorAllowed(row, col)) {
        this.cursor = [row, col];
        return;
      }
      // Else the first cell it may use, in reading order.
      for (let i = 0; i < rows * cols; i++) {
        if (this.cursorAllowed(Math.floor(i / cols), i % cols)) {
          this.cursor = [Math.floor(i / cols), i % cols];
          return;
        }
      }
      return;
    }
    for (let r = row + dr, c = col + dc; r >= 0 && c >= 0 && r < rows && c < cols; r += dr, c += dc) {
      if (this.cursorAllowed(r, c)) {
        this.cursor = [r, c];
        return;
      }
    }
    this.cursor = [row, col];
  }

  /** False when the embedder turned hints off (data-hints="off"). */
  get hintsAllowed() {
    return this.root.dataset.hints !== "off";
  }

  /**
   * The linked game ID if given and valid, else the saved game if given and
   * valid, else the default board; each one rejected says why in a notice.
   */
  #begin(options) {
    const { snapshot, game, daily, gameLabel = "The game in the link", ...defaults } = options;
    this.gameLabel = gameLabel;
    const fresh = () => {
      this.origin = "new";
      this.start(defaults);
    };
    const saved = () => (snapshot
      ? this.#tryRestore(snapshot, "saved", "a new board is shown instead", fresh)
      : fresh());
    const instead = snapshot ? "the saved game is shown instead" : "a new board is shown instead";
    if (typeof daily === "string") {
      // The same day's puzzle saved here (a reload) comes back with its moves.
      if (snapshot?.daily?.date === daily) {
        this.#tryRestore(snapshot, "saved", "that day's puzzle is shown instead",
          () => this.openDaily(daily, { instead: "a new board is shown instead", otherwise: fresh }));
      } else {
        this.openDaily(daily, { instead, otherwise: saved });
      }
    } else if (typeof game === "string") {
      this.#tryRestore({ game, history: [], future: [] }, "link", instead, saved);
    } else {
      saved();
    }
  }

  /**
   * Show the game ID `game` (from a link) as a fresh game. If Python rejects
   * it, a notice says why and the board stays as it is.
   */
  openGame(game, label = this.gameLabel) {
    return this.#tryRestore({ game, history: [], future: [] }, "link", "the board is unchanged", null, label);
  }

  /**
   * Queue restoring `snapshot`; if that fails, notify why (`instead` says what
   * is shown then) and call `otherwise` (which queues after this action).
   */
  #tryRestore(snapshot, source, instead, otherwise = null, label = this.gameLabel) {
    const what = source === "saved" ? "The saved game" : label ?? "The game in the link";
    return this.run(async () => {
      try {
        await this.restore(snapshot);
        this.origin = source;
        const { daily } = snapshot;
        this.markDaily(typeof daily?.date === "string" && dailyDate(daily.date) ? daily.date : null);
        if (this.daily && daily.game !== this.daily.game) this.daily = null; // not that day's start
      } catch (error) {
        const why = error.message.split(/\.\s+(?=[A-Z])/)[0].replace(/\.$/, ""); // its first sentence
        this.notify(`${what} could not be loaded (${why}); ${instead}.`, source);
        otherwise?.();
      }
    });
  }

  /** The game ID on screen (undefined until the first board is shown). */
  get gameId() {
    return this.root.dataset.gameId;
  }

  /**
   * Show a saved game again (the page's "Back to your game"): a snapshot,
   * with its undo history. One that cannot be restored leaves the board as
   * it is, with a notice.
   */
  resume(snapshot) {
    return this.#tryRestore(snapshot, "saved", "the board is unchanged");
  }

  /** Show game ID `id` as a fresh game; a rejected one leaves the board as it is, with a notice. */
  setGame(id) {
    return this.openGame(id, "The game");
  }

  /** Tell the page something it should show outside the board (see app.mjs, embed.mjs). */
  notify(text, source = null) {
    this.root.dispatchEvent(new CustomEvent("puzzle-notice", { bubbles: true, detail: { text, source } }));
  }

  /** The current game and its history as plain JSON (the session's); boards may add fields. */
  snapshot() {
    return this.session.snapshot();
  }

  /** Draw a state the session handed back (undo, redo, reset); every board overrides this. */
  showState() {
    throw new Error(`${this.constructor.name} must define showState(state)`);
  }

  /** Queue one step back in the game's history: a stored state, no request. */
  undo() {
    return this.run(() => {
      const entry = this.session.undo();
      if (entry) this.showState(entry.state);
    });
  }

  /** Queue one step forward again. */
  redo() {
    return this.run(() => {
      const entry = this.session.redo();
      if (entry) this.showState(entry.state);
    });
  }

  /**
   * Queue going back to the starting position, as a move Undo takes back
   * (`always`: also when the position already is the start's).
   */
  reset({ always = false } = {}) {
    return this.run(() => {
      const entry = this.session.reset({ always });
      if (entry) this.showState(entry.state);
    });
  }

  /** Rebuild the game and its history from snapshot(); boards override. */
  async restore() {
    throw new Error(`${this.constructor.name} cannot restore a saved game`);
  }

  /**
   * Check a snapshot and load each of its game IDs through `load` (a rules
   * request, which rejects a bad ID), so that a board only swaps its state
   * in once everything is known good (saved-game.mjs, with the board
   * kind's SAVED_GAME_RULES: counts repaired, undo steps that cannot have
   * happened left out, a notice naming each repair). Returns the loaded
   * states: {current, start, history: [{state, moves}], future: [...]}.
   */
  async readSnapshot(snapshot, load) {
    const s = await readSavedGame(snapshot, load, SAVED_GAME_RULES[this.constructor.kind]);
    if (s.repairs.length) {
      this.notify(`The saved game was repaired (${s.repairs.join("; ")}).`, "repaired");
    }
    return s;
  }

  /**
   * readSnapshot, then the session adopts the game and its history (call
   * once everything else the board needs from the snapshot is known good).
   * Returns the session's current {state, moves}.
   */
  async restoreSession(snapshot, load) {
    return this.session.restore(await this.readSnapshot(snapshot, load));
  }

  /** Load the first game; every board overrides this. */
  start() {
    throw new Error(`${this.constructor.name} must define start(options)`);
  }

  /** True when every queued action has finished (tests and embedders wait on it). */
  idle() {
    return this.pending === 0 && this.root.dataset.status !== "loading";
  }

  /** Queue an action so that each one sees the state the previous one left. */
  run(action) {
    this.pending++;
    this.queue = this.queue
      .then(action)
      .catch((error) => this._actionFailed(error))
      .finally(() => {
        // The first board is on screen: Python may take the CPU now (client.mjs).
        requestAnimationFrame(() => this.client.startPython?.());
        this.pending--;
        this._actionSettled();
        this.root.dispatchEvent(new CustomEvent("puzzle-change", { bubbles: true }));
      });
    return this.queue;
  }

  /** A queued action threw: the queue goes on, the user reads why. */
  _actionFailed(error) {
    this.say(error.message, true);
  }

  /** Runs after every queued action, failed or not. */
  _actionSettled() {}

  bootFailed(error) {
    // The board stays playable; the message line, in the same words as the
    // diagnostics page, says why the solvers are missing.
    this.say(`The solvers could not start (moves still work; reload the page to try again): ${error.message}`, true);
  }

  /** The status line; a new text (not a repeat of the rules) is also announced. */
  say(text, isError = false) {
    if (text !== this.message.textContent) this.announce(text);
    this.message.textContent = text;
    this.message.classList.toggle("error", isError);
  }

  showOverlay(text) {
    this.overlay.hidden = false;
    this.overlay.textContent = text;
  }

  setStatus(status) {
    this.root.dataset.status = status;
    const share = this.playOn?.querySelector('[data-play="share"]');
    if (share) share.hidden = status !== "solved" && status !== "won";
  }

  setGameId(id) {
    this.root.dataset.gameId = id;
  }

  /**
   * Colours from CSS custom properties, so that themes can set them:
   * readColors({ cell: "--bin-cell" }) gives { cell: "rgb(…)" }, resolved on
   * a hidden probe in the board, so that a light-dark() pair gives the colour
   * of the board's own scheme.
   */
  readColors(map) {
    if (!this.colorProbe?.isConnected) {
      this.colorProbe = document.createElement("span");
      this.colorProbe.hidden = true;
      this.root.append(this.colorProbe);
    }
    const probe = this.colorProbe;
    return Object.fromEntries(Object.entries(map).map(([key, name]) => {
      probe.style.color = `var(${name})`;
      return [key, getComputedStyle(probe).color];
    }));
  }

  /**
   * The board's colour scheme: "light" or "dark" whatever the system's, or
   * "auto" (the system's); the canvas is drawn again in it.
   */
  setScheme(scheme) {
    if (scheme === "light" || scheme === "dark") this.root.dataset.scheme = scheme;
    else delete this.root.dataset.scheme;
    if (this.state) this.repaint();
  }
}
