"""Each step checked apart from the code that found it: a solver holding only its units and premises."""


from __future__ import annotations

from collections.abc import Sequence

from ...backends import Backend, Deadline, Session
from ...core.board import Constraint, Fact, Rules, cell_name
from ...core.results import TimeLimitReached
from ..techniques.base import NewCage
from .step import Step, over_whole_rules, part, unit_name

GUARDED_CONFLICTS = 2_000  # a variant's step is checked in a session of its own parts past this many conflicts


def verify_step(step: Step, rules: Rules, backend: Backend, parts: Session | None = None,
                deadline: Deadline | None = None, solution: Sequence[int] | None = None,
                whole: Session | None = None, givens: Sequence[Fact] | None = None) -> list[str]:
    """Why ``step`` does not follow from its premises and units alone (empty when it does).

    A fresh session of ``backend`` holds only the step's units (or ``parts``, a session of
    :meth:`~sudoku_cp.backends.Backend.parts_session`, with only their guards assumed: the same
    questions, one solver loaded once; for a step over a variant's constraints only up to
    :data:`GUARDED_CONFLICTS` conflicts a question, as its search there can take a thousand times
    longer than in a session of the step's parts alone: an arrow's step, 51 s against 0.04 s); the premises must hold together, and with them the
    negation of each conclusion fact must be impossible. A step that adds up a new cage (the 45
    rule, :class:`~sudoku_cp.tasks.techniques.base.NewCage`) has that sum added up again from the
    rules, and its session holds the sum too (a fresh one): a solver alone adds sums of units up
    only by a long search. Raises :class:`TimeLimitReached` when ``deadline`` ends a question.

    Given a ``solution`` of the whole rules (each cell's digit, checked by the caller), premises
    it holds do hold together: it is their witness, and the solver is not asked (on a hard killer
    that question was a search through most of the puzzle, nine tenths of a step's check). A step
    over every unit and constraint is asked of ``whole`` when given (a session of ``backend``
    holding the whole rules, no guards: a search step's check, in a third of the time).

    With ``givens`` (a count proved ``solution`` the only one of the rules with these facts), a step
    over every unit and constraint whose premises hold every given is checked against it, no solver
    asked: the whole rules with the premises have a solution only if it holds them, and then it is
    the only one, so a conclusion follows exactly when it holds it (the count's search is the proof;
    on Hailstone, a killer with no givens, the searches it replaces were 3 s of its run). Premises
    without some given are put to a solver like any other step's: the count says nothing of them.
    """
    n = rules.size

    def witnessed(facts: Sequence[Fact]) -> bool:  # ``solution`` holds each of ``facts``
        return solution is not None and all(
            solution[r * n + c] == d if d > 0 else solution[r * n + c] != -d for r, c, d in facts)

    problems = [p for cage in step.new_cages for p in new_cage_problems(cage, rules)]
    if (givens is not None and solution is not None and over_whole_rules(step, rules)
            and set(givens) <= set(step.premises)):
        if not witnessed(step.premises):
            return ["its premises cannot hold together"]
        return [f"{cell_name(r, c)} {'=' if d > 0 else '!='} {abs(d)} does not follow"
                for r, c, d in step.conclusion if not witnessed([(r, c, d)])]
    held: Rules | None = None  # (the step's parts as rules, made when a session of their own is wanted)
    if step.new_cages:
        parts = None
        held = part(rules, step.constraints)
        held = Rules(held.shape, held.units, held.constraints + tuple(
            Constraint("little-killer", len(held.constraints) + j, cage.cells, cage.total, ((-1, -1), "sum"))
            for j, cage in enumerate(step.new_cages)), name="part")  # a sum, digits may repeat
    end = deadline or Deadline(None)
    if whole is not None and over_whole_rules(step, rules):
        return problems + (_answers(step, whole, [], end, None, witnessed(step.premises)) or [])
    if parts is not None:  # (a variant's step: a guarded session's search can take a thousand times longer than a
        # session of the step's own parts, an arrow's 51 s against 0.04 s; past a short bound, asked there)
        found = _answers(step, parts, parts.guards(step.constraints), end,
                         GUARDED_CONFLICTS if any(k >= len(rules.units) for k in step.constraints) else None,
                         witnessed(step.premises))
        if found is not None:
            return problems + found
    with backend.session(held if held is not None else part(rules, step.constraints), stats=False) as session:
        return problems + (_answers(step, session, [], end, None, witnessed(step.premises)) or [])


def _answers(step: Step, session: Session, guards: list, deadline: Deadline, budget: int | None,
             witnessed: bool) -> list[str] | None:
    """:func:`verify_step`'s questions to ``session`` (``guards`` assumed): the premises hold together
    (unless ``witnessed``), and each conclusion fact's negation cannot hold with them; None when a
    question is not settled within ``budget`` conflicts."""
    def holds(facts: list[Fact]) -> bool | None:
        answer = session.solve(facts, deadline, budget, guards=guards)
        if answer is None and deadline.expired():
            raise TimeLimitReached("the time limit ended a step's check")
        return answer

    problems = []
    if not witnessed:
        answer = holds(step.premises)
        if answer is None:
            return None
        if not answer:
            problems.append("its premises cannot hold together")
    for r, c, d in step.conclusion:
        answer = holds(step.premises + [(r, c, -d)])
        if answer is None:
            return None
        if answer:
            problems.append(f"{cell_name(r, c)} {'=' if d > 0 else '!='} {abs(d)} does not follow")
    return problems


def new_cage_problems(cage: NewCage, rules: Rules) -> list[str]:
    """Why ``cage``'s sum does not follow from the rules' units and cages it names (empty when it
    does): each unit of N cells holds N(N+1)/2, each killer cage its sum; added and taken away,
    they must cover the cage's cells once each and no other cell."""
    n, u = rules.size, len(rules.units)
    times: dict[tuple[int, int], int] = {}
    total = 0
    for sign, ks in ((1, cage.added), (-1, cage.taken)):
        for k in ks:
            rule = rules.constraints[k - u] if k >= u else None
            if rule is None and len(rules.units[k].cells) == n:
                cells, value = rules.units[k].cells, n * (n + 1) // 2
            elif rule is not None and rule.kind == "killer" and rule.value is not None:
                cells, value = rule.cells, rule.value
            else:
                return [f"{unit_name(rules, k)} has no known sum"]
            for cell in cells:
                times[cell] = times.get(cell, 0) + sign
            total += sign * value
    counted = {cell for cell, t in times.items() if t}
    if counted != set(cage.cells) or any(times[cell] != 1 for cell in cage.cells):
        return [f"the units and cages added up do not cover exactly {', '.join(cell_name(*c) for c in cage.cells)}"]
    if total != cage.total:
        return [f"they add up to {total}, not {cage.total}"]
    return []


