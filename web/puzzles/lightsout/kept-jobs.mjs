// The long jobs the Lights Out board keeps in step with its state (KeptJob,
// long-jobs.mjs): the solve that Show solution draws, the Analysis panel's
// analysis (with "Prove fewest", its longer search) and the Gallery panel's
// single-light boards. Each runs while it is wanted and its key (which part
// of the state it depends on) has no result yet, shows progress and a
// Cancel, and is dropped when the board moves on.

import { KeptJob } from "../../long-jobs.mjs";

/**
 * The board's kept jobs, and how to ask for the proving analysis.
 * @param {object} jobs the board's long-job manager (LongJobs)
 * @param {{state: () => object|null, solutionWanted: () => boolean, panels: object,
 *   describeSolution: (progress: number|null, line: string) => void,
 *   markSolution: (result: object) => object, track: (delta: number) => void,
 *   settled: () => void}} board
 *   state: the state shown; solutionWanted: Show solution is on; panels: the
 *   LabPanels (which are open, their status lines); describeSolution: the
 *   solve's note; markSolution: lightsout.solve's answer as it is drawn
 *   (solution.mjs); track: jobs started (+1) or ended (-1), for the board's
 *   idle(); settled: a job ended (the board is drawn again)
 * @returns {{kept: {solve: KeptJob, analysis: KeptJob, gallery: KeptJob}, prove: () => void}}
 *   prove: run the analysis again with the long search that may prove the
 *   fewest presses (for the board shown only)
 */
export function keptJobs(jobs, { state, solutionWanted, panels, describeSolution, markSolution, track, settled }) {
  let proveGame = null; // the game ID whose analysis runs the long, proving search
  let proveFallback = null; // the analysis shown again if the proving search is cancelled
  const common = { track, settled };
  const panelJob = (name, cmd, key, activity) => new KeptJob(jobs, state, {
    ...common,
    name,
    wanted: () => panels.open[name],
    key,
    request: (s) => ({ cmd, game: s.game }),
    describe: (progress, line) => panels.describe(name, progress, line || `${activity}…`),
  });
  const analysis = panelJob("analysis", "lightsout.analyse",
    (s) => (proveGame === s.game ? `${s.game}#prove` : s.game), "Analysing");
  const kept = {
    solve: new KeptJob(jobs, state, {
      ...common,
      name: "solve",
      wanted: solutionWanted,
      key: (s) => s.game,
      request: (s) => ({ cmd: "lightsout.solve", game: s.game, press_list: false }),
      accept: markSolution,
      describe: (progress, line) => describeSolution(progress, line || "Solving…"),
    }),
    analysis,
    // The gallery depends on the shape and the rules only: the game ID's prefix.
    gallery: panelJob("gallery", "lightsout.gallery", (s) => s.game.split(":")[0],
      "Solving every single-light board"),
  };
  Object.assign(analysis, {
    // "Prove fewest" asks for the long search (minutes) for this board only.
    request: (s) => ({ cmd: "lightsout.analyse", game: s.game, prove: proveGame === s.game }),
    accept: (result) => {
      // A proof also changes the solution: ask again (the worker keeps the proven one).
      if (result.proven_fewest && proveGame === state().game) {
        kept.solve.result = null;
        kept.solve.refresh();
      }
      return result;
    },
    onCancel: (key) => {
      const fallback = proveFallback;
      proveFallback = null;
      if (!fallback || !key.endsWith("#prove")) return null;
      proveGame = null; // a cancelled proof leaves the analysis as it was before
      return fallback;
    },
  });
  const prove = () => {
    const shown = state();
    if (!shown || analysis.running) return;
    proveFallback = analysis.result; // shown again if the person cancels
    proveGame = shown.game;
    analysis.refresh();
  };
  return { kept, prove };
}
