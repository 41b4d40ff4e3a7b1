"""The page's session (web/session.mjs), run in node: its history, undo, redo
and reset hand back the stored states, its snapshot is the saved-game format
and restore gives back what it saved."""

from __future__ import annotations

from pathlib import Path

from conftest import run_node

MODULE = Path(__file__).resolve().parent.parent / "web" / "session.mjs"
SCRIPT = """
let now = 1000;
globalThis.performance = { now: () => now };
const { Session } = await import(process.argv[1]);
const out = {};
const at = (game) => ({ game, grid: game.toUpperCase() });

// playId: one per game as played, kept through record and restore, new with begin.
const p = new Session();
p.begin(at("a"));
const first = p.snapshot().playId;
p.record(at("b"));
const kept = p.snapshot().playId === first;
p.begin(at("c"));
const renewed = p.snapshot().playId !== first;
const one = { current: { state: at("b"), moves: 1 }, start: at("a"), history: [], future: [] };
const again = new Session();
again.restore(one, undefined, first);
const forged = new Session();
forged.restore(one, undefined, "not a play id!");
const unnamed = new Session();
unnamed.restore(one);
const word = /^[A-Za-z0-9_-]{1,40}$/;
out.playIds = [word.test(first), kept, renewed, again.snapshot().playId === first,
  word.test(forged.snapshot().playId), unnamed.snapshot().playId !== first];
// The rest compares snapshots without it.
const snapshotWithId = Session.prototype.snapshot;
Session.prototype.snapshot = function () {
  const saved = snapshotWithId.call(this);
  if (saved) delete saved.playId;
  return saved;
};

const s = new Session();
out.empty = [s.snapshot(), s.canUndo, s.undo(), s.reset()];
const a = at("a"), b = at("b"), c = at("c");
s.begin(a);
s.record(b, { byPlayer: true });
now = 4000;
s.record(c);
out.played = s.snapshot();
const undone = s.undo();
out.undo = [undone.state === b, s.moves, s.canRedo, s.gameId];
out.afterUndo = s.snapshot();
out.redo = s.redo().state === c;
out.reset = [s.reset().state === a, s.moves, s.snapshot()];
out.resetAgain = s.reset();  // already at the start
out.resetAlways = s.reset({ always: true }).moves;
out.undoAll = [s.undo(), s.undo(), s.undo(), s.undo(), s.undo()].map((e) => e && e.state.game);
s.record(at("d"));
out.newBranch = s.snapshot();
s.record(at("e"), { moves: 0, restart: true });
out.restart = [s.startGameId, s.moves];

// restore: what readSavedGame loaded comes back as the same snapshot.
const r = new Session();
r.restore({ current: { state: at("y"), moves: 2 }, start: at("w"),
  history: [{ state: at("w"), moves: 0 }, { state: at("x"), moves: 1 }],
  future: [{ state: at("z"), moves: 3 }] });
out.restored = r.snapshot();
out.restoredRedo = r.redo().state.game;

// A session without move counts (the binary puzzle) and another game ID.
const plain = new Session({ moves: false, idOf: (state) => state.grid });
plain.begin(a);
plain.record(b);
out.plain = plain.snapshot();

// replaceAll: every stored state converted, the order and counts kept.
const m = new Session();
m.begin(a); m.record(b); m.record(c); m.undo();
await m.replaceAll(async (state) => ({ ...state, game: state.game + "!" }));
out.replaced = [m.snapshot(), m.start.game];
let failed = null;
try {
  await m.replaceAll(async () => { throw new Error("no"); });
} catch (e) { failed = e.message; }
out.replaceFailed = [failed, m.snapshot()];

// The play-on clock: from the start's first showing until done.
const t = new Session();
now = 0;
out.clock = [t.clock("s1", false, 0), t.clock("s1", false, 500), t.clock("s1", true, 800),
  t.clock("s1", true, 5000), t.clock("s1", false, 6000), t.clock("s2", false, 7000)];
// The win: the puzzle's own test, with the moves, help and time it took.
const w = new Session({ won: (state) => state.game === "goal" });
w.begin(at("x"));
out.notWon = [w.isWon(), w.outcome()];
w.clock("x", false, 10000); // the start shown: the game's one timer runs
now = 10000;
w.record(at("y"));
w.noteHelp("hint");
now = 12500;
w.record(at("goal"));
w.clock("x", true, 12500); // won: the timer stops, and the outcome reads the same timer
now = 20000;
out.won = [w.isWon(), w.outcome(), w.isWon(at("x"))];
w.begin(at("z"));
out.forgotten = w.help.length;
// The clock goes with the saved game and comes back with it; Reset starts it again.
const k = new Session();
k.begin(at("p"));
k.clock("p", false, 1000);
now = 4000;
k.record(at("q"));
const saved = k.snapshot();
const back = new Session();
now = 50000;
const loaded = { current: { state: at("q"), moves: 1 }, start: at("p"), history: [], future: [] };
back.restore(loaded, saved.clock);
out.resumed = [saved.clock, back.snapshot().clock, back.clock("p", false, 51000),
  back.clock("p", false, 52000)];
back.reset();
out.afterReset = back.clock("p", false, 53000);
const old = new Session();
old.restore(loaded);
out.oldSave = [old.snapshot().clock ?? null, old.clock("p", false, 60000)];
// A game reloaded already won: its time is the saved clock's, as the card says.
const reloadedWin = new Session();
reloadedWin.restore({ ...loaded, current: { state: { game: "q", solved: true }, moves: 1 } }, 8000);
out.reloadedWin = reloadedWin.outcome().ms;
process.stdout.write(JSON.stringify(out));
"""


def run(node: str) -> dict:
    return run_node(node, SCRIPT, str(MODULE))


def test_history_undo_redo_and_reset(node: str) -> None:
    out = run(node)
    assert out["empty"] == [None, False, None, None]
    assert out["played"] == {
        "game": "c", "moves": 2, "start": "a",
        "history": [{"game": "a", "moves": 0}, {"game": "b", "moves": 1}], "future": [],
    }
    assert out["undo"] == [True, 1, True, "b"]
    assert out["afterUndo"]["future"] == [{"game": "c", "moves": 2}]
    assert out["redo"] is True
    # Reset is a move: the start with 0 moves, the game before it undoable.
    assert out["reset"][0:2] == [True, 0]
    assert out["reset"][2]["history"][-1] == {"game": "c", "moves": 2}
    assert out["resetAgain"] is None
    assert out["resetAlways"] == 0
    assert out["undoAll"] == ["a", "c", "b", "a", None]
    assert out["newBranch"]["future"] == []  # a move drops the redo steps
    assert out["restart"] == ["e", 0]


def test_snapshot_and_restore_keep_the_saved_game_format(node: str) -> None:
    out = run(node)
    assert out["restored"] == {
        "game": "y", "moves": 2, "start": "w",
        "history": [{"game": "w", "moves": 0}, {"game": "x", "moves": 1}],
        "future": [{"game": "z", "moves": 3}],
    }
    assert out["restoredRedo"] == "z"
    assert out["plain"] == {"game": "B", "history": [{"game": "A"}], "future": []}


def test_each_game_played_has_its_own_play_id_kept_by_restore(node: str) -> None:
    """A new game has a new playId; a move keeps it; restore keeps a saved one
    and replaces one that is not a plain word (or missing) by a new one."""
    assert run(node)["playIds"] == [True] * 6


def test_replace_all_converts_every_state_or_none(node: str) -> None:
    out = run(node)
    snapshot, start = out["replaced"]
    assert snapshot == {
        "game": "b!", "moves": 1, "start": "a!",
        "history": [{"game": "a!", "moves": 0}], "future": [{"game": "c!", "moves": 2}],
    }
    assert start == "a!"
    assert out["replaceFailed"] == ["no", snapshot]


def test_the_clock_runs_until_done_and_restarts_with_a_new_start(node: str) -> None:
    assert run(node)["clock"] == [0, 500, 800, 800, 6000, 0]


def test_the_win_is_the_puzzles_own_test_with_the_help_used(node: str) -> None:
    out = run(node)
    assert out["notWon"] == [False, None]
    assert out["won"] == [True, {"moves": 2, "help": ["hint"], "ms": 2500}, False]
    assert out["forgotten"] == 0


def test_the_clock_survives_a_reload_and_restarts_on_reset(node: str) -> None:
    out = run(node)
    assert out["resumed"] == [3000, 3000, 3000, 4000]  # saved at 3 s, it runs on from there
    assert out["afterReset"] == 0
    assert out["oldSave"] == [None, 0]  # a save without a clock starts it afresh
    assert out["reloadedWin"] == 8000  # the saved clock, not a page-local start
