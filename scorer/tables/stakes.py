"""What a table is played for, as its board, its scoresheet and its history show it: the stake kept
with the table (``Game.stake``), the game settled by the engine (scorer/engine/settlement.py) with
the players' names, and the running balance of a rematch series. Arithmetic only: nothing here
is an account or a payment."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scorer.engine import get_ruleset
from scorer.engine.settlement import TABLE, Settlement, Stake, settle_game
from scorer.models import Game
from scorer.platform.numbers import amount_text, number_text
from scorer.tables.selectors import Board, Series


@dataclass(frozen=True, slots=True)
class ShareLine:
    """A player's part of the settlement: what they get back and where they stand after it."""

    name: str
    gets: int
    net: int
    winner: bool


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """``payer`` pays ``amount`` to ``payee`` ("" for the table's cut)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class StakeView:
    """The stake of one table: what it is, and once the game is over (or refunded) its settlement."""

    stake: Stake
    players: int
    settlement: Settlement | None
    shares: tuple[ShareLine, ...]
    payments: tuple[PaymentLine, ...]
    rule: str = ""
    """The clause of the rule set's deck-out: a LOCA draw's refund links to it."""

    @property
    def pot(self) -> int:
        return self.stake.entry * self.players

    @property
    def cut(self) -> int:
        return self.stake.cut_of(self.pot)

    @property
    def prize(self) -> int:
        return self.pot - self.cut

    @property
    def percent(self) -> str:
        """The cut's percentage as the language writes it ("%10", "10 %"); "" for an amount or none."""
        return "" if self.stake.cut_percent is None else percent_text(self.stake.cut_percent)


def percent_text(basis_points: int) -> str:
    """A percentage kept in hundredths of a percent, as the language writes it ("%12,5" in Turkish)."""
    return _("%(n)s %%") % {"n": number_text(basis_points / 100)}


def stake_of(game: Game) -> Stake | None:
    return Stake.from_stored(game.stake)


def stake_view(game: Game, board: Board) -> StakeView | None:
    """The table's stake and, once settled, each player's share and who pays whom (None: no stake)."""
    stake = stake_of(game)
    if stake is None:
        return None
    players, rule = len(game.players), get_ruleset(game.ruleset).rules.deck_out
    settled = (
        settle_game(stake, board.result, players=players, partners=game.partners)
        if board.result is not None
        else None
    )
    if settled is None:
        return StakeView(stake, players, None, (), (), rule)
    names = game.players
    shares = tuple(
        ShareLine(name, got, net, seat in settled.winners and not settled.refunded)
        for seat, (name, got, net) in enumerate(zip(names, settled.gets, settled.nets, strict=True))
    )
    payments = tuple(
        PaymentLine(names[p.payer], "" if p.payee is TABLE else names[p.payee], p.amount)
        for p in settled.payments
    )
    return StakeView(stake, players, settled, shares, payments, rule)


def series_balance(series: Series | None, lines: int) -> tuple[int, ...] | None:
    """Where each line of the series tally (a player, or a team with partners) stands after the
    chain's settled games that were played for something; None when none of its games was."""
    if series is None:
        return None
    balance, played_for = [0] * lines, False
    for board in series.boards:
        stake, game = stake_of(board.game), board.game
        if stake is None or board.result is None:
            continue
        players = len(game.players)
        settled = settle_game(stake, board.result, players=players, partners=game.partners)
        if settled is None:
            continue
        played_for = True
        for seat, net in enumerate(settled.nets):
            balance[seat % lines if game.partners else seat] += net
    return tuple(balance) if played_for else None


def stake_text(stored: object) -> str:
    """A stake in a sentence, for the table's history ("50 ₺ a player, the table's cut 10 %")."""
    stake = Stake.from_stored(stored)
    if stake is None:
        return _("nothing recorded")
    entry = amount_text(stake.entry) + (f" {stake.unit}" if stake.unit else "")
    if stake.cut_percent is not None:
        cut = percent_text(stake.cut_percent)
    elif stake.cut_amount is not None:
        cut = amount_text(stake.cut_amount) + (f" {stake.unit}" if stake.unit else "")
    else:
        return _("%(entry)s a player, no cut") % {"entry": entry}
    return _("%(entry)s a player, the table's cut %(cut)s") % {"entry": entry, "cut": cut}
