"""Services of tournaments: the writes of the web app (create, seat, decide, close, finish, import)."""

import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scorer.documents import MSG_NESTED
from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events import push
from scorer.events.cards import cards_ensure
from scorer.events.corrections import seating_shifts
from scorer.events.models import Entrant, Event, EventGame, EventRecord, EventTable, Round, new_seed
from scorer.events.rules import score_event
from scorer.events.rules.document import parse_event
from scorer.events.selectors import event_data, event_document, event_standings, finish_undoable
from scorer.houses.played import HouseCopy, house_fields
from scorer.models import Game, Hand
from scorer.tables import push as table_push
from scorer.tables.outcome import next_dealer
from scorer.tables.services import game_create, hand_fields


def _invalid(path: str, message: str) -> InvalidInput:
    return InvalidInput([FieldError(path, message)])


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


def _record(
    event: Event, kind: str, *, device=None, round_number=None, table_number=None, entrants=(), note=""
):
    return EventRecord.objects.create(
        event=event,
        kind=kind,
        device=device,
        round_number=round_number,
        table_number=table_number,
        entrants=list(entrants),
        note=note[:200],
    )


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
    _record(event, EventRecord.CREATED, device=device)
    return event, event.link_secret


def _lock_event(event: Event) -> Event:
    """The event's row, locked until the transaction ends: one organizer change at a time."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1, updated_at=timezone.now())
    locked.version += 1
    event.version = locked.version
    push.event_changed(event)  # sent only if the transaction commits
    return locked


def _check_version(event: Event, version: int | None) -> None:
    if version is not None and version + 1 != event.version:
        raise _invalid(
            "version", _("The event was changed meanwhile (on another device). Look again and retry.")
        )


def _lock_games(game_ids) -> None:
    """Nobody can change these games any more: a new secret version revokes every edit grant and
    the old edit links (the organizer's rights on the event no longer open them either)."""
    game_ids = list(game_ids)
    Game.objects.filter(pk__in=game_ids).update(
        secret_version=F("secret_version") + 1, version=F("version") + 1, updated_at=timezone.now()
    )
    table_push.publish_games(game_ids)


def _lock_tables(tables) -> None:
    tables = [table for table in tables if not table.locked]
    if not tables:
        return
    EventTable.objects.filter(pk__in=[t.pk for t in tables]).update(locked=True)
    _lock_games(EventGame.objects.filter(table__in=tables).values_list("game_id", flat=True))


def _seat(event: Event, number: int, seating, entrants: list[Entrant], standings=()) -> Round:
    """Store a round's seating: its tables, each with a normal table (Game) for its first game.
    Seated by the standings, the round keeps the places it was seated from (``standings``): a
    correction in an earlier round that moves them is then shown to the organizer."""
    names = [entrant.name for entrant in entrants]
    repeats = [[[names[a], names[b]] for a, b in table] for table in seating.repeats]
    rnd = Round.objects.create(
        event=event,
        number=number,
        byes=[entrants[e].pk for e in seating.byes],
        repeats=repeats,
        method=seating.method,
        seated_from=[[row.entrant.pk, row.place] for row in standings]
        if seating.method == "standings"
        else [],
    )
    for k, seats in enumerate(seating.tables):
        table = EventTable.objects.create(round=rnd, number=k + 1, seats=[entrants[e].pk for e in seats])
        _open_game(event, table, [entrants[e] for e in seats], number=1)
    cards_ensure(event, len(seating.tables))
    return rnd


def _game_players(event: Event, seated: list[Entrant]) -> list[str]:
    """A table's players in turn order: with teams, team 1's first, team 2's first, team 1's second…"""
    if event.partners:
        first, second = (entrant.players for entrant in seated)
        return [first[0], second[0], first[1], second[1]]
    return [entrant.name for entrant in seated]


def _open_game(event: Event, table: EventTable, seated: list[Entrant], *, number: int, first_dealer: int = 0):
    game, _secret = game_create(
        ruleset=event.ruleset,
        house=event.house_copy,
        options=event.options,
        players=_game_players(event, seated),
        hands_planned=event.hands_per_game,
        first_dealer=first_dealer,
        in_event=True,
    )
    return EventGame.objects.create(table=table, number=number, game=game)


def _why_not_seated(view) -> InvalidInput:
    if view.errors:
        return InvalidInput(list(view.errors))
    if view.next_round_problem:
        return _invalid("rounds", view.next_round_problem)
    if view.complete:
        return _invalid("rounds", _("The event is complete: finish it to close every table."))
    return _invalid(
        "rounds", _("The next round starts once every table of this round is complete and every tie decided.")
    )


@transaction.atomic
def round_start(*, event: Event, device=None, version: int | None = None) -> Round:
    """Seat and open the next round: round 1 by the seeded draw, later points rounds by the
    standings, knockout rounds by drawing who advanced (scorer.events.rules). Every table gets a
    normal okeycalc table (Game) with the seats' players, partners opposite. In a knockout, the
    round before is locked (decision E12)."""
    locked = _lock_event(event)
    _check_version(locked, version)
    if locked.finished:
        raise _invalid("", _("The event is finished."))
    view = event_standings(locked, next_round=True)
    if view.next_round is None:
        raise _why_not_seated(view)
    data = view.data
    if locked.knockout and data.rounds:
        last = data.rounds[-1]
        _lock_tables(data.tables.get(last.pk, []))
        Round.objects.filter(pk=last.pk).update(status=Round.LOCKED)
    elif data.rounds:
        Round.objects.filter(pk=data.rounds[-1].pk).update(status=Round.DONE)
        _tell_boards(data, data.rounds[-1])
    number = len(data.rounds) + 1
    rnd = _seat(locked, number, view.next_round, data.entrants, view.standings)
    Event.objects.filter(pk=locked.pk).update(status=Event.RUNNING)
    event.status = Event.RUNNING
    _record(locked, EventRecord.ROUND, device=device, round_number=number)
    if rnd.byes:
        names = [e.name for e in data.entrants if e.pk in rnd.byes]
        _record(locked, EventRecord.BYE, device=device, round_number=number, entrants=names)
    return rnd


def _tell_boards(data, rnd: Round) -> None:
    """The boards of the round before show that the next round has started (and where the table
    card's holder goes now): a new version of each of its games, pushed to the open boards."""
    game_ids = [
        link.game_id for table in data.tables.get(rnd.pk, []) for link in data.games.get(table.pk, [])
    ]
    Game.objects.filter(pk__in=game_ids).update(version=F("version") + 1, updated_at=timezone.now())
    table_push.publish_games(game_ids)


def _current_round(data) -> Round | None:
    return data.rounds[-1] if data.rounds else None


def _table_of(data, table_id: int) -> EventTable:
    for tables in data.tables.values():
        for table in tables:
            if table.pk == table_id:
                return table
    raise _invalid("table", _("No such table in this event."))


def _writable(event: Event) -> None:
    if event.finished:
        raise _invalid("", _("The event is finished: nothing can change any more."))


@transaction.atomic
def round_reseat(*, event: Event, device=None, version: int | None = None, note: str = "") -> Round:
    """Seat the current round again (decision E11): only while none of its tables has a hand.
    Late arrivals and no-shows written down meanwhile are then taken into account, and so are
    corrections made since in the rounds before (``note`` says who they moved)."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    rnd = _current_round(data)
    if rnd is None:
        raise _invalid("rounds", _("No round is seated yet."))
    games = [link.game_id for table in data.tables.get(rnd.pk, []) for link in data.games.get(table.pk, [])]
    if any(data.hands.get(game) for game in games):
        raise _invalid("rounds", _("A hand has been entered in this round: its seating stands."))
    Game.objects.filter(pk__in=games).delete()
    rnd.delete()
    if len(data.rounds) > 1:  # the round before becomes the last again (a knockout's stays locked)
        before = data.rounds[-2]
        if before.status == Round.DONE:
            Round.objects.filter(pk=before.pk).update(status=Round.PLAYING)
    view = event_standings(locked, next_round=True)
    if view.next_round is None:
        raise _why_not_seated(view)
    again = _seat(locked, rnd.number, view.next_round, view.data.entrants, view.standings)
    _record(locked, EventRecord.RESEAT, device=device, round_number=rnd.number, note=note)
    return again


@transaction.atomic
def seating_keep(*, event: Event, round_number: int, device=None, version: int | None = None) -> Round:
    """Keep a round's seating although a correction since moved the standings it was seated from:
    the places as they stand now become the ones it is compared with, and who moved is written
    down."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    view = event_standings(locked, next_round=False)
    shift = next((s for s in seating_shifts(view) if s.round_number == round_number), None)
    if shift is None:
        raise _invalid("rounds", _("The standings this round was seated from have not changed."))
    rnd = next(r for r in view.data.rounds if r.number == round_number)
    Round.objects.filter(pk=rnd.pk).update(seated_from=[list(pair) for pair in shift.places])
    names = [move.name for move in shift.moves]
    _record(
        locked, EventRecord.KEEP, device=device, round_number=round_number, entrants=names, note=shift.note
    )
    return rnd


@transaction.atomic
def table_close(*, event: Event, table_id: int, note: str = "", device=None, version: int | None = None):
    """Close a table that cannot finish (decision E8): it counts with the hands it has, and
    nobody can change it any more."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    table = _table_of(data, table_id)
    if table.closed or table.locked:
        raise _invalid("table", _("This table is already closed."))
    EventTable.objects.filter(pk=table.pk).update(closed=True)
    _lock_tables([table])
    names = [entrant.name for entrant in data.entrants if entrant.pk in table.seats]
    rnd = next(r for r in data.rounds if r.pk == table.round_id)
    _record(
        locked, EventRecord.CLOSE, device=device, round_number=rnd.number, table_number=table.number,
        entrants=names, note=note,
    )  # fmt: skip
    return table


@transaction.atomic
def cut_decide(*, event: Event, table_id: int, chosen: list[int], note="", device=None, version=None):
    """Record who the organizer sends on from a tie at the cut (decision E6); the rules check
    that the choice settles the table's tie as the numbers stand."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    table = _table_of(data, table_id)
    rnd = next(r for r in data.rounds if r.pk == table.round_id)
    if rnd.status == Round.LOCKED:
        raise _invalid("table", _("The next round has started: who advanced stands."))
    if not all(pk in table.seats for pk in chosen):
        raise _invalid("decided", _("Not seated at this table."))
    table.decided = list(chosen)
    table.save(update_fields=["decided"])
    view = event_standings(locked, next_round=False)
    if view.errors:
        raise InvalidInput(list(view.errors))
    r = data.rounds.index(rnd)
    here = f"rounds[{r}].tables[{data.tables[rnd.pk].index(table)}].decided"
    mine = [error for error in view.stale_decisions if error.path.startswith(here)]
    if mine:  # the pages would count it as not made (E15): refused instead
        raise InvalidInput(mine)
    names = [entrant.name for entrant in data.entrants if entrant.pk in chosen]
    _record(
        locked, EventRecord.CUT, device=device, round_number=rnd.number, table_number=table.number,
        entrants=names, note=note,
    )  # fmt: skip
    return table


@transaction.atomic
def match_game_open(*, event: Event, table_id: int, device=None) -> EventGame:
    """Open the next game of a knockout match (the rematch of the one before, decision E7)."""
    from scorer.tables.services import game_rematch

    locked = _lock_event(event)
    _writable(locked)
    data = event_data(locked)
    table = _table_of(data, table_id)
    links = data.games.get(table.pk, [])
    if not locked.knockout or table.closed or table.locked or len(links) >= locked.games_per_match:
        raise _invalid("table", _("This table plays no further game."))
    game, _created = game_rematch(game=links[-1].game)
    return EventGame.objects.get(game=game)


def _entrant_document(name: str, players: list[str] | None, partners: bool):
    return {"name": name, "players": list(players or [])} if partners else name


@transaction.atomic
def entrant_add(*, event: Event, name: str, players=None, note="", device=None, version=None) -> Entrant:
    """A late arrival (decision E10): points events until their last round starts, knockouts
    only before their first round. It plays from the next round."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    played = len(data.rounds)
    if locked.knockout and played:
        raise _invalid("entrant", _("A knockout takes late arrivals only before its first round is seated."))
    if not locked.knockout and played >= (locked.rounds_planned or 0):
        raise _invalid("entrant", _("The last round has started: no more late arrivals."))
    document = event_document(locked, data)
    index = len(document["entrants"])
    document["entrants"].append(_entrant_document(name, players, locked.partners))
    try:
        parsed = parse_event(document)
    except InvalidInput as exc:
        mine = [e for e in exc.errors if e.path.startswith(f"entrants[{index}]") or e.path == "entrants"]
        raise InvalidInput(
            [FieldError(e.path.replace(f"entrants[{index}]", "entrant"), e.message) for e in mine]
        ) from None
    added = parsed.entrants[index]
    position = (data.entrants[-1].position + 1) if data.entrants else 0
    entrant = Entrant.objects.create(
        event=locked,
        position=position,
        name=added.name,
        players=list(added.players),
        status=Entrant.LATE,
        status_round=played + 1,
        note=note[:200],
    )
    _record(
        locked, EventRecord.LATE, device=device, round_number=played + 1, entrants=[entrant.name], note=note
    )
    return entrant


@transaction.atomic
def entrant_withdraw(
    *, event: Event, entrant_id: int, no_show: bool = False, note="", device=None, version=None
):
    """An entrant leaves (decision E9): seated in no later round; what it played still counts.
    A no-show never played at all."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    entrant = next((e for e in data.entrants if e.pk == entrant_id), None)
    if entrant is None:
        raise _invalid("entrant", _("Not an entrant of this event."))
    if entrant.out:
        raise _invalid("entrant", _("This entrant has already left the event."))
    seated = any(entrant.pk in table.seats for tables in data.tables.values() for table in tables)
    if no_show and seated:
        raise _invalid("entrant", _("This entrant has been seated: write it down as a withdrawal."))
    entrant.status = Entrant.NO_SHOW if no_show else Entrant.WITHDRAWN
    entrant.status_round = len(data.rounds)
    entrant.note = note[:200]
    entrant.save(update_fields=["status", "status_round", "note"])
    kind = EventRecord.NO_SHOW if no_show else EventRecord.WITHDRAW
    _record(
        locked, kind, device=device, round_number=len(data.rounds) or None, entrants=[entrant.name], note=note
    )
    return entrant


@transaction.atomic
def event_finish(*, event: Event, device=None, version=None) -> Event:
    """Finish the event (decision E12): every table is closed to any change; the standings stand.
    What it locks is kept (``Event.finish_undo``), so that :func:`event_unfinish` can undo it."""
    locked = _lock_event(event)
    _check_version(locked, version)
    _writable(locked)
    data = event_data(locked)
    tables = [table for tables in data.tables.values() for table in tables if not table.locked]
    _lock_tables(tables)
    undo = {
        "tables": [table.pk for table in tables],
        "rounds": [[rnd.pk, rnd.status] for rnd in data.rounds],
        "at": timezone.now().isoformat(),
    }
    Round.objects.filter(event=locked).update(status=Round.LOCKED)
    Event.objects.filter(pk=locked.pk).update(status=Event.FINISHED, finish_undo=undo)
    event.status, event.finish_undo = Event.FINISHED, undo
    _record(locked, EventRecord.FINISH, device=device, round_number=len(data.rounds) or None)
    return event


def _finished_games(event: Event) -> list[int]:
    return list(
        EventGame.objects.filter(table__pk__in=event.finish_undo.get("tables", [])).values_list(
            "game_id", flat=True
        )
    )


@transaction.atomic
def event_unfinish(*, event: Event, device=None, version=None) -> Event:
    """Undo finishing, while no table changed since: the tables it locked open again with their
    scorekeepers' links and rights as they were, and the rounds are as they were."""
    locked = _lock_event(event)
    _check_version(locked, version)
    if not finish_undoable(locked):
        raise _invalid("", _("Finishing can no longer be undone: a table has changed since."))
    undo = locked.finish_undo
    EventTable.objects.filter(pk__in=undo["tables"]).update(locked=False)
    game_ids = _finished_games(locked)
    Game.objects.filter(pk__in=game_ids).update(  # the links and grants of before count again
        secret_version=F("secret_version") - 1, version=F("version") + 1, updated_at=timezone.now()
    )
    table_push.publish_games(game_ids)
    for pk, status in undo["rounds"]:
        Round.objects.filter(pk=pk, event=locked).update(status=status)
    Event.objects.filter(pk=locked.pk).update(status=Event.RUNNING, finish_undo={})
    event.status, event.finish_undo = Event.RUNNING, {}
    rounds = len(undo["rounds"])
    _record(locked, EventRecord.UNFINISH, device=device, round_number=rounds or None)
    return event


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
                link = _open_game(event, row, seated, number=g + 1, first_dealer=dealer)
                game = link.game
                if previous is not None:
                    Game.objects.filter(pk=game.pk).update(rematch_of=previous)
                _import_hands(game, raw_game.get("hands", []))
                previous = game
            if row.locked:
                _lock_games([link.game_id for link in row.games.all()])
    if parsed.rounds:
        Event.objects.filter(pk=event.pk).update(status=Event.RUNNING)
        event.status = Event.RUNNING
    _record(event, EventRecord.IMPORTED, device=device)
    return event, event.link_secret


def _import_hands(game: Game, hands: list) -> None:
    """An imported game's hands, stored as a save stores them: the input, who finished and how,
    and who dealt (the deal rotating on from the game's first dealer)."""
    rows, dealer = [], None
    for k, hand in enumerate(hands):
        dealer = next_dealer(dealer, game.first_dealer, len(game.players))
        rows.append(Hand(game=game, position=k + 1, dealer=dealer, **hand_fields(game=game, data=hand)))
    Hand.objects.bulk_create(rows)


def link_rotation_record(*, event: Event, device=None) -> None:
    """Write down that the organizer made a new organizer link (the old one no longer works)."""
    _record(event, EventRecord.LINK, device=device)


def card_replace_record(*, event: Event, number: int, device=None) -> None:
    """Write down that table ``number`` has a new card (the old one no longer opens it)."""
    _record(event, EventRecord.CARD, device=device, table_number=number)
