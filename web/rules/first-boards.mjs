// Python's answers to the requests the page makes for its default boards
// (a seeded binary puzzle, for one), keyed by rules/index.mjs's requestKey.
// build.py fills the built copy of this file by running puzzlelab.api at
// build time (the copy in web/ is empty).
export const FIRST_BOARDS = {};
