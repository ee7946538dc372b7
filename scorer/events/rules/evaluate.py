"""The rounds in order: every table's result, byes, who advanced, and the checks that need them."""

from dataclasses import dataclass

from scorer.engine.errors import ErrorList
from scorer.engine.i18n import _

from .model import Event
from .tables import TableResult, table_result, tie_group


@dataclass(frozen=True, slots=True)
class RoundResult:
    tables: tuple[TableResult, ...]
    byes: tuple[int, ...]
    """Entrants still in the event but not seated: points, they sat out (nothing counts);
    knockout, they go on to the next round without playing."""
    final: bool = False
    """Knockout: one table seating everyone still in."""
    cut: int = 0
    """Knockout: how many of each table go on (1 at the final)."""

    @property
    def complete(self) -> bool:
        """Every table complete, and every tie at the cut decided."""
        return all(table.settled for table in self.tables)

    @property
    def advancing(self) -> tuple[int, ...]:
        """Knockout: who plays the next round, in entrants order."""
        return tuple(sorted({e for table in self.tables for e in table.advancing} | set(self.byes)))

    def table_of(self, entrant: int) -> TableResult | None:
        return next((table for table in self.tables if entrant in table.seats), None)


def evaluate(event: Event, errors: ErrorList) -> tuple[RoundResult, ...]:
    """Each round's result; adds the errors that only results reveal."""
    results: list[RoundResult] = []
    for r, rnd in enumerate(event.rounds):
        path = f"rounds[{r}]"
        if results and results[-1].final:
            errors.add(path, _("The final has been played: no round comes after it."))
        elif results and not results[-1].complete:
            errors.add(
                path,
                _(
                    "A round starts only after the one before it is complete (every table, every tie decided)."
                ),
            )
        allowed = eligible(event, results, r)
        if event.knockout and not (results and results[-1].final):
            check_advanced(rnd, allowed, path, errors)
        byes = tuple(e for e in sorted(allowed - rnd.seated) if not event.out_before(e, r))
        final = event.knockout and len(rnd.tables) == 1 and not byes
        cut = 1 if final else event.format.advance
        tables = tuple(table_result(table, event, cut=cut) for table in rnd.tables)
        for t, (table, result) in enumerate(zip(rnd.tables, tables, strict=True)):
            check_points_cover(event, len(table.seats), errors)
            if table.decided is not None:
                check_decision(event, table, result, cut, f"{path}.tables[{t}].decided", errors)
        results.append(RoundResult(tables, byes, final, cut if event.knockout else 0))
    return tuple(results)


def eligible(event: Event, results: list[RoundResult], r: int) -> frozenset[int]:
    """Who may sit in round ``r`` (0-based): knockout, the first round's entrants or who advanced;
    points, every entrant."""
    if not event.knockout or r == 0:
        return frozenset(range(len(event.entrants)))
    return frozenset(results[r - 1].advancing)


def check_advanced(rnd, allowed: frozenset[int], path: str, errors: ErrorList) -> None:
    for t, table in enumerate(rnd.tables):
        for k, seat in enumerate(table.seats):
            if seat not in allowed:
                errors.add(f"{path}.tables[{t}].seats[{k}]", _("This entrant did not advance to this round."))


def check_points_cover(event: Event, size: int, errors: ErrorList) -> None:
    points = event.format.placement_points
    if event.knockout or len(points) >= size:
        return
    message = _("A table of {size} needs {size} placement points.").format(size=size)
    if not any(e.path == "format.placement_points" for e in errors):
        errors.add("format.placement_points", message)


def check_decision(event: Event, table, result: TableResult, cut: int, path: str, errors: ErrorList) -> None:
    """A recorded decision must settle this table's tie at the cut, as the numbers stand."""
    if not event.knockout:
        errors.add(path, _("Only knockout tables have a decision at the cut."))
        return
    if not result.complete:
        errors.add(path, _("A decision waits until the table is complete."))
        return
    tie = tie_group(table, result, cut)
    if tie is None:
        errors.add(path, _("There is no tie at the cut at this table."))
        return
    group, spots = tie
    if len(table.decided) != spots:
        names = ", ".join(event.entrants[e].name for e in group)
        errors.add(path, _("Choose {n} of the tied entrants: {names}.").format(n=spots, names=names))
    else:
        for k, entrant in enumerate(table.decided):
            if entrant not in group:
                errors.add(f"{path}[{k}]", _("Not one of the tied entrants."))
