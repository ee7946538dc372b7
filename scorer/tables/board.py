"""The scoreboard's view model: what the board, one hand's breakdown, the printed scoresheet and
the CSV export show, worked out from the selectors' ``Board`` (no request handling, no rendering).
"""

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.engine import clauses, get_ruleset
from scorer.engine.names import clean_name
from scorer.formkit.fields import CHOICE_LABELS
from scorer.models import Game, Hand, HandChange
from scorer.tables import guards, history, joincode, selectors, tablelog
from scorer.tables.addresses import hand_link, hand_url
from scorer.tables.charts import Chart, running_chart
from scorer.tables.forms.handfields import FINISH_WORDS
from scorer.tables.forms.plan import PlanForm
from scorer.tables.outcome import finish_kinds
from scorer.tables.selectors import Board, HandRow, Series
from scorer.tables.services.games import plan_choices
from scorer.tables.services.hands import MSG_RESTORE_FULL
from scorer.tables.stakes import series_balance, stake_of, stake_view
from scorer.templatetags.okey import score

FORMULA_TRIGGERS = "=+-@\t\r＝＋－＠"
"""What makes a spreadsheet read a cell as a formula (full-width forms too)."""
CSV_SEPARATORS = ",;\t|"
"""List separators a spreadsheet may split a line on (``;`` in Turkish Excel), quotes or not."""
_FORMULA_AFTER_SEPARATOR = re.compile(f"([{re.escape(CSV_SEPARATORS)}] *)(?=[{re.escape(FORMULA_TRIGGERS)}])")


# --- what the templates show -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the scoreboard: a player, or with partners also a team."""

    name: str
    total: int
    team: bool = False
    leader: bool = False
    winner: bool = False
    partners: tuple[str, ...] = ()
    """A team's two players (its header shows one line each)."""


def team_names(game: Game) -> list[str]:
    """Teams are seats 1 & 3 and 2 & 4."""
    p = game.players
    return [f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}"]


def ranked_names(game: Game) -> list[str]:
    """Who the totals, leaders and winners are about: teams with partners, else players."""
    return team_names(game) if game.partners else list(game.players)


def columns(board: Board) -> list[Column]:
    game, result = board.game, board.result
    leaders = set(board.leaders)
    winners = set(result.winners) if result else set()
    player_totals = result.totals if result else (0,) * len(game.players)
    own = not game.partners  # with partners, leaders and winners are teams
    cols = [
        Column(name, player_totals[i], leader=own and i in leaders, winner=own and i in winners)
        for i, name in enumerate(game.players)
    ]
    if game.partners:
        team_totals = result.team_totals if result else (0, 0)
        p = game.players
        cols += [
            Column(
                name,
                team_totals[t],
                team=True,
                leader=t in leaders,
                winner=t in winners,
                partners=(p[t], p[t + 2]),
            )
            for t, name in enumerate(team_names(game))
        ]
    return cols


def cells(row: HandRow, partners: bool) -> tuple[int, ...]:
    """A hand's totals in column order: players, then teams."""
    teams = row.numbers.teams if partners else ()
    return row.numbers.totals + teams


@dataclass(frozen=True, slots=True)
class Cell:
    """One score of the board: the hand's total and the column's running total after it."""

    value: int
    running: int
    column: Column


@dataclass(frozen=True, slots=True)
class Row:
    """One hand on the board; ``url`` opens it (the correction form for editors, else the breakdown)."""

    number: int
    position: int
    dealer: int
    dealer_name: str
    url: str
    cells: tuple[Cell, ...]
    finisher: int | None = None
    finisher_name: str = ""
    finish: tuple[str, ...] = ()
    """How the finisher went out, in words ("elden", "çift")."""
    history_url: str = ""
    """The hand's page at its history."""
    corrected: bool = False
    """Changed since it was entered (its version moved on)."""
    late: bool = False
    """Corrected after every planned hand had been played."""

    @property
    def shown(self) -> str:
        """Everything the board's row of this hand shows but the language and the role (which its
        kept part's key holds besides): a saved hand leaves the rows before it as they were, so
        the board renders only the new one (``{% sharedpart "board_row" … %}``, board.html)."""
        cells = ",".join(f"{c.value}/{c.running}/{c.column.team:d}" for c in self.cells)
        return (
            f"{self.number}|{self.position}|{self.url}|{self.history_url}|{cells}|{self.dealer}|"
            f"{self.dealer_name}|{self.finisher}|{self.finisher_name}|{'+'.join(self.finish)}|"
            f"{self.corrected:d}{self.late:d}"
        )


def finish_words(hand: Hand) -> tuple[str, ...]:
    return tuple(str(FINISH_WORDS[kind]) for kind in finish_kinds(hand.finish))


def finish_text(hand: Hand) -> str:
    """How the hand was finished as one cell: "elden + pairs", "plain", or "" when nobody finished."""
    if hand.finisher is None:
        return ""
    return " + ".join(finish_words(hand)) or pgettext("how a hand was finished", "plain")


def finisher_of(game: Game, hand: Hand) -> str:
    """The stored finisher's name ("" for a deck-out or a draw)."""
    seat = hand.finisher
    return game.players[seat] if seat is not None and seat < len(game.players) else ""


def board_rows(
    board: Board, cols: list[Column], order: Callable, link: Callable[[int, int], str]
) -> list[Row]:
    """The hands in board order, each cell with the running total of its column."""
    game = board.game
    detail = hand_link(game, "hand_detail")
    running = [0] * len(cols)
    rows = []
    for row in board.rows:
        values = order(cells(row, game.partners))
        running = [a + b for a, b in zip(running, values, strict=True)]
        rows.append(
            Row(
                number=row.number,
                position=row.hand.position,
                dealer=row.dealer,
                dealer_name=dealer_name(game, row.dealer),
                url=link(row.number, row.hand.position),
                cells=tuple(map(Cell, values, running, cols)),
                finisher=row.hand.finisher,
                finisher_name=finisher_of(game, row.hand),
                finish=finish_words(row.hand),
                history_url=f"{detail(row.number, row.hand.position)}#gecmis",
                corrected=row.hand.version > 1,
                late=bool(getattr(row.hand, "late_correction", False)),
            )
        )
    return rows


FIT_SIZES = (20, 18, 16, 14, 12)
"""Score font sizes (px) the board picks from: the largest whose widest number fits its column."""
BOLD = 1.1
"""The totals are extra bold: their digits are about 10 % wider."""
PHONE_SCORE_WIDTH = 297
"""Width (px) left for the score columns on a 375 px phone: minus the page margins and hand column."""


def fit_class(cols: list[Column], rows: list[Row]) -> str:
    """The board's size class: the widest number, at about 0.64 em a character (minus sign
    included), must fit its column with 8 px of padding, so that nothing scrolls sideways."""
    numbers = [x for row in rows for cell in row.cells for x in (cell.value, cell.running)]
    widest = max([len(score(n)) for n in numbers] + [len(score(c.total)) * BOLD for c in cols])
    room = PHONE_SCORE_WIDTH / max(len(cols), 1) - 8
    size = next((px for px in FIT_SIZES if widest * px * 0.64 <= room), FIT_SIZES[-1])
    return f"board-fit-{size}"


def chart_of(board: Board) -> Chart | None:
    if not board.rows:
        return None
    return running_chart(ranked_names(board.game), [row.running for row in board.rows])


def option_lines(game: Game) -> list[tuple[str, str]]:
    """The table's options other than partners (shown as tekli/eşli) as (label, value) pairs."""
    lines = []
    for spec in get_ruleset(game.ruleset).options:
        if spec.name == "partners":
            continue
        value = game.options.get(spec.name, spec.default)
        if spec.kind == "bool":
            shown = _("Yes") if value else _("No")
        else:
            shown = str(CHOICE_LABELS.get(value, value))
        lines.append((_(spec.label), shown))
    return lines


def dealer_name(game: Game, seat: int) -> str:
    return game.players[seat] if seat < len(game.players) else ""


def viewer_url(request: HttpRequest, game: Game) -> str:
    """The read-only board's full address (the share panel and the viewers' QR code)."""
    return request.build_absolute_uri(reverse("scorer:game_board", args=[game.public_id]))


def teams_first(values: list, game: Game) -> list:
    """With partners the board shows the teams before the players: what decides the game stays
    on a phone's screen without scrolling sideways."""
    n = len(game.players)
    return [*values[n:], *values[:n]] if game.partners else list(values)


def linked_rematch(game: Game) -> Game | None:
    """The rematch (rövanş) opened from this table, if any (``selectors.game_for_board`` loads it)."""
    try:
        return game.rematch
    except Game.rematch.RelatedObjectDoesNotExist:
        return None


def is_final(board: Board, rematch: Game | None) -> bool:
    """Nothing more will change what the viewers need: every planned hand is played and the rematch,
    which the finished board links, is open. The live board stops polling then."""
    return board.complete and rematch is not None


@dataclass(frozen=True, slots=True)
class SeriesLine:
    """One player (or team) in the series tally: games won, points across the chain and, when its
    games were played for something, where they stand after the settled ones (else None)."""

    name: str
    wins: int
    total: int
    leader: bool
    balance: int | None = None


@dataclass(frozen=True, slots=True)
class SeriesTally:
    games: int
    finished: int
    lines: tuple[SeriesLine, ...]
    unit: str = ""
    """The unit of this table's stake, for the balance."""

    @property
    def played_for(self) -> bool:
        return any(line.balance is not None for line in self.lines)


def series_tally(game: Game, series: Series | None) -> SeriesTally | None:
    """The series of a rematch chain as the board and the sheet show it (None for a lone table)."""
    if series is None:
        return None
    wins, totals = series.wins, series.totals
    most = max(wins) if any(wins) else None
    balances = series_balance(series, len(wins)) or (None,) * len(wins)
    lines = tuple(
        SeriesLine(name, won, total, won == most, balance)
        for name, won, total, balance in zip(ranked_names(game), wins, totals, balances, strict=True)
    )
    stake = stake_of(game)
    return SeriesTally(series.games, series.finished, lines, stake.unit if stake else "")


def restore_refusal(game: Game, board: Board) -> str:
    """Why the board's deleted hands cannot come back now ("" when they can): the table has all
    its planned hands, or its guard refuses (an event's finished round: scorer/tables/guards.py)."""
    if board.hands_played >= game.hands_planned:
        return _(MSG_RESTORE_FULL)
    return guards.refusal(game, guards.RESTORE)


def board_context(request: HttpRequest, game: Game, *, editor: bool, etag: str, sheet: bool = False) -> dict:
    """What the board (or, with ``sheet``, the printed scoresheet: players before teams) shows."""
    board, series = selectors.board_with_series(game)
    winners = board.result.winners if board.result else ()
    names = ranked_names(game)
    deleted = selectors.deleted_hands(game) if editor else []
    order = list if sheet else (lambda values: teams_first(values, game))
    cols = order(columns(board))
    rematch = linked_rematch(game)
    choices = (
        plan_choices(game, board.hands_played)
        if editor and rematch is None and not sheet and not game.in_event  # an event fixes it
        else ()
    )
    rows = board_rows(board, cols, order, hand_link(game, "hand_edit" if editor else "hand_detail"))
    return {
        "game": game,
        "board": board,
        "editor": editor,
        "etag": etag,
        "info": clauses.RULESETS.get(game.ruleset),
        "options": option_lines(game),
        "columns": cols,
        "rows": rows,
        "fit": fit_class(cols, rows),
        "leader_names": ", ".join(names[i] for i in board.leaders),
        "winner_names": ", ".join(names[i] for i in winners),
        "winner_count": len(winners),
        "next_dealer": game.players[board.next_dealer],
        "chart": chart_of(board),
        "deleted": [(hand, finisher_of(game, hand)) for hand in deleted],
        "viewer_url": viewer_url(request, game),
        "rematch": rematch,
        "final": is_final(board, rematch),
        "rematch_dealer": game.players[board.next_dealer],
        "series": series_tally(game, series),
        "join_code": joincode.shown(game.code),
        "plan_choices": choices,
        "plan_form": PlanForm(game=game, choices=choices) if len(choices) > 1 else None,
        "restore_refused": restore_refusal(game, board) if deleted else "",
        "any_corrected": any(row.corrected for row in rows),
        "stake": stake_view(game, board),
        "table_changes": list(reversed(tablelog.fact_entries(game, selectors.fact_changes(game)))),
    }


def detail_context(
    request: HttpRequest, game: Game, position: int, *, editor: bool, device_id: int | None = None
) -> dict | None:
    """What one hand's breakdown shows (None when the table has no live hand at ``position``), with
    its history; ``device_id``: the viewer's device, whose own changes read "this phone"."""
    board = selectors.game_board(game, lines=True)
    index = next((k for k, row in enumerate(board.rows) if row.hand.position == position), None)
    if index is None:
        return None
    game, row = board.game, board.rows[index]
    url = hand_url("hand_detail", game.public_id, row.number, position)
    return {
        "game": game,
        "board": board,
        "row": row,
        "editor": editor,
        "info": clauses.RULESETS.get(game.ruleset),
        "dealer": dealer_name(game, row.dealer),
        "finisher": finisher_of(game, row.hand),
        "finish": finish_words(row.hand),
        "running": list(zip(ranked_names(game), row.running, strict=True)),
        "previous": board.rows[index - 1] if index else None,
        "next": board.rows[index + 1] if index + 1 < len(board.rows) else None,
        "share_url": request.build_absolute_uri(url),
        "history": (changes := history.entries(game, selectors.hand_changes(row.hand), device_id)),
        "corrected": row.hand.version > 1,
        "late": any(entry.kind == HandChange.CORRECT and entry.after_game_end for entry in changes),
    }


def csv_cell(text: str) -> str:
    """A name as a CSV text cell: never read as a formula by a spreadsheet, however it splits the
    line (a ``'`` before a formula trigger at the start and after every separator), never
    reordered by a bidi control (tables stored before names were cleaned may still hold one)."""
    text = _FORMULA_AFTER_SEPARATOR.sub(r"\1'", clean_name(text))
    return f"'{text}" if text.startswith(tuple(FORMULA_TRIGGERS)) else text


def csv_text(board: Board) -> str:
    """One row per hand and a totals row; UTF-8 with a BOM so Excel shows Turkish letters."""
    buffer = io.StringIO()
    buffer.write("\ufeff")
    csv.writer(buffer, quoting=csv.QUOTE_ALL).writerows(csv_rows(board))  # every cell quoted
    return buffer.getvalue()


def csv_rows(board: Board) -> list[list[object]]:
    """Hand, dealer, finisher and how (as stored with each hand), then the scores."""
    game = board.game
    cols = columns(board)
    header = [
        _("Hand"),
        _("Dealer"),
        _("Finisher"),
        pgettext("CSV column: how the hand was finished", "How"),
        *(csv_cell(c.name) for c in cols),
    ]
    rows = [
        [
            row.number,
            csv_cell(dealer_name(game, row.dealer)),
            csv_cell(finisher_of(game, row.hand)),
            finish_text(row.hand),
            *cells(row, game.partners),
        ]
        for row in board.rows
    ]
    return [header, *rows, [_("Total"), "", "", "", *(c.total for c in cols)]]
