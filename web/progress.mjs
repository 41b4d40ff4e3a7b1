// How a long job's progress reads on the page. Python's jobs yield reports
// {done, total, message} (jobs.Progress); their units are whatever each
// solver counts (levels, pairs of rows, positions), rarely equal amounts of
// work, so a share done is not a share of the time.
//
// A time left is shown only for the commands in PROPORTIONAL: their units
// cost about the same, and bench/progress_estimates.py checks that from 10%
// done on, elapsed × (total − done) / done stays within a factor of 2 of the
// time that was really left. Every other job shows its work done and its
// rate ("120 of 2,000 steps, 4.1 a second"), and a time left that Python put
// in the message ("…, about 3 min left") is left out.

/**
 * Commands whose progress units are equal amounts of work (see above). None
 * yet: measured, the gallery's estimate ran from 0.2 to 1.35 of the real
 * time left, the empty 8x8 count's from 1.8 to 15, the English census's from
 * 0.01 to 216.
 */
export const PROPORTIONAL = new Set();

// Before this much time (ms) and share done, a rate or estimate is noise.
const SETTLE_MS = 1000;
const SETTLE_SHARE = 0.1;

const number = (n) => Math.round(Number(n)).toLocaleString("en");

/** "3 s", "4 min", "2 h 5 min". */
function duration(seconds) {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const hours = Math.floor(seconds / 3600);
  return `${hours} h ${Math.round((seconds - 3600 * hours) / 60)} min`;
}

/** A report's message without a time left Python added to it. */
export function withoutTimeLeft(message) {
  return String(message ?? "").replace(/,?\s*about [^,]*\bleft\b/i, "").trim();
}

/**
 * A report's numbers as the line may state them: `fraction` (0..1, or null
 * when the total is unknown or the numbers are not numbers) and `steps`
 * ({done, total} when both are whole counts, done within 0..total and total
 * at least 2, else null). A share (done 0.08 of total 1, as the binary
 * puzzle's count reports) is a percentage only: "0 of 1 steps" beside "8%"
 * would contradict it.
 */
export function reading(done, total) {
  const d = Number(done);
  const t = Number(total);
  if (!Number.isFinite(d) || !Number.isFinite(t) || t <= 0 || d < 0) return { fraction: null, steps: null };
  const fraction = Math.min(1, d / t);
  const whole = Number.isInteger(d) && Number.isInteger(t) && t >= 2 && d <= t;
  return { fraction, steps: whole ? { done: d, total: t } : null };
}

/**
 * The progress of one run of `command`: update(report) gives
 * {fraction, text} for a bar (fraction null: no bar) and its line. The
 * percentage is floor(100 × fraction), so it never runs ahead of the work;
 * "N of M steps" and a rate only come with whole counts of steps, and a
 * rate only once a second of a phase has passed with steps done in it.
 */
export class ProgressMeter {
  constructor(command, activity = "Working") {
    this.proportional = PROPORTIONAL.has(command);
    this.activity = activity;
    this.started = performance.now();
    this.phase = null; // the message without numbers: a new phase restarts the rate
  }

  update({ done = 0, total = 0, message = "" } = {}) {
    const label = withoutTimeLeft(message) || this.activity;
    const phase = label.replace(/[\d,.]+/g, "#");
    const now = performance.now();
    const { fraction, steps } = reading(done, total);
    const count = Number(done);
    if (phase !== this.phase || !(count >= this.lastDone)) {
      this.phase = phase;
      this.phaseStart = now;
      this.phaseDone = count;
    }
    this.lastDone = count;
    let text = fraction === null ? `${label}…` : `${label}… ${Math.floor(100 * fraction)}%`;
    const elapsed = now - this.phaseStart;
    const worked = count - this.phaseDone;
    if (elapsed >= SETTLE_MS && worked > 0) {
      if (this.proportional && fraction !== null && fraction >= SETTLE_SHARE && fraction < 1) {
        const left = ((now - this.started) / 1000) * (1 - fraction) / fraction;
        text += `, about ${duration(left)} left`;
      } else if (!this.proportional && steps !== null) {
        const rate = worked / (elapsed / 1000);
        const shown = rate >= 10 ? number(rate) : rate.toPrecision(2);
        text += ` (${number(steps.done)} of ${number(steps.total)} steps, ${shown} a second)`;
      }
    }
    return { fraction, text };
  }
}

// What a job is, by its command's verb, for "Waiting for a count (binary
// puzzle) …"; the family's name comes from the registry (FAMILY_NOUNS of
// puzzles/index.mjs, handed down by the page: this module does not import
// the registry, which loads the boards, which load this).
const JOB_NAMES = {
  count: "a count", census: "a census", analyse: "an analysis", gallery: "a single-light gallery",
  solve: "a solution", hint: "a hint", new: "a new puzzle", minimize: "a puzzle reduction",
  status: "a verdict",
};

/**
 * The line that says what a request waits for: `on` is client.mjs's onWait
 * report (the running job's command, progress, and whether it is this
 * page's), `meter` a ProgressMeter kept for that job. "Waiting for a count (binary
 * puzzle) running in another tab or frame: Counting… 34%". `nouns` names the
 * families in a sentence (FAMILY_NOUNS).
 */
export function waitingText(on, meter, nouns = {}) {
  const [family, verb] = String(on.cmd).split(".");
  const what = JOB_NAMES[verb] ?? "a long job";
  const title = Object.hasOwn(nouns, family) ? ` (${nouns[family]})` : "";
  const where = on.mine ? "on this page" : "in another tab or frame";
  return `Waiting for ${what}${title} running ${where}: ${meter.update(on).text}`;
}
