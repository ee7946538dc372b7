"""What the event's public pages show (the live standings and the venue display), shared by everyone.

Nobody needs rights to watch an event: its public id is enough, and what a viewer sees depends only
on the event (its stamp, :func:`scorer.events.selectors.document.event_stamp`, which changes with every hand
at any of its tables and every organizer change), the language, the page part and, on the display
without JavaScript, the server's page. So each part is rendered once per stamp and kept in the
one shared-part cache (scorer/platform/sharedpart.py: outage-safe, its keys hold a digest of the
templates).
"""

import math
from collections.abc import Callable
from typing import NamedTuple

from scorer.events.clock import timer_of
from scorer.events.rules.nextround import knockout_tables
from scorer.events.rules.standings import FINAL_PLACES
from scorer.events.selectors.standings import EventStandings, TableProgress
from scorer.platform import sharedpart

VERSION = 4
"""Bump when what the public pages show changes other than through their templates."""
TEMPLATES = ("scorer/events/standings.html", "scorer/events/display.html")
"""The public pages' templates: the key's digest covers them and every template they include."""

# The venue display without JavaScript: the server's pages, small enough for a 1920 × 1080 TV
# (with JavaScript, static/js/display.js measures the screen and pages to what really fits).
DISPLAY_TABLES_PER_PAGE = 5
DISPLAY_ROWS_PER_PAGE = 16
DISPLAY_SEATS_PER_PAGE = 48
"""The seating screen without JavaScript: 16 rows in each of 3 columns (static/css/events.css)."""
PODIUM_PLACES = 3
DISPLAY_BRACKET_ITEMS_PER_PAGE = 6
"""A knockout's bracket: round heads and table boxes (a box lists its four entrants)."""
DISPLAY_PAGE_SECONDS = 10
"""How long a page of the display shows (``?sn=`` changes it, from 3 to 60 seconds)."""


def table_data(table: TableProgress) -> dict:
    """One table's progress: "Masa 3 · El 7/11", the match game when a match has several."""
    return {
        "number": table.number,
        "board_id": table.current_game.game.public_id if table.current_game else None,
        "seats": list(table.seats),
        "complete": table.complete,
        "closed": table.closed,
        "game": max(table.game_number, 1),
        "games_per_match": table.games_per_match,
        "hands": table.hand_number,
        "hands_planned": table.hands_per_game,
        "hands_done": sum(table.hands),
        "hands_total": table.hands_per_game * table.games_per_match,
    }


TURKISH_ORDER = str.maketrans({"ç": "c\uffff", "ğ": "g\uffff", "ı": "h\uffff", "i": "i", "ö": "o\uffff",
                               "ş": "s\uffff", "ü": "u\uffff"})  # fmt: skip


def alphabetical(name: str) -> tuple[str, str]:
    """A name's place in the Turkish alphabet (c < ç < d, g < ğ < h, ı < i, o < ö, s < ş, u < ü)."""
    lowered = name.replace("I", "ı").replace("İ", "i").lower()
    return lowered.translate(TURKISH_ORDER), name


def seating_rows(tables: tuple[TableProgress, ...], partners: bool) -> list[dict]:
    """Every player of the round alphabetically, with their table and seat: seats are numbered
    1–4 counter-clockwise (the order of play) from the table's first dealer, so seat 1 deals first.
    With teams (eşli) each player shows with their team."""
    rows = []
    for table in tables:
        if table.closed:
            continue
        first = table.games[0].game.first_dealer if table.games else 0
        board = table.current_game.game.public_id if table.current_game else None
        size = len(table.players)
        for k, player in enumerate(table.players):
            seat = (k - first) % size + 1
            rows.append(
                {
                    "name": player,
                    "team": table.seats[k % 2] if partners and len(table.seats) == 2 else "",
                    "table": table.number,
                    "board_id": board,
                    "seat": seat,
                    "deals_first": seat == 1,
                    "search": fold(f"{player} {table.seats[k % 2] if partners else ''}"),
                }
            )
    rows.sort(key=lambda row: alphabetical(row["name"]))
    return rows


def seating_matches(rows: list[dict], query: str) -> list[dict]:
    """The seating rows whose player (or team) name holds ``query``, case and Turkish İ/ı aside."""
    wanted = fold(query.strip())
    return [row for row in rows if wanted in fold(f"{row['name']} {row['team']}")]


def fold(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def table_place(seat_rows, k: int) -> int | None:
    """The place of seat ``k`` at its complete table: by placement points, else by total (lower is
    better); equal seats share it. None until the table is complete."""
    mine = seat_rows[k]
    if mine[1] is None:
        return None
    if mine[2] is not None:
        return 1 + sum(1 for row in seat_rows if row[2] is not None and row[2] > mine[2])
    return 1 + sum(1 for row in seat_rows if row[1] is not None and row[1] < mine[1])


def entrant_data(scored: EventStandings, position: int) -> dict | None:
    """One entrant's page: their standing now, then every round they were seated in, with their
    table, opponents, total, points and place there, and each table's boards. None if no such
    entrant."""
    entrant = next((e for e in scored.data.entrants if e.position == position), None)
    if entrant is None:
        return None
    standing = next((row for row in page_data(scored)["standings"] if row["position"] == position), None)
    rounds = []
    for tables in scored.rounds:
        for table in tables:
            if entrant.name not in table.seats:
                continue
            k = table.seats.index(entrant.name)
            rows = table.seat_rows
            rounds.append(
                {
                    "round": table.round_number,
                    "table": table.number,
                    "others": [name for name in table.seats if name != entrant.name],
                    "complete": table.complete,
                    "closed": table.closed,
                    "total": rows[k][1],
                    "points": rows[k][2],
                    "place": table_place(rows, k),
                    "size": len(table.seats),
                    "boards": [link.game.public_id for link in table.games],
                }
            )
    return {"name": entrant.name, "players": entrant.players, "standing": standing, "rounds": rounds,
            "out": entrant.out}  # fmt: skip


def podium(standings: list[dict]) -> list[dict]:
    """The top three places (all who share one of them)."""
    return [row for row in standings if row["place"] <= PODIUM_PLACES]


def seat_mark(table: TableProgress, name: str, placed: dict[str, str]) -> str:
    """How an entrant left a knockout table: ``champion``, ``second``, ``third``, ``fourth``,
    ``advanced``, ``tied``, ``out``, or ``playing`` while the table is."""
    if not table.complete:
        return "playing"
    if name in table.tie_at_cut:
        return "tied"
    if name in table.advancing:
        return "champion" if table.final else "advanced"
    return placed.get(name, "out") if table.final else "out"


def bracket_data(scored: EventStandings) -> list[dict]:
    """A knockout's bracket: every round seated so far, its tables with each entrant's mark, then
    the rounds still to come as their numbers of tables (the plan the rounds are seated by)."""
    event = scored.event
    placed = {row.name: row.state for row in scored.standings if row.state in FINAL_PLACES.values()}
    rounds = []
    for r, tables in enumerate(scored.rounds):
        rows = []
        for table in tables:
            entrants = [{"name": name, "mark": seat_mark(table, name, placed)} for name in table.seats]
            rows.append(table_data(table) | {"entrants": entrants})
        final = bool(tables) and tables[0].final
        rounds.append({"number": r + 1, "final": final, "tables": rows, "byes": list(scored.byes[r])})
    if rounds and not rounds[-1]["final"]:
        going_on = event.advance * len(rounds[-1]["tables"]) + len(rounds[-1]["byes"])
        later, final = knockout_tables(going_on, teams=event.partners, advance=event.advance)
        for k, count in enumerate(later):
            last = final and k == len(later) - 1
            rounds.append(
                {"number": len(rounds) + 1, "final": last, "tables": [], "later": count, "byes": []}
            )
    return rounds


def page_data(scored: EventStandings) -> dict:
    """The public pages' data: a plain dict, so that a template never reaches into the database."""
    event = scored.event
    rounds = scored.result.rounds if scored.result else ()
    standings = [
        {
            "place": row.place,
            "shared": row.shared,
            "entrant": row.name,
            "position": row.entrant.position,
            "out": row.entrant.out,
            "points": row.points,
            "total": row.total,
            "games": row.games,
            "wins": row.wins,
            "round": row.round,
            "state": row.state,
            "final": bool(rounds) and rounds[-1].final and row.round == len(rounds),
        }
        for row in scored.standings
    ]
    tables = [table_data(table) for table in scored.current]
    seating = seating_rows(scored.current, event.partners) if not event.finished else []
    return {
        "public_id": event.public_id,
        "name": event.name,
        "kind": event.kind,
        "knockout": event.knockout,
        "partners": event.partners,
        "hands_per_game": event.hands_per_game,
        "rounds_planned": None if event.knockout else event.rounds_planned,
        "round": scored.round_number,
        "final_round": bool(rounds) and rounds[-1].final,
        # Over only when the organizer finishes it: until then a table can still be corrected.
        "complete": event.finished,
        "awaiting_finish": scored.complete and not event.finished,
        "errors": bool(scored.errors),
        "standings": standings,
        "shared_places": any(row["shared"] for row in standings),
        "tables": tables,
        "tables_done": scored.tables_done,
        "seating": seating,
        # Right after a round is seated the display shows where everyone sits, until a first hand
        # is entered (the seating can be redone until then, decision E11): by then all are seated.
        # The phones keep the list, with its search, for the whole round.
        "seating_screen": bool(seating) and not any(sum(t.hands) for t in scored.current),
        "podium": podium(standings) if event.finished else [],
        "bracket": bracket_data(scored) if event.knockout else [],
        "timer": timer_of(scored.data.rounds[-1]) if scored.data.rounds and not event.finished else None,
    }


def paged(items: list[dict], size: int) -> int:
    """Number the items' server pages (1-based, ``size`` a page); returns the number of pages."""
    for k, item in enumerate(items):
        item["page"] = k // size + 1
    return max(1, math.ceil(len(items) / size))


def display_pages(view: dict, page: int) -> dict:
    """The display's server pages (shown without JavaScript) for ``page`` (1-based, any number:
    each panel turns through its own pages)."""
    items = view["tables"]
    if view["bracket"]:  # a knockout's display shows its bracket in the tables' place
        items = [item for rnd in view["bracket"] for item in (rnd, *rnd["tables"])]
    table_pages = paged(items, DISPLAY_BRACKET_ITEMS_PER_PAGE if view["bracket"] else DISPLAY_TABLES_PER_PAGE)
    standing_pages = paged(view["standings"], DISPLAY_ROWS_PER_PAGE)
    seat_pages = paged(view["seating"], DISPLAY_SEATS_PER_PAGE)
    first = 1 if view["podium"] else 0  # at the end, the podium is the first page
    pages = seat_pages if view["seating_screen"] else first + max(table_pages, standing_pages)
    page = (page - 1) % pages + 1
    grid_page = max(page - first, 1)
    return {
        "page": page,
        "next_page": page % pages + 1,
        "podium_shown": bool(first) and page == 1,
        "seat_page": page,
        "seat_pages": seat_pages,
        "table_page": (grid_page - 1) % table_pages + 1,
        "table_pages": table_pages,
        "standing_page": (grid_page - 1) % standing_pages + 1,
        "standing_pages": standing_pages,
    }


class Part(NamedTuple):
    """A rendered public part, whether the event is over (nothing more to poll), the server page
    that follows it (the display without JavaScript), and the ETag it shows."""

    html: str
    complete: bool
    next_page: int = 1
    etag: str = ""


def public_part(
    stamp: str, language: str, part: str, render: Callable[[], Part], *, topic: str = ""
) -> tuple[Part, str]:
    """(part, key): the public ``part`` of this stamp through the one shared-part cache
    (scorer/platform/sharedpart.py), rendered by ``render`` on a miss. The streams of one process
    share one render per change (scorer/platform/push/topics.py); through this cache the app
    servers and the pages' first views share it too."""
    return sharedpart.shared_part(
        "event", stamp, language, "public", part, render, templates=TEMPLATES, revision=VERSION, topic=topic
    )
