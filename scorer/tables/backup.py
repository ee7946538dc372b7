"""Backup and restore of tables, and the web's "import a table" (services; no HTTP here).

A table travels as an *entry*: ``{"table": {...}, "game": {...}}``. ``game`` is exactly the
HAND_FORMAT.md game document of the board's JSON export (``manage.py score`` scores it);
``table`` keeps what a restore needs beyond the scores: the public id (viewer links keep working)
and the join code, what the edit link is derived from (its version and per-table key, and a
pre-version-1 table's secret hash: on a server with the same ``SECRET_KEY`` the edit link keeps
working), the first dealer, whether it is an event's table (``in_event``), and for each hand its
position, dealer (as stored with it), timestamps, version (how often it was corrected), the
request id of the save that stored it and its history (``changes``: scorer/tables/backuprows.py
writes those rows); then the deleted hands (the board's undo list), the rematch (rövanş)
links to and from other tables, by public id, what the table is played for (``stake``, as
``Game.stake`` keeps it) and its own history (``fact_changes``: renames, first dealer, stake).
Who finished a hand and how is not written: the restore works it out from the hand, as every
save does. Devices and their grants are not
exported, nor which device made a change: a device claims the table again with its edit link.
An archive is one entry per line (JSON lines). A bare game document (the board's ``oyun.json``)
imports as a new table.

Every table is validated by the engine before anything is written, and written in one
transaction: a bad line stores nothing of that table. A rematch link is restored as soon as both
tables are present, whichever comes first in the archive.
"""

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput, score_game
from scorer.engine.errors import FieldError
from scorer.houses.played import ruleset_arguments
from scorer.models import PUBLIC_ID_PATTERN, Game, GameChange, Hand, HandChange
from scorer.tables import scores
from scorer.tables.backuprows import Exported, entries_of, row_fields, row_from
from scorer.tables.freshness import Change, changed
from scorer.tables.joincode import normalized
from scorer.tables.outcome import next_dealer
from scorer.tables.selectors import game_document
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_fields

ENTRY_KEYS = frozenset({"table", "game"})
PUBLIC_ID = re.compile(PUBLIC_ID_PATTERN)
HEX_32 = re.compile("[0-9a-f]{32}")
HEX_64 = re.compile("[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class Imported:
    """One table read from a backup: the new row, or why it was skipped."""

    game: Game | None
    secret: str | None = None
    """A new edit secret, when the table was imported as a new one."""
    skipped: str = ""


# --- export ------------------------------------------------------------------------------------


def _stamp(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def table_entry(game: Game) -> dict:
    """The backup entry of one table (see the module docstring)."""
    hands = list(game.hands.prefetch_related("changes"))
    live = [hand for hand in hands if hand.deleted_at is None]
    deleted = [hand for hand in hands if hand.deleted_at is not None]
    table = {
        "public_id": game.public_id,
        "code": game.code,
        "edit_secret_hash": game.edit_secret_hash,
        "secret_version": game.secret_version,
        "link_key": game.link_key,
        "first_dealer": game.first_dealer,
        "in_event": game.in_event,
        "house_code": game.house_code,
        "house_version": game.house_version,
        "version": game.version,
        "created_at": _stamp(game.created_at),
        "updated_at": _stamp(game.updated_at),
        "hands": [_hand_meta(hand) for hand in live],
        "deleted_hands": [_hand_meta(hand) | {"data": hand.data} for hand in deleted],
        "rematch_of": _public_id_of(Game.objects.filter(pk=game.rematch_of_id)),
        "rematch": _public_id_of(Game.objects.filter(rematch_of=game)),
        "stake": game.stake,
        "fact_changes": [row_fields(change, exclude=("device",)) for change in game.fact_changes.all()],
    }
    return {"table": table, "game": game_document(game, live)}


def _public_id_of(games) -> str | None:
    return games.values_list("public_id", flat=True).first()


def _hand_meta(hand: Hand) -> dict:
    return {
        "position": hand.position,
        "dealer": hand.dealer,
        "created_at": _stamp(hand.created_at),
        "updated_at": _stamp(hand.updated_at),
        "deleted_at": _stamp(hand.deleted_at),
        "version": hand.version,
        "request_id": hand.request_id,
        "changes": [row_fields(change) for change in hand.changes.all()],
    }


def export_entries(*, indent: int | None = None) -> Iterator[Exported]:
    """Every table's entry (what ``manage.py export_tables`` writes first)."""
    return entries_of(Game, table_entry, indent=indent)


# --- import ------------------------------------------------------------------------------------


@dataclass(slots=True)
class RestoreRun:
    """What one restore (one ``import_tables`` run) remembers from one entry to the next."""

    renamed: dict[str, Game] = field(default_factory=dict)
    """``--as-new``: the ids of tables imported as new → their copies, whose rematch links
    among themselves are kept."""
    awaited: set[tuple[str, str]] = field(default_factory=set)
    """Rematch links ``(earlier, later)`` an entry named whose other table had not come yet. Made
    when it comes, they leave the table restored before as its entry says (its version too)."""


def split_entry(data: object) -> tuple[dict | None, object]:
    """``(table, game)`` of a backup entry; a bare game document has no ``table``."""
    if isinstance(data, Mapping) and "game" in data and ENTRY_KEYS.issuperset(data):
        table = data.get("table")
        return (dict(table) if isinstance(table, Mapping) else None), data["game"]
    return None, data


def _validate(document: object) -> None:
    """The engine's own checks, and a table needs its planned number of hands.

    The engine takes a missing or ``null`` ``hands_planned`` as "any number of hands" (a series
    scored by the command); a table cannot be stored without one (NOT NULL).
    """
    if isinstance(document, Mapping) and document.get("hands_planned") is None:
        raise InvalidInput([FieldError("hands_planned", _("Required: the number of hands the table plays."))])
    score_game(document)


def game_import(*, document: object) -> tuple[Game, str]:
    """A game document (the board's JSON export) as a new table; returns it and its edit secret."""
    _validate(document)
    hands = document.get("hands", [])
    with transaction.atomic():
        game, secret = game_create(
            **ruleset_arguments(document["ruleset"]),
            options=dict(document.get("options") or {}),
            players=list(document["players"]),
            hands_planned=document["hands_planned"],
        )
        _add_hands(game, hands, [{} for _ in hands])
    return game, secret


@dataclass(frozen=True, slots=True)
class TableFields:
    """What a restore takes from an entry's ``table`` beyond the game document, checked."""

    public_id: str
    edit_secret_hash: str
    link_key: str | None
    rematch_of: str | None
    rematch: str | None


def _table_fields(table: Mapping) -> TableFields:
    """The identity of a restored table, refused by field when no URL or column could hold it."""
    errors = []

    def pick(field: str, pattern: re.Pattern | None, *, required: bool = False) -> str | None:
        value = table.get(field)
        if value is None or value == "":
            if required:
                errors.append(FieldError(f"table.{field}", _("Required.")))
            return None
        if isinstance(value, str) and pattern is not None and pattern.fullmatch(value):
            return value
        errors.append(FieldError(f"table.{field}", _("Not a value okeycalc writes here.")))
        return None

    fields = TableFields(
        public_id=pick("public_id", PUBLIC_ID, required=True) or "",
        edit_secret_hash=pick("edit_secret_hash", HEX_64) or "",
        link_key=pick("link_key", HEX_32),
        rematch_of=pick("rematch_of", PUBLIC_ID),
        rematch=pick("rematch", PUBLIC_ID),
    )
    if errors:
        raise InvalidInput(errors)
    return fields


def table_restore(*, table: Mapping, document: object, run: RestoreRun | None = None) -> Imported:
    """Restore one table of a backup with its public id and edit secret hash (skipped if present)."""
    run = run if run is not None else RestoreRun()
    _validate(document)
    fields = _table_fields(table)
    if Game.objects.filter(public_id=fields.public_id).exists():
        return Imported(None, skipped=_("A table with this id exists already."))
    hands = document.get("hands", [])
    metas = _metas(table.get("hands"), len(hands))
    with transaction.atomic():
        game = game_create(
            **ruleset_arguments(document["ruleset"], table.get("house_code", ""), table.get("house_version")),
            options=dict(document.get("options") or {}),
            players=list(document["players"]),
            hands_planned=document["hands_planned"],
            first_dealer=_first_dealer(table, len(document["players"])),
            in_event=table.get("in_event") is True,
            stake=table.get("stake"),
        )[0]
        game.public_id = fields.public_id
        game.code = _free_code(table.get("code")) or game.code
        game.edit_secret_hash = fields.edit_secret_hash
        game.secret_version = _count(table.get("secret_version"), game.secret_version, low=0)
        game.link_key = fields.link_key or game.link_key
        game.version = _count(table.get("version"), 1, low=1)
        game.created_at = _when(table.get("created_at")) or game.created_at
        game.updated_at = _when(table.get("updated_at")) or game.updated_at
        game.save()
        _add_hands(game, hands, metas)
        _add_deleted(game, table.get("deleted_hands"))
        _add_fact_changes(game, table.get("fact_changes"))
        _restore_links(game, fields, run)
    return Imported(game)


def _restore_links(game: Game, fields: TableFields, run: RestoreRun) -> None:
    """The rematch links the entry names: made now when the other table is present, else awaited."""
    previous = Game.objects.filter(public_id=fields.rematch_of).first() if fields.rematch_of else None
    rematch = Game.objects.filter(public_id=fields.rematch).first() if fields.rematch else None
    _link_rematches(
        game,
        previous,
        rematch,
        quiet={pair for pair in run.awaited if game.public_id in pair},
    )
    if fields.rematch_of and previous is None:
        run.awaited.add((fields.rematch_of, game.public_id))
    if fields.rematch and rematch is None:
        run.awaited.add((game.public_id, fields.rematch))


def _free_code(value: object) -> str | None:
    """The join code a backup carries, when it is one and no other table has it (a table
    restored from an older backup keeps the new code it was given)."""
    code = normalized(value) if isinstance(value, str) else None
    return code if code and not Game.objects.filter(code=code).exists() else None


def _link_rematches(
    game: Game, previous: Game | None, rematch: Game | None, *, quiet: set[tuple[str, str]] = frozenset()
) -> None:
    """Link a restored table to the table it is the rematch of, and to its own rematch, when
    that table is present and not linked to another one meanwhile. The other table gets a new
    version (its board now links the rematch) unless the link is one its own entry named (``quiet``)."""
    if previous is not None and not Game.objects.filter(rematch_of=previous).exists():
        Game.objects.filter(pk=game.pk).update(rematch_of=previous)
        game.rematch_of = previous
        if (previous.public_id, game.public_id) not in quiet:
            changed(Change.REMATCH, games=[previous])  # its board now links the rematch
    if rematch is not None and rematch.rematch_of_id is None and rematch.pk != game.pk:
        Game.objects.filter(pk=rematch.pk).update(rematch_of=game)
        rematch.rematch_of = game
        if (game.public_id, rematch.public_id) not in quiet:
            changed(Change.REMATCH, games=[rematch])


def _metas(value: object, count: int) -> list[dict]:
    metas = [dict(m) for m in value if isinstance(m, Mapping)] if isinstance(value, list) else []
    return metas if len(metas) == count else [{} for _ in range(count)]


def _first_dealer(table: Mapping, players: int) -> int:
    value = table.get("first_dealer", 0)
    return value if type(value) is int and 0 <= value < players else 0


MAX_COUNT = 2**31 - 1
"""The largest value of a PositiveIntegerField on every database."""


def _count(value: object, default: int, *, low: int) -> int:
    return value if type(value) is int and low <= value <= MAX_COUNT else default


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_datetime(value)
    except ValueError:
        return None


def _dealer(meta: Mapping, players: int, default: int) -> int:
    """The dealer stored with a hand in the backup; a backup written before hands stored their
    dealer (or a bare game document) has none: then the deal rotates on from the previous hand."""
    value = meta.get("dealer")
    return value if type(value) is int and 0 <= value < players else default


def _add_hands(game: Game, hands: list, metas: list[dict]) -> None:
    """Live hands in order; positions from the backup when they are increasing, else 1, 2, …"""
    positions = [meta.get("position") for meta in metas]
    valid = all(_count(p, 0, low=1) for p in positions) and positions == sorted(set(positions))
    rows, seats, last_dealer = [], len(game.players), None
    for k, (raw, meta) in enumerate(zip(hands, metas, strict=True)):
        fields = hand_fields(game=game, data=raw)
        last_dealer = _dealer(meta, seats, next_dealer(last_dealer, game.first_dealer, seats))
        now = timezone.now()
        rows.append(
            Hand(
                game=game,
                position=positions[k] if valid else k + 1,
                dealer=last_dealer,
                **fields,
                **_hand_counts(meta),
                created_at=_when(meta.get("created_at")) or now,
                updated_at=_when(meta.get("updated_at")) or now,
            )
        )
    Hand.objects.bulk_create(rows)
    scores.scores_refresh(game)
    stored = dict(game.hands.values_list("position", "pk"))
    for k, (row, meta) in enumerate(zip(rows, metas, strict=True)):
        _add_changes(stored[row.position], meta.get("changes"), path=f"table.hands[{k}]")


def _hand_counts(meta: Mapping) -> dict:
    """A hand's version and the request id of its save; a backup written before they were kept
    (or a bare game document) has neither: version 1, no request id."""
    request_id = meta.get("request_id")
    keep = isinstance(request_id, str) and len(request_id) <= REQUEST_ID_LENGTH and "\x00" not in request_id
    return {"version": _count(meta.get("version"), 1, low=1), "request_id": request_id if keep else ""}


REQUEST_ID_LENGTH = Hand._meta.get_field("request_id").max_length


def _add_changes(hand_id: int, changes: object, *, path: str) -> None:
    """A hand's history as its entry has it (none in a backup written before it was kept)."""
    if changes is None:
        return
    if not isinstance(changes, list):
        raise InvalidInput([FieldError(f"{path}.changes", _("Not a value okeycalc writes here."))])
    HandChange.objects.bulk_create(
        row_from(HandChange, change, path=f"{path}.changes[{j}]", hand_id=hand_id)
        for j, change in enumerate(changes)
    )


def _add_fact_changes(game: Game, changes: object) -> None:
    """The table's own history (renames, first dealer, stake), as the hands' is restored."""
    if changes is None:
        return
    if not isinstance(changes, list):
        raise InvalidInput([FieldError("table.fact_changes", _("Not a value okeycalc writes here."))])
    GameChange.objects.bulk_create(
        row_from(GameChange, change, path=f"table.fact_changes[{j}]", game_id=game.pk)
        for j, change in enumerate(changes)
    )


def _add_deleted(game: Game, deleted: object) -> None:
    """Deleted hands come back deleted (the board's undo list), when they are still valid."""
    if not isinstance(deleted, list):
        return
    taken = set(game.hands.values_list("position", flat=True))
    for index, item in enumerate(deleted):
        if (
            not isinstance(item, Mapping)
            or not _count(item.get("position"), 0, low=1)
            or item["position"] in taken
        ):
            continue
        try:
            fields = hand_fields(game=game, data=item.get("data"))
        except (InvalidInput, AttributeError, TypeError):
            continue
        hand = Hand.objects.create(
            game=game,
            position=item["position"],
            dealer=_dealer(item, len(game.players), _dealer_at(game, item["position"])),
            **fields,
            **_hand_counts(item),
            deleted_at=_when(item.get("deleted_at")) or timezone.now(),
            created_at=_when(item.get("created_at")) or timezone.now(),
            updated_at=_when(item.get("updated_at")) or timezone.now(),
        )
        _add_changes(hand.pk, item.get("changes"), path=f"table.deleted_hands[{index}]")
        taken.add(item["position"])


def _dealer_at(game: Game, position: int) -> int:
    """A deleted hand from an older backup: the dealer it would have where it lies."""
    before = game.hands.filter(deleted_at__isnull=True, position__lt=position).order_by("-position").first()
    return next_dealer(before.dealer if before else None, game.first_dealer, len(game.players))


def _old_id(table: Mapping, field: str) -> str:
    value = table.get(field)
    return value if isinstance(value, str) and PUBLIC_ID.fullmatch(value) else ""


def entry_import(*, data: object, as_new: bool = False, run: RestoreRun | None = None) -> Imported:
    """One backup entry or bare game document; ``as_new`` gives restored tables new ids and secrets.

    ``run`` (kept by the caller across one archive) lets the tables of the archive keep their
    rematch links among themselves, whatever their order (see :class:`RestoreRun`).
    """
    table, document = split_entry(data)
    if table is not None and not as_new:
        return table_restore(table=table, document=document, run=run)
    with transaction.atomic():
        game, secret = game_import(document=document)
        if table is not None and run is not None:
            if old := _old_id(table, "public_id"):
                run.renamed[old] = game
            previous, rematch = (run.renamed.get(_old_id(table, f)) for f in ("rematch_of", "rematch"))
            _link_rematches(game, previous, rematch)
    return Imported(game, secret)
