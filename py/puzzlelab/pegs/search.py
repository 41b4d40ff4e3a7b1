"""The solver: memoised searches of one board towards one goal (verdict, winning line, count).

:func:`solver` shares one :class:`Solver` per board and goal, so its memo
tables persist across requests; the beam search ranks positions with
:class:`BeamScore`.
"""

from __future__ import annotations

import heapq
from functools import cached_property, lru_cache

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.pegs.book import BOOKS, OpeningBook, opening_book
from puzzlelab.pegs.budget import CLOCK_EVERY, OutOfBudget, Spent
from puzzlelab.pegs.goals import Goal, goal_distances, parse_goal
from puzzlelab.pegs.position import board_name, standard_start
from puzzlelab.pegs.pruning import GoalTable, Pagodas, goal_table, goal_table_steps
from puzzlelab.pegs.shape import SQUARE, Geometry, Move, symmetry_images


class BeamScore:
    """How far a position looks from the goal, cheaply: the beam search's ranking.

    The sum of the pegs' weights, plus :data:`ISOLATED` for each peg with no
    neighbour (it needs pegs brought to it before it can move or be taken). A
    hole's weight is its distance from the goal's centroid, less
    :data:`PAGODA_SHARE` times its mean weight over the board's pagoda
    functions (when it has some): a peg the pagodas value is one whose loss
    brings a position nearer to being proved hopeless. On early Wiegleb
    positions the distance term finds winning lines with a beam of 16 where
    pagoda slack, mobility or the peg-hole boundary length alone find none;
    on the first positions of 40 random Wiegleb games that it left
    undecided, the pagoda term found lines from 20 of the 34 good ones with a
    beam of 16 (none before) and from 33 with a beam of 256 (25 before).

    Both terms are read with one table look-up per byte of the position: the
    weights add up, and the pegs are copied onto a grid with a blank border
    (``width`` bits a row) where neighbours are fixed shifts of the bits.
    """

    ISOLATED = 2.0
    PAGODA_SHARE = 0.3

    def __init__(self, geo: Geometry, goal: Goal, pagodas: Pagodas | None = None) -> None:
        weight = goal_distances(geo, goal)
        if pagodas is not None and pagodas.weights:
            count = len(pagodas.weights)
            weight = [d - self.PAGODA_SHARE * sum(w[i] for w in pagodas.weights) / count
                      for i, d in enumerate(weight)]
        width = geo.cols + 2
        cell = [(r + 1) * width + c + 1 for r, c in geo.holes]
        self.grid_bytes: list[list[int]] = []
        self.weight_bytes: list[list[float]] = []
        for byte in range(0, geo.size, 8):
            bits = [b for b in range(8) if byte + b < geo.size]
            self.grid_bytes.append([sum(1 << cell[byte + b] for b in bits if value >> b & 1)
                                    for value in range(256)])
            self.weight_bytes.append([sum(weight[byte + b] for b in bits if value >> b & 1)
                                      for value in range(256)])
        # One shift per pair of opposite jump directions: (0, 1), (1, 0) and (1, 1).
        self.shifts = (1, width) if geo.lattice == SQUARE else (1, width, width + 1)

    def __call__(self, pegs: int) -> float:
        """The score of ``pegs``: lower looks closer to the goal."""
        grid, total = 0, 0.0
        for grid_byte, weight_byte in zip(self.grid_bytes, self.weight_bytes, strict=True):
            value = pegs & 255
            grid |= grid_byte[value]
            total += weight_byte[value]
            pegs >>= 8
        neighbours = 0
        for shift in self.shifts:
            neighbours |= grid << shift | grid >> shift
        return total + self.ISOLATED * (grid & ~neighbours).bit_count()


class Solver:
    """Memoised searches on one board towards one goal.

    Positions are identified up to the symmetries that fix the goal; the memo
    tables survive between requests (the page asks for a verdict after each
    move, then maybe a hint or a count from the same game). Children that a
    pagoda function proves hopeless are never visited.

    Several searches may use one solver by turns (the worker interleaves
    jobs' steps): the memo tables hold only facts (a position reaches the
    goal or not; its exact count), so what one search writes is true for
    every other and clearing them (:meth:`_trim`) only costs work again.
    Budgets are counted per search (:class:`Spent`); :attr:`nodes` is only
    the total of all searches, for the tests and benchmarks.
    """

    MEMO_LIMIT = 3_000_000
    # The goal table stops after its first level with more classes than this:
    # on the English board, 9 pegs and below (13,449 classes, a fraction of a
    # second to build once; each level more costs about three times as much).
    TABLE_LEVEL_LIMIT = 5_000

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        self.geo = geo
        self.goal = goal
        self.goal_pegs = goal.pegs
        self.syms = geo.subgroup(goal.positions)
        self.tables = [geo.tables[k] for k in self.syms]
        self.moves = geo.moves
        self.pagodas = Pagodas(geo, goal)
        # Per move: need, mask, the images of the mask under each symmetry in
        # use (a child's images are its parent's XOR these) and the packed
        # pagoda loss.
        steps = [
            (i, m.need, m.mask, tuple(geo.image(k, m.mask) for k in self.syms), loss)
            for i, (m, loss) in enumerate(zip(geo.moves, self.pagodas.loss, strict=True))
        ]
        # Searches pop the last child first: try first the jumps that bring the
        # pegs nearest the goal (a static order, free at search time).
        distance = goal_distances(geo, goal)
        steps.sort(key=lambda st: -(distance[geo.moves[st[0]].dst] - distance[geo.moves[st[0]].src]
                                    - distance[geo.moves[st[0]].over]))
        self.order = [st[0] for st in steps]
        self.steps = [st[1:] for st in steps]
        self.count_memo: dict[int, int] = {}
        self.good_memo: dict[int, bool] = {}
        self.nodes = 0
        self.slack_order = bool(self.pagodas.weights)

    def images(self, pegs: int) -> tuple[int, ...]:
        """The images of ``pegs`` under the symmetries in use."""
        return symmetry_images(pegs, self.tables)

    @cached_property
    def table(self) -> GoalTable:
        """The good positions with few pegs (built on first use, shared by every solver)."""
        return goal_table(self.geo, self.goal, self.TABLE_LEVEL_LIMIT)

    def prepare_steps(self) -> Steps[None]:
        """Build the goal table now, with progress (a search would build it without)."""
        yield Progress(0, 0, "Preparing")
        if "table" not in self.__dict__:
            self.table = yield from goal_table_steps(self.geo, self.goal, self.TABLE_LEVEL_LIMIT)

    def _trim(self) -> None:
        # Safe while another search is between two steps: it holds no entry
        # it needs (its own stack keeps its path), so it only redoes work.
        if len(self.count_memo) + len(self.good_memo) > self.MEMO_LIMIT:
            self.count_memo.clear()
            self.good_memo.clear()

    def _expand(self, pegs: int, images: tuple[int, ...], pag: int) -> list[tuple]:
        """(move index, child, child images, child pagodas) for every hopeful move."""
        if pegs.bit_count() <= self.goal_pegs:
            return []
        guard, threshold = self.pagodas.guard, self.pagodas.threshold
        out = []
        for i, (need, mask, mimgs, loss) in enumerate(self.steps):
            if pegs & mask == need:
                child_pag = pag - loss
                if ((child_pag | guard) - threshold) & guard != guard:
                    continue
                child_images = tuple([a ^ b for a, b in zip(images, mimgs, strict=True)])
                out.append((i, pegs ^ mask, child_images, child_pag))
        if self.slack_order and len(out) > 1:
            # Most pagoda slack (summed over the fields, read off modulo 2^step - 1) last:
            # searches pop it first.
            modulus = self.pagodas.modulus
            out.sort(key=lambda entry: entry[3] % modulus)
        return out

    def _known_good_last(self, options: list[tuple]) -> list[tuple]:
        """Options with the children already known to reach the goal last (popped first).

        A winning line found by an earlier verdict of the same game leaves its
        positions marked good: following them gives the line again at once,
        instead of a fresh search that may wander into a large dead subtree
        first and run out of budget.
        """
        memo = self.good_memo
        options.sort(key=lambda option: memo.get(min(option[2])) is True)  # stable
        return options

    def count_steps(self, pegs: int) -> Steps[int]:
        """The number of move sequences from ``pegs`` that end in the goal (exact), by
        a memoised depth-first search. The page and the CLI count level by level
        (:mod:`puzzlelab.pegs.count`); this one stays as the other road to the same
        numbers, for the tests and as the benchmark's baseline."""
        self._trim()
        memo = self.count_memo
        goals = self.goal.positions
        low = self.goal_pegs
        expand = self._expand
        root_images = self.images(pegs)
        root_key = min(root_images)
        if root_key in memo:
            return memo[root_key]
        if pegs in goals:
            return 1
        pag = self.pagodas.packed(pegs)
        if self.pagodas.hopeless(pag):
            return 0
        table = self.table
        table_pegs = table.max_pegs
        if pegs.bit_count() <= table_pegs and not table.good(root_key, pegs.bit_count()):
            return 0
        # A frame: [key, pending children (move, pegs, images, pagodas), count so far].
        stack = [[root_key, expand(pegs, root_images, pag), 0]]
        nodes = 0
        while stack:
            frame = stack[-1]
            pending = frame[1]
            if pending:
                _, child, images, child_pag = pending.pop()
                key = min(images)
                known = memo.get(key)
                if known is not None:
                    frame[2] += known
                    continue
                left = child.bit_count()
                if left == low:
                    value = 1 if child in goals else 0
                    memo[key] = value
                    frame[2] += value
                    continue
                if left <= table_pegs and not table.good(key, left):
                    continue  # the goal is out of reach: no paths
                nodes += 1
                if nodes % CLOCK_EVERY == 0 and due():
                    yield Progress(len(memo), 0, "Counting")
                stack.append([key, expand(child, images, child_pag), 0])
            else:
                stack.pop()
                memo[frame[0]] = frame[2]
                if stack:
                    stack[-1][2] += frame[2]
        self.nodes += nodes
        return memo[root_key]

    def count(self, pegs: int) -> int:
        return finish(self.count_steps(pegs))

    FIRST_ROUND = 1_000  # positions each move of the root may search in the first round
    ROUND_LEVELS = 2  # the moves of the root and of its children go in rounds
    ROUND_GROWTH = 16  # each round gives each move this many times the last budget

    def solve_steps(self, pegs: int, budget: int | None = None) -> Steps[list[Move] | None]:
        """A winning move list from ``pegs`` (None when the goal cannot be reached).

        With a ``budget`` (positions to search), raises :class:`OutOfBudget`
        when the answer is not known within it; what was learnt stays memoised.

        The moves of the root and of its children are searched in rounds,
        each move with :data:`ROUND_GROWTH` times the last round's budget: one
        move into a large dead subtree does not hold up a sibling that wins
        quickly. Subtrees proved dead in a round stay memoised; the work on
        unfinished ones is redone, which the large growth factor keeps small
        (on random English games, fewer undecided verdicts for the same budget;
        along winning lines a few searches take longer than one plain pass).
        """
        self._trim()
        yield from self.prepare_steps()
        opening = self._book_line(pegs)
        if opening is None:
            return None
        for move in opening:
            pegs ^= move.mask
        # A winning line is often quick to find by a beam where the search
        # wanders into large dead subtrees first; only a dead end needs the search.
        spent = Spent()  # this search's positions, whatever else runs between its steps
        if (self.BEAM_WIDTH and pegs.bit_count() >= self.table.max_pegs + self.BEAM_MIN_DEPTH
                and min(self.images(pegs)) not in self.good_memo):
            for times in self.BEAM_WIDENING:
                before = spent.nodes
                path = yield from self.beam_steps(pegs, times * self.BEAM_WIDTH, budget, spent)
                if path is not None:
                    return opening + path
                if budget is not None:
                    budget = max(0, budget - (spent.nodes - before))
                    if not budget:
                        break
        path = yield from self._in_rounds(pegs, budget, self.ROUND_LEVELS, spent)
        return None if path is None else opening + path

    # Positions kept per level of the first beam (a failed beam costs a few ms
    # to tens of ms natively); 0 leaves every position to the search.
    BEAM_WIDTH = 16
    # The beams tried in turn, as multiples of BEAM_WIDTH. On the first
    # Wiegleb positions of random games that the narrow beam and the search
    # left undecided, most good ones fall to a beam of 64 or 256, which costs
    # about 2,000 or 7,000 positions where the search alone decided none with 60,000.
    BEAM_WIDENING = (1, 4, 16)
    # The beam runs first only from positions with at least this many pegs more
    # than the goal table's: closer to it, the search itself is quick (on late
    # English positions, from 8 levels up a failed beam cost a little more than it saved).
    BEAM_MIN_DEPTH = 12

    @cached_property
    def beam_score(self) -> BeamScore:
        """The beam search's ranking of positions (built on first use)."""
        return BeamScore(self.geo, self.goal, self.pagodas)

    def beam_steps(self, pegs: int, width: int | None = None,
                   budget: int | None = None, spent: Spent | None = None
                   ) -> Steps[list[Move] | None]:
        """A winning move list found by a beam search, or None when the beam finds none.

        Level by level (one jump each), keep the ``width`` (default
        :data:`BEAM_WIDTH`) children with the lowest :class:`BeamScore`,
        distinct up to symmetry, until the positions are few-pegged enough for
        the goal table, which tells whether one is good. A line found is exact
        and its positions are memoised as good; None proves nothing, as good
        positions may have fallen out of the beam. ``budget`` caps the
        positions expanded (they count in :attr:`nodes`, and in ``spent``).
        """
        width = self.BEAM_WIDTH if width is None else width
        if pegs in self.goal.positions:
            return []
        memo, table, score = self.good_memo, self.table, self.beam_score
        table_pegs = table.max_pegs
        images = self.images(pegs)
        pag = self.pagodas.packed(pegs)
        if memo.get(min(images)) is False or self.pagodas.hopeless(pag):
            return None
        # An entry: (key, pegs, images, pagodas, (parent entry, move index) or None).
        level = [(min(images), pegs, images, pag, None)]
        nodes = 0
        try:
            while level:
                children: dict[int, tuple] = {}
                for entry in level:
                    nodes += 1
                    if nodes % CLOCK_EVERY == 0 and due():
                        yield Progress(nodes, 0, "Searching")
                    if budget is not None and nodes > budget:
                        return None
                    for i, child, child_images, child_pag in self._expand(*entry[1:4]):
                        key = min(child_images)
                        if key in children or memo.get(key) is False:
                            continue
                        left = child.bit_count()
                        if left > table_pegs:
                            children[key] = (key, child, child_images, child_pag, (entry, i))
                        elif table.good(key, left):
                            return self._beam_line(entry, i) + table.path(child)
                level = heapq.nsmallest(width, children.values(), key=lambda e: score(e[1]))
            return None
        finally:
            self.nodes += nodes
            if spent is not None:
                spent.nodes += nodes

    def _beam_line(self, entry: tuple, i: int) -> list[Move]:
        """The moves from the beam's root to the child of ``entry`` by step ``i``, with
        the positions along them memoised as good."""
        line = [self.moves[self.order[i]]]
        while True:
            self.good_memo[entry[0]] = True
            if entry[4] is None:
                break
            entry, i = entry[4]
            line.append(self.moves[self.order[i]])
        line.reverse()
        return line

    def _book_line(self, pegs: int) -> list[Move] | None:
        """Moves through the opening book from ``pegs`` down to its last level
        (none when the book does not cover the position); None when the book
        shows the goal out of reach."""
        book = self.book
        known = None if book is None else book.decide(self, pegs)
        if known is None:
            return []
        if not known:
            return None
        assert book is not None
        line = []
        while pegs.bit_count() > book.min_pegs:
            # A good position has a good child, reachable too, hence in the book.
            below = book.levels[pegs.bit_count() - 1]
            move = next(m for m in self.moves if pegs & m.mask == m.need
                        and min(self.images(pegs ^ m.mask)) in below)
            line.append(move)
            pegs ^= move.mask
        return line

    def _in_rounds(self, pegs: int, budget: int | None, levels: int, spent: Spent
                   ) -> Steps[list[Move] | None]:
        """Search the moves of ``pegs`` in rounds, themselves so for ``levels`` more moves
        (the positions expanded count in ``spent``)."""
        images = self.images(pegs)
        key = min(images)
        pag = self.pagodas.packed(pegs)
        if (levels == 0 or pegs.bit_count() <= self.table.max_pegs or key in self.good_memo
                or self.pagodas.hopeless(pag)):
            return (yield from self._depth_first(pegs, budget, spent))
        moves, order = self.moves, self.order
        # Searches pop their last child first: keep that order within each round.
        waiting = [(i, child) for i, child, _, _ in
                   reversed(self._known_good_last(self._expand(pegs, images, pag)))]
        used = 0
        allowed = self.FIRST_ROUND
        while waiting:
            unknown = []
            for i, child in waiting:
                limit = allowed if budget is None else min(allowed, budget - used)
                if limit <= 0:
                    raise OutOfBudget(used)
                before = spent.nodes
                try:
                    path = yield from self._in_rounds(child, limit, levels - 1, spent)
                except OutOfBudget:
                    unknown.append((i, child))
                    continue
                finally:
                    used += spent.nodes - before
                if path is not None:
                    self.good_memo[key] = True
                    return [moves[order[i]], *path]
            waiting = unknown
            allowed *= self.ROUND_GROWTH
        self.good_memo[key] = False
        return None

    def _depth_first(self, pegs: int, budget: int | None, spent: Spent
                     ) -> Steps[list[Move] | None]:
        """The plain memoised depth-first search behind :meth:`solve_steps`."""
        goals = self.goal.positions
        if pegs in goals:
            return []
        memo = self.good_memo
        counts = self.count_memo
        moves = self.moves
        expand = self._expand
        images = self.images(pegs)
        root_key = min(images)
        pag = self.pagodas.packed(pegs)
        if memo.get(root_key) is False or counts.get(root_key) == 0 or self.pagodas.hopeless(pag):
            return None
        table = self.table
        table_pegs = table.max_pegs
        if pegs.bit_count() <= table_pegs:
            return table.path(pegs) if table.good(root_key, pegs.bit_count()) else None
        known_good_last = self._known_good_last
        # A frame: [key, pending options, move index that led here].
        stack = [[root_key, known_good_last(expand(pegs, images, pag)), -1]]
        nodes = 0
        while stack:
            frame = stack[-1]
            pending = frame[1]
            if not pending:
                memo[frame[0]] = False
                stack.pop()
                continue
            i, child, imgs, child_pag = pending.pop()
            key = min(imgs)
            left = child.bit_count()
            if left <= table_pegs:
                # Few enough pegs for the goal table: the answer is one look-up away.
                if table.good(key, left):
                    order = self.order
                    path = [moves[order[f[2]]] for f in stack[1:]] + [moves[order[i]]]
                    for f in stack:
                        memo[f[0]] = True
                    self.nodes += nodes
                    spent.nodes += nodes
                    return path + table.path(child)
                continue
            known = memo.get(key)
            if known is False or counts.get(key) == 0:
                continue
            nodes += 1
            if nodes % CLOCK_EVERY == 0 and due():
                yield Progress(len(memo), 0, "Searching")
            if budget is not None and nodes > budget:
                self.nodes += nodes
                spent.nodes += nodes
                raise OutOfBudget(nodes)
            options = expand(child, imgs, child_pag)
            stack.append([key, known_good_last(options) if known else options, i])
        self.nodes += nodes
        spent.nodes += nodes
        return None

    def solve(self, pegs: int) -> list[Move] | None:
        return finish(self.solve_steps(pegs))

    @cached_property
    def book(self) -> OpeningBook | None:
        """The opening book of this board and goal, when it is a standard game with one.

        Usable only when the start's complement is a goal position (a central
        game), as :meth:`OpeningBook.decide` relies on it.
        """
        name = board_name(self.geo)
        # Checked before loading: other goals on a booked board need no book.
        if (name not in BOOKS
                or (self.geo.full ^ standard_start(name).pegs) not in self.goal.positions):
            return None
        book = opening_book(name)
        if book is None or parse_goal(self.geo, book.goal_text).positions != self.goal.positions:
            return None
        return book

    def decide_steps(self, pegs: int, budget: int | None = None) -> Steps[bool]:
        """Whether the goal can be reached from ``pegs`` (the dead-end verdict).

        Early positions of a standard game with an opening book are looked up;
        the others are searched as by :meth:`solve_steps` (same ``budget``).
        """
        yield from self.prepare_steps()
        book = self.book
        if book is not None:
            known = book.decide(self, pegs)
            if known is not None:
                return known
        return (yield from self.solve_steps(pegs, budget)) is not None


@lru_cache(maxsize=8)
def solver(geo: Geometry, goal: Goal) -> Solver:
    """The shared solver of a board and goal (its memo tables persist across requests)."""
    return Solver(geo, goal)
