"""Starting a table and entering hands: full pages, htmx partials, edit rights, CSRF, errors kept inline."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.models import Game, Hand
from scorer.tables import renumbering
from scorer.tables.services.hands import hand_record
from scorer.tables.views.auth import SESSION_KEY
from tests.support.factories import (
    NAMES,
    claim,
    claim_url,
    finisher_alone,
    hand_href,
    new_table,
    post_hand,
    url,
)
from tests.support.markup import field_value
from tests.support.posts import E2_HAND as HAND
from tests.support.posts import E2_TOTALS, NEW_TABLE

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def is_checked(html: str, name: str, value: str) -> bool:
    pattern = rf'<input[^>]*name="{re.escape(name)}"[^>]*value="{re.escape(value)}"[^>]*\bchecked\b'
    return re.search(pattern, html) is not None


@pytest.fixture
def table(client):
    """A LOCA Cezalı table this client may edit (it opened the edit link)."""
    game, secret = new_table("loca-cezali", first_dealer=1)
    claim(client, game, secret)
    return game


# --- a new table ----------------------------------------------------------------------------------


def test_new_table_page_offers_every_rule_set_as_a_radio_card(client):
    response = client.get(reverse("scorer:game_new"))

    html = response.content.decode()
    assert response.status_code == 200
    for ruleset in ("loca", "loca-cezali", "gkokay", "kerizim"):
        assert re.search(rf'type="radio" name="ruleset" id="id_ruleset_\d" value="{ruleset}"', html)
    assert f'action="{reverse("scorer:game_new")}"' in html
    assert f'hx-get="{reverse("scorer:game_new_options")}"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert re.search(r'<noscript>.*name="refresh"', html, re.S), (
        "without JavaScript a button shows the options"
    )
    assert html.count('name="player_') == 4


@pytest.mark.parametrize(
    ("ruleset", "options", "counts"),
    [
        ("loca", {"partners", "katlama"}, [str(n) for n in range(1, 22)]),
        ("loca-cezali", {"partners", "katlama"}, [str(n) for n in range(1, 22)]),
        ("gkokay", {"partners", "katlamali", "cezali"}, ["1", "2", "3", "5", "7", "11"]),
        ("kerizim", {"partners"}, ["1", "2", "3"]),
    ],
)
def test_options_partial_shows_only_that_rule_sets_options_and_hand_counts(client, ruleset, options, counts):
    response = client.get(reverse("scorer:game_new_options"), {"ruleset": ruleset}, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="game-options"')
    assert set(re.findall(r'data-option="([a-z_]+)"', html)) == options
    assert set(re.findall(r'name="option_([a-z_]+)"', html)) == options
    select = re.search(r'<select name="hands_planned".*?</select>', html, re.S)[0]
    assert re.findall(r'<option value="(\d+)"', select) == counts
    assert html.count('class="form-text') >= len(options), "every option explains itself"


def test_options_partial_keeps_what_was_typed_and_shows_teams_for_partners(client):
    params = {"ruleset": "kerizim", "option_partners": "on", "player_1": "Ayşe", "player_3": "Cem"}

    html = client.get(reverse("scorer:game_new_options"), params, headers=HTMX).content.decode()

    assert 'data-team="1"' in html and 'data-team="2"' in html
    team_1 = html[html.index('data-team="1"') : html.index('data-team="2"')]
    assert 'name="player_1"' in team_1 and 'name="player_3"' in team_1
    assert field_value(html, "player_1") == "Ayşe"
    assert field_value(html, "player_3") == "Cem"
    assert 'name="csrfmiddlewaretoken"' not in html


def test_options_without_htmx_is_the_whole_page(client):
    response = client.get(reverse("scorer:game_new_options"), {"ruleset": "gkokay"})

    assert "<html" in response.content.decode()
    assert 'name="option_cezali"' in response.content.decode()


def test_refresh_without_javascript_shows_the_new_rule_sets_options_and_keeps_the_names(client):
    data = NEW_TABLE | {"ruleset": "gkokay", "refresh": "1"}

    response = client.post(reverse("scorer:game_new"), data)

    html = response.content.decode()
    assert response.status_code == 200
    assert not Game.objects.exists()
    assert 'name="option_cezali"' in html and 'name="option_katlama"' not in html
    assert field_value(html, "player_4") == "Deniz"
    assert 'class="invalid-feedback' not in html


def test_creating_a_table_gives_this_device_edit_rights_and_the_board_shows_the_edit_link(client):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE, follow=False)

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scorer:game_board", args=[game.public_id])
    assert (game.ruleset, game.hands_planned, game.first_dealer) == ("loca-cezali", 5, 1)
    assert game.players == NAMES
    assert game.options == {"partners": False, "katlama": "none"}
    assert SESSION_KEY not in client.session  # no raw secret in the session any more
    page = client.get(response["Location"]).content.decode()
    assert f'value="http://testserver{claim_url(game, game.link_secret)}"' in page
    assert game.check_secret(game.link_secret)
    assert client.get(url("hand_new", game)).status_code == 200


def test_two_or_three_players_leave_the_last_fields_empty(client):
    data = NEW_TABLE | {
        "ruleset": "kerizim",
        "hands_planned": "3",
        "player_3": "",
        "player_4": "",
        "first_dealer": "0",
    }

    client.post(reverse("scorer:game_new"), data)

    assert Game.objects.get().players == ["Ayşe", "Bora"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"player_2": "ayşe "}, "player_2"),  # duplicate name, reported by the engine
        ({"player_2": ""}, "player_2"),  # a gap in the turn order
        ({"player_2": "", "player_3": "", "player_4": ""}, "player_2"),  # one player
        ({"option_partners": "on", "player_4": ""}, "player_4"),  # eşli needs four
        ({"hands_planned": "22"}, "hands_planned"),
        ({"ruleset": "kerizim", "hands_planned": "5"}, "hands_planned"),
        ({"option_katlama": "double"}, "option_katlama"),
        ({"player_3": "", "player_4": "", "first_dealer": "3"}, "first_dealer"),
        ({"player_1": "x" * 31}, "player_1"),
    ],
)
def test_invalid_table_shows_the_error_at_the_field_and_keeps_what_was_typed(client, changes, field):
    data = NEW_TABLE | changes

    response = client.post(reverse("scorer:game_new"), data)

    html = response.content.decode()
    assert response.status_code == 200
    assert not Game.objects.exists()
    assert f'id="id_{field}_error"' in html
    if field != "option_katlama":  # a radio group: its fieldset points at the error instead
        control = re.search(rf'<(?:input|select)[^>]*name="{field}"[^>]*>', html)[0]
        assert 'aria-invalid="true"' in control
        assert f"id_{field}_error" in control  # aria-describedby
    kept = [field_value(html, f"player_{k}") or "" for k in range(1, 5)]
    assert kept == [data[f"player_{k}"] for k in range(1, 5)]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"ruleset": "chess"},
        {"ruleset": ["x"], "hands_planned": "many"},
        NEW_TABLE | {"first_dealer": "-1"},
    ],
)
def test_tampered_new_table_posts_never_crash(client, data):
    response = client.post(reverse("scorer:game_new"), data)

    assert response.status_code == 200
    assert not Game.objects.exists()


def test_player_names_are_escaped(client):
    data = NEW_TABLE | {"player_1": "<script>alert(1)</script>"}
    client.post(reverse("scorer:game_new"), data)
    game = Game.objects.get()

    html = client.get(url("hand_new", game)).content.decode()
    preview = client.post(url("hand_preview", game), HAND, headers=HTMX).content.decode()

    for page in (html, preview):
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- the edit link and edit rights ----------------------------------------------------------------


def test_the_edit_link_gives_this_device_edit_rights(client):
    game, secret = new_table()
    assert client.get(url("hand_new", game)).status_code == 403

    response = client.get(claim_url(game, secret))

    assert response.status_code == 302
    assert response["Location"] == url("game_board", game)
    assert client.get(url("hand_new", game)).status_code == 200


def test_a_wrong_edit_link_is_refused(client):
    game, secret = new_table()

    response = client.get(claim_url(game, secret[:-1] + ("y" if secret.endswith("x") else "x")))

    assert response.status_code == 403
    assert SESSION_KEY not in client.session


def test_every_write_needs_the_edit_secret(table):
    hand = hand_record(game=table, data=finisher_alone())
    stranger = Client()
    requests = [
        ("get", url("hand_new", table)),
        ("post", url("hand_new", table)),
        ("post", url("hand_preview", table)),
        ("get", url("hand_edit", table, hand.position)),
        ("post", url("hand_edit", table, hand.position)),
        ("post", url("hand_delete", table, hand.position)),
        ("post", url("hand_restore", table, hand.position)),
    ]

    for method, path in requests:
        response = getattr(stranger, method)(path, HAND)
        assert response.status_code == 403, path
        htmx = getattr(stranger, method)(path, HAND, headers=HTMX)
        assert htmx.status_code == 403, path
    assert Hand.objects.count() == 1
    assert Hand.objects.get().deleted_at is None


def test_csrf_is_enforced_on_writes():
    client = Client(enforce_csrf_checks=True)
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)

    without_token = post_hand(client, game, HAND)
    table_post = client.post(reverse("scorer:game_new"), NEW_TABLE)
    page = client.get(url("hand_new", game)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    with_token = post_hand(client, game, HAND | {"csrfmiddlewaretoken": token})

    assert without_token.status_code == 403
    assert table_post.status_code == 403
    assert with_token.status_code == 302
    assert Hand.objects.filter(game=game).count() == 1
    assert Game.objects.count() == 1


# --- entering a hand ------------------------------------------------------------------------------


def test_hand_form_page_has_one_fieldset_per_player_and_the_live_preview(client, table):
    html = client.get(url("hand_new", table)).content.decode()

    assert html.count('<fieldset class="player') == 4
    assert f'action="{url("hand_new", table)}"' in html
    assert f'hx-post="{url("hand_preview", table)}"' in html
    assert 'hx-trigger="input changed delay:400ms, change"' in html
    assert 'id="hand-preview" aria-live="polite"' in html
    assert re.search(rf'<noscript>\s*<button[^>]*formaction="{url("hand_preview", table)}"', html)
    assert html.count('name="finisher"') == 5  # four players and "deck ran out"
    dealer = re.search(r'data-player="(\d)"(?:(?!data-player=).)*dealer-badge', html, re.S)
    assert dealer[1] == "1", "the table's first dealer deals hand 1"
    assert 'inputmode="numeric"' in html


def test_saving_a_hand_stores_it_and_goes_to_the_board(client, table):
    response = post_hand(client, table, HAND)

    assert response.status_code == 302
    assert response["Location"] == url("game_board", table)
    hand = Hand.objects.get(game=table)
    assert hand.data["players"][0] == {
        "name": "Ayşe",
        "opened": "sets",
        "finished": True,
        "finish": {"okey_discard": True},
    }
    assert hand.data["players"][3] == {"name": "Deniz", "opened": "none", "fouls": {"okey_discard": 1}}


def test_htmx_preview_is_the_itemised_result_partial(client, table):
    response = client.post(url("hand_preview", table), HAND, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert totals(html) == E2_TOTALS
    assert 'data-code="foul_okey_discard"' in html
    assert not Hand.objects.exists()


def test_preview_without_javascript_is_the_whole_page_with_the_values_kept(client, table):
    response = client.post(url("hand_preview", table), HAND | {"preview": "1"})

    html = response.content.decode()
    assert "<html" in html
    assert totals(html) == E2_TOTALS
    assert field_value(html, "p1-points") == "23"
    assert is_checked(html, "finisher", "0")
    assert is_checked(html, "p2-opened", "pairs")
    assert f'action="{url("hand_new", table)}"' in html
    assert not Hand.objects.exists()


def test_invalid_preview_lists_what_to_fix(client, table):
    html = client.post(url("hand_preview", table), HAND | {"p1-points": "999"}, headers=HTMX).content.decode()

    assert "data-preview-errors" in html
    assert 'href="#id_p1-points"' in html
    assert totals(html) == []


def test_invalid_hand_keeps_typed_values_and_shows_the_field_error(client, table):
    data = HAND | {"p1-points": "300", "p2-points": "17"}

    response = post_hand(client, table, data)

    html = response.content.decode()
    assert response.status_code == 200
    assert not Hand.objects.exists()
    assert 'id="id_p1-points_error"' in html
    assert re.search(r'name="p1-points"[^>]*aria-invalid="true"', html)
    assert field_value(html, "p1-points") == "300"
    assert field_value(html, "p2-points") == "17"
    assert is_checked(html, "p0-okey_discard", "") or re.search(r'name="p0-okey_discard"[^>]*checked', html)
    assert "data-error-summary" in html


def test_engine_errors_show_next_to_the_field(client, table):
    # What only the engine checks (it depends on other fields) comes back next to its field.
    data = HAND | {"p3-side_tile": "7", "p0-nine_pairs_run": "on"}

    html = post_hand(client, table, data).content.decode()

    assert not Hand.objects.exists()
    assert 'id="id_p3-side_tile_error"' in html, "Deniz never opened: no side tile"
    assert 'id="id_p0-nine_pairs_run_error"' in html, "9 pairs + 1 run needs an opening with pairs"


def test_a_missing_finisher_is_asked_for(client, table):
    data = {k: v for k, v in HAND.items() if k != "finisher"}

    html = post_hand(client, table, data).content.decode()

    assert 'id="id_finisher_error"' in html
    assert 'href="#id_finisher_0"' in html


@pytest.mark.parametrize(
    "changes",
    [
        {"finisher": "12"},
        {"p1-points": "lots"},
        {"p1-points": "1" * 5000},
        {"p1-okeys": "1e3"},
        {"p3-foul_okey_discard": "-5"},
        {"p3-foul_okey_swapped": "1"},  # not a field: ignored
        {"p1-side_tile": "0"},
        {"p0-opened": "<b>"},
        {"editing": "99999999999999999999"},
        {"hands_before": "-1"},
        {"hands_before": "99999999999"},
    ],
)
def test_tampered_hand_posts_never_crash(client, table, changes):
    hidden = set(changes) <= {"editing", "hands_before"}  # the save's guard; the preview ignores them
    for headers in ({}, HTMX):
        new = client.post(url("hand_new", table), HAND | changes, headers=headers)
        preview = client.post(url("hand_preview", table), HAND | changes, headers=headers)
        assert new.status_code == preview.status_code == 200
        assert "data-error-summary" in new.content.decode()  # the form again, saying what is wrong
        shown = preview.content.decode()
        if hidden:
            assert 'data-total="-404"' in shown
        else:
            assert "data-error-summary" in shown or "data-preview-errors" in shown
    assert not Hand.objects.exists()


def test_an_empty_post_is_a_form_error(client, table):
    response = post_hand(client, table, {})

    assert response.status_code == 200
    assert not Hand.objects.exists()


def test_a_complete_game_says_so_instead_of_a_form(client, table):
    for _ in range(table.hands_planned):
        post_hand(client, table, HAND)

    html = client.get(url("hand_new", table)).content.decode()
    extra = post_hand(client, table, HAND)

    assert "data-game-complete" in html
    assert 'name="finisher"' not in html
    assert Hand.objects.filter(game=table).count() == table.hands_planned
    assert extra.status_code == 200


# --- correcting, deleting, restoring --------------------------------------------------------------


def test_edit_form_is_prefilled_from_the_stored_hand(client, table):
    post_hand(client, table, HAND | {"p1-side_tile": "7", "p1-opening_size": "104"})
    hand = Hand.objects.get(game=table)

    html = client.get(url("hand_edit", table, hand.position)).content.decode()

    assert f'action="{hand_href("hand_edit", table, 1, hand.position)}"' in html
    assert f'name="editing" value="{hand.position}"' in html
    assert is_checked(html, "finisher", "0")
    assert re.search(r'name="p0-okey_discard"[^>]*checked', html)
    assert is_checked(html, "p2-opened", "pairs")
    assert field_value(html, "p1-points") == "23"
    assert field_value(html, "p1-okeys") == "1"
    assert field_value(html, "p3-foul_okey_discard") == "1"
    assert re.search(r'<option value="7" selected>', html)
    assert field_value(html, "p1-opening_size") == "104"
    assert "data-delete-form" in html


def test_saving_the_edit_form_unchanged_keeps_the_hand(client, table):
    post_hand(client, table, HAND | {"p1-side_tile": "7", "p1-opening_size": "104"})
    hand = Hand.objects.get(game=table)
    before = hand.data

    response = client.post(
        url("hand_edit", table, hand.position), HAND | {"p1-side_tile": "7", "p1-opening_size": "104"}
    )

    hand.refresh_from_db()
    assert response.status_code == 302
    assert hand.data == before


def test_correcting_a_hand_changes_it_in_place(client, table):
    post_hand(client, table, HAND)
    post_hand(
        client,
        table,
        HAND | {"finisher": "1", "p0-okey_discard": "", "p1-points": "", "p1-okeys": "0", "p0-points": "0"},
    )
    first = Hand.objects.get(game=table, position=1)

    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30"})

    first.refresh_from_db()
    assert first.data["players"][1]["remaining"]["points"] == 30
    assert Hand.objects.filter(game=table).count() == 2


def test_preview_of_an_edit_without_javascript_stays_on_the_edit_page(client, table):
    post_hand(client, table, HAND)

    html = client.post(url("hand_preview", table), HAND | {"editing": "1", "preview": "1"}).content.decode()

    assert f'action="{hand_href("hand_edit", table, 1)}"' in html


def test_delete_then_restore(client, table):
    post_hand(client, table, HAND)

    deleted = client.post(url("hand_delete", table, 1))
    board = client.get(url("game_board", table)).content.decode()
    restored = client.post(url("hand_restore", table, 1))

    assert deleted.status_code == 302 and deleted["Location"] == url("game_board", table)
    assert f'action="{hand_href("hand_restore", table, 1)}"' in board
    assert restored.status_code == 302
    assert Hand.objects.get(game=table).deleted_at is None


RENUMBERED = {
    "tr": {
        "question": "Sonraki eller yeniden numaralanacak: El 2 → El 1, El 3 → El 2.",
        "deleted": "El 1 silindi; sonraki eller yeniden numaralandı: El 2 → El 1, El 3 → El 2.",
        "restored": "El 1 geri getirildi; sonraki eller yeniden numaralandı: El 1 → El 2, El 2 → El 3.",
    },
    "en": {
        "question": "The later hands will be renumbered: Hand 2 → Hand 1, Hand 3 → Hand 2.",
        "deleted": "Hand 1 deleted; the later hands were renumbered: Hand 2 → Hand 1, Hand 3 → Hand 2.",
        "restored": "Hand 1 restored; the later hands were renumbered: Hand 1 → Hand 2, Hand 2 → Hand 3.",
    },
}


@pytest.mark.parametrize("language", ["tr", "en"])
def test_deleting_an_early_hand_says_how_the_later_hands_were_renumbered(client, table, language):
    client.cookies["django_language"] = language
    for _ in range(3):
        post_hand(client, table, HAND)
    words = RENUMBERED[language]

    question = client.get(url("hand_delete", table, 1)).content.decode()
    client.post(url("hand_delete", table, 1))
    board = client.get(url("game_board", table)).content.decode()
    client.post(url("hand_restore", table, 1))
    restored = client.get(url("game_board", table)).content.decode()

    assert words["question"] in question
    assert f"<span>{words['deleted']}</span>" in board  # the message that holds the undo
    assert f'action="{hand_href("hand_restore", table, 1)}"' in board
    assert words["restored"] in restored


def test_deleting_the_last_hand_renumbers_nothing_and_says_nothing_of_it(client, table):
    for _ in range(2):
        post_hand(client, table, HAND)

    question = client.get(url("hand_delete", table, 2)).content.decode()
    client.post(url("hand_delete", table, 2))
    board = client.get(url("game_board", table)).content.decode()

    assert "<span>El 2 silindi.</span>" in board
    assert "numaralan" not in question + board


def test_a_long_renumbering_names_the_first_and_the_last_move():
    assert renumbering.moves(first_old=2, first_new=1, count=3) == "El 2 → El 1, El 3 → El 2, El 4 → El 3"
    assert renumbering.moves(first_old=2, first_new=1, count=8) == "El 2 → El 1 … El 9 → El 8"


def test_a_deleted_hand_cannot_be_edited_or_deleted_again(client, table):
    post_hand(client, table, HAND)
    client.post(url("hand_delete", table, 1))
    deleted = Hand.objects.get()

    assert client.get(url("hand_edit", table, 1)).status_code == 404
    assert client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30"}).status_code == 404
    assert client.post(url("hand_delete", table, 1)).status_code == 404
    assert client.post(url("hand_restore", table, 2)).status_code == 404
    hand = Hand.objects.get()
    assert (hand.deleted_at, hand.version, hand.data) == (deleted.deleted_at, deleted.version, deleted.data)


def test_restore_is_refused_when_the_game_is_already_complete(client, table):
    post_hand(client, table, HAND)
    client.post(url("hand_delete", table, 1))
    for _ in range(table.hands_planned):
        post_hand(client, table, HAND)

    response = client.post(url("hand_restore", table, 1))

    assert response.status_code == 302
    assert Hand.objects.get(game=table, position=1).deleted_at is not None


def test_delete_and_restore_need_post(client, table):
    post_hand(client, table, HAND)

    assert client.get(url("hand_delete", table, 1)).status_code == 200  # the question
    assert Hand.objects.live().count() == 1  # asking deletes nothing
    assert client.get(url("hand_restore", table, 1)).status_code == 405
    assert client.get(url("hand_preview", table)).status_code == 405


def test_a_repeated_save_of_the_same_hand_records_it_once(client, table):
    first = post_hand(client, table, HAND | {"hands_before": "0"})
    again = post_hand(client, table, HAND | {"hands_before": "0"})

    assert first.status_code == again.status_code == 302
    assert again["Location"] == url("game_board", table)
    assert Hand.objects.filter(game=table).count() == 1


def test_a_hand_saved_meanwhile_elsewhere_is_not_overwritten_or_doubled(client, table):
    post_hand(client, table, HAND | {"hands_before": "0"})  # another phone saved hand 1
    other = HAND | {"p1-points": "5", "hands_before": "0"}

    stale = post_hand(client, table, other)

    html = stale.content.decode()
    assert stale.status_code == 200
    assert "data-saved-meanwhile" in html
    assert field_value(html, "p1-points") == "5"
    assert field_value(html, "hands_before") == "0"  # saving again asks again: adding is its own choice
    assert Hand.objects.filter(game=table).count() == 1
    assert post_hand(client, table, other).status_code == 200
    assert Hand.objects.filter(game=table).count() == 1


def test_switching_rule_set_without_javascript_shows_its_options_before_creating(client):
    data = NEW_TABLE | {"ruleset": "gkokay", "options_for": "loca-cezali"}

    response = client.post(reverse("scorer:game_new"), data)

    html = response.content.decode()
    assert not Game.objects.exists()
    assert "data-options-changed" in html
    assert 'name="option_cezali"' in html
    assert 'name="options_for" value="gkokay"' in html
    assert client.post(reverse("scorer:game_new"), data | {"options_for": "gkokay"}).status_code == 302
