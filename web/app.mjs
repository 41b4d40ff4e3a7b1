// The main page: a tab per puzzle family, all sharing one Python worker.
// A board is created the first time its tab is shown.
//
// Sharing: the URL hash is a permalink, `#PUZZLE=GAME` with the game ID
// URL-encoded (e.g. `#PUZZLE=5x5%3A1f8c4a0`, PUZZLE a registry id), or
// `#PUZZLE&daily=DATE` for a date's daily puzzle (e.g. `#PUZZLE&daily=2026-11-24`;
// a bare `#daily=2026-11-24` is the first registered puzzle's), or `#PUZZLE&deal=DEAL` for a board
// dealt from a seed whose game ID is too long for a link (share-links.mjs
// writes and reads DEAL; Python deals it again), kept current with
// replaceState so moves do not fill the back button. Each puzzle's game and
// its undo/redo history are also saved in localStorage, so a reload resumes
// it (saved-game.mjs checks and repairs it first).
//
// One rule for every link, however it arrives (a fresh load, a link typed or
// pasted into the open page, an in-page link, back and forward, a daily
// link): a link to the saved game brings it back with its undo history; a
// link to another game shows that game, but a game in progress stays saved,
// untouched, until the person changes the new board, and a line above the
// board offers "Back to your game" meanwhile (arrive()).
//
// Two tabs never lose a game: each tab saves its own game where no other
// page writes, and each game played stays among the recent games for an hour
// at least (saved-game.mjs, recent-games.mjs); when another tab saves a game
// of a puzzle played here (a `storage` event), one line says that each tab
// keeps its own game, with the way to "Recent games" in the lab
// (recent-list.mjs). A reload of a tab gets that tab's own game back.
//
// Nothing saved is lost to a bad link or a bad save: a link the rules reject
// leaves the board as it is; a saved game that cannot be read or loaded
// stays in storage, under a new board, until the person changes that board;
// whatever is repaired or replaced without the person's choice is first
// copied aside (saved-game.mjs).
//
// The page opens on the game (the play view); "Lab & help" under the board
// opens the lab, every tool one tap away (lab-panel.mjs).

import { getClient } from "./client.mjs";
import { copyOrSelect } from "./copy-text.mjs";
import { prefetchDailyDeals } from "./daily-deals.mjs";
import { noteDailyStarted } from "./daily-record.mjs";
import { wireEmbedDialog } from "./embed-dialog.mjs";
import { whenIdle } from "./idle-start.mjs";
import { registerOffline } from "./offline.mjs";
import { FAMILY_NOUNS, PUZZLES, declaredControls, findPuzzle } from "./puzzles/index.mjs";
import { PuzzleTabs, tagline } from "./puzzle-tabs.mjs";
import { Lab } from "./lab-panel.mjs";
import { wireLevels } from "./level-play.mjs";
import { SaveNotes } from "./recent-list.mjs";
import { GameStore, browserStorage, saveKey } from "./saved-game.mjs";
import { BadDeal, readDeal, shareLink } from "./share-links.mjs";
import { COMMANDS } from "./rules/params.mjs";
import { wireStoragePanel } from "./site-storage.mjs";
import { todaysDate } from "./session.mjs";
import { TodayView } from "./today-view.mjs";

const client = getClient();
const tabs = document.getElementById("puzzle-tabs");
const panels = document.getElementById("puzzle-panels");
const noticeBox = document.getElementById("page-notice");
let shown = null; // the puzzle whose tab is selected
// Exposed for the console and for tests: the client and every mounted board.
window.puzzleLab = { client, boards: {} };
const lab = new Lab({
  boards: () => Object.values(window.puzzleLab.boards),
  shown: () => shown,
  opened: () => client.startPython(), // the lab's tools are mostly Python's
});

const INTRO_SEEN = "puzzlelab.introSeen";
const firstVisit = (() => {
  try {
    if (localStorage.getItem(INTRO_SEEN)) return false;
    localStorage.setItem(INTRO_SEEN, "1");
  } catch { /* storage off: every visit is a first one */ }
  return true;
})();

// The tabs (a menu when they do not fit the row) and a panel per registered puzzle.
// The introduction is open on a first visit only; later it stays folded
// (under the board on phones: style.css), a click away.
const puzzleTabs = new PuzzleTabs({
  row: tabs.closest(".tab-row"),
  tabs,
  panels,
  puzzles: PUZZLES,
  intro: (puzzle) => `<details class="intro"${firstVisit ? " open" : ""}><summary>How to play</summary>`
    + `<p>${puzzle.intro}</p></details><p class="daily-line lab-only"></p><div id="${puzzle.id}"></div>`,
  select: (id) => show(id),
});
document.querySelector(".tagline").textContent = tagline(PUZZLES.length);

/** Draw the shown board again, to fit the room a notice above it left or freed. */
function refit() {
  const board = window.puzzleLab.boards[shown];
  if (board?.state) board.repaint();
}

// Notices: one compact line each, above the board, and a button that clears them.
const noticeLines = document.createElement("div");
noticeLines.className = "notice-lines";
const noticeClose = document.createElement("button");
noticeClose.type = "button";
noticeClose.className = "notice-close";
noticeClose.setAttribute("aria-label", "Dismiss");
noticeClose.textContent = "×";
noticeClose.addEventListener("click", () => {
  noticeLines.replaceChildren();
  noticeBox.hidden = true;
  refit();
});
noticeBox.append(noticeLines, noticeClose);

/** Show something that went wrong outside any board (a bad link, a bad save). */
function notice(text) {
  const line = document.createElement("p");
  line.textContent = text;
  line.title = text;
  noticeLines.append(line);
  noticeBox.hidden = false;
  refit();
}

/**
 * The hash as {id, game, daily, deal}: game is undefined for a bare `#PUZZLE`,
 * daily the date of `&daily=DATE`, deal the dealing request of `&deal=DEAL`
 * (each else undefined); throws on bad encoding, and a BadDeal (its message
 * the sentence to show) on a deal that cannot be read.
 */
function readHash() {
  const [first, ...rest] = location.hash.slice(1).split("&");
  const at = first.indexOf("=");
  const id = at < 0 ? first : first.slice(0, at);
  const game = at < 0 ? undefined : decodeURIComponent(first.slice(at + 1));
  const params = new URLSearchParams(rest.join("&"));
  // A bare `#daily=DATE` is the first puzzle's daily link.
  if (id === "daily") return { id: PUZZLES[0].id, game: undefined, daily: game };
  const deal = params.has("deal") && findPuzzle(id) ? readDeal(id, params.get("deal"), COMMANDS) : undefined;
  return { id, game, daily: params.has("daily") ? params.get("daily") : undefined, deal };
}

/** Each puzzle's saved game (saved-game.mjs). */
const stores = Object.fromEntries(PUZZLES.map((puzzle) => [puzzle.id, new GameStore(puzzle)]));

function permalinkHash(id) {
  // A new board shown over a held saved game is not named: a reload must
  // try the saved game again, not open the new board as a link.
  const board = window.puzzleLab.boards[id];
  const game = stores[id].held && board?.origin === "new" ? undefined : board?.root.dataset.gameId;
  return game ? `#${id}=${encodeURIComponent(game)}` : `#${id}`;
}

const KEPT = "The saved game stays in this browser until you change the board.";

/**
 * The saved snapshot of a puzzle, or undefined. An entry that cannot be read
 * gets a notice and stays in storage (held: see GameStore).
 */
function loadSaved(puzzle) {
  const stored = stores[puzzle.id].read();
  if (stored?.why) notice(`${puzzle.title}: The saved game could not be read (${stored.why}). ${KEPT}`);
  return stored?.snapshot;
}

// "Back to your game": one line above the board while a link's board is
// shown over a saved game in progress (kept in storage, untouched).
const keptNote = document.getElementById("kept-note");
keptNote.innerHTML = '<span>Your game is kept until you play this board.</span> '
  + '<button type="button">Back to your game</button>';
keptNote.querySelector("button").addEventListener("click", () => {
  const board = window.puzzleLab.boards[shown];
  const stored = stores[shown].read();
  if (board && stored?.snapshot) board.resume(stored.snapshot);
});

/** Show the line when the shown puzzle's board is a link's, over a saved game in progress. */
function updateKeptNote() {
  const board = window.puzzleLab.boards[shown];
  const store = stores[shown];
  const stored = board?.origin === "link" && store?.held ? store.read()?.snapshot : undefined;
  const show = Boolean(stored && stored.game !== board.gameId);
  if (keptNote.hidden === show) {
    keptNote.hidden = !show;
    refit();
  }
}

/**
 * A link arrives at a board already on the page: the saved game again (with
 * its undo history) when the link names it, else the link's game, the saved
 * game held in storage while it is in progress.
 */
function arrive(puzzle, board, game, daily, deal) {
  const store = stores[puzzle.id];
  const snapshot = store.read()?.snapshot;
  // A deal is dealt again (its game ID is known once Python has dealt it).
  const same = deal ? false : daily !== undefined ? snapshot?.daily?.date === daily : snapshot?.game === game;
  if (snapshot && same && board.gameId !== snapshot.game) {
    board.resume(snapshot);
    return;
  }
  if (same) return; // the saved game is on screen already
  store.holdFor();
  if (deal) board.openDeal(deal);
  else if (daily !== undefined) board.openDaily(daily);
  else board.openGame(game);
}

async function show(id, game, daily, deal) {
  const puzzle = findPuzzle(id) || PUZZLES[0];
  shown = puzzle.id;
  puzzleTabs.show(puzzle.id);
  document.title = `Puzzle Lab — ${puzzle.title}`;
  const boards = window.puzzleLab.boards;
  if (boards[puzzle.id]) {
    if (game !== undefined || daily !== undefined || deal) arrive(puzzle, boards[puzzle.id], game, daily, deal);
  } else {
    const Board = await puzzle.load();
    // The same rule as arrive(), on a board not made yet: a link to the
    // saved game (a reload) restores it with its undo history; a link to
    // another game is shown, the saved game held (a link the rules reject
    // falls back to the saved game). A daily link is a link too (the board
    // resumes a saved game of that day's puzzle).
    const saved = loadSaved(puzzle);
    const options = deal ? { deal, snapshot: saved } : daily !== undefined ? { daily, snapshot: saved }
      : game === undefined || saved?.game === game ? { snapshot: saved } : { game, snapshot: saved };
    if (!boards[puzzle.id]) {
      const store = stores[puzzle.id];
      if (saved === undefined || options.game !== undefined || daily !== undefined || deal) store.holdFor();
      boards[puzzle.id] = new Board(document.getElementById(puzzle.id), client,
        { ...options, ...declaredControls(puzzle), familyNouns: FAMILY_NOUNS, lab: true, controls: lab.controls });
      const labButton = boards[puzzle.id].root.querySelector('button[data-play="lab"]');
      if (labButton) lab.label(labButton);
    }
  }
  lab.showRecord();
  updateKeptNote();
  if (shown === puzzle.id) history.replaceState(null, "", permalinkHash(puzzle.id));
}

// The save line and the lab's recent games (recent-list.mjs).
const saveNotes = new SaveNotes({
  line: document.getElementById("save-note"),
  list: document.getElementById("recent-games"),
  puzzles: PUZZLES,
  storage: browserStorage(),
  ownKey: (id) => stores[id].recentKey,
  openLab: () => { if (!lab.open) lab.toggle(true); },
  async play({ puzzle, key, snapshot }) {
    // Another page's game, or an earlier one of this page's, goes on under a slot of its own.
    if (key !== stores[puzzle].recentKey) stores[puzzle].newSlot();
    await show(puzzle);
    window.puzzleLab.boards[puzzle]?.resume(snapshot);
  },
});
// Another tab saved a game of a puzzle this page plays: each keeps its own (said once).
window.addEventListener("storage", (event) => {
  const puzzle = PUZZLES.find((p) => event.key === saveKey(p.id));
  if (puzzle && event.newValue !== null && window.puzzleLab.boards[puzzle.id]) saveNotes.otherTab(puzzle);
  saveNotes.refresh();
});

// Leaving (a reload, a tab closed): a reload of this tab carries on with its recent games.
window.addEventListener("pagehide", () => { for (const store of Object.values(stores)) store.release(); });
// Back from the back-forward cache: a page of this tab may have carried on
// with those slots meanwhile, so this page's games go on under new ones.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) for (const store of Object.values(stores)) store.newSlot();
});

// After every action of a board: save it, and keep the hash on the shown one.
panels.addEventListener("puzzle-change", (event) => {
  const id = event.target.id;
  const board = window.puzzleLab.boards[id];
  const snapshot = board?.snapshot();
  if (!snapshot) return;
  // The daily puzzle's mark goes with it: a reload still shares it as that day's.
  const date = board.dailyShown;
  if (date) snapshot.daily = { date, game: board.startGameId() };
  // A move on a daily puzzle: the Today view says it is in progress.
  if (date && board.gameId !== board.startGameId()) noteDailyStarted(id, date);
  if (stores[id].maySave(board, snapshot)) {
    saveNotes.saved(findPuzzle(id), stores[id].write(snapshot));
    saveNotes.refresh(); // an open list shows the game as it is now
  }
  if (id === shown) {
    history.replaceState(null, "", permalinkHash(id));
    updateKeptNote();
  }
});
// The lab: "Lab & help" under the board, "?" on the board, a daily puzzle finished.
panels.addEventListener("puzzle-lab", () => lab.toggle());
panels.addEventListener("puzzle-help", () => lab.help());
panels.addEventListener("puzzle-daily-record", () => lab.showRecord());

// Today: the daily puzzles of every puzzle that deals one (the registry's `daily`).
const todayView = new TodayView({
  puzzles: PUZZLES.filter((puzzle) => puzzle.daily),
  link: new URL("./", location.href).href,
  play(id, date) {
    prefetchDailyDeals();
    history.replaceState(null, "", `#${id}&daily=${date}`);
    openHash();
  },
  next: () => window.puzzleLab.boards[shown]?.playNext?.(),
  levels: () => levelsView.open(shown),
});
panels.addEventListener("puzzle-today", () => todayView.open({
  levels: Boolean(findPuzzle(shown)?.levels),
  // On a level, Next goes to the next level (level-play.mjs names the play bar's).
  nextLevel: document.querySelector(`#${shown} .play-on [data-play="next"]`)?.getAttribute("aria-label") === "Next level",
}));

// Levels: the ladder of each puzzle that has one (the registry's `levels`);
// a level is shown as a link's game is.
const levelsView = wireLevels({
  panels,
  puzzles: PUZZLES.filter((puzzle) => puzzle.levels),
  board: (id) => window.puzzleLab.boards[id],
  show(id, game) {
    history.replaceState(null, "", `#${id}=${encodeURIComponent(game)}`);
    openHash();
  },
});
// The last of today's daily puzzles won: the win card says where the day card is.
panels.addEventListener("puzzle-daily-record", (event) => {
  const { date, say } = event.detail ?? {};
  if (date && date === todaysDate().date && todayView.dayDone(date)) {
    say?.("That's all of today's: your day to share is in Today.");
  }
});
panels.addEventListener("puzzle-notice", (event) => {
  const { text, source } = event.detail;
  const id = event.target.id;
  // A saved game repaired or refused: the stored text is copied aside first.
  if (source === "saved" || source === "repaired") stores[id]?.putAside();
  if (source === "saved") stores[id]?.hold();
  const kept = source === "saved" ? ` ${KEPT}` : source === "repaired" ? " The original is kept aside in this browser." : "";
  notice(`${findPuzzle(id)?.title}: ${text}${kept}`);
});

/** Open what the hash names; anything wrong with it is a notice and the default tab. */
function openHash() {
  let link;
  let badDeal = null;
  try {
    link = readHash();
  } catch (error) {
    link = null;
    if (error instanceof BadDeal) badDeal = error.message;
  }
  // A malformed link: one sentence, and the open page stays as it is (a
  // fresh one shows the default board); the address names the board again.
  const why = badDeal ?? (!link ? "The link's game ID is not correctly encoded"
    : link.id && !findPuzzle(link.id) ? `The link names an unknown puzzle, "${link.id}"` : null);
  if (why) {
    notice(`${why}; ${shown ? "the board is unchanged" : "the default board is shown"}.`);
    return show(shown || PUZZLES[0].id);
  }
  if (link.daily !== undefined) prefetchDailyDeals();
  return show(link.id, link.game, link.daily, link.deal);
}

// "?" anywhere on the page (the boards' own keys say it too) opens How to play.
document.addEventListener("keydown", (event) => {
  if (event.key !== "?" || event.target.closest?.(".puzzle, input, select, textarea")) return;
  lab.help();
});

// A link pasted into the address bar of the open page changes only the hash.
window.addEventListener("hashchange", openHash);
openHash();

// Copy link: the clipboard where allowed, else the link selected in a field.
const copyStatus = document.getElementById("share-status");
const linkField = document.getElementById("share-link");
document.getElementById("copy-link").addEventListener("click", () => {
  // The puzzle as dealt (its start, a daily date or a deal), never only the
  // position on screen: a friend plays it from the start (share-links.mjs).
  const board = window.puzzleLab.boards[shown];
  const url = board?.state ? shareLink(shown, board) : location.href;
  copyOrSelect(url, { field: linkField, status: copyStatus, copied: "Link copied",
    select: "Copy the selected link (Ctrl+C)" });
});

// Embed: the snippets for the board on screen, its theme and a preview (embed-dialog.mjs).
wireEmbedDialog(document.getElementById("embed-box"), document.getElementById("embed-button"),
  () => ({ puzzle: shown, game: window.puzzleLab.boards[shown]?.gameId, title: findPuzzle(shown).title }),
  [panels, tabs]);

// What this site keeps here, and the lab's way to clear it.
wireStoragePanel(document.getElementById("storage"));

// Python starts at a person's first touch of a board or the lab (client.mjs),
// or here after a few quiet seconds, where the connection allows.
whenIdle(() => client.startPython());

// Offline play after the first visit, and a word when a new version is ready.
// Registered once the page has been quiet a while, or once Python has
// answered (a visitor who used it gets the next visit from the cache): the
// service worker then fills its cache mostly from "not modified" answers,
// and never with an engine that nobody used (offline.mjs).
const updateBar = document.getElementById("update-bar");
let offline = null;
const keepOffline = () => {
  offline ??= registerOffline({
    onUpdate(apply) {
      updateBar.hidden = false;
      document.getElementById("update-reload").addEventListener("click", apply, { once: true });
    },
    onOffline({ solvers }) {
      document.getElementById("offline-status").textContent = solvers
        ? "Works offline on this device, solvers included."
        : "Boards work offline on this device; the solvers too once they have run here.";
    },
  });
};
whenIdle(keepOffline, { anyConnection: true });
client.used.then(keepOffline);
