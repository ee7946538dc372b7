"""Every open page follows every change (scorer/tables/freshness.py): for each change a write can
name and each kind of page ``STALE`` says it makes stale, the page's ETag moves, its stream's
topic is published when the change commits, and its poll with the ETag it showed before gets the
part a fresh load of the page shows now (never 204, "unchanged").

The pages: a table's board, the board of the rematch after it (its series tally), an event's
standings, its venue display and its organizer page, a club's venue display, its own page and a
member's page. The changes: every ``Change``; and every kind of a club's change, on the club's pages
as a visitor and as an admin sees them.
"""

import re
from dataclasses import dataclass
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorer.clubs.models import Club
from scorer.clubs.services import (
    club_create,
    club_event_create,
    club_table_create,
    club_table_join,
    member_add,
    member_visibility_set,
    season_create,
)
from scorer.engine.settlement import Stake
from scorer.events.models import Event
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import table_close
from scorer.events.timer import START, timer_change
from scorer.models import Device, Game
from scorer.platform.push import changes
from scorer.tables.freshness import STALE, Change, Page
from scorer.tables.services.facts import game_facts_set
from scorer.tables.services.games import game_plan, game_rematch, plan_choices
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from scorer.tables.services.links import game_link_rotate
from tests.support.eventdb import new_event
from tests.support.factories import NAMES, finisher, new_table

pytestmark = pytest.mark.django_db


@dataclass
class World:
    """``game``: a finished table whose rematch (``rematch``) is open, its last hand deleted since
    (so it has room for a new hand and a hand to bring back); ``lone``: a finished table without a
    rematch; ``event``: a points event whose one table plays ``event_game``, two hands in, one
    deleted. Only the plain tables, or only the event, are made: a change is made at one."""

    game: Game | None = None
    rematch: Game | None = None
    lone: Game | None = None
    event: Event | None = None
    event_secret: str = ""
    event_game: Game | None = None
    club: Club | None = None
    club_game: Game | None = None


def plain_world() -> World:
    game, _ = new_table(hands=[finisher(0), finisher(0), finisher(1)])
    rematch, _ = game_rematch(game=game)
    hand_delete(hand=game.hands.get(position=3))
    lone, _ = new_table("loca", hands=[finisher(0), finisher(1), finisher(2)])
    return World(game=game, rematch=rematch, lone=lone)


def event_world() -> World:
    event, secret = new_event(4, hands=4, rounds=1)
    round_start(event=event)
    event_game = event.rounds.get().tables.get().games.get().game
    for seat in range(3):
        hand_record(game=event_game, data=finisher(seat))
    hand_delete(hand=event_game.hands.get(position=3))
    return World(event=event, event_secret=secret, event_game=event_game)


def club_world() -> World:
    """A club of four members and a table of one hand opened in it."""
    club = club_create(name="Kahve", ruleset="kerizim", options={}, members=list(NAMES))
    game, _secret = club_table_create(
        club=club, ruleset="kerizim", options={}, players=list(NAMES), hands_planned=1
    )
    return World(club=club, club_game=game)


# --- the changes: what each does, and to which table --------------------------------------------


def _hand(world: World, table: str) -> Game:
    return Game.objects.get(pk=getattr(world, table).pk)


def hand_new(world, table):
    hand_record(game=_hand(world, table), data=finisher(3))


def hand_correct(world, table):
    hand = _hand(world, table).hands.get(position=1)
    hand_update(hand=hand, data=finisher(2, points=77), version=hand.version)


def hand_remove(world, table):
    hand_delete(hand=_hand(world, table).hands.get(position=1))


def hand_back(world, table):
    hand_restore(hand=_hand(world, table).hands.get(position=3))


def facts(world, table):
    game = _hand(world, table)
    names = ["Ayla", *NAMES[1:]]
    game_facts_set(game=game, names=names, first_dealer=2, stake=Stake(1000), seen_changes=0)


def plan(world, table):
    game = _hand(world, table)
    more = next(n for n in plan_choices(game, 3) if n > game.hands_planned)
    game_plan(game=game, hands_planned=more, version=game.version)


def rematch(world, table):
    game_rematch(game=_hand(world, table))


def edit_link(world, table):
    device = Device.objects.create(token_hash="f" * 64)
    game_link_rotate(game=_hand(world, table), device=device)


def event_tables(world, table):
    table_close(event=world.event, table_id=world.event.rounds.get().tables.get().pk)


def event_change(world, table):
    timer_change(event=world.event, action=START, minutes=30)


def club_game_counted(world, table):
    """The club's table completes: the game counts and the ratings move (scorer/clubs/handlers.py)."""
    hand_record(game=world.club_game, data=finisher(0))


APPLY = {
    Change.HAND_NEW: (hand_new, "game", "event_game"),
    Change.HAND_CORRECT: (hand_correct, "game", "event_game"),
    Change.HAND_DELETE: (hand_remove, "game", "event_game"),
    Change.HAND_RESTORE: (hand_back, "game", "event_game"),
    Change.FACTS: (facts, "game", None),  # an event's table keeps the organizer's seating
    Change.PLAN: (plan, "lone", None),  # an event's table plays the event's number of hands
    Change.REMATCH: (rematch, "lone", None),  # an event's match opens its next game this way too
    Change.EDIT_LINK: (edit_link, "game", None),
    Change.EVENT_TABLES: (event_tables, "event_game", "event_game"),
    Change.EVENT: (event_change, None, "event_game"),
    Change.CLUB: (club_game_counted, None, "club"),
}
"""Each change: how it is made, and at which table (``None``: not at a plain table, not at an
event's; the pages of the other kind are then walked)."""


# --- the pages: where each shows its ETag, and its poll -------------------------------------------


@dataclass(frozen=True)
class Shown:
    page: str
    """The page's address."""
    poll: str | None
    """Its live part's polling address, without the ETag (``None``: it has no ETag to poll with)."""
    topic: str


def board(game: Game) -> Shown:
    public_id = game.public_id
    return Shown(
        reverse("scorer:game_board", args=[public_id]),
        reverse("scorer:board_live", args=[public_id]) + "?v=",
        f"table:{game.pk}",
    )


def pages(world: World, page: Page, table: str) -> list[tuple[str, Shown, bool]]:
    """``(name, page, as organizer)`` of each page of kind ``page`` a change at ``table`` shows on."""
    if page is Page.CLUB:
        return [(name, shown, False) for name, shown in club_pages(world.club)]
    game = _hand(world, table)
    if page is Page.BOARD:
        return [("board", board(game), False)]
    if page is Page.SERIES:
        later = Game.objects.filter(rematch_of=game).first()
        return [("rematch board", board(later), False)] if later is not None else []
    if table != "event_game":
        return []
    event = world.event.public_id
    topic = f"event:{world.event.pk}"
    return [
        (
            "standings",
            Shown(
                reverse("scorer:event_standings", args=[event]),
                reverse("scorer:event_standings_live", args=[event]) + "?v=",
                topic,
            ),
            False,
        ),
        (
            "display",
            Shown(
                reverse("scorer:event_display", args=[event]),
                reverse("scorer:event_display_live", args=[event]) + "?v=",
                topic,
            ),
            False,
        ),
        ("organizer", Shown(reverse("scorer:event_organize", args=[event]), None, topic), True),
    ]


def club_pages(club: Club) -> list[tuple[str, Shown]]:
    """A club's pages that follow its changes: the venue display, the club page, the page of its
    first member (who plays the club's tables)."""
    public_id, topic = club.public_id, f"club:{club.pk}"
    member = club.members.get(name=NAMES[0])
    page = reverse("scorer:club", args=[public_id])
    member_page = reverse("scorer:club_member", args=[public_id, member.pk])
    return [
        ("club display", Shown(reverse("scorer:club_display", args=[public_id]), None, topic)),
        ("club page", Shown(page, page + "?v=", topic)),
        ("member page", Shown(member_page, member_page + "?v=", topic)),
    ]


ETAG = re.compile(r'data-etag="([^"]*)"')


def etag_of(html: str) -> str:
    return ETAG.search(html).group(1)


def cases():
    for change, (_apply, plain, at_event) in APPLY.items():
        for page in sorted(STALE[change]):
            for table in (plain, at_event):
                if table is None or (page is Page.EVENT and table != "event_game"):
                    continue  # an event's pages show its tables only
                if (page is Page.CLUB) != (table == "club"):
                    continue
                if page is not Page.SERIES or table == "game":  # the series here is the plain one
                    yield pytest.param(change, page, table, id=f"{change}-{page}-{table}")


def test_every_change_has_its_place_in_the_map_and_in_this_test():
    assert set(STALE) == set(Change) == set(APPLY)
    assert all(STALE[change] for change in Change), "a change that makes no page stale"


@pytest.mark.parametrize(("change", "page", "table"), list(cases()))
def test_a_change_reaches_every_page_it_makes_stale(
    change, page, table, monkeypatch, django_capture_on_commit_callbacks
):
    apply, _plain, _at_event = APPLY[change]
    world = {"event_game": event_world, "club": club_world}.get(table, plain_world)()
    watched = pages(world, page, table)
    assert watched, f"no {page} page shows the {table}"
    organizer = Client()
    if world.event is not None:
        claim = reverse("scorer:event_claim", args=[world.event.public_id, world.event_secret])
        assert organizer.get(claim).status_code == 302
    viewer = Client()
    before = {
        name: etag_of((organizer if as_org else viewer).get(shown.page).content.decode())
        for name, shown, as_org in watched
    }
    published: list[str] = []
    monkeypatch.setattr(changes, "send", published.extend)
    monkeypatch.setattr("scorer.platform.push.send", published.extend)

    with django_capture_on_commit_callbacks(execute=True):
        apply(world, table)

    for name, shown, as_org in watched:
        assert_caught_up(organizer if as_org else viewer, name, shown, before[name], published)


STAMP_MOVES = re.compile(r"""\bversion=(?:models\.)?F\(\s*["']version["']\s*\)\s*\+""")
"""A statement moving a row's version, the stamp of its pages."""
ALLOWED_STAMP_MOVES = {
    "scorer/tables/freshness.py",  # a table's boards
    "scorer/events/push.py",  # an event's pages, called by freshness
    "scorer/tables/services/hands.py",  # a hand's own version (a correction's guard), no page's stamp
}


def test_no_write_moves_a_pages_stamp_or_publishes_outside_freshness():
    """A write that moved a version itself could forget to publish it, or the pages it also makes
    stale (a rematch's tally): every write names its change to freshness instead."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    moving, publishing = [], []
    for path in sorted((root / "scorer").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if "/migrations/" in name:
            continue
        text = path.read_text(encoding="utf-8")
        if STAMP_MOVES.search(text) and name not in ALLOWED_STAMP_MOVES:
            moving.append(name)
        if re.search(r"\bpush\.(publish|send)\(", text) and name not in {
            "scorer/tables/push.py",
            "scorer/events/push.py",
            "scorer/clubs/push.py",
        }:
            publishing.append(name)
    assert moving == [] and publishing == []


# --- a club's changes, each kind, on its pages as a visitor and as an admin sees them --------------


def club_with_games(commits) -> tuple[Club, str, Game, Game]:
    """A club of five members (the fifth, Ece, plays nothing), a game that counts and a table
    opened in it whose one hand is not played yet; and the club's admin link."""
    club = club_create(name="Kahve", ruleset="kerizim", options={}, members=[*NAMES, "Ece"])
    counted, _secret = club_table_create(
        club=club, ruleset="kerizim", options={}, players=list(NAMES), hands_planned=1
    )
    with commits(execute=True):  # the club counts a game once its hand is committed
        hand_record(game=counted, data=finisher(0))
    counted.club_game.refresh_from_db()
    assert counted.club_game.position == 1
    open_table, _secret = club_table_create(
        club=club, ruleset="kerizim", options={}, players=list(NAMES), hands_planned=1
    )
    club.refresh_from_db()
    return club, club.link_secret, counted, open_table


def _counted_hand(counted: Game):
    return counted.hands.get(position=1)


CLUB_CHANGES = {
    "game-counted": lambda club, counted, table: hand_record(game=table, data=finisher(1)),
    "game-replayed": lambda club, counted, table: hand_update(
        hand=_counted_hand(counted), data=finisher(2, points=77), version=_counted_hand(counted).version
    ),
    "game-no-longer-counts": lambda club, counted, table: hand_delete(hand=_counted_hand(counted)),
    "member-added": lambda club, counted, table: member_add(club=club, name="Filiz"),
    "member-hidden": lambda club, counted, table: member_visibility_set(
        member=club.members.get(name="Bora"), hidden=True
    ),
    "season-added": lambda club, counted, table: season_create(
        club=club, name="Kış", starts=date(2020, 1, 1), ends=date(2099, 12, 31)
    ),
    "event-opened": lambda club, counted, table: club_event_create(
        club=club,
        name="Kupa",
        date=None,
        ruleset="loca",
        options={},
        hands_per_game=1,
        kind="points",
        entrants=[*NAMES, "Ece", "Filiz", "Gül", "Hale"],
        seed=1907,
        rounds=2,
    ),  # fmt: skip
    "table-joined": lambda club, counted, table: club_table_join(
        club=club, game=new_table("kerizim", hands_planned=1, hands=[finisher(3)])[0]
    ),
}
"""Every kind of ``Change.CLUB`` the services of scorer/clubs/services.py name: a game counted,
replayed or no longer counted and a table joined (``_store``), a member added or hidden, a season, an
event."""

CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


def _same_tokens(html: str) -> str:
    """An admin's part carries this response's CSRF token, masked anew each time."""
    return CSRF.sub(r'\1"', html).strip()


def assert_caught_up(client: Client, name: str, shown, before: str, published: list[str]) -> None:
    """After a change, the page ``shown`` (to ``client``) is what a reload shows: its ETag moved, its
    topic was published, its poll with the old ETag answers the fresh part and with the new one 204."""
    fresh = client.get(shown.page).content.decode()
    assert etag_of(fresh) != before, f"{name}: its ETag did not move"
    assert shown.topic in published, f"{name}: {shown.topic} was not published"
    if shown.poll is None:
        return
    polled = client.get(shown.poll + before, headers={"HX-Request": "true"})
    assert polled.status_code == 200, f"{name}: its poll answered {polled.status_code}"
    assert etag_of(polled.content.decode()) == etag_of(fresh)
    assert _same_tokens(polled.content.decode()) in _same_tokens(fresh), f"{name}: not the fresh part"
    again = client.get(shown.poll + etag_of(fresh), headers={"HX-Request": "true"})
    assert again.status_code == 204, f"{name}: the current ETag's poll answered {again.status_code}"


@pytest.mark.parametrize("admin", [False, True], ids=["visitor", "admin"])
@pytest.mark.parametrize("kind", list(CLUB_CHANGES))
def test_every_club_change_reaches_the_clubs_pages(
    kind, admin, monkeypatch, django_capture_on_commit_callbacks
):
    club, secret, counted, table = club_with_games(django_capture_on_commit_callbacks)
    client = Client()
    if admin:
        assert client.get(reverse("scorer:club_claim", args=[club.public_id, secret])).status_code == 302
    watched = club_pages(club)
    before = {name: etag_of(client.get(shown.page).content.decode()) for name, shown in watched}
    published: list[str] = []
    monkeypatch.setattr(changes, "send", published.extend)

    with django_capture_on_commit_callbacks(execute=True):
        CLUB_CHANGES[kind](Club.objects.get(pk=club.pk), counted, table)

    for name, shown in watched:
        assert_caught_up(client, name, shown, before[name], published)
