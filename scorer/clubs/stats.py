"""A member's statistics from the stored itemised lines: pure Python on the engine's results.

Every figure is counted from what the engine gives back for the stored hands (the input's
``opened``, ``finished`` and ``finish`` flags, and the result's lines and totals), never from
anything typed a second time. Per 100 hands figures divide by the member's hands.
"""

from collections import Counter
from dataclasses import dataclass, field

from scorer.engine import GameResult
from scorer.engine.codes import LineCode

from .ratings import Match

PENALTY_CODES = frozenset(
    {code for code in LineCode if code.startswith("foul_")} | {LineCode.SIDE_TILE_PENALTY}
)
OPENING_KINDS = ("sets", "pairs", "none")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One counted game as the statistics read it."""

    public_id: str
    names: tuple[str, ...]
    hands: tuple[dict, ...]
    """The stored hands' input (HAND_FORMAT), in order."""
    positions: tuple[int, ...]
    """Each hand's stored position (its link)."""
    result: GameResult


@dataclass(frozen=True, slots=True)
class HandRef:
    public_id: str
    position: int
    total: int


@dataclass(slots=True)
class Rival:
    games: int = 0
    lower: int = 0
    """Games in which the member finished lower (won the comparison)."""
    higher: int = 0


@dataclass(slots=True)
class MemberStats:
    games: int = 0
    wins: int = 0
    hands: int = 0
    total: int = 0
    hand_total: int = 0
    finishes: Counter = field(default_factory=Counter)
    openings: Counter = field(default_factory=Counter)
    penalties: Counter = field(default_factory=Counter)
    penalty_labels: dict = field(default_factory=dict)
    best: HandRef | None = None
    worst: HandRef | None = None
    rivals: dict[str, Rival] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return 100 * self.wins / self.games if self.games else None

    @property
    def per_game(self) -> float | None:
        return self.total / self.games if self.games else None

    @property
    def per_hand(self) -> float | None:
        return self.hand_total / self.hands if self.hands else None

    def per_100(self, count: int) -> float | None:
        return 100 * count / self.hands if self.hands else None

    @property
    def finish_rows(self) -> list[tuple[str, int, float | None]]:
        return [(kind, self.finishes[kind], self.per_100(self.finishes[kind])) for kind in FINISH_KINDS]

    @property
    def opening_rows(self) -> list[tuple[str, int]]:
        return [(kind, self.openings[kind]) for kind in OPENING_KINDS]

    @property
    def penalty_rows(self) -> list[tuple[str, str, int, float | None]]:
        return [
            (code, self.penalty_labels[code], count, self.per_100(count))
            for code, count in sorted(self.penalties.items(), key=lambda item: (-item[1], item[0]))
        ]


FINISH_KINDS = ("all", "elden", "okey", "pairs")


def member_stats(name: str, games: list[PlayedGame], members: set[str]) -> MemberStats:
    """The member's figures over ``games`` (the counted games they played in)."""
    stats = MemberStats()
    for game in games:
        if name in game.names:
            _add_game(stats, name, game, members)
    return stats


def _add_game(stats: MemberStats, name: str, game: PlayedGame, members: set[str]) -> None:
    seat = game.names.index(name)
    match = Match.of(game.names, game.result)
    team = next(k for k, players in enumerate(match.teams) if name in players)
    stats.games += 1
    stats.wins += match.totals[team] == min(match.totals)
    stats.total += game.result.totals[seat]
    for k, players in enumerate(match.teams):
        if k == team:
            continue
        for rival in players:
            if rival in members:
                _meet(stats.rivals.setdefault(rival, Rival()), match.totals[team], match.totals[k])
    for data, position, hand in zip(game.hands, game.positions, game.result.hands, strict=True):
        _add_hand(stats, data["players"][seat], hand.players[seat], HandRef(game.public_id, position, 0))


def _meet(rival: Rival, mine: int, theirs: int) -> None:
    rival.games += 1
    rival.lower += mine < theirs
    rival.higher += mine > theirs


def _add_hand(stats: MemberStats, state: dict, result, where: HandRef) -> None:
    stats.hands += 1
    stats.hand_total += result.total
    opened = state.get("opened") or "none"
    stats.openings[opened] += 1
    if state.get("finished"):
        finish = state.get("finish") or {}
        stats.finishes["all"] += 1
        stats.finishes["elden"] += bool(finish.get("elden"))
        stats.finishes["okey"] += bool(finish.get("okey_discard"))
        stats.finishes["pairs"] += opened == "pairs"
    for line in result.lines:
        if line.code in PENALTY_CODES:
            stats.penalties[line.code] += 1
            stats.penalty_labels.setdefault(line.code, line.label)
    ref = HandRef(where.public_id, where.position, result.total)
    if stats.best is None or result.total < stats.best.total:
        stats.best = ref
    if stats.worst is None or result.total > stats.worst.total:
        stats.worst = ref
