// Python's answers to the requests the page makes for its default boards
// (a seeded binary puzzle, for one) and to the first hint asked on them
// before any move (#35), keyed by rules/common.mjs's requestKey.
// build.py fills the built copy of this file by running puzzlelab.api at
// build time (the copy in web/ is empty). FIRST_DEALS: per puzzle, the
// requests among these a first visit picks one of at random.
export const FIRST_BOARDS = {};
export const FIRST_DEALS = {};
