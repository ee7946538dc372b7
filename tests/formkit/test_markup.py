"""What the pages' templates show and do: labels and ids, values kept after an error, aria, escaping.

The markup lives only in templates (the hand form's crispy field templates ``templates/scorer/crispy/hand_*.html``,
``templates/_site_header.html``, ``templates/scorer/_undo_message.html``, crispy's field layout);
these tests read the pages as a browser would, and a scan keeps HTML out of the app's Python.
"""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorer.engine import get_ruleset
from scorer.models import Hand
from scorer.tables.services.hands import hand_record
from tests.support.factories import claim, new_table, url
from tests.support.markup import elements
from tests.support.posts import E2_CALC_SETUP

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ODD = "<b>&\"'"
"""A name that breaks the page if any place forgets to escape it."""
NAMES = ["Ayşe", ODD, "Cem", "Deniz"]
HTMX = {"HX-Request": "true"}


def claimed(client: Client, ruleset: str = "loca-cezali", options: dict | None = None, names=NAMES):
    hands = get_ruleset(ruleset).hand_counts[-1]
    game, secret = new_table(ruleset, options=options, players=names, hands_planned=hands)
    claim(client, game, secret)
    return game


def by_id(html: str) -> dict[str, tuple[str, dict]]:
    found: dict[str, tuple[str, dict]] = {}
    for tag, attrs in elements(html):
        if attrs.get("id"):
            assert attrs["id"] not in found, f"id {attrs['id']} twice"
            found[attrs["id"]] = (tag, attrs)
    return found


def named(html: str, name: str) -> list[dict]:
    return [
        attrs for tag, attrs in elements(html) if tag in ("input", "select") and attrs.get("name") == name
    ]


def text_of(html: str, element_id: str) -> str:
    """The text inside the element with this id (tags removed, whitespace collapsed)."""
    match = re.search(rf'<(\w+)[^>]*\bid="{re.escape(element_id)}"[^>]*>(.*?)</\1>', html, re.S)
    assert match, element_id
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", match[2])).strip()


def assert_labelled(html: str) -> None:
    """Every label points at an element of the page, and every visible field has a label or a
    labelled group (radios inside a fieldset with a legend or a group with aria-label)."""
    ids = by_id(html)
    labels = {attrs["for"] for tag, attrs in elements(html) if tag == "label" and attrs.get("for")}
    assert labels <= set(ids), labels - set(ids)
    for tag, attrs in elements(html):
        if tag in ("input", "select") and attrs.get("type") != "hidden" and attrs.get("name"):
            if attrs["name"] in ("csrfmiddlewaretoken", "language"):
                continue
            assert attrs.get("id") in labels or attrs.get("aria-label"), attrs
    for _tag, attrs in elements(html):
        for ref in (attrs.get("aria-describedby") or "").split():
            assert ref in ids, f"aria-describedby={ref} names nothing"
        if attrs.get("aria-controls"):
            assert attrs["aria-controls"] in ids


# --- the hand form -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "options", "count"),
    [
        ("loca", {}, 4),
        ("loca-cezali", {"partners": True}, 4),
        ("gkokay", {"cezali": True}, 3),
        ("kerizim", {}, 2),
    ],
)
def test_the_hand_page_labels_every_field_and_escapes_the_names(client, ruleset, options, count):
    game = claimed(client, ruleset, options, NAMES[:count])
    html = client.get(url("hand_new", game)).content.decode()

    assert_labelled(html)
    assert ODD not in html
    assert escape(ODD) in html  # &lt;b&gt;&amp;&quot;&#x27;
    ids = by_id(html)
    assert text_of(html, "name-player-1") == escape(ODD)
    assert ids["id_finisher_1"][1]["value"] == "1"
    # one stepper per count: its buttons control its input and say what they change
    okeys = ids["id_p1-okeys"][1]
    assert okeys["value"] == "0" and okeys["data-max"] == "2" and okeys["inputmode"] == "numeric"
    steppers = re.findall(r'aria-controls="(id_p1-okeys)"', html)
    assert len(steppers) == 2
    assert "Bir azalt: Okey" in html


def test_the_hand_page_shows_the_dealer_and_the_partners_teams(client):
    game = claimed(client, "loca-cezali", {"partners": True})
    html = client.get(url("hand_new", game)).content.decode()

    heads = re.findall(r'<legend class="player-head">(.*?)</legend>', html, re.S)
    assert len(heads) == 4
    assert "dealer-badge" in heads[0] and all("dealer-badge" not in h for h in heads[1:])
    assert [re.search(r'data-team="(\d)"', h)[1] for h in heads] == ["1", "2", "1", "2"]
    assert 'title="Takım 1"' in heads[0]


def test_a_refused_hand_keeps_what_was_typed_and_points_at_each_error(client):
    game = claimed(client, "loca")
    data = {
        "finisher": "1",
        "p0-opened": "sets",
        "p0-points": "abc",
        "p1-opened": "sets",
        "p2-opened": "pairs",
        "p2-okeys": "7",
        "p3-points": "40",
        "p0-foul_okey_discard": "1",
    }
    html = client.post(url("hand_new", game), data).content.decode()

    assert not Hand.objects.exists()
    assert_labelled(html)
    ids = by_id(html)
    points = ids["id_p0-points"][1]
    assert points["value"] == "abc" and points["aria-invalid"] == "true"
    assert "id_p0-points_error" in points["aria-describedby"].split()
    assert text_of(html, "id_p0-points_error")
    okeys = ids["id_p2-okeys"][1]
    assert okeys["value"] == "7" and okeys["aria-describedby"] == "id_p2-okeys_error"
    assert ids["id_p3-points"][1]["value"] == "40"
    assert ids["id_p0-foul_okey_discard"][1]["value"] == "1"
    assert "checked" in ids["id_finisher_1"][1]
    assert "checked" in ids["id_p2-opened_2"][1]  # pairs
    assert "data-error-summary" in html


def test_an_error_about_the_whole_hand_shows_on_top_of_the_form(client):
    """The engine's errors that no field stands for (here a name of only invisible characters,
    which the calculator's set-up lets through) are listed above the players."""
    data = E2_CALC_SETUP | {"setup-name_1": "\u200b", "finisher": "0", "p0-opened": "sets"}
    html = client.post(reverse("scorer:calculator"), data).content.decode()

    top = re.search(
        r'<div class="alert alert-danger" role="alert" data-non-field-errors>(.*?)</div>', html, re.S
    )
    assert top, "the error is above the form"
    assert re.sub(r"<[^>]+>", "", top[1]).strip() == "İsim boş olamaz."
    assert html.index("data-non-field-errors") < html.index('data-player="0"')


def test_a_correction_shows_the_stored_hand_in_its_fields(client):
    game = claimed(client, "loca-cezali")
    players = [
        {"name": "Ayşe", "opened": "pairs", "finished": True, "first_opening": {"pairs": 5, "order": 2}},
        {"name": ODD, "opened": "sets", "remaining": {"points": 23, "okeys": 1}, "side_tile": {"value": 7}},
        {"name": "Cem", "opened": "sets", "remaining": {"points": 10}},
        {"name": "Deniz", "opened": "none", "fouls": {"okey_discard": 2}},
    ]
    hand_record(game=game, data={"players": players})
    html = client.get(url("hand_edit", game, 1)).content.decode()

    assert_labelled(html)
    ids = by_id(html)
    assert "checked" in ids["id_finisher_0"][1]
    assert ids["id_p1-points"][1]["value"] == "23"
    assert ids["id_p1-okeys"][1]["value"] == "1"
    assert ids["id_p3-foul_okey_discard"][1]["value"] == "2"
    assert re.search(r'<select[^>]*id="id_p1-side_tile".*?<option value="7" selected>7</option>', html, re.S)
    assert re.search(
        r'<select[^>]*id="id_p0-opening_order".*?<option value="2" selected>2</option>', html, re.S
    )
    # A correction shows everything the hand has: each disclosure holding a value comes open, with
    # how many values it holds; Cem's holds none and stays closed.
    blocks = re.findall(r'<fieldset class="player[^"]*" data-player="(\d)">(.*?)</fieldset>', html, re.S)
    shown = {int(i): (bool(re.search(r"data-extras open>", block)), badge(block)) for i, block in blocks}
    assert shown == {0: (True, 2), 1: (True, 2), 2: (False, 0), 3: (True, 1)}


def badge(block: str) -> int:
    count = re.search(
        r'data-extras-count(?: hidden)?>\s*<span class="visually-hidden">[^<]*</span>(\d+)<', block
    )
    return int(count[1])


def test_the_calculator_shows_the_same_hand_form_and_keeps_typed_values(client):
    html = client.get(reverse("scorer:calculator")).content.decode()
    assert_labelled(html)
    assert len(named(html, "p3-okeys")) == 1

    data = E2_CALC_SETUP | {"setup-name_1": ODD, "finisher": "0", "p1-points": "x1", "p1-opened": "sets"}
    html = client.post(reverse("scorer:calculator"), data).content.decode()
    assert_labelled(html)
    assert ODD not in html and escape(ODD) in html
    ids = by_id(html)
    assert ids["id_p1-points"][1]["value"] == "x1" and ids["id_p1-points"][1]["aria-invalid"] == "true"


# --- crispy's fields on the calculator and the new table ---------------------------------------------


def test_the_calculator_set_up_labels_its_selects_and_marks_a_bad_choice(client):
    data = E2_CALC_SETUP | {"setup-players": "9", "setup-name_2": "Ayşe"}
    html = client.post(reverse("scorer:calculator"), data).content.decode()

    assert_labelled(html)
    ids = by_id(html)
    players = ids["id_setup-players"]
    assert players[0] == "select" and "is-invalid" in players[1]["class"].split()
    assert text_of(html, "id_setup-players_error")
    assert ids["id_setup-name_2"][1]["value"] == "Ayşe"


def test_the_new_table_form_keeps_the_names_and_escapes_them(client):
    data = {"ruleset": "loca", "hands_planned": "99", "player_1": ODD, "player_3": "Cem"}
    html = client.post(reverse("scorer:game_new"), data).content.decode()

    assert_labelled(html)
    ids = by_id(html)
    assert ids["id_player_1"][1]["value"] == ODD  # the parser unescapes: the page held it escaped
    assert ODD not in html
    assert "is-invalid" in ids["id_hands_planned"][1]["class"].split()
    assert text_of(html, "id_player_2_error")  # a gap in the turn order
    assert re.search(r'<option value="0"[^>]*>1\. &lt;b&gt;&amp;&quot;&#x27;</option>', html)


# --- the header ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "label"), [("tr", "Hesap makinesi"), ("en", "Calculator")])
def test_the_header_marks_the_current_page_and_language(client, language, label):
    client.cookies["django_language"] = language
    html = client.get(reverse("scorer:calculator")).content.decode()

    current = re.findall(r'<a class="nav-link active" href="([^"]+)" aria-current="page">([^<]+)</a>', html)
    assert current == [(reverse("scorer:calculator"), label)]
    assert html.count('aria-current="page"') == 1
    buttons = re.findall(r'<button type="submit" name="language" value="(\w+)"[^>]*>', html)
    assert buttons == ["tr", "en"]
    assert re.search(
        rf'value="{language}" lang="{language}"\s+class="[^"]* active"\s+aria-current="true"', html
    )


def test_the_language_switch_returns_to_this_page_escaped_with_a_csrf_token(client):
    response = client.get(reverse("scorer:rules_index"), QUERY_STRING='x=<1>&y="2"')
    html = response.content.decode()

    form = re.search(r'<form class="lang-switch"(.*?)</form>', html, re.S)[1]
    # Django gives the path with its query URL-quoted; the template escapes the ``&``
    assert 'name="next" value="/kurallar/?x=%3C1%3E&amp;y=%222%22"' in form
    assert re.search(r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]{64}"', form)
    assert "<1>" not in html


def test_the_language_switch_works_without_javascript():
    client = Client(enforce_csrf_checks=True)
    html = client.get(reverse("scorer:examples")).content.decode()
    token = re.search(r'<form class="lang-switch".*?name="csrfmiddlewaretoken" value="(\w+)"', html, re.S)[1]

    response = client.post(
        reverse("set_language"), {"csrfmiddlewaretoken": token, "language": "en", "next": "/ornekler/"}
    )

    assert response.status_code == 302 and response["Location"] == "/ornekler/"
    assert "Worked examples" in client.get("/ornekler/").content.decode()


# --- the undo after a delete ---------------------------------------------------------------------


def test_the_undo_after_a_delete_is_a_form_that_restores_the_hand():
    client = Client(enforce_csrf_checks=True)
    game, secret = new_table("loca", players=NAMES, hands_planned=5)
    claim(client, game, secret)
    for _ in range(2):
        hand_record(
            game=game,
            data={
                "players": [{"name": n, "finished": i == 0, "opened": "sets"} for i, n in enumerate(NAMES)]
            },
        )
    board = client.get(url("game_board", game)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', board)[1]

    client.post(url("hand_delete", game, 2), {"csrfmiddlewaretoken": token})
    board = client.get(url("game_board", game)).content.decode()

    undo = re.search(
        r'<span>El 2 silindi\.</span><form class="d-inline" method="post" action="([^"]+)">'
        r'<input type="hidden" name="csrfmiddlewaretoken" value="(\w+)">'
        r'<button type="submit" class="btn btn-primary btn-undo" data-restore="2">Geri al'
        r'<span class="visually-hidden">: El 2 geri gelsin</span></button></form>',
        board,
    )
    assert undo, "the undo form is in the message"
    assert undo[1] == url("hand_restore", game, 2) + "?s=2"  # the deleted hand's stored position

    restored = client.post(undo[1], {"csrfmiddlewaretoken": undo[2]})

    assert restored.status_code == 302
    assert Hand.objects.live().count() == 2


# --- no HTML in the app's Python ------------------------------------------------------------------------

MARKUP = re.compile(r"""['"][^'"]*<(div|input|button|span|select|label|form|option|li)[ >]""")


def test_no_string_in_the_apps_python_holds_html_markup():
    """Markup lives in templates: the same scan as the project's check, over scorer/ and okeycalc/."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in ("scorer", "okeycalc")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if MARKUP.search(line)
    ]
    assert not found, "\n".join(found)
    assert MARKUP.search("""x = '<span class="a">'""") and MARKUP.search('"<li>"')
    assert not MARKUP.search("a < b and c > d")


# --- crispy lays out the new table, import and calculator set-up forms ------------------------------


def section(html: str, element_id: str) -> str:
    """The element with this id and everything inside it (the first tag of that name that closes
    at the same depth)."""
    start = html.index(f'id="{element_id}"')
    start = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[start:])[1]
    depth, position = 0, start
    for match in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if match[1] else 1
        if depth == 0:
            position = start + match.end()
            break
    return html[start:position]


def test_the_new_table_form_and_its_options_part_come_from_one_layout(client):
    page = client.get(reverse("scorer:game_new"), {"ruleset": "loca-cezali", "option_partners": "on"}).content
    swapped = client.get(
        reverse("scorer:game_new_options"), {"ruleset": "loca-cezali", "option_partners": "on"}, headers=HTMX
    ).content.decode()
    page = page.decode()

    form = re.search(r"<form [^>]*game-new-form[^>]*>", page)[0]
    assert 'id="game-new-form"' in form and 'action="/masa/yeni/"' in form and "novalidate" in form
    assert page.count('name="csrfmiddlewaretoken"') == 2  # the language switch's and this form's
    assert section(page, "game-options") == swapped.strip()
    assert [m for m in re.findall(r'data-team="(\d)"', swapped)] == ["1", "2"]
    assert re.search(r'<ol class="list-unstyled player-names', page) is None  # partners: the two teams


def test_the_calculator_keeps_the_names_it_does_not_show(client):
    data = E2_CALC_SETUP | {"setup-players": "2", "refresh": "1"}
    html = client.post(reverse("scorer:calculator"), data).content.decode()

    shown = [
        a
        for t, a in elements(html)
        if a.get("name", "").startswith("setup-name_") and a.get("type") == "text"
    ]
    kept = [
        a
        for t, a in elements(html)
        if a.get("name", "").startswith("setup-name_") and a.get("type") == "hidden"
    ]
    assert [a["value"] for a in shown] == ["Ayşe", "Bora"]
    assert [(a["name"], a["value"]) for a in kept] == [("setup-name_2", "Cem"), ("setup-name_3", "Deniz")]
    assert_labelled(html)


def test_the_import_form_shows_a_problem_of_the_whole_form_on_top_and_one_of_a_field_at_it(client):
    both = client.post(
        reverse("scorer:game_import"), {"text": "{}", "file": SimpleUploadedFile("oyun.json", b"{}")}
    ).content.decode()
    empty = client.post(reverse("scorer:game_import"), {}).content.decode()

    form = re.search(r'<form [^>]*class="game-import"[^>]*>(.*?)</form>', both, re.S)
    assert form and 'enctype="multipart/form-data"' in both
    top = re.search(r'<div class="alert alert-block alert-danger">(.*?)</div>', form[1], re.S)
    assert top and "Ya bir dosya verin ya da metni yapıştırın, ikisini birden değil." in top[1]
    assert_labelled(empty)
    assert text_of(empty, "id_file_error")
    assert "Dosyayı yeniden seçin" in empty  # a chosen file does not come back with the page
