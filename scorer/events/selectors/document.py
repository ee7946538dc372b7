"""An event's rows and its event document (EVENT_FORMAT.md) built from them.

:func:`event_document` reads an event in a constant number of queries (entrants, rounds, tables
with their games, and all their hands at once), however many tables and hands it has; the rules
(:mod:`scorer.events.rules`) then score it like ``manage.py score_event`` does.
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max, Sum
from django.http import Http404

from scorer.engine import GameResult
from scorer.events.models import Entrant, Event, EventGame, EventTable, Round
from scorer.models import Game, Hand
from scorer.tables.scores import kept
from scorer.tables.selectors import game_result


def event_find(public_id: str) -> Event | None:
    # The club it was opened in, if any, comes in the same query: its pages name it.
    return Event.objects.filter(public_id=public_id).select_related("club_event__club").first()


def event_get(public_id: str) -> Event:
    event = event_find(public_id)
    if event is None:
        raise Http404("No such event")
    return event


@dataclass
class EventData:
    """An event's rows, read at once: what the document and the pages are built from."""

    event: Event
    entrants: list[Entrant]
    rounds: list[Round]
    tables: dict[int, list[EventTable]]
    """Round id → its tables in number order."""
    games: dict[int, list[EventGame]]
    """Event table id → its games (with ``game`` loaded) in match order."""
    hands: dict[int, list[Hand]] = field(default_factory=dict)
    """Game id → its live hands in order."""

    @property
    def by_id(self) -> dict[int, Entrant]:
        return {entrant.pk: entrant for entrant in self.entrants}


def event_data(event: Event, *, hand_data: bool = True) -> EventData:
    """Five queries: entrants, rounds, tables, games (with their Game), live hands (without their
    input unless ``hand_data``: what reads only the kept totals, :func:`lean_hands`)."""
    entrants = list(Entrant.objects.filter(event=event).order_by("position"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    tables: dict[int, list[EventTable]] = defaultdict(list)
    for table in EventTable.objects.filter(round__event=event).order_by("round__number", "number"):
        tables[table.round_id].append(table)
    games: dict[int, list[EventGame]] = defaultdict(list)
    game_ids = []
    links = (
        EventGame.objects.filter(table__round__event=event).select_related("game").order_by("table", "number")
    )
    for link in links:
        games[link.table_id].append(link)
        game_ids.append(link.game_id)
    hands: dict[int, list[Hand]] = defaultdict(list)
    if game_ids:
        rows = (
            Hand.objects.live()
            .filter(game__event_game__table__round__event=event)
            .order_by("game", "position")
        )
        fields = ("pk", "game_id", "position", "version", *(("data",) if hand_data else ()))
        for hand in rows.only(*fields):
            hands[hand.game_id].append(hand)
    return EventData(event, entrants, rounds, dict(tables), dict(games), dict(hands))


def entrant_document(entrant: Entrant, partners: bool):
    return {"name": entrant.name, "players": list(entrant.players)} if partners else entrant.name


def event_document(event: Event, data: EventData | None = None, *, known: frozenset = frozenset()) -> dict:
    """The event as an EVENT_FORMAT.md document: what the JSON export holds and the rules score.
    ``known``: the paths of games whose hands stand as empty placeholders, as many as they are
    (the rules take those games' kept totals: :func:`kept_games`; never exported)."""
    data = data or event_data(event)
    names = {entrant.pk: entrant.name for entrant in data.entrants}
    document: dict = {"name": event.name}
    if event.date:
        document["date"] = event.date.isoformat()
    document |= {
        "ruleset": event.ruleset_document,
        "options": dict(event.options),
        "hands_per_game": event.hands_per_game,
        "entrants": [entrant_document(e, event.partners) for e in data.entrants],
        "format": event.format_dict(),
        "seed": event.seed,
        "rounds": [],
    }
    for r, rnd in enumerate(data.rounds):
        tables = []
        for k, table in enumerate(data.tables.get(rnd.pk, [])):
            body: dict = {
                "seats": [names[pk] for pk in table.seats],
                "games": [
                    {
                        "hands": _hands(
                            data.hands.get(link.game_id, []), f"rounds[{r}].tables[{k}].games[{g}]" in known
                        )
                    }
                    for g, link in enumerate(data.games.get(table.pk, []))
                ],
            }
            if table.decided is not None:
                body["decided"] = [names[pk] for pk in table.decided]
            if table.closed:
                body["closed"] = True
            tables.append(body)
        document["rounds"].append({"tables": tables})
    withdrawn = [entrant.name for entrant in data.entrants if entrant.out]
    if withdrawn:
        document["withdrawn"] = withdrawn
    return document


def _hands(hands: list[Hand], placeholders: bool) -> list:
    return [{} for _hand in hands] if placeholders else [hand.data for hand in hands]


def lean_hands(data: EventData, known: dict[str, GameResult]) -> None:
    """Read the input of the hands of every game not in ``known`` (one query, when there are
    any), into ``data`` read without it."""
    games = {link.game_id for links in data.games.values() for link in links}
    kept = {link.game_id for path, link in _links_by_path(data) if path in known}
    missing = games - kept
    if not missing:
        return
    for game_id in missing:
        data.hands[game_id] = []
    for hand in Hand.objects.live().filter(game_id__in=missing).order_by("game", "position"):
        data.hands[hand.game_id].append(hand)


def _links_by_path(data: EventData):
    for r, rnd in enumerate(data.rounds):
        for k, table in enumerate(data.tables.get(rnd.pk, [])):
            for g, link in enumerate(data.games.get(table.pk, [])):
                yield f"rounds[{r}].tables[{k}].games[{g}]", link


def kept_games(data: EventData) -> dict[str, GameResult]:
    """The games whose every live hand has its totals kept with its table (scorer/tables/scores.py),
    by their path in the event document: the rules take their totals instead of scoring their
    hands again (a save changes one table's; the standings add them up)."""
    known = {}
    for path, link in _links_by_path(data):
        numbers = [kept(link.game, hand) for hand in data.hands.get(link.game_id, [])]
        if None not in numbers:
            known[path] = game_result(link.game, numbers)
    return known


def finish_undoable(event: Event) -> bool:
    """Finishing can be undone while no table of the event changed since (one query)."""
    if not event.finished or not event.finish_undo:
        return False
    at = datetime.datetime.fromisoformat(event.finish_undo["at"])
    return not Game.objects.filter(event_game__table__round__event=event, updated_at__gt=at).exists()


def event_stamp(event: Event) -> str:
    """Changes whenever the event or any hand of its tables changes (an ETag for pages that poll):
    one query over the event's games."""
    row = Event.objects.filter(pk=event.pk).aggregate(
        games=Sum("rounds__tables__games__game__version"), at=Max("rounds__tables__games__game__updated_at")
    )
    at = row["at"].timestamp() if row["at"] else 0
    return f"e{event.pk}-{event.version}-{row['games'] or 0}-{at:.6f}"
