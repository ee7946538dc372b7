"""Test set-up in the product's words: a table, its hands, the phone that may edit it.

- :func:`new_table` opens a table through the service, with hands already played if asked;
- :func:`finisher` and :func:`finisher_alone` are the hands most tests need (one player goes
  out), written in the hand format's JSON;
- :func:`claim` gives a test client the edit grant a phone gets by opening the edit link, and
  :func:`claim_in` does the same for a Playwright browser context;
- :func:`posted_table` opens a table the way a phone does, through the new-table form.

The form posts themselves (the E2 hand, the new-table form) are plain data in ``posts.py``, so
that the live and bench clients can use them without Django.
"""

from collections.abc import Iterable, Sequence

from django.test import Client
from django.urls import reverse

from scorer.models import Game
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_record
from tests.support.posts import NEW_TABLE

NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]
"""The four players of most tests, in seat order (a list, as the hand format and game_create take them)."""


# --- tables ------------------------------------------------------------------------------------


def new_table(
    ruleset: str = "kerizim",
    *,
    players: Sequence[str] = NAMES,
    hands_planned: int = 3,
    options: dict | None = None,
    first_dealer: int = 0,
    hands: Iterable[dict] = (),
) -> tuple[Game, str]:
    """A table made by ``game_create`` with ``hands`` recorded in order; the game and its edit secret."""
    game, secret = game_create(
        ruleset=ruleset,
        options=dict(options or {}),
        players=list(players),
        hands_planned=hands_planned,
        first_dealer=first_dealer,
    )
    recorded = [hand_record(game=game, data=data) for data in hands]
    if recorded:
        game.refresh_from_db()  # the version and hand count the records moved on
    return game, secret


def posted_table(client: Client, **fields: str) -> Game:
    """A table opened through the new-table form (LOCA Cezalı, four players unless ``fields`` say
    otherwise); the posting client holds its edit grant."""
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | fields)
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.get(public_id=response["Location"].rstrip("/").rsplit("/", 1)[1])


def url(name: str, game: Game, *args) -> str:
    """The address of one of a table's pages (``scorer:<name>``), e.g. ``url("hand_edit", game, 1)``."""
    return reverse(f"scorer:{name}", args=[game.public_id, *args])


def hand_href(name: str, game: Game, number: int, position: int | None = None) -> str:
    """A hand's address as okeycalc links it: the number the board shows, and its stored position
    (``?s=``, the number's own when no hand before it was deleted): scorer/tables/addresses.py."""
    return f"{url(name, game, number)}?s={number if position is None else position}"


def post_hand(client: Client, game: Game, data: dict, **kwargs):
    """Post a new hand as its form does, with the board's hand count (``hands_before``) when it was
    shown, unless ``data`` gives its own."""
    shown = {"hands_before": str(game.hands.live().count())}
    return client.post(url("hand_new", game), shown | data, **kwargs)


# --- who may edit ------------------------------------------------------------------------------


def claim_url(game: Game, secret: str) -> str:
    """The table's edit link (``/masa/<id>/anahtar/<secret>/``)."""
    return reverse("scorer:game_claim", args=[game.public_id, secret])


def claim(client: Client, game: Game, secret: str) -> Client:
    """Open the edit link with ``client`` as a phone does: its device now holds an edit grant for
    ``game``, and the board it was sent to has shown (and so used up) the "you can edit" message."""
    response = client.get(claim_url(game, secret), follow=True)
    assert response.redirect_chain == [(url("game_board", game), 302)], response.redirect_chain
    return client


def claim_in(context, live_server, game: Game, secret: str) -> None:
    """Open the edit link in a Playwright browser context (its pages share the device cookie), and
    the board it redirects to, as a phone does."""
    response = context.request.get(live_server.url + claim_url(game, secret))
    assert response.ok and response.url == live_server.url + url("game_board", game), response.url


# --- hands ---------------------------------------------------------------------------------------


def finisher_alone(seat: int = 0, *, players: int = 4) -> dict:
    """The player in ``seat`` goes out having opened with sets; nobody else opened."""
    seats: list[dict] = [{} for _ in range(players)]
    seats[seat] = {"opened": "sets", "finished": True}
    return {"players": seats}


def finisher(
    seat: int = 0, *, points: int = 20, players: int = 4, opener: int | None = None, foul: int = 0
) -> dict:
    """The player in ``seat`` goes out; ``opener`` (by default the next seat) opened with sets and
    holds ``points``; the others never opened. ``foul`` okey discards go to the seat two on."""
    seats: list[dict] = [{"opened": "none"} for _ in range(players)]
    seats[seat] = {"opened": "sets", "finished": True}
    opener = (seat + 1) % players if opener is None else opener
    seats[opener] = {"opened": "sets", "remaining": {"points": points}}
    if foul:
        seats[(seat + 2) % players]["fouls"] = {"okey_discard": foul}
    return {"players": seats}
