// The Today view, one tap from every play screen ("Today" in the play bar):
// today's daily puzzle of each puzzle that deals one (the registry's
// `daily`), each not started, in progress or done with its result; the
// streak and the days played; yesterday's dailies not finished on their day,
// still playable (late: they count for neither); and, once all of today's
// are done, the day card with a spoiler-free text to share (Web Share where
// the browser has it, else the clipboard, else the text selected to copy).
// A modal dialog over the page: opening it moves nothing on the page.

import { copyOrSelect } from "./copy-text.mjs";
import { dailyResults, daysRecord } from "./daily-record.mjs";
import { todaysDate } from "./session.mjs";
import { dayShareText, recordWords, statusWords } from "./today-text.mjs";

const DAY_MS = 86_400_000;

export class TodayView {
  /**
   * @param {object} page what the view needs from the page:
   *   puzzles        the registry entries that deal a daily puzzle ({id, title})
   *   play(id, date) show that puzzle's daily puzzle of `date`
   *   next()         the play bar's Next, here on phones too: a new puzzle like the one
   *                  shown, or on a ladder's level the next level
   *   levels()       optional: open the ladder of the puzzle shown (the play bar's Levels, here on phones too)
   *   link           the page's address, for the shared text
   */
  constructor(page) {
    this.page = page;
    const dialog = document.createElement("dialog");
    dialog.className = "today-view";
    dialog.setAttribute("aria-labelledby", "today-title");
    dialog.innerHTML = `<button type="button" class="today-close" data-today="close" aria-label="Close">×</button>
      <h2 id="today-title">Today</h2>
      <p class="today-record"></p>
      <ul class="today-list" data-day="today"></ul>
      <section class="day-card" hidden aria-labelledby="day-card-title">
        <h3 id="day-card-title">All done for today!</h3>
        <pre class="day-share-preview"></pre>
        <button type="button" class="primary" data-today="share">Share</button>
        <p class="day-share-status" role="status"></p>
        <textarea class="day-share-text" readonly hidden rows="6" aria-label="Your day to share"></textarea>
      </section>
      <section class="today-yesterday" hidden aria-labelledby="today-yesterday-title">
        <h3 id="today-yesterday-title">Missed yesterday</h3>
        <ul class="today-list" data-day="yesterday"></ul>
        <p class="today-note"></p>
      </section>
      <div class="today-actions">
        <button type="button" data-today="next">A new puzzle like this one</button>
        <button type="button" data-today="levels" hidden>Levels</button>
      </div>`;
    document.body.append(dialog);
    this.dialog = dialog;
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) { // a click on the backdrop
        dialog.close();
        return;
      }
      const button = event.target.closest("button[data-today]");
      const action = button?.dataset.today;
      if (action === "close") dialog.close();
      else if (action === "play") {
        dialog.close();
        page.play(button.dataset.puzzle, button.dataset.date);
      } else if (action === "next") {
        dialog.close();
        page.next();
      } else if (action === "levels") {
        dialog.close();
        page.levels();
      } else if (action === "share") this.#share();
    });
    // The board's keys (N, U, H…) are not the view's.
    dialog.addEventListener("keydown", (event) => event.stopPropagation());
  }

  /** Whether every daily puzzle of `date` is done (the day card shows). */
  dayDone(date) {
    const results = dailyResults(date);
    return this.page.puzzles.every((p) => results[p.id]?.status === "done");
  }

  /** Open the view, as things stand now (`nextLevel`: Next leads to the next level). */
  open({ levels = false, nextLevel = false } = {}) {
    this.#fill();
    this.dialog.querySelector('[data-today="next"]').textContent = nextLevel ? "Next level" : "A new puzzle like this one";
    this.dialog.querySelector('[data-today="levels"]').hidden = !levels || !this.page.levels;
    this.dialog.querySelector(".day-share-status").textContent = "";
    this.dialog.querySelector(".day-share-text").hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
  }

  #fill(now = new Date()) {
    const { puzzles } = this.page;
    const today = todaysDate(now).date;
    const yesterday = todaysDate(new Date(now.getTime() - DAY_MS)).date;
    const record = daysRecord(puzzles.map((p) => p.id), { today: now });
    this.dialog.querySelector("#today-title").textContent = `Today, ${today}`;
    this.dialog.querySelector(".today-record").textContent = recordWords(record);
    const results = dailyResults(today);
    this.#list("today", puzzles, today, results);
    // Yesterday's: those not finished on their day, still to play (or played late).
    const before = dailyResults(yesterday);
    const missed = puzzles.filter((p) => before[p.id]?.status !== "done" || before[p.id].late);
    this.#list("yesterday", missed, yesterday, before);
    this.dialog.querySelector(".today-yesterday").hidden = missed.length === 0;
    this.dialog.querySelector(".today-note").textContent =
      `The daily puzzles of ${yesterday}: played late, they do not count for the streak.`;
    const done = this.dayDone(today);
    const card = this.dialog.querySelector(".day-card");
    card.hidden = !done;
    this.shareText = done ? dayShareText({
      date: today,
      rows: puzzles.map((p) => ({ title: p.title, entry: results[p.id] })),
      record,
      link: this.page.link,
    }) : "";
    card.querySelector(".day-share-preview").textContent = this.shareText;
  }

  /** One row per puzzle: its name, its status and a Play button (or none once done). */
  #list(day, puzzles, date, results) {
    const list = this.dialog.querySelector(`.today-list[data-day="${day}"]`);
    list.replaceChildren(...puzzles.map((puzzle) => {
      const entry = results[puzzle.id];
      const item = document.createElement("li");
      item.dataset.puzzle = puzzle.id;
      item.dataset.status = entry?.status ?? "new";
      const name = document.createElement("span");
      name.className = "today-name";
      name.textContent = puzzle.title;
      const status = document.createElement("span");
      status.className = "today-status";
      status.textContent = statusWords(entry);
      const play = document.createElement("button");
      play.type = "button";
      play.dataset.today = "play";
      play.dataset.puzzle = puzzle.id;
      play.dataset.date = date;
      play.textContent = entry?.status === "done" ? "See" : entry?.status === "started" ? "Go on" : "Play";
      play.setAttribute("aria-label", `${play.textContent}: ${puzzle.title}, ${date}`);
      item.append(name, status, play);
      return item;
    }));
  }

  /** The day card's text: the Web Share sheet where there is one, else copied (or selected). */
  async #share() {
    const text = this.shareText;
    const status = this.dialog.querySelector(".day-share-status");
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text });
        status.textContent = "Shared";
        return;
      } catch (error) {
        if (error?.name === "AbortError") return; // the person closed the sheet
        // Refused otherwise (no user activation, a policy): copy it instead.
      }
    }
    await copyOrSelect(text, {
      field: this.dialog.querySelector(".day-share-text"),
      status,
      copied: "Copied: paste it anywhere",
      select: "Copy the selected text (Ctrl+C)",
    });
  }
}
