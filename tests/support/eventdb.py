"""Events in the database for tests: create one, play its tables' hands, decide its order."""

from scorer.events.models import Event, EventGame
from scorer.events.services.creation import event_create
from scorer.tables.services.hands import hand_record
from tests.support.events import NAMES, hand


def new_event(count=16, *, kind="points", partners=False, hands=1, seed=1907, **fmt):
    """An event of LOCA 101: ``count`` individuals (or teams T1…, of NAMES in pairs)."""
    if partners:
        entrants = [{"name": f"T{k + 1}", "players": [NAMES[2 * k], NAMES[2 * k + 1]]} for k in range(count)]
    else:
        entrants = names(count)
    if kind == Event.POINTS:
        fmt = {"rounds": 3, **fmt}
    event, secret = event_create(
        name="Test",
        date=None,
        ruleset="loca",
        options={"partners": True} if partners else {},
        hands_per_game=hands,
        kind=kind,
        entrants=entrants,
        seed=seed,
        **fmt,
    )
    return event, secret


def names(count: int) -> list[str]:
    """NAMES, then numbered players when more are needed."""
    return NAMES[:count] + [f"Oyuncu {k}" for k in range(len(NAMES), count)]


def play(link: EventGame, *totals_per_hand) -> None:
    """Enter hands at an event game: each argument the totals of one hand per seat of the game
    (-101 finishes, 202 never opened, 0–286 left in hand)."""
    for totals in totals_per_hand:
        hand_record(game=link.game, data=hand(*totals))


def play_round(event: Event, pattern=(-101, 40, 12, 202)) -> None:
    """Finish every open game of the event's last round with one hand of ``pattern`` per game,
    rotated by the table's number so that results differ between tables."""
    rnd = event.rounds.order_by("-number").first()
    for table in rnd.tables.order_by("number"):
        for link in table.games.select_related("game"):
            size = len(link.game.players)
            base = list(pattern[:size]) if size == 4 else [-101, 40, 12]
            shift = table.number % size
            totals = base[shift:] + base[:shift]
            have = link.game.hands.live().count()
            for _ in range(event.hands_per_game - have):
                play(link, totals)
