// The scaffolding every puzzle widget shares: waiting for Python to boot,
// the data-status / data-game-id attributes that tests and embedders read,
// the one-at-a-time action queue, the message line and the overlay.
//
// A board extends PuzzleBoard and provides:
//   static kind      the CSS class added to the root next to "puzzle"
//   static template  the widget's HTML; it must hold a `.message` element
//                    (the status line) and an `.overlay` element (boot text)
//   start(options)   called once Python is ready, with the constructor's
//                    options: load the first game, usually through run()
// and may override:
//   idle()                 add its own background work (call super.idle())
//   run(action)            do something before each action (call super.run())
//   _actionFailed(error)   how a failed action is reported (default: say it)
//   _actionSettled()       tidy up after every action (default: nothing)
//   bootFailed(error)      how a failed boot is reported
//
// The base's own constructor wires the boot, but start() only runs from a
// promise callback, that is after the subclass constructor has finished.

export class PuzzleBoard {
  /**
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {object} options passed on to start()
   */
  constructor(root, client, options = {}) {
    this.root = root;
    this.client = client;
    this.queue = Promise.resolve(); // actions run one at a time, in order
    this.pending = 0;

    root.classList.add("puzzle", this.constructor.kind);
    root.innerHTML = this.constructor.template;
    this.overlay = root.querySelector(".overlay");
    this.message = root.querySelector(".message");
    this.setStatus("loading");
    this.showOverlay("Starting Python in your browser…");
    client.onBoot?.((stage) => this.showOverlay(stage.message || "Starting…"));
    client.ready.then(
      () => {
        this.overlay.hidden = true;
        this.start(options);
      },
      (error) => this.bootFailed(error),
    );
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
        this.pending--;
        this._actionSettled();
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
    // The overlay says what happened; the message line, in the same words as
    // the diagnostics page, says why.
    this.showOverlay("Puzzle Lab could not start. Reload the page to try again.");
    this.say(`Puzzle Lab could not start: ${error.message}`, true);
    this.setStatus("error");
  }

  say(text, isError = false) {
    this.message.textContent = text;
    this.message.classList.toggle("error", isError);
  }

  showOverlay(text) {
    this.overlay.hidden = false;
    this.overlay.textContent = text;
  }

  setStatus(status) {
    this.root.dataset.status = status;
  }

  setGameId(id) {
    this.root.dataset.gameId = id;
  }

  /**
   * Colours from CSS custom properties, so that themes can set them:
   * readColors({ cell: "--bin-cell" }) gives { cell: "<its value>" }.
   */
  readColors(map) {
    const style = getComputedStyle(this.root);
    return Object.fromEntries(
      Object.entries(map).map(([key, name]) => [key, style.getPropertyValue(name).trim()]));
  }
}
