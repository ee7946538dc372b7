"""The choices EVENT_FORMAT.md leaves to okeycalc, one record each: the event pages show them and
docs/event-format.md explains them under the same ids (a test keeps the two in step).

Texts are English msgids, translated when shown (``scorer/engine/i18n.py``).
"""

from dataclasses import dataclass

from scorer.engine.i18n import gettext_noop


@dataclass(frozen=True, slots=True)
class Decision:
    id: str
    title: str
    text: str
    kinds: tuple[str, ...] = ("points", "knockout")
    """The formats it applies to (the event page shows those of its own format)."""


DECISIONS = (
    Decision(
        "E1",
        gettext_noop("Tables"),
        gettext_noop(
            "Tables of 4 players, with as few tables of 3 as make the number fit (in a knockout only "
            "while fewer than 3 of a table advance); whoever is still left over sits out, as 1 of 5. "
            "Eşli: tables of 2 teams; with an odd number of teams one sits out."
        ),
    ),
    Decision(
        "E2",
        gettext_noop("The draw"),
        gettext_noop(
            "Round 1 (and every knockout round) is drawn from the event's seed: a Fisher–Yates shuffle "
            "whose numbers are SHA-256 of seed, round and position, so anyone can redo it. Tables take "
            "the drawn order, tables of 4 first; the last drawn sit out."
        ),
    ),
    Decision(
        "E3",
        gettext_noop("Seating by standings"),
        gettext_noop(
            "From round 2 of a points event, table 1 takes the leader and the best-placed entrants "
            "nobody at it has met, and so on down the standings. When no seating without a repeat "
            "exists, each table takes the fewest repeats, and the page shows them. Seats follow the "
            "standings; seat 1 deals first."
        ),
        ("points",),
    ),
    Decision(
        "E4",
        gettext_noop("Sitting out"),
        gettext_noop(
            "A round sat out counts nothing: no points, no game. It goes to whoever sat out least "
            "so far, the lowest-placed of them; a late arrival's missed rounds count as sat out."
        ),
        ("points",),
    ),
    Decision(
        "E5",
        gettext_noop("Byes"),
        gettext_noop(
            "A bye goes on to the next round without playing. In the standings it stands after the "
            "places that advance from a table and before those that are out; a table still playing "
            "stands after the byes."
        ),
        ("knockout",),
    ),
    Decision(
        "E6",
        gettext_noop("Ties at the cut"),
        gettext_noop(
            "When equal entrants straddle the cut, none of them advances by itself: the organizer "
            "picks exactly as many as there are places left, and the choice is recorded and shown. "
            "At the final only first place is cut: a tie for first is the organizer's, lower ties "
            "share their place."
        ),
        ("knockout",),
    ),
    Decision(
        "E7",
        gettext_noop("Matches"),
        gettext_noop(
            "A knockout table plays all of its games; the match order is by games won, then by the "
            "match total. A game starts once the one before it is complete."
        ),
        ("knockout",),
    ),
    Decision(
        "E8",
        gettext_noop("Closing a stuck table"),
        gettext_noop(
            "The organizer can close a table that cannot finish: its games count with the hands "
            "they have. A table closed before any hand counts nothing in a points event, and in a "
            "knockout leaves all its entrants tied at the cut for the organizer to decide."
        ),
    ),
    Decision(
        "E9",
        gettext_noop("Withdrawals and no-shows"),
        gettext_noop(
            "A withdrawn entrant is seated in no later round; what it played still counts. In a "
            "knockout its place is not given to anyone else. An entrant who withdraws before playing "
            "at all (a no-show) is not in the standings."
        ),
    ),
    Decision(
        "E10",
        gettext_noop("Late arrivals"),
        gettext_noop(
            "A points event takes late arrivals until its last round starts: they play from the next "
            "round, and the rounds they missed count nothing. A knockout takes them only before its "
            "first round is seated."
        ),
    ),
    Decision(
        "E11",
        gettext_noop("Re-seating a round"),
        gettext_noop(
            "Until the first hand of a round is entered, the organizer can seat it again (late "
            "arrivals and no-shows written down meanwhile are then taken into account); after that "
            "its seating stands."
        ),
    ),
    Decision(
        "E12",
        gettext_noop("When results are final"),
        gettext_noop(
            "In a knockout, starting the next round closes the tables of the round before: who "
            "advanced stands. In a points event hands can be corrected until the event is finished; "
            "rounds already seated keep their seating. Finishing the event closes every table."
        ),
    ),
    Decision(
        "E13",
        gettext_noop("Placement points"),
        gettext_noop(
            "Whole numbers from 0 to 1000, first place first, none more than the place before it. "
            "Shared places get the average; an average that is neither whole nor a half (possible only "
            "with unevenly spaced points) is written to two decimals."
        ),
        ("points",),
    ),
    Decision(
        "E14",
        gettext_noop("Too few left"),
        gettext_noop(
            "When fewer entrants are still in than a table needs (3 players, 2 teams), no round can be "
            "seated: the organizer finishes the event with the standings as they are."
        ),
    ),
    Decision(
        "E15",
        gettext_noop("What a table can no longer change"),
        gettext_noop(
            "A table plays the event's number of hands. Once the next round has started (in a knockout "
            "match, the next game), a table's hands can be corrected but not deleted, and no deleted "
            "hand comes back. A decision at the cut that a later correction no longer fits counts as "
            "not made: the table shows its tie again."
        ),
    ),
)


def for_kind(kind: str) -> tuple[Decision, ...]:
    return tuple(decision for decision in DECISIONS if kind in decision.kinds)
