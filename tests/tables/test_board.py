"""The scoreboard, one hand's breakdown, the live partial (204 / ETag and 304), exports and the QR code."""

import csv
import io
import json
import re
from xml.etree import ElementTree

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorer.engine import score_game
from scorer.models import Game
from scorer.tables.selectors import game_board, game_document
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.factories import NAMES, claim, finisher, hand_href, new_table, url
from tests.support.markup import post_actions

pytestmark = pytest.mark.django_db

EVIL = "<script>alert(1)</script>"
LIVE_QUERIES = 4
"""Game, hands, and the ETag's game lookup (board_live) or the undo list (editor), plus this
device's grant (edit rights are checked server-side, so that they can be revoked). A tournament
table's board asks one more, for its place in the event; a plain table's never does
(``Game.in_event``, decision E15). The scorekeeper's board, rendered on every request, reads its
table once more with its rematch links and whether its facts changed (a viewers' board from the
cache needs only the table's row): ``EDITOR_QUERIES``."""
EDITOR_QUERIES = LIVE_QUERIES + 1


# --- helpers ------------------------------------------------------------------------------


def attr_values(html: str, attr: str) -> list[str]:
    return re.findall(rf'{attr}="([^"]*)"', html)


def totals_part(html: str) -> str:
    """The board's totals row (at the top, under the names), or the printed sheet's table foot."""
    if '<tr class="totals">' in html:
        return html.split('<tr class="totals">', 1)[1].split("</tr>", 1)[0]
    return html.split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]


def totals_row(html: str) -> list[int]:
    return [int(v) for v in attr_values(totals_part(html), "data-total")]


def body_rows(html: str) -> list[list[int]]:
    tbody = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.split(r"<tr data-(?:position|number)=", tbody)[1:]
    return [[int(v) for v in attr_values(row, "data-total")] for row in rows]


# --- the board ----------------------------------------------------------------------------


def test_board_has_a_row_per_hand_with_each_players_hand_total_and_the_engines_totals(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))
    hand_record(game=game, data=finisher(1, points=35))

    response = client.get(url("game_board", game))

    assert response.status_code == 200
    html = response.content.decode()
    expected = score_game(game_document(game))
    assert body_rows(html) == [list(hand.totals) for hand in expected.hands]
    assert totals_row(html) == list(expected.totals)
    assert attr_values(html, "data-number") == ["1", "2"]


def test_each_hand_cell_links_to_that_hands_breakdown(client):
    game, _ = new_table()
    first = hand_record(game=game, data=finisher(0))
    second = hand_record(game=game, data=finisher(1))
    hand_delete(hand=first)

    html = client.get(url("game_board", game)).content.decode()

    detail = hand_href("hand_detail", game, 1, second.position)  # the number shown, its position
    assert html.count(f'href="{detail}"') == 1 + len(NAMES)  # the hand number and every cell
    assert f"?s={first.position}" not in html  # a deleted hand is off the board
    assert attr_values(html, "data-number") == ["1"]  # numbers close up; positions stay


def test_partners_board_adds_the_two_teams_of_seats_1_3_and_2_4(client):
    game, _ = new_table(options={"partners": True})
    hand_record(game=game, data=finisher(0))

    html = client.get(url("game_board", game)).content.decode()

    result = score_game(game_document(game))
    team_totals = [team.total for team in result.hands[0].teams]
    assert body_rows(html) == [[*team_totals, *result.hands[0].totals]]  # teams first: they decide
    assert totals_row(html) == [*result.team_totals, *result.totals]
    headers = re.findall(r'<th scope="col" class="col-score[^"]*" title="([^"]*)">(.*?)</th>', html)
    names = ["Ayşe &amp; Cem", "Bora &amp; Deniz", *NAMES]
    assert [title for title, _ in headers] == names  # the full name, also when it is cut short
    assert [re.sub(r"<[^>]+>", "", cell).removeprefix("Takım: ") for _, cell in headers] == names
    assert [cell.startswith('<span class="visually-hidden">') for _, cell in headers] == [True] * 2 + [
        False
    ] * 4


def test_leader_is_marked_with_an_icon_and_hidden_text_not_colour_alone(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(2))

    html = client.get(url("game_board", game)).content.decode()

    cells = re.findall(r"<td[^>]*>(.*?)</td>", totals_part(html), re.S)
    leader = [cell for cell in cells if "visually-hidden" in cell]
    assert len(leader) == 1 and "−101" in leader[0]
    assert re.search(r'data-total="-101" data-leader', totals_part(html))
    assert "<svg" in leader[0] and 'aria-hidden="true"' in leader[0]
    assert "data-leaders>Cem<" in html


def test_nobody_leads_before_the_first_hand_or_while_everyone_is_equal(client):
    game, _ = new_table()

    html = client.get(url("game_board", game)).content.decode()

    assert "data-leader" not in html
    assert totals_row(html) == [0, 0, 0, 0]


def test_dealer_rotates_each_hand_from_the_first_dealer_and_the_next_dealer_is_shown(client):
    game, _ = new_table(first_dealer=2)
    hand_record(game=game, data=finisher(0))
    hand_record(game=game, data=finisher(1))

    html = client.get(url("game_board", game)).content.decode()

    assert attr_values(html, "data-dealer") == ["2", "3"]
    assert 'data-next-dealer="0">Ayşe<' in html
    assert 'data-hands-played="2" data-hands-planned="3"' in html


def test_a_finished_game_names_its_single_winner_and_no_next_dealer(client):
    game, _ = new_table(hands_planned=1)
    hand_record(game=game, data=finisher(3))

    html = client.get(url("game_board", game)).content.decode()

    assert 'data-winners="3"' in html
    assert "<strong>Deniz</strong>" in html
    assert "data-next-dealer" not in html
    assert "data-winner" in totals_part(html)


def test_players_tied_at_the_lowest_total_all_win(client):
    game, _ = new_table(hands_planned=2)
    hand_record(game=game, data=finisher(0, points=20))
    hand_record(game=game, data=finisher(1, points=20, opener=0))

    html = client.get(url("game_board", game)).content.decode()

    assert totals_row(html) == [-81, -81, 404, 404]
    assert 'data-winners="0,1"' in html
    assert "<strong>Ayşe, Bora</strong>" in html
    assert totals_part(html).count("data-winner") == 2


def test_everyone_equal_at_the_end_means_no_winner_and_the_board_says_so(client):
    game, _ = new_table(players=["Ayşe", "Bora"], hands_planned=2)
    hand_record(game=game, data=finisher(0, points=20, players=2))
    hand_record(game=game, data=finisher(1, points=20, players=2))

    html = client.get(url("game_board", game)).content.decode()

    assert 'data-winners=""' in html
    assert "data-no-winner" in html
    assert "data-winner " not in html and "data-winner>" not in html


def test_partners_winners_are_teams(client):
    game, _ = new_table(options={"partners": True}, hands_planned=1)
    hand_record(game=game, data=finisher(1))

    html = client.get(url("game_board", game)).content.decode()

    assert 'data-winners="1"' in html
    assert "<strong>Bora &amp; Deniz</strong>" in html


def test_running_totals_chart_is_an_accessible_inline_svg_with_a_legend(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))

    html = client.get(url("game_board", game)).content.decode()

    svg = re.search(r'<svg class="chart".*?</svg>', html, re.S).group(0)
    assert 'role="img"' in svg and "aria-label=" in svg and "<title>" in svg
    assert svg.count("<path ") == len(NAMES)
    assert len(set(attr_values(svg, "stroke-dasharray"))) == len(NAMES) - 1  # plus one solid line
    assert "," not in "".join(attr_values(svg, "d"))  # no decimal commas in Turkish
    assert attr_values(html, "data-series") == ["0", "1", "2", "3"]


def test_an_empty_board_has_no_chart_and_says_there_are_no_hands(client):
    game, _ = new_table()

    html = client.get(url("game_board", game)).content.decode()

    assert 'class="chart"' not in html
    assert body_rows(html) == []
    assert "data-empty" in html


# --- live updates: htmx partial, ETag and 304 ------------------------------------------------


def test_board_polls_its_live_partial_every_4_seconds_and_swaps_it_whole(client):
    game, _ = new_table()

    html = client.get(url("game_board", game)).content.decode()

    live = re.search(r'<section id="board-live"[^>]*>', html).group(0)
    assert f'hx-get="{url("board_live", game)}?v={game.version}-tr-view"' in live
    assert 'hx-trigger="every 4s, okeycalc:wake"' in live
    assert 'hx-swap="outerHTML"' in live
    assert "data-live-poll" in live  # pushed into its wrapper; polled only as the fallback
    stream = f'sse-connect="{reverse("scorer:board_stream", args=[game.public_id])}?v={game.version}-tr-view"'
    wrapper = f'<div class="live-stream" hx-ext="sse" {stream} sse-swap="board" hx-swap="innerHTML">'
    assert re.search(rf'{re.escape(wrapper)}\s*<section id="board-live"', html)
    assert f'href="{url("game_board", game)}" data-refresh' in html  # without JavaScript
    assert '<noscript><meta http-equiv="refresh"' in html


def test_htmx_request_of_the_board_gets_only_the_live_partial(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))

    response = client.get(url("game_board", game), headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<section id="board-live"')
    assert "<html" not in html and "<h1" not in html
    assert totals_row(html) == list(score_game(game_document(game)).totals)
    assert "HX-Request" in response["Vary"]


def test_live_partial_answers_304_to_its_current_etag_and_200_after_a_hand_is_recorded(client):
    game, _ = new_table()
    live = url("board_live", game)

    first = client.get(live, headers={"HX-Request": "true"})
    etag = first["ETag"]
    unchanged = client.get(live, headers={"HX-Request": "true", "If-None-Match": etag})
    hand_record(game=game, data=finisher(0))
    changed = client.get(live, headers={"HX-Request": "true", "If-None-Match": etag})

    assert first.status_code == 200
    assert "no-cache" in first["Cache-Control"]
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert body_rows(changed.content.decode()) == [list(score_game(game_document(game)).hands[0].totals)]
    assert f'data-etag="{changed["ETag"].strip(chr(34))}"' in changed.content.decode()


def polled_url(html: str) -> str:
    return re.search(r'<section id="board-live"[^>]*hx-get="([^"]+)"', html)[1].replace("&amp;", "&")


@pytest.mark.parametrize("role", ["viewer", "editor"])
def test_a_poll_with_the_shown_etag_is_204_until_a_hand_changes_the_board(client, role):
    game, secret = new_table()
    if role == "editor":
        claim(client, game, secret)
    polled = polled_url(client.get(url("game_board", game)).content.decode())

    unchanged = client.get(polled, headers={"HX-Request": "true"})
    hand_record(game=game, data=finisher(0))
    changed = client.get(polled, headers={"HX-Request": "true"})
    again = client.get(polled_url(changed.content.decode()), headers={"HX-Request": "true"})

    assert unchanged.status_code == 204 and unchanged.content == b""
    assert changed.status_code == 200
    assert body_rows(changed.content.decode()) == [list(score_game(game_document(game)).hands[0].totals)]
    assert again.status_code == 204


@pytest.mark.parametrize("role", ["viewer", "editor"])
def test_the_finished_board_keeps_following_after_its_rematch_is_open(client, role):
    """Its hands can still be corrected: the board keeps its stream and its polling fallback."""
    game, secret = new_table(hands=[finisher(seat) for seat in range(3)])
    if role == "editor":
        claim(client, game, secret)
    finished = client.get(url("game_board", game)).content.decode()
    polled = polled_url(finished)  # the viewers learn of a rematch by polling the finished board
    assert "winners-banner" in finished

    assert client.get(polled, headers={"HX-Request": "true"}).status_code == 204
    rematch, _created = game_rematch(game=game)
    final = client.get(polled, headers={"HX-Request": "true"})

    assert final.status_code == 200
    html = final.content.decode()
    assert f'href="{url("game_board", rematch)}" data-rematch-link' in html
    section = re.search(r'<section id="board-live"[^>]*>', html)[0]
    assert "hx-get" in section and "hx-trigger" in section  # the swapped-in board polls on
    assert client.get(polled_url(html), headers={"HX-Request": "true"}).status_code == 204
    page = client.get(url("game_board", game)).content.decode()
    assert "hx-trigger" in re.search(r'<section id="board-live"[^>]*>', page)[0]
    assert url("board_stream", game) in page  # and its stream
    assert f'href="{url("game_board", game)}" data-refresh' in page  # a reload still shows any change


def test_a_poll_with_an_old_or_bad_etag_gets_the_board(client):
    game, _ = new_table(hands=[finisher(0)])
    live = url("board_live", game)

    for shown in ("0-tr-view", f"{game.version}-en-view", f"{game.version}-tr-edit", "<x>", ""):
        response = client.get(live, {"v": shown}, headers={"HX-Request": "true"})
        assert response.status_code == 200, shown
        assert body_rows(response.content.decode())


def test_live_etag_changes_with_the_language_and_with_edit_rights(client):
    game, secret = new_table()
    live = url("board_live", game)

    viewer_tr = client.get(live)["ETag"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    viewer_en = client.get(live)["ETag"]
    claim(client, game, secret)
    editor_en = client.get(live)["ETag"]

    assert len({viewer_tr, viewer_en, editor_en}) == 3
    assert str(game.version) in viewer_tr


def test_deleting_a_hand_also_changes_the_etag(client):
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    live = url("board_live", game)
    etag = client.get(live)["ETag"]

    hand_delete(hand=hand)
    response = client.get(live, headers={"If-None-Match": etag})

    assert response.status_code == 200
    assert response["ETag"] != etag
    assert body_rows(response.content.decode()) == []  # the deleted hand is gone from the board


def test_board_query_count_does_not_grow_with_the_number_of_hands(client, django_assert_max_num_queries):
    short, _ = new_table(ruleset="loca", hands_planned=21)
    long, _ = new_table(ruleset="loca", hands_planned=21)
    hand_record(game=short, data=finisher(0))
    for k in range(21):
        hand_record(game=long, data=finisher(k % 4))

    counts = {}
    for game in (short, long):
        client.get(url("game_board", game))  # a device's first visit records a watch grant
        for name in ("game_board", "board_live", "hand_detail"):
            args = (1,) if name == "hand_detail" else ()
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url(name, game, *args)).status_code == 200
            counts[game.pk, name] = len(queries)
    for name in ("game_board", "board_live", "hand_detail"):
        assert counts[short.pk, name] == counts[long.pk, name], name
    with django_assert_max_num_queries(LIVE_QUERIES):
        client.get(url("game_board", long))
    with django_assert_max_num_queries(LIVE_QUERIES):
        client.get(url("board_live", long))


def test_editor_board_query_count_does_not_grow_with_hands_or_deleted_hands(client):
    counts = []
    for hands in (1, 21):
        game, secret = new_table(ruleset="loca", hands_planned=21)
        recorded = [hand_record(game=game, data=finisher(k % 4)) for k in range(hands)]
        for hand in recorded[: hands // 2]:
            hand_delete(hand=hand)
        claim(client, game, secret)
        client.get(url("game_board", game))  # an old session's secret becomes a grant
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url("game_board", game)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= EDITOR_QUERIES


def test_print_sheet_lists_players_before_teams_like_the_csv(client):
    game, _ = new_table(options={"partners": True})
    hand_record(game=game, data=finisher(0))

    html = client.get(url("game_print", game)).content.decode()

    result = score_game(game_document(game))
    assert totals_row(html) == [*result.totals, *result.team_totals]


# --- viewers and editors --------------------------------------------------------------------


def test_viewer_sees_no_edit_controls_and_no_post_form_but_the_language_switch(client):
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    hand_delete(hand=hand_record(game=game, data=finisher(1)))

    pages = [url("game_board", game), url("board_live", game), url("hand_detail", game, hand.position)]
    for page in pages:
        html = client.get(page).content.decode()
        assert post_actions(html) <= {reverse("set_language")}, page
        assert "/duzelt/" not in html and "/sil/" not in html and "/geri-al/" not in html
        assert "/el/yeni/" not in html
        assert "data-editor" not in html and "data-deleted" not in html and "data-edit" not in html
        assert url("viewer_qr", game) not in html


def test_editor_gets_add_and_undo_controls_and_every_row_opens_its_hand_for_correction(client):
    game, secret = new_table()
    kept = hand_record(game=game, data=finisher(0))
    gone = hand_record(game=game, data=finisher(2))
    hand_delete(hand=gone)
    claim(client, game, secret)

    html = client.get(url("game_board", game)).content.decode()

    assert f'href="{url("hand_new", game)}" data-add-hand' in html
    row = html.split(f'data-position="{kept.position}"', 1)[1].split("</tr>", 1)[0]
    assert row.count(f'href="{hand_href("hand_edit", game, 1, kept.position)}"') == 1 + len(NAMES)  # one tap
    assert f'href="{hand_href("hand_detail", game, 1, kept.position)}"' not in row
    assert post_actions(html) == {
        reverse("set_language"),
        hand_href("hand_restore", game, gone.position),
        url("game_plan", game),  # the planned number of hands
    }
    assert f'href="{url("game_link_rotate", game)}"' in html  # a new edit link asks first
    assert "data-deleted" in html and "Cem" in html.split("data-deleted", 1)[1]  # who finished it
    assert html.count("csrfmiddlewaretoken") == 3


def test_editor_sees_the_viewer_link_and_its_qr_code(client):
    game, secret = new_table()
    claim(client, game, secret)

    html = client.get(url("game_board", game)).content.decode()

    assert f'value="http://testserver{url("game_board", game)}" readonly' in html
    assert f'src="{url("viewer_qr", game)}"' in html
    assert re.search(r'<details class="share-box[^>]*open', html)  # open until the first hand
    assert "<noscript><meta" not in html  # the editor's page never reloads under their thumb


def test_no_add_hand_button_once_every_planned_hand_is_played(client):
    game, secret = new_table(hands_planned=1)
    hand_record(game=game, data=finisher(0))
    claim(client, game, secret)

    html = client.get(url("game_board", game)).content.decode()

    assert "data-add-hand" not in html
    assert url("hand_edit", game, 1) in html  # a finished game can still be corrected


def test_editor_live_partial_keeps_the_controls(client):
    game, secret = new_table()
    hand = hand_record(game=game, data=finisher(0))
    claim(client, game, secret)

    html = client.get(url("board_live", game), headers={"HX-Request": "true"}).content.decode()

    assert f'href="{hand_href("hand_edit", game, 1, hand.position)}"' in html
    assert "data-add-hand" in html


def test_editor_hand_detail_links_to_the_correction_form(client):
    game, secret = new_table()
    hand = hand_record(game=game, data=finisher(0))
    claim(client, game, secret)

    html = client.get(url("hand_detail", game, hand.position)).content.decode()

    assert f'href="{hand_href("hand_edit", game, 1, hand.position)}" data-edit' in html
    assert "<form" not in html.split("<main", 1)[1]  # reading a hand never writes


def test_unknown_table_or_hand_is_a_friendly_404(client):
    game, _ = new_table()
    deleted = hand_record(game=game, data=finisher(0))
    hand_delete(hand=deleted)
    missing = "x" * 16

    for page in [
        reverse("scorer:game_board", args=[missing]),
        reverse("scorer:board_live", args=[missing]),
        reverse("scorer:hand_detail", args=[missing, 1]),
        reverse("scorer:game_print", args=[missing]),
        reverse("scorer:export_csv", args=[missing]),
        reverse("scorer:export_json", args=[missing]),
        reverse("scorer:viewer_qr", args=[missing]),
        url("hand_detail", game, 99),
        url("hand_detail", game, deleted.position),
    ]:
        response = client.get(page)
        assert response.status_code == 404, page
        assert f'href="{reverse("scorer:home")}"' in response.content.decode()


def test_player_names_are_escaped_on_every_page_including_the_chart(client):
    game, _ = new_table(players=[EVIL, "Bora", "Cem", "Deniz"], options={"partners": True})
    hand = hand_record(game=game, data=finisher(0))

    for page in [
        url("game_board", game),
        url("board_live", game),
        url("hand_detail", game, hand.position),
        url("game_print", game),
    ]:
        html = client.get(page).content.decode()
        assert EVIL not in html, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, page
    board = client.get(url("game_board", game)).content.decode()
    chart = re.search(r'<svg class="chart".*?</svg>', board, re.S).group(0)
    assert "&lt;script&gt;" in chart  # the aria-label summary


# --- one hand --------------------------------------------------------------------------------


def test_hand_detail_shows_the_itemised_result_number_dealer_and_its_own_share_link(client):
    game, _ = new_table(first_dealer=1)
    first = hand_record(game=game, data=finisher(0))
    second = hand_record(game=game, data=finisher(2))
    third = hand_record(game=game, data=finisher(3))
    hand_delete(hand=first)

    page = hand_href("hand_detail", game, 2, third.position)  # as the board links it
    html = client.get(page).content.decode()

    assert f'data-number="2" data-position="{third.position}"' in html
    assert 'data-dealer="3"' in html  # stored when it was saved: deleting hand 1 changed nobody's deal
    assert 'data-finisher="3"' in html
    result = game_board(game, lines=True).rows[1].result
    assert 'class="hand-result"' in html
    assert attr_values(html, "data-code") == [line.code for p in result.players for line in p.lines]
    assert f'value="http://testserver{page}"' in html
    assert f'href="{url("game_board", game)}"' in html
    assert f'href="{hand_href("hand_detail", game, 1, second.position)}" rel="prev"' in html
    assert 'rel="next"' not in html


def test_hand_detail_shows_the_running_totals_after_that_hand(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))
    second = hand_record(game=game, data=finisher(1))

    html = client.get(url("hand_detail", game, second.position)).content.decode()

    running = html.split('id="running-heading"', 1)[1]
    assert [int(v) for v in attr_values(running, "data-total")] == list(game_board(game).rows[1].running)


# --- print and exports -----------------------------------------------------------------------


def test_print_page_is_a_clean_table_with_rule_set_options_and_date(client):
    game, _ = new_table(ruleset="loca", options={"katlama": "extra"}, hands_planned=2)
    hand_record(game=game, data=finisher(0))

    html = client.get(url("game_print", game)).content.decode()

    assert "<form" not in html and "<button" not in html and "<nav" not in html
    assert "LOCA 101" in html
    assert "<time datetime=" in html
    assert body_rows(html) == [list(score_game(game_document(game)).hands[0].totals)]
    assert totals_row(html) == list(score_game(game_document(game)).totals)
    assert html.count("<dt") >= 5  # rule set, play, table type, hands, date


def test_csv_export_has_a_bom_a_row_per_hand_and_a_totals_row(client):
    game, _ = new_table(options={"partners": True}, first_dealer=3)
    hand_record(game=game, data=finisher(0))
    hand_record(game=game, data=finisher(1))

    response = client.get(url("export_csv", game))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="okey-' in response["Content-Disposition"]  # tests/tables/test_export_names.py
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    board = game_board(game)
    assert rows[0][:4] == ["El", "Dağıtan", "Bitiren", "Nasıl"]
    assert rows[0][4:] == [*NAMES, "Ayşe & Cem", "Bora & Deniz"]
    assert [row[:4] for row in rows[1:-1]] == [
        ["1", "Deniz", "Ayşe", "normal"],
        ["2", "Ayşe", "Bora", "normal"],
    ]
    for row, hand in zip(rows[1:-1], board.rows, strict=True):
        assert [int(v) for v in row[4:]] == [*hand.numbers.totals, *hand.numbers.teams]
    assert [int(v) for v in rows[-1][4:]] == [*board.result.totals, *board.result.team_totals]


def test_csv_names_cannot_become_spreadsheet_formulas(client):
    game, _ = new_table(players=["=HYPERLINK(1)", "+Bora", "-Cem", EVIL])
    hand_record(game=game, data=finisher(0))

    rows = list(csv.reader(io.StringIO(client.get(url("export_csv", game)).content.decode("utf-8-sig"))))

    assert rows[0][4:] == ["'=HYPERLINK(1)", "'+Bora", "'-Cem", EVIL]
    assert rows[1][1] == rows[1][2] == "'=HYPERLINK(1)"  # the dealer and the finisher too
    assert rows[-1][4].lstrip("-").isdigit()  # numbers stay numbers


def test_json_export_is_the_game_document_as_an_attachment(client):
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))

    response = client.get(url("export_json", game))

    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="okey-')
    assert json.loads(response.content) == game_document(game)


def test_score_command_on_the_json_export_reproduces_every_total_of_the_board(client, tmp_path):
    game, _ = new_table(options={"partners": True})
    hand_record(game=game, data=finisher(0))
    hand_delete(hand=hand_record(game=game, data=finisher(2)))
    hand_record(game=game, data=finisher(1, points=77))
    exported = tmp_path / "oyun.json"
    exported.write_bytes(client.get(url("export_json", game)).content)
    board_html = client.get(url("game_board", game)).content.decode()

    out = io.StringIO()
    call_command("score", str(exported), stdout=out)

    result = json.loads(out.getvalue())
    assert totals_row(board_html) == [*result["team_totals"], *result["totals"]]  # teams first
    assert body_rows(board_html) == [
        [*(t["total"] for t in hand["teams"]), *(p["total"] for p in hand["players"])]
        for hand in result["hands"]
    ]


def test_viewer_qr_is_an_svg_of_the_board_link(client):
    import segno

    game, _ = new_table()

    response = client.get(url("viewer_qr", game))

    assert response["Content-Type"] == "image/svg+xml"
    root = ElementTree.fromstring(response.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    expected = io.BytesIO()
    board = f"http://testserver{url('game_board', game)}"
    segno.make(board, error="m").save(expected, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    assert response.content == expected.getvalue()


SEPARATED = ["x;=2+3;y", "a,+1", "b|@SUM(1)", "c | -2", "＝1+1"]


def test_csv_cells_are_all_quoted_and_a_formula_after_any_separator_is_neutralised(client):
    """``x;=2+3;y`` is written quoted as ``x;'=2+3;y``, so a spreadsheet splitting on ``;`` (Excel
    in Turkish) never reads ``=2+3`` as a formula."""
    game, _ = new_table(players=[*SEPARATED[:3], "Deniz"])
    hand_record(game=game, data=finisher(0))
    game2, _ = new_table(players=[*SEPARATED[3:], "Ali", "Veli"])
    hand_record(game=game2, data=finisher(0))

    for table in (game, game2):
        text = client.get(url("export_csv", table)).content.decode("utf-8-sig")
        for line in text.splitlines():
            assert line.startswith('"') and line.endswith('"'), line  # every cell quoted
            for part in re.split(r"[,;\t|]", line.replace('"', "")):
                assert not part.strip().startswith(("=", "+", "@", "＝")), (line, part)
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[-1][4].lstrip("-").isdigit()  # numbers stay numbers
    header = list(csv.reader(io.StringIO(client.get(url("export_csv", game)).content.decode("utf-8-sig"))))[0]
    assert header[4:7] == ["x;'=2+3;y", "a,'+1", "b|'@SUM(1)"]


# --- what each hand records: dealer, finisher and how ------------------------------------------


def facts(html: str) -> list[str]:
    """The labelled line under each hand: "Dağıtan: Ayşe · Bitiren: Bora · elden"."""
    lines = re.findall(r'<tr class="hand-facts"[^>]*>\s*<td[^>]*>(.*?)</td>', html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in lines]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("tr", ["Dağıtan: Cem · Bitiren: Ayşe · çift + elden", "Dağıtan: Deniz · Kimse bitirmedi"]),
        ("en", ["Dealer: Cem · Finisher: Ayşe · pairs + elden", "Dealer: Deniz · Nobody finished"]),
    ],
)
def test_the_board_labels_each_hands_dealer_and_finisher_with_how(client, language, expected):
    game, _ = new_table("loca-cezali", hands_planned=7, first_dealer=2)
    pairs_elden = {"opened": "pairs", "finished": True, "finish": {"elden": True}}
    hand_record(
        game=game, data={"players": [pairs_elden, {"opened": "sets", "remaining": {"points": 9}}, {}, {}]}
    )
    hand_record(game=game, data={"players": [{"opened": "sets", "remaining": {"points": 9}}, {}, {}, {}]})
    client.cookies["django_language"] = language

    board = client.get(url("game_board", game)).content.decode()
    sheet = client.get(url("game_print", game)).content.decode()
    detail = client.get(url("hand_detail", game, 1)).content.decode()

    assert facts(board) == expected
    assert ("Ayşe · çift + elden" if language == "tr" else "Ayşe · pairs + elden") in sheet
    assert 'data-dealer="2"' in detail and 'data-finisher="0"' in detail


def test_after_deleting_hand_1_the_board_and_the_csv_show_every_later_dealer_unchanged(client):
    game, secret = new_table("loca", hands_planned=7, hands=[finisher(k % 4) for k in range(4)])
    claim(client, game, secret)
    before = list(csv.reader(io.StringIO(client.get(url("export_csv", game)).content.decode("utf-8-sig"))))
    assert [row[:3] for row in before[1:-1]] == [
        ["1", "Ayşe", "Ayşe"],
        ["2", "Bora", "Bora"],
        ["3", "Cem", "Cem"],
        ["4", "Deniz", "Deniz"],
    ]

    client.post(url("hand_delete", game, 1))

    after = list(csv.reader(io.StringIO(client.get(url("export_csv", game)).content.decode("utf-8-sig"))))
    assert [row[1:3] for row in after[1:-1]] == [row[1:3] for row in before[2:-1]]  # Bora, Cem, Deniz
    board = client.get(url("game_board", game)).content.decode()
    assert [line.split(" · ")[0] for line in facts(board)] == [
        "Dağıtan: Bora",
        "Dağıtan: Cem",
        "Dağıtan: Deniz",
    ]
    assert 'data-next-dealer="0"' in board  # after Deniz: Ayşe, not Bora (three hands played)


def test_the_board_of_a_rematch_chain_takes_as_many_queries_for_1_game_as_for_4(client):
    """The series tally reads the whole chain in the statement that reads the board's hands."""
    counts = {}
    for length in (1, 4):
        game, _ = new_table("kerizim", hands_planned=3)
        for _k in range(length - 1):
            for seat in (0, 1, 2):
                hand_record(game=game, data=finisher(seat))
            game = game_rematch(game=Game.objects.get(pk=game.pk))[0]
        hand_record(game=game, data=finisher(3))
        client.get(url("game_board", game))  # the watch grant
        for name in ("game_board", "game_print"):
            with CaptureQueriesContext(connection) as queries:
                html = client.get(url(name, game)).content.decode()
            counts[length, name] = len(queries)
            assert ("data-series-tally" in html) == (length > 1), name
    assert counts[1, "game_board"] == counts[4, "game_board"] <= LIVE_QUERIES
    assert counts[1, "game_print"] == counts[4, "game_print"]
