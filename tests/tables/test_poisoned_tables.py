"""A table stored with a name no page can show (a lone surrogate, NUL, a control character) never
answers 500 on its board, live poll, print view, CSV, JSON and hand page, on the home page and
"Masalarım" of everyone who opened it, or in the admin: every page shows the name repaired, until
``manage.py repair_tables`` stores the repair (tests/tables/test_repair_tables.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scorer.models import Game
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_record
from tests.support.poison import PLACEHOLDER, poison

pytestmark = pytest.mark.django_db

NAMED_HAND = {
    "players": [
        {"name": PLACEHOLDER.format(k=0), "opened": "sets", "finished": True},
        {"name": PLACEHOLDER.format(k=1), "opened": "sets", "remaining": {"points": 20}},
        {"name": PLACEHOLDER.format(k=2)},
    ]
}


@pytest.fixture
def poisoned() -> tuple[Game, Client, Client, list[str]]:
    """A table with one hand, its scorekeeper and a viewer (both list it), its names poisoned."""
    game, secret = game_create(
        ruleset="kerizim", options={}, players=[PLACEHOLDER.format(k=k) for k in range(3)], hands_planned=3
    )
    hand_record(game=game, data=NAMED_HAND)
    editor, viewer = Client(), Client()
    assert editor.get(reverse("scorer:game_claim", args=[game.public_id, secret])).status_code == 302
    assert viewer.get(reverse("scorer:game_board", args=[game.public_id])).status_code == 200
    shown = poison(game)
    cache.clear()  # the viewer's board was cached before the names were poisoned
    return game, editor, viewer, shown


PAGES = [
    ("scorer:game_board", ()),
    ("scorer:board_live", ()),
    ("scorer:game_print", ()),
    ("scorer:export_csv", ()),
    ("scorer:export_json", ()),
    ("scorer:hand_detail", (1,)),
    ("scorer:hand_new", ()),
    ("scorer:hand_edit", (1,)),
]


@pytest.mark.parametrize("who", ["editor", "viewer"])
def test_every_page_of_the_table_shows_the_names_repaired(poisoned, who):
    game, editor, viewer, shown = poisoned
    client = editor if who == "editor" else viewer
    for name, extra in PAGES:
        response = client.get(reverse(name, args=[game.public_id, *extra]))
        assert response.status_code in (200, 403), (name, response.status_code)
        if response.status_code == 403:
            assert who == "viewer" and name in ("scorer:hand_new", "scorer:hand_edit")
            continue
        text = b"".join(response).decode("utf-8")
        if name != "scorer:board_live":
            assert all(n in text for n in shown), (name, shown)
        assert "\x00" not in text and "\x01" not in text and "\x1b" not in text


@pytest.mark.parametrize("who", ["editor", "viewer"])
def test_the_home_page_and_my_tables_list_it_without_a_500(poisoned, who):
    _game, editor, viewer, shown = poisoned
    client = editor if who == "editor" else viewer
    for page in ("scorer:home", "scorer:my_tables"):
        response = client.get(reverse(page))
        assert response.status_code == 200
        assert shown[1] in response.content.decode("utf-8")


def test_the_admin_lists_and_shows_it_and_its_hands(poisoned):
    game, *_clients, shown = poisoned
    get_user_model().objects.create_superuser("op", "op@example.com", "a-long-passphrase")
    operator = Client()
    operator.force_login(get_user_model().objects.get())
    for url in (
        "/yonetim/scorer/game/",
        f"/yonetim/scorer/game/{game.pk}/change/",
        "/yonetim/scorer/hand/",
        f"/yonetim/scorer/hand/{game.hands.get().pk}/change/",
        "/yonetim/scorer/game/?q=Bo%00ra",  # a NUL typed into the search box
        "/yonetim/scorer/hand/?q=%00",
    ):
        response = operator.get(url)
        assert response.status_code == 200, url
        page = response.content.decode("utf-8")
        if "?q=" not in url:  # the lists and the forms show the table (a search for a NUL finds nothing)
            assert game.public_id in page or str(game.pk) in page, url
