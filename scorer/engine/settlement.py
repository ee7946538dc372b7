"""What a game is played for, settled: arithmetic on the sheet, no accounts and no payments.

A table may record a stake: an entry every player puts in and the table's cut of the pot (a
percentage or an amount). Every amount is a whole number of hundredths of the unit (kuruş), so
that nothing is lost to rounding and the payments add up exactly.

- The pot is the entry times the number of players; the cut comes out of it first: a fixed amount
  (at most the pot), or a percentage of the pot rounded down to the hundredth (the table never
  takes more than its percentage).
- The prize (pot − cut) is split evenly among the winners: the players tied at the lowest total,
  both players of a winning team with partners (SCORING_SPEC §8, D14). What does not divide
  evenly (fewer hundredths than winners) goes one hundredth each to the winners in seat order,
  from the first seat. Kerizim's gold is this: "masadaki altın, masa payı düşüldükten sonra
  kazananlar arasında paylaşılır"; GkOkay's winner "ödülün tamamını alır".
- When nobody wins (everyone level), the prize goes back to every player the same way.
- LOCA: a hand nobody opened before the wall ran out is a draw, and "masa girişi iade edilir":
  a game with such a hand is settled as a refund, every player keeps their entry, no cut.
- Who pays whom: each player's net is what they get less their entry. The players with less
  than nothing pay, in seat order, the ones (and then the table, for its cut) with more, in seat
  order, each payment as large as both sides allow: at most one payment fewer than the players
  and the table involved.

>>> stake = Stake(entry=5000, cut_percent=1000)      # 50.00 a player, the table takes 10 %
>>> s = settle(stake, players=3, winners=(0, 2))      # Ayşe and Cem tied at the lowest total
>>> s.pot, s.cut, s.prize, s.gets
(15000, 1500, 13500, (6750, 0, 6750))
>>> s.nets
(1750, -5000, 1750)
>>> [(p.payer, p.payee, p.amount) for p in s.payments]
[(1, 0, 1750), (1, 2, 1750), (1, None, 1500)]
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .codes import Outcome
from .results import GameResult

TABLE = None
"""The payee of the table's cut in :class:`Payment` (a seat otherwise)."""

BASIS_POINTS = 10_000
"""A percentage is stored in hundredths of a percent: 10 % is 1000."""

MAX_AMOUNT = 1_000_000_000
"""The largest entry or fixed cut, in hundredths (ten million of the unit)."""


@dataclass(frozen=True, slots=True)
class Stake:
    """What a table is played for: ``entry`` per player, the cut as ``cut_percent`` (hundredths of
    a percent) or ``cut_amount`` (hundredths of the unit) or neither, and the unit's name
    ("₺", "altın"; "" for plain numbers)."""

    entry: int
    cut_percent: int | None = None
    cut_amount: int | None = None
    unit: str = ""

    def cut_of(self, pot: int) -> int:
        """The table's cut of ``pot``: a percentage rounded down, an amount at most the pot."""
        if self.cut_percent is not None:
            return pot * self.cut_percent // BASIS_POINTS
        if self.cut_amount is not None:
            return min(self.cut_amount, pot)
        return 0

    def stored(self) -> dict:
        """As ``Game.stake`` keeps it (and a backup carries it)."""
        data: dict = {"entry": self.entry}
        if self.cut_percent is not None:
            data["cut"] = {"percent": self.cut_percent}
        elif self.cut_amount is not None:
            data["cut"] = {"amount": self.cut_amount}
        if self.unit:
            data["unit"] = self.unit
        return data

    @classmethod
    def from_stored(cls, data: object) -> "Stake | None":
        """The stake kept as :meth:`stored` writes it; None for none (or anything else)."""
        if not isinstance(data, dict) or not _amount(data.get("entry")):
            return None
        cut = data.get("cut") if isinstance(data.get("cut"), dict) else {}
        percent, amount = cut.get("percent"), cut.get("amount")
        unit = data.get("unit") if isinstance(data.get("unit"), str) else ""
        return cls(
            entry=data["entry"],
            cut_percent=percent if _whole(percent) and 0 <= percent <= BASIS_POINTS else None,
            cut_amount=amount if _whole(amount) and 0 <= amount <= MAX_AMOUNT else None,
            unit=unit,
        )


AMOUNT = re.compile(r"([0-9]{1,10})(?:[.,]([0-9]{1,2}))?")
"""An amount as typed: ASCII digits, and a decimal comma or point with one or two digits after it."""


def parse_amount(text: object) -> int | None:
    """An amount typed on the sheet in hundredths ("12,50" and "12.50" are 1250, "50" is 5000);
    None for anything else (a third decimal, a thousands separator, a sign, letters).

    >>> parse_amount("12,5"), parse_amount(" 50 "), parse_amount("1.000,00"), parse_amount("٣")
    (1250, 5000, None, None)
    """
    match = AMOUNT.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    return int(match[1]) * 100 + int((match[2] or "0").ljust(2, "0"))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(value: object) -> bool:
    return _whole(value) and 0 < value <= MAX_AMOUNT


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` (a seat) pays ``amount`` to ``payee`` (a seat, or :data:`TABLE` for the cut)."""

    payer: int
    payee: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """A game's stake settled, per seat in turn order (players, never teams)."""

    stake: Stake
    pot: int
    cut: int
    winners: tuple[int, ...]
    """The seats that share the prize (every seat when nobody won; none on a refund)."""
    gets: tuple[int, ...]
    refunded: bool
    """A LOCA draw: every entry goes back, nothing is taken."""
    payments: tuple[Payment, ...]

    @property
    def prize(self) -> int:
        return self.pot - self.cut

    @property
    def nets(self) -> tuple[int, ...]:
        """What each player is up (or down, below 0) after the game."""
        return tuple(got - self.stake.entry for got in self.gets)


def split(amount: int, seats: tuple[int, ...], players: int) -> tuple[int, ...]:
    """``amount`` shared evenly by ``seats``; the hundredths left over go one each to the first of
    them in seat order. Each player's share, by seat (0 for a seat not in ``seats``).

    >>> split(1000, (0, 1, 2), 4)
    (334, 333, 333, 0)
    """
    shares = [0] * players
    if not seats:
        return tuple(shares)
    each, left = divmod(amount, len(seats))
    for k, seat in enumerate(sorted(seats)):
        shares[seat] = each + (1 if k < left else 0)
    return tuple(shares)


def settle(stake: Stake, *, players: int, winners: Iterable[int], refunded: bool = False) -> Settlement:
    """The stake of a finished game of ``players`` seats whose ``winners`` (seats) tied at the
    lowest total (none: everyone was level), or a ``refunded`` one (a LOCA draw)."""
    pot = stake.entry * players
    if refunded:
        gets = (stake.entry,) * players
        return Settlement(stake, pot, 0, (), gets, True, ())
    cut = stake.cut_of(pot)
    sharing = tuple(sorted(set(winners))) or tuple(range(players))
    gets = split(pot - cut, sharing, players)
    nets = [got - stake.entry for got in gets]
    return Settlement(stake, pot, cut, sharing, gets, False, payments(nets, cut))


def payments(nets: list[int], cut: int) -> tuple[Payment, ...]:
    """Who pays whom: the players below 0, in seat order, pay those above, then the table's cut."""
    owed = [[seat, -net] for seat, net in enumerate(nets) if net < 0]
    due = [[seat, net] for seat, net in enumerate(nets) if net > 0]
    if cut:
        due.append([TABLE, cut])
    paid = []
    creditors = iter(due)
    creditor = next(creditors, None)
    for payer, debt in owed:
        while debt and creditor is not None:
            amount = min(debt, creditor[1])
            paid.append(Payment(payer, creditor[0], amount))
            debt -= amount
            creditor[1] -= amount
            if not creditor[1]:
                creditor = next(creditors, None)
    return tuple(paid)


def winning_seats(winners: tuple[int, ...], *, players: int, partners: bool) -> tuple[int, ...]:
    """The seats of a game's winners: with partners a winner is a team, seats 1 & 3 or 2 & 4.

    >>> winning_seats((1,), players=4, partners=True)
    (1, 3)
    """
    if not partners:
        return tuple(winners)
    return tuple(sorted(seat for team in winners for seat in range(team, players, 2)))


def has_draw(result: GameResult) -> bool:
    """Whether a hand of the game was a draw (LOCA: nobody opened before the wall ran out)."""
    return any(hand.outcome == Outcome.DRAW for hand in result.hands)


def settle_game(stake: Stake, result: GameResult, *, players: int, partners: bool) -> Settlement | None:
    """The stake of a game as it stands: settled once it is complete, or at once refunded when
    one of its hands was a draw; None while it is still being played."""
    if has_draw(result):
        return settle(stake, players=players, winners=(), refunded=True)
    if not result.complete or not result.hands:
        return None
    seats = winning_seats(result.winners, players=players, partners=partners)
    return settle(stake, players=players, winners=seats)
