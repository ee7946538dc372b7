"""A new event: made from the create form's fields, or imported whole from its event document."""

import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from scorer.documents import MSG_NESTED
from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import Entrant, Event, EventRecord, EventTable, Round, new_seed
from scorer.events.rules import score_event
from scorer.events.rules.document import parse_event
from scorer.events.services.base import lock_games, open_game, record
from scorer.houses.played import HouseCopy, house_fields
from scorer.models import Game, Hand
from scorer.tables import scores
from scorer.tables.outcome import next_dealer
from scorer.tables.services.hands import hand_fields


def event_document_of(
    *,
    name: str,
    date: str | None,
    ruleset: str,
    options: dict,
    hands_per_game: int,
    kind: str,
    entrants: list,
    seed: int,
    rounds: int | None = None,
    placement_points: list[int] | None = None,
    advance: int | None = None,
    games_per_match: int | None = None,
    house: HouseCopy | None = None,
) -> dict:
    """The event document of a new event (no rounds yet), as the create form describes it."""
    fmt: dict = {"kind": kind}
    if kind == Event.POINTS:
        fmt["rounds"] = rounds
        if placement_points is not None:
            fmt["placement_points"] = list(placement_points)
    else:
        if advance is not None:
            fmt["advance"] = advance
        if games_per_match is not None:
            fmt["games_per_match"] = games_per_match
    document = {
        "name": name,
        "ruleset": ruleset if house is None else house.document,
        "options": options,
        "hands_per_game": hands_per_game,
        "entrants": entrants,
        "format": fmt,
        "seed": seed,
    }
    if date:
        document["date"] = date
    return document


def _event_from_parsed(parsed, *, device=None, house: HouseCopy | None = None) -> Event:
    """Store a validated event (scorer.events.rules.Event) and its entrants (no rounds); ``house``:
    the house rule set chosen in the app (an imported document's house has no code)."""
    fmt = parsed.format
    if house is None and parsed.house is not None:
        house = HouseCopy(dict(parsed.house), "", 0)
    event = Event.objects.create(
        **house_fields(house),
        name=parsed.name,
        date=datetime.date.fromisoformat(parsed.date) if parsed.date else None,
        ruleset=parsed.ruleset,
        options=dict(parsed.options),
        hands_per_game=parsed.hands_per_game,
        kind=fmt.kind.value,
        rounds_planned=fmt.rounds if not parsed.knockout else None,
        placement_points=list(fmt.placement_points),
        advance=fmt.advance,
        games_per_match=fmt.games_per_match,
        seed=parsed.seed,
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, position=k, name=entrant.name, players=list(entrant.players))
        for k, entrant in enumerate(parsed.entrants)
    )
    return event


@transaction.atomic
def event_create(*, device=None, seed: int | None = None, **fields) -> tuple[Event, str]:
    """Create an event from the create form's fields (see :func:`event_document_of`); returns it
    and its organizer link's secret. Raises InvalidInput naming the document's paths."""
    document = event_document_of(seed=new_seed() if seed is None else seed, **fields)
    parsed = parse_event(document)
    event = _event_from_parsed(parsed, device=device, house=fields.get("house"))
    record(event, EventRecord.CREATED, device=device)
    return event, event.link_secret


@transaction.atomic
def event_import(*, data: object, device=None) -> tuple[Event, str]:
    """Store an event document (EVENT_FORMAT.md) with its rounds, tables and every game's hands.

    Validated by the rules first, every error naming its path; nothing is stored unless all of
    it is valid. The imported rounds are open (playing) except that a knockout's earlier rounds
    are locked, as starting a round would have left them."""
    try:
        parsed = parse_event(data)
        result = score_event(data)
    except RecursionError:
        raise InvalidInput([FieldError("", _(MSG_NESTED))]) from None
    event = _event_from_parsed(parsed, device=device)
    entrants = list(Entrant.objects.filter(event=event).order_by("position"))
    for index in parsed.withdrawn:
        seated = any(index in rnd.seated for rnd in parsed.rounds)
        entrant = entrants[index]
        entrant.status = Entrant.WITHDRAWN if seated else Entrant.NO_SHOW
        entrant.status_round = len(parsed.rounds)
        entrant.save(update_fields=["status", "status_round"])
    raw_rounds = data.get("rounds", []) if isinstance(data, dict) else []
    last = len(parsed.rounds)
    for r, (rnd, raw) in enumerate(zip(parsed.rounds, raw_rounds, strict=True)):
        status = Round.PLAYING if r + 1 == last else (Round.LOCKED if parsed.knockout else Round.DONE)
        byes = [entrants[e].pk for e in result.rounds[r].byes]
        stored = Round.objects.create(event=event, number=r + 1, status=status, byes=byes, method="imported")
        for t, (table, raw_table) in enumerate(zip(rnd.tables, raw["tables"], strict=True)):
            seated = [entrants[e] for e in table.seats]
            row = EventTable.objects.create(
                round=stored,
                number=t + 1,
                seats=[e.pk for e in seated],
                decided=[entrants[e].pk for e in table.decided] if table.decided is not None else None,
                closed=table.closed,
                locked=table.closed or status == Round.LOCKED,
            )
            raw_games = raw_table.get("games", []) or [{"hands": []}]
            previous = None
            for g, raw_game in enumerate(raw_games):
                dealer = (
                    0
                    if previous is None
                    else (previous.first_dealer + previous.hands_planned) % len(previous.players)
                )
                link = open_game(event, row, seated, number=g + 1, first_dealer=dealer)
                game = link.game
                if previous is not None:
                    Game.objects.filter(pk=game.pk).update(rematch_of=previous)
                _import_hands(game, raw_game.get("hands", []))
                previous = game
            if row.locked:
                lock_games([link.game_id for link in row.games.all()])
    if parsed.rounds:
        Event.objects.filter(pk=event.pk).update(status=Event.RUNNING)
        event.status = Event.RUNNING
    record(event, EventRecord.IMPORTED, device=device)
    return event, event.link_secret


def _import_hands(game: Game, hands: list) -> None:
    """An imported game's hands, stored as a save stores them: the input, who finished and how,
    and who dealt (the deal rotating on from the game's first dealer)."""
    rows, dealer = [], None
    for k, hand in enumerate(hands):
        dealer = next_dealer(dealer, game.first_dealer, len(game.players))
        rows.append(Hand(game=game, position=k + 1, dealer=dealer, **hand_fields(game=game, data=hand)))
    Hand.objects.bulk_create(rows)
    scores.scores_refresh(game)
