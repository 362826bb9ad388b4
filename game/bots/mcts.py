"""Monte Carlo tree search (UCT) over the game protocol, with MCTS-Solver and tree reuse.

Values are expected results in 0..1 (win 1, draw 0.5, loss 0). Players need not
alternate (Horizontal/Vertical lets a player move twice), so every node records who
moved into it and rewards are turned to that player's point of view.

MCTS-Solver: a finished game is a proved value; a node whose mover has a proved winning
reply is proved won; a node whose replies are all proved is proved at their best. Proved
nodes are never searched again and report "wins in N" / "loses in N".
"""
from __future__ import annotations

import math
import time
from typing import Callable

from game.core import Move, State
from game.bots.base import Bot, Evaluation, ProgressFn, advance


class Node:
    """One position in the tree, reached by `move` played by `player`."""

    __slots__ = ("state", "move", "parent", "player", "children", "untried", "held",
                 "n", "w", "proof", "depth")

    def __init__(self, state: State, move: Move | None, parent: "Node | None", player: int):
        self.state = state
        self.move = move
        self.parent = parent
        self.player = player          # who played `move` (the point of view of w and proof)
        self.children: list[Node] = []
        self.untried: list[Move] | None = None  # filled on the first visit
        self.held: list[Move] | None = None     # moves the policy set aside (see Policy.order)
        self.n = 0                    # visits
        self.w = 0.0                  # total reward for `player`
        self.proof: float | None = None  # proved result for `player` (1, 0.5, 0)
        self.depth = 0                # plies to the end of the game when proved


class Policy:
    """Per-game knowledge the search may use; this default is plain UCT's (random playouts).

    Subclasses (game.bots.policies) override what pays off in their game.
    """

    max_playout = 1000   # cut playouts after this many plies and evaluate
    solve_nodes = 0      # node budget of the endgame solver (0: off)
    solve_at = 24        # the solver tries a node when its visits reach this
    solver_share = 0.25  # at most this share of the thinking time goes to the solver
    solver_mobility = True  # the solver orders replies by the opponent's mobility
    root_share = 0.0     # share of the thinking time the solver may spend on the root first

    def begin(self, state: State):
        """Called as a search of `state` starts; returns the policy's point of view (or None).

        A policy may depend on who is searching; a tree grown under one point of view is
        not reused under another (one bot may play both seats).
        """
        return None

    def wants_root_solver(self, state: State) -> bool:
        """True if the solver should try the whole position before the search (root_share > 0)."""
        return self.root_share > 0

    def order(self, state: State, moves: list[Move], rng) -> list[Move]:
        """The order in which a new node's moves are expanded: the LAST is tried first.

        A policy may leave moves out; they are searched only if every move it kept is
        proved not to win (so a proof never rests on a move that was not looked at).
        """
        moves = list(moves)
        rng.shuffle(moves)
        return moves

    def playout_move(self, state: State, moves: list[Move], rng) -> Move:
        """The move a playout plays from `state` (default: uniformly random)."""
        return moves[int(rng.random() * len(moves))]

    def evaluate(self, state: State) -> float:
        """Player 0's expected result at a playout cut off before the end."""
        return 0.5

    def result(self, state: State) -> float:
        """Player 0's reward for a playout that reached the end (default: the plain result)."""
        return result0(state)

    def wants_solver(self, state: State) -> bool:
        """True if the endgame solver should try to settle this new node."""
        return False

    def rollout(self, state: State, rng) -> float | None:
        """Player 0's reward of a whole playout the policy plays itself, or None (ply by ply).

        A game can play its playouts on its own bitboards, far faster than a State per ply.
        """
        return None


def result0(state: State) -> float:
    """Player 0's result of a finished game."""
    w = state.winner
    return 0.5 if w is None else (1.0 if w == 0 else 0.0)


class MCTSBot(Bot):
    """UCT with an optional per-game policy, MCTS-Solver and reuse of the tree between moves."""

    name = "mcts"

    def __init__(self, seed: int | None = None, seconds: float | None = 1.0,
                 iterations: int | None = None, c: float = 1.0, policy: Policy | None = None,
                 solver: bool = True, reuse: bool = True, solver_factory: Callable | None = None,
                 swindle: float = 0.5):
        super().__init__(seed)
        if seconds is None and iterations is None:
            raise ValueError("give MCTS a budget: seconds, iterations or both")
        self.seconds = seconds
        self.iterations = iterations
        self.c = c
        self.policy = policy or Policy()
        self.use_solver = solver
        self.reuse = reuse
        self.swindle = swindle  # share of the time spent finding the best try in a lost position
        self.root: Node | None = None
        self.solver = solver_factory() if (solver_factory and self.policy.solve_nodes) else None
        self.stats = {"iterations": 0, "reused": 0, "solved": 0, "tries": 0}
        self._deadline: float | None = None  # the current search's end, for the solver too
        self._view = None  # the policy's point of view the kept tree was grown under
        self._t0 = 0.0
        self._solver_time = 0.0

    def reset(self) -> None:
        """Forget the tree kept from the previous move."""
        self.root = None

    # -- the tree -------------------------------------------------------------------------
    def _find_root(self, state: State) -> Node:
        """A node for `state`: from the previous tree when it is there, else a fresh one."""
        old = self.root
        if self.reuse and old is not None and old.state.cfg is state.cfg:
            key = state.key()
            frontier = [old]
            for _ in range(5):  # our move, their reply, maybe a request and its answer
                nxt = []
                for node in frontier:
                    if node.state.key() == key:
                        node.parent = None
                        if node.proof is not None and (node.untried or not node.children):
                            # Proved by the endgame solver, not by a child: let the search
                            # find the proving move itself (the solver's table makes it quick).
                            node.proof = None
                        self.stats["reused"] = node.n
                        return node
                    nxt.extend(node.children)
                frontier = nxt
        self.stats["reused"] = 0
        return Node(state, None, None, 1 - state.to_move)

    def _expand_moves(self, node: Node) -> None:
        """Fill a node's untried moves (and prove it if the game is over)."""
        state = node.state
        moves = state.legal_moves()
        if not moves:
            r0 = result0(state)
            node.proof = r0 if node.player == 0 else 1.0 - r0
            node.depth = 0
            node.untried = []
            return
        node.untried = self.policy.order(state, moves, self.rng) or list(moves)
        if len(node.untried) < len(moves):
            kept = {id(m) for m in node.untried}
            node.held = [m for m in moves if id(m) not in kept]

    def _try_solver(self, node: Node) -> None:
        """Let the endgame solver settle a well-visited node within its node budget."""
        state = node.state
        if not self.policy.wants_solver(state):
            return
        now = time.perf_counter()
        if self._solver_time > self.policy.solver_share * (now - self._t0):
            return  # keep most of the time for the search itself
        solver = self.solver
        if len(solver.table) > 1_000_000:
            solver.table.clear()  # bound the memory; it only speeds up later tries
        found = solver.try_solve(state, self.policy.solve_nodes, self._deadline)
        if found is not None:
            value, plies = found  # for the player to move
            node.proof = value if node.player == state.to_move else 1.0 - value
            node.depth = plies
            self.stats["solved"] += 1
            self._update_proof(node.parent)
        self._solver_time += time.perf_counter() - now

    def _solve_root(self, root: Node, deadline: float) -> None:
        """Try to prove the root won before searching; a proved win is played at once.

        A failed try still pays: the solver's table keeps what it settled, so the next
        move's try starts further on. A proved loss is left to the search (and `choose`
        then looks for the best try).
        """
        state = root.state
        found = self.solver.try_solve(state, None, deadline)
        if found is None or found[0] != 1.0:
            return
        move = self.solver.best_move(state)
        if move is None:
            return
        mover = state.to_move
        child = next((ch for ch in root.children if ch.move == move), None)
        if child is None:
            if root.untried and move in root.untried:
                root.untried.remove(move)
            child = Node(advance(state, move), move, root, mover)
            root.children.append(child)
        child.proof = 1.0  # for the mover, who played it
        child.depth = found[1] - 1
        self.stats["solved"] += 1
        self._update_proof(root)

    def _select_child(self, node: Node) -> Node:
        """The child with the best UCB score, skipping replies proved lost for the mover."""
        log_n = math.log(node.n)
        c = self.c
        skip_lost = self.use_solver  # without the solver a parent of lost replies is not proved
        best, best_score = None, -1.0
        for child in node.children:
            proof = child.proof
            if proof is not None:
                if proof == 0.0 and skip_lost:
                    continue
                mean = proof
            else:
                mean = child.w / child.n
            score = mean + c * math.sqrt(log_n / child.n)
            if score > best_score:
                best, best_score = child, score
        return best

    def _update_proof(self, node: Node) -> None:
        """Prove `node` and its ancestors from their children, as far as the proofs reach."""
        while node is not None and node.proof is None:
            mover = node.state.to_move
            children = node.children
            wins = [ch.depth for ch in children if ch.proof == 1.0]  # ch.player == mover
            if wins:
                value, depth = 1.0, min(wins)  # win as fast as possible
            elif node.untried or any(ch.proof is None for ch in children):
                return
            elif node.held:  # no kept move wins: the moves set aside must be searched too
                node.untried, node.held = node.held, None
                return
            else:
                value = max(ch.proof for ch in children)
                depth = max(ch.depth for ch in children if ch.proof == value)  # lose slowly
            node.proof = value if node.player == mover else 1.0 - value
            node.depth = depth + 1
            node = node.parent

    def _iterate(self, root: Node) -> None:
        """One selection, expansion, playout and backup."""
        node = root
        solve_at = self.policy.solve_at if self.solver is not None else -1
        # Selection: down through fully expanded, unproved nodes.
        while node.proof is None and not node.untried and node.children:
            if node.n == solve_at and node is not root:  # the root is proved through a move
                self._try_solver(node)
                if node.proof is not None:
                    break
            node = self._select_child(node)
        if node.proof is None:
            if node.untried is None:
                self._expand_moves(node)
            if node.proof is None and node.untried:
                move = node.untried.pop()
                child = Node(advance(node.state, move), move, node, node.state.to_move)
                node.children.append(child)
                node = child
                self._expand_moves(node)
        if node.proof is not None:
            r0 = node.proof if node.player == 0 else 1.0 - node.proof
            if self.use_solver:
                self._update_proof(node.parent)
        else:
            r0 = self._playout(node.state)
        # Backup.
        while node is not None:
            node.n += 1
            node.w += r0 if node.player == 0 else 1.0 - r0
            node = node.parent

    def _playout(self, state: State) -> float:
        """Play to the end (or the policy's cut-off) and return player 0's result."""
        policy = self.policy
        rng = self.rng
        fast = policy.rollout(state, rng)
        if fast is not None:
            return fast
        pick = policy.playout_move
        for _ in range(policy.max_playout):
            moves = state.legal_moves()
            if not moves:
                return policy.result(state)
            state = advance(state, pick(state, moves, rng))
        if state.is_over:
            return policy.result(state)
        return policy.evaluate(state)

    # -- the bot --------------------------------------------------------------------------
    def search(self, state: State, progress: ProgressFn = None) -> Node:
        """Grow the tree for `state` within the budget; returns its root."""
        if state.is_over:
            raise ValueError("the game is over: there is nothing to search")
        view = self.policy.begin(state)
        if view != self._view:
            self.root, self._view = None, view
        root = self._find_root(state)
        self.root = root
        if root.untried is None:
            self._expand_moves(root)
        seconds, iterations = self.seconds, self.iterations
        t0 = time.perf_counter()
        deadline = t0 + seconds if seconds is not None else None
        self._deadline = deadline
        self._t0 = t0
        self._solver_time = 0.0
        if (self.solver is not None and root.proof is None and deadline is not None
                and self.policy.wants_root_solver(state)):
            self._solve_root(root, min(deadline, t0 + self.policy.root_share * seconds))
        done = 0
        next_report = t0 + 0.05
        while True:
            if root.proof is not None and not self._needs_more(root):
                break
            self._iterate(root)
            done += 1
            if iterations is not None and done >= iterations:
                break
            now = time.perf_counter()  # every iteration: a solver call can take a while
            if deadline is not None and now >= deadline:
                break
            if done & 15 == 0:
                if progress is not None and now >= next_report:
                    next_report = now + 0.05
                    f_time = (now - t0) / seconds if seconds else 0.0
                    f_iter = done / iterations if iterations else 0.0
                    progress(min(1.0, max(f_time, f_iter)))
        self.stats["iterations"] = done
        if progress is not None:
            progress(1.0)
        return root

    @staticmethod
    def _needs_more(root: Node) -> bool:
        """A proved root is settled once every move is expanded or one proved move wins."""
        if root.proof is None:
            return True
        mover = root.state.to_move
        value = root.proof if root.player == mover else 1.0 - root.proof
        if value == 1.0:
            return False
        return bool(root.untried)

    def choose(self, state: State, progress: ProgressFn = None) -> Move:
        """The best move; in a position proved lost, the one most likely to be answered wrongly.

        Against perfect play every move of a lost position loses, but people and bots err:
        a second search without proofs finds the move whose replies, played out by the
        policy, most often go wrong for the opponent.
        """
        evals = self.analyse(state, progress)
        if not evals:
            raise ValueError("the game is over: there is no move to choose")
        best = evals[0]
        if (self.swindle and best.proof is not None and best.proof < 0 and len(evals) > 1
                and self.seconds):
            hope = MCTSBot(self.rng.randrange(1 << 30), seconds=self.seconds * self.swindle,
                           c=self.c, policy=self.policy, solver=False, reuse=False, swindle=0)
            best_try = hope.analyse(state)[0].move
            evals = sorted(evals, key=lambda e: e.move != best_try)  # the try first, still "loses in N"
            self.stats["tries"] += 1
        self.last_analysis = evals
        return evals[0].move

    def analyse(self, state: State, progress: ProgressFn = None) -> list[Evaluation]:
        """Every expanded move of the root, best first, valued for the player to move."""
        root = self.search(state, progress)
        return self._evaluations(root)

    @staticmethod
    def _evaluations(root: Node) -> list[Evaluation]:
        """The root's children as evaluations, best first (proofs before statistics)."""
        out = []
        for ch in root.children:
            if ch.proof is not None:
                value = ch.proof
                plies = ch.depth + 1
                proof = plies if value == 1.0 else (-plies if value == 0.0 else 0)
                out.append(Evaluation(ch.move, value, ch.n, proof))
            else:
                out.append(Evaluation(ch.move, ch.w / ch.n if ch.n else 0.5, ch.n, None))
        for move in root.untried or ():
            out.append(Evaluation(move, 0.5, 0, None))
        out.sort(key=_rank, reverse=True)
        return out


def _rank(e: Evaluation) -> tuple:
    """Sort key, best first: fastest proved win, then visits, then slowest proved loss."""
    if e.proof is not None and e.proof > 0:
        return (3, -e.proof, 0.0)
    if e.proof is not None and e.proof < 0:
        return (0, -e.proof, 0.0)
    if e.proof == 0:  # a proved draw ranks with the unproved moves, by its value
        return (1, e.visits, 0.5)
    return (1, e.visits, e.value)
