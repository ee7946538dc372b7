"""Keeping and handing over a table: claiming, rotating, sharing the edit link, "Masalarım",
secrets kept out of logs, and cookies that stay small."""

import io
import logging
import re
import secrets
from http.cookies import SimpleCookie

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorer import access
from scorer.models import Game, Grant, hash_secret
from scorer.platform.flash import MAX_MESSAGES
from scorer.platform.qr import qr_svg
from scorer.tables.services.hands import hand_record
from tests.support.factories import NAMES, claim_url, finisher, new_table, posted_table, url
from tests.support.posts import E2_HAND as HAND
from tests.support.posts import NEW_TABLE

pytestmark = pytest.mark.django_db


def shown_edit_link(client: Client, game: Game) -> str | None:
    html = client.get(url("game_board", game)).content.decode()
    match = re.search(r'id="edit-link" type="url" value="([^"]+)"', html)
    return match[1] if match else None


def can_enter_hands(client: Client, game: Game) -> bool:
    status = client.get(url("hand_new", game)).status_code
    assert status in (200, 403)
    return status == 200


# --- claiming and rotating -------------------------------------------------------------------------


def test_the_edit_link_grants_once_then_leaves_the_address_bar():
    game, secret = new_table()
    phone = Client()

    response = phone.get(claim_url(game, secret))

    assert response.status_code == 302
    assert response["Location"] == url("game_board", game)
    assert response["Referrer-Policy"] == "no-referrer"
    assert "no-store" in response["Cache-Control"]
    assert secret not in response.cookies.output()
    assert can_enter_hands(phone, game)


def test_a_new_edit_link_locks_out_every_other_device_and_the_old_link():
    keeper, helper, later = Client(), Client(), Client()
    game = posted_table(keeper)
    old_link = shown_edit_link(keeper, game)
    assert helper.get(old_link).status_code == 302
    assert can_enter_hands(helper, game)

    response = keeper.post(url("game_link_rotate", game))

    assert response.status_code == 302
    assert response["Location"] == f"{url('game_board', game)}?baglanti=1#paylas"
    assert not can_enter_hands(helper, game)
    assert helper.post(url("hand_new", game), {"finisher": "0"}).status_code == 403
    assert shown_edit_link(helper, game) is None
    assert helper.get(old_link).status_code == 403
    assert can_enter_hands(keeper, game)
    new_link = shown_edit_link(keeper, game)
    assert new_link and new_link != old_link
    assert later.get(new_link).status_code == 302
    assert can_enter_hands(later, game)


def test_after_a_new_link_the_locked_out_device_still_lists_the_table_as_watched():
    keeper, helper = Client(), Client()
    game = posted_table(keeper)
    helper.get(shown_edit_link(keeper, game))

    keeper.post(url("game_link_rotate", game))

    locked_out = Grant.objects.exclude(secret_version=game.secret_version + 1).get(game=game)
    assert not locked_out.can_edit  # its edit grant is of the old link: it can only watch
    assert game.public_id in helper.get(reverse("scorer:home")).content.decode()
    assert "data-editable" not in helper.get(reverse("scorer:home")).content.decode()


def test_only_a_scorekeeper_can_make_a_new_link_and_only_by_post():
    keeper, viewer = Client(), Client()
    game = posted_table(keeper)
    version = game.secret_version

    assert viewer.post(url("game_link_rotate", game)).status_code == 403
    assert keeper.get(url("game_link_rotate", game)).status_code == 200  # the question, not the act
    game.refresh_from_db()
    assert game.secret_version == version


def test_a_table_made_before_derived_links_keeps_its_old_link_until_a_new_one_is_made():
    old_secret = secrets.token_urlsafe(24)
    game = Game.objects.create(
        ruleset="kerizim",
        players=NAMES[:2],
        hands_planned=3,
        secret_version=0,
        edit_secret_hash=hash_secret(old_secret),
    )
    keeper = Client()

    assert keeper.get(claim_url(game, old_secret)).status_code == 302
    shown = shown_edit_link(keeper, game)  # the link can be shown again: derived at version 0
    assert Client().get(shown).status_code == 302

    keeper.post(url("game_link_rotate", game))

    assert Client().get(claim_url(game, old_secret)).status_code == 403
    assert Client().get(shown).status_code == 403
    assert can_enter_hands(keeper, game)


REPLACED = {
    "tr": (
        "Bu düzenleme bağlantısı değiştirildi",
        "yeni düzenleme bağlantısını",
        "Puan tablosu bağlantısız da izlenebilir",
    ),
    "en": ("This edit link was replaced", "ask the scorekeeper for the new edit link", "still open to watch"),
}


@pytest.mark.parametrize("language", ["tr", "en"])
def test_an_edit_link_a_new_one_replaced_says_so_and_what_to_do(language):
    keeper = Client()
    game = posted_table(keeper)
    old_link = shown_edit_link(keeper, game)
    old_secret = old_link.rstrip("/").rsplit("/", 1)[1]
    keeper.post(url("game_link_rotate", game))
    phone = Client()
    phone.cookies["django_language"] = language

    response = phone.get(old_link)

    html = response.content.decode()
    assert response.status_code == 403
    for words in REPLACED[language]:
        assert words in html
    assert f'href="{url("game_board", game)}"' in html
    assert old_secret not in html  # not even in the language switch's way back
    assert not can_enter_hands(phone, game)


def test_a_wrong_link_to_a_table_whose_link_was_never_replaced_stays_the_plain_403():
    keeper = Client()
    game = posted_table(keeper)
    wrong = "a" * 32

    response = Client().get(claim_url(game, wrong))

    html = response.content.decode()
    assert response.status_code == 403
    assert "Bu sayfayı açma izniniz yok" in html and "değiştirildi" not in html
    assert wrong not in html


@pytest.mark.parametrize("secret", ["x", "a" * 32, "a" * 129, "%00", "..%2F"])
def test_wrong_edit_links_are_refused(secret):
    game, _ = new_table()
    phone = Client()

    assert phone.get(claim_url(game, secret)).status_code == 403
    assert not Grant.objects.exists()


# --- what viewers and scorekeepers see ----------------------------------------------------------


def test_viewers_never_see_the_edit_link_nor_its_qr_code():
    keeper, viewer = Client(), Client()
    game = posted_table(keeper)

    html = viewer.get(url("game_board", game)).content.decode()

    assert game.link_secret not in html
    assert "anahtar" not in html and 'id="edit-link"' not in html
    assert viewer.get(url("edit_qr", game)).status_code == 403
    assert viewer.get(url("board_live", game)).content.decode().count(game.link_secret) == 0


def test_the_scorekeeper_can_show_the_edit_link_and_its_qr_code_again():
    keeper = Client()
    game = posted_table(keeper)
    for _ in range(2):  # again and again, not only once after creating
        assert shown_edit_link(keeper, game) == "http://testserver" + claim_url(game, game.link_secret)

    response = keeper.get(url("edit_qr", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "no-store" in response["Cache-Control"]
    assert response.content == qr_svg("http://testserver" + claim_url(game, game.link_secret))


def test_the_share_panel_works_without_javascript():
    keeper = Client()
    game = posted_table(keeper)

    html = keeper.get(url("game_board", game)).content.decode()

    panel = html.split("data-share-panel", 1)[1].split("</details>\n<script", 1)[0]
    assert 'id="viewer-link" type="url"' in panel and "readonly" in panel
    assert f'src="{url("viewer_qr", game)}"' in panel and f'src="{url("edit_qr", game)}"' in panel
    assert all(" hidden>" in button for button in re.findall(r"<button type=\"button\"[^>]*>", panel))
    assert f'href="{url("game_link_rotate", game)}"' in panel  # asks first, on a page of its own
    assert "<script>" not in html.split("<body", 1)[1]  # no inline script (CSP)


# --- Masalarım ------------------------------------------------------------------------------------


def home_tables(client: Client) -> list[str]:
    return re.findall(r'data-table="([^"]+)"', client.get(reverse("scorer:home")).content.decode())


def test_my_tables_lists_edited_and_watched_tables_newest_first_with_their_state():
    me, someone = Client(), Client()
    edited = posted_table(me)
    hand_record(
        game=edited,
        data={
            "players": [
                {"opened": "sets", "finished": True},
                {"opened": "sets", "remaining": {"points": 30}},
                {"opened": "pairs", "remaining": {"points": 10}},
                {"opened": "none"},
            ]
        },
    )
    watched = posted_table(someone)
    me.get(url("game_board", watched))
    newest = posted_table(me)
    posted_table(someone)  # not mine

    html = me.get(reverse("scorer:home")).content.decode()

    assert home_tables(me) == [newest.public_id, watched.public_id, edited.public_id]
    rows = dict(re.findall(r'data-table="([^"]+)">(.*?)</li>', html, re.S))
    assert "data-editable" in rows[newest.public_id] and "data-editable" in rows[edited.public_id]
    assert "data-editable" not in rows[watched.public_id]
    assert "Ayşe, Bora, Cem, Deniz" in rows[edited.public_id]
    assert "LOCA Cezalı" in rows[edited.public_id]
    assert "El 1/5" in rows[edited.public_id] and "El 0/5" in rows[newest.public_id]
    assert re.search(r"data-leader>Ayşe<", rows[edited.public_id])
    assert "180" in html  # says how long a device remembers a table
    assert home_tables(Client()) == []


def test_my_tables_costs_the_same_number_of_queries_however_many_tables():
    counts = []
    for tables in (2, 12):
        me = Client()
        for _ in range(tables):
            game = posted_table(me)
            hand_record(game=game, data=finisher(0, points=30))
        for name in ("home", "my_tables"):
            with CaptureQueriesContext(connection) as queries:
                assert me.get(reverse(f"scorer:{name}")).status_code == 200
            counts.append((name, len(queries)))
    assert counts[:2] == counts[2:], counts


def test_the_my_tables_page_pages_through_every_table():
    me = Client()
    games = [posted_table(me) for _ in range(23)]

    first = me.get(reverse("scorer:my_tables")).content.decode()
    second = me.get(reverse("scorer:my_tables") + "?sayfa=2").content.decode()

    listed = re.findall(r'data-table="([^"]+)"', first) + re.findall(r'data-table="([^"]+)"', second)
    assert listed == [game.public_id for game in reversed(games)]
    assert reverse("scorer:my_tables") in me.get(reverse("scorer:home")).content.decode()


# --- cookies and flash messages --------------------------------------------------------------------


def cookie_header(client: Client) -> str:
    return "; ".join(f"{morsel.key}={morsel.value}" for morsel in client.cookies.values() if morsel.value)


def test_cookies_stay_small_after_200_tables_made_without_opening_their_boards():
    phone = Client()
    for _ in range(200):
        phone.post(reverse("scorer:game_new"), NEW_TABLE)

    header = cookie_header(phone)

    assert len(header) < 1024, header  # gunicorn refuses request header lines over 8190 bytes
    assert "sessionid" not in phone.cookies or len(phone.cookies["sessionid"].value) < 200
    assert Grant.objects.filter(kind=Grant.EDIT).count() == 200
    game = Game.objects.order_by("created_at").first()
    assert can_enter_hands(phone, game)  # the first of the 200 is still this device's


def test_flash_messages_keep_only_the_latest_few():
    phone = Client()
    game = posted_table(phone)  # "The table is open." is the first message
    for number in range(5):
        phone.post(url("hand_new", game), HAND | {"hands_before": str(number)})
    assert game.hands.count() == 5

    html = phone.get(url("game_board", game)).content.decode()

    shown = re.findall(r'class="alert alert-success">([^<]*)<', html)
    assert shown == ["El 3 kaydedildi.", "El 4 kaydedildi.", "El 5 kaydedildi."][-MAX_MESSAGES:]
    assert "sessionid" not in phone.cookies or not phone.cookies["sessionid"].value


# --- logs -----------------------------------------------------------------------------------------


@pytest.fixture
def log_output():
    """Everything the configured log handlers print (their streams swapped for a buffer)."""
    buffer = io.StringIO()
    loggers = [
        logging.getLogger(),
        *(logging.getLogger(name) for name in list(logging.root.manager.loggerDict)),
    ]
    swapped = []
    for logger in loggers:
        for handler in getattr(logger, "handlers", []):
            if type(handler) is logging.StreamHandler:
                swapped.append((handler, handler.setStream(buffer)))
    assert swapped, "no configured stream handler found"
    yield buffer
    for handler, stream in swapped:
        handler.setStream(stream)


def test_claim_secrets_never_reach_a_log_line(log_output):
    game, secret = new_table()
    wrong = ("v" if secret.startswith("w") else "w") + secret[1:]  # one character off, never equal
    unknown = "u" * 20
    phone = Client()

    assert phone.get(claim_url(game, secret)).status_code == 302
    assert phone.get(claim_url(game, wrong)).status_code == 403
    assert phone.get(reverse("scorer:game_claim", args=[unknown, secret])).status_code == 404
    assert phone.get(f"/masa/short/anahtar/{secret}/").status_code == 404  # no such URL at all
    assert phone.get(f"/masa/{game.public_id}/anahtar/{secret}/fazla/").status_code == 404
    logging.getLogger("django.request").warning("Forbidden: %s", f"/masa/x/anahtar/{secret}/")

    printed = log_output.getvalue()
    assert "Not Found: /masa/short/anahtar/…/" in printed  # the lines are there, redacted
    assert "Forbidden: /masa/x/anahtar/…/" in printed
    assert secret not in printed and wrong not in printed


def test_refused_claims_are_not_logged_as_warnings(caplog):
    game, secret = new_table()
    caplog.set_level(logging.INFO)

    Client().get(claim_url(game, ("v" if secret.startswith("w") else "w") + secret[1:]))
    Client().get(reverse("scorer:game_claim", args=["u" * 20, secret]))

    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert all(secret[1:] not in record.getMessage() for record in caplog.records)


def test_the_device_cookie_is_httponly_and_lax():
    phone = Client()
    posted_table(phone)

    morsel = phone.cookies[access.DEVICE_COOKIE]

    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert int(morsel["max-age"]) == access.COOKIE_MAX_AGE
    assert SimpleCookie(cookie_header(phone))
