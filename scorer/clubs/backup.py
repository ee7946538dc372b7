"""Backup and restore of clubs, beside the tables' (scorer/tables/backup.py) and the events'
(scorer/events/backup.py).

A club travels as one entry, ``{"club": {...}}``: the club's own fields (its public id, and what
the admin link is derived from: its version and key, so that on a server with the same
``SECRET_KEY`` the admin link keeps working), its members, its seasons, its counted and waiting
tables (``games``: each by the public id of its table, with its order of completion, the ratings
after it and its match), the stored ratings, and the events opened in the club (``events``, by
public id). Every row is written field by field (scorer/tables/backuprows.py). The admins' grants
are devices' rights, not the club's data, and are not exported: a device claims the club again
with its admin link.

A club is restored after the tables and events it names (``import_tables`` reads every table
and event first), in one transaction and as it was written: the ratings are not computed again.
One whose id exists already is skipped; one that names a table or an event not in the database,
or one another club holds, is refused by its path and stores nothing.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from operator import itemgetter

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.backup import MSG_NO_TABLE
from scorer.events.models import Event
from scorer.models import Game
from scorer.tables.backup import PUBLIC_ID
from scorer.tables.backuprows import Exported, entries_of, row_fields, row_from

from .models import Club, ClubEvent, ClubGame, ClubRating, Member, Season

MSG_NO_EVENT = gettext_noop("No event with this id in the database: restore the events first.")
MSG_TAKEN = gettext_noop("This belongs to another club already.")
MSG_NOT_WRITTEN = gettext_noop("Not a value okeycalc writes here.")


@dataclass(frozen=True, slots=True)
class RestoredClub:
    """One club read from a backup: the new row, or why it was skipped."""

    club: Club | None
    skipped: str = ""


# --- export ------------------------------------------------------------------------------------


def club_entry(club: Club) -> dict:
    """The backup entry of one club (see the module docstring). Rows are put in order here, not by
    the database, whose collation and place for NULL differ: every database writes the same text."""
    games = [
        row_fields(link) | {"table": link.game.public_id} for link in club.club_games.select_related("game")
    ]
    return {
        "club": row_fields(club)
        | {
            "members": sorted((row_fields(member) for member in club.members.all()), key=itemgetter("name")),
            "seasons": [row_fields(season) for season in club.seasons.order_by("pk")],
            "games": sorted(
                games, key=lambda row: (row["position"] is None, row["position"] or 0, row["table"])
            ),
            "ratings": sorted(
                (row_fields(rating) for rating in club.ratings.all()), key=itemgetter("player")
            ),
            "events": sorted(club.club_events.values_list("event__public_id", flat=True)),
        }
    }


def club_entries(*, indent: int | None = None) -> Iterator[Exported]:
    """Every club's entry, oldest first, each read on its own (like the tables')."""
    return entries_of(Club, club_entry, indent=indent)


# --- restore -----------------------------------------------------------------------------------


def is_club_entry(data: object) -> bool:
    return isinstance(data, Mapping) and set(data) == {"club"}


def club_restore(*, data: Mapping) -> RestoredClub:
    """Restore one club entry with its public id (skipped if present), in one transaction."""
    raw = data["club"]
    club = row_from(Club, raw, path="club")
    if not (isinstance(raw.get("public_id"), str) and PUBLIC_ID.fullmatch(raw["public_id"])):
        raise InvalidInput([FieldError("club.public_id", _(MSG_NOT_WRITTEN))])
    if Club.objects.filter(public_id=club.public_id).exists():
        return RestoredClub(None, skipped=_("A club with this id exists already."))
    with transaction.atomic():
        club.save()
        for model, key in ((Member, "members"), (Season, "seasons"), (ClubRating, "ratings")):
            model.objects.bulk_create(
                row_from(model, row, path=f"club.{key}[{k}]", club=club)
                for k, row in enumerate(_items(raw, key))
            )
        ClubGame.objects.bulk_create(
            _club_game(club, row, path=f"club.games[{k}]") for k, row in enumerate(_items(raw, "games"))
        )
        ClubEvent.objects.bulk_create(
            _club_event(club, public_id, path=f"club.events[{k}]")
            for k, public_id in enumerate(_items(raw, "events"))
        )
    return RestoredClub(club)


def _items(raw: Mapping, key: str) -> list:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise InvalidInput([FieldError(f"club.{key}", _(MSG_NOT_WRITTEN))])
    return value


def _by_public_id(model, public_id: object):
    if isinstance(public_id, str) and PUBLIC_ID.fullmatch(public_id):
        return model.objects.filter(public_id=public_id).first()
    return None


def _club_game(club: Club, row: object, *, path: str) -> ClubGame:
    """A table of the club: the restored table of that public id, held by no other club."""
    game = _by_public_id(Game, row.get("table") if isinstance(row, Mapping) else None)
    if game is None:
        raise InvalidInput([FieldError(f"{path}.table", _(MSG_NO_TABLE))])
    if ClubGame.objects.filter(game=game).exists():
        raise InvalidInput([FieldError(f"{path}.table", _(MSG_TAKEN))])
    return row_from(ClubGame, row, path=path, club=club, game=game)


def _club_event(club: Club, public_id: object, *, path: str) -> ClubEvent:
    event = _by_public_id(Event, public_id)
    if event is None:
        raise InvalidInput([FieldError(path, _(MSG_NO_EVENT))])
    if ClubEvent.objects.filter(event=event).exists():
        raise InvalidInput([FieldError(path, _(MSG_TAKEN))])
    return ClubEvent(club=club, event=event)
