"""One number format on every event page and in the CSV: a real minus sign ("−101", never
"-101"), whole numbers bare ("2"), a shared place's half with the language's decimal separator
("1,5" in Turkish, "1.5" in English, never "1,50"); and the organizer's standings have the public
columns in the public order."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.services.rounds import round_start
from scorer.platform.numbers import MINUS, number_text
from tests.support.eventdb import new_event, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared_place():
    """One table: its first seat finishes (−101, 3 points); the next two tie on 40 (1,5 points each)."""
    event, secret = new_event(4)
    round_start(event=event)
    link = event.rounds.get().tables.get().games.select_related("game").get()
    play(link, (-101, 40, 40, 202))
    organizer = Client()
    organizer.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    return event, organizer, link.game.players


def page(client: Client, name: str, event, language: str) -> str:
    client.cookies["django_language"] = language
    return client.get(reverse(f"scorer:{name}", args=[event.public_id])).content.decode("utf-8-sig")


def row_of(html: str, entrant: str) -> list[str]:
    """The cells of the standings row of ``entrant`` (tags stripped)."""
    row = re.search(rf'<tr data-entrant="{entrant}".*?</tr>', html, re.S).group(0)
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells]


@pytest.mark.parametrize(("language", "half"), [("tr", "1,5"), ("en", "1.5")])
def test_every_page_and_the_csv_write_the_same_numbers(shared_place, language, half):
    event, organizer, (first, second, *_rest) = shared_place
    expected = {first: ["3", f"{MINUS}101"], second: [half, "40"]}
    for name in ("event_standings", "event_display", "event_organize"):
        client = organizer if name == "event_organize" else Client()
        html = page(client, name, event, language)
        for entrant, (points, total) in expected.items():
            cells = row_of(html, entrant)
            assert cells[2:4] == [points, total], (name, cells)  # place, name, points, total, won
        # What the page shows (its text, without the tags: an ETag's timestamp may hold "1.50")
        shown = re.sub(r"<[^>]+>", "", html)
        assert "1,50" not in shown and "1.50" not in shown and ">-101" not in html, name
    csv = page(Client(), "event_standings_csv", event, language)
    assert f'"{first}","3","{MINUS}101"' in csv and f'"{second}","{half}","40"' in csv


def test_the_organizer_standings_have_the_public_columns_in_the_public_order(shared_place):
    event, organizer, _players = shared_place
    heads = [
        re.findall(
            r'<th scope="col"[^>]*>(.*?)</th>',
            re.search(r'class="table table-sm standings-table.*?</thead>', html, re.S).group(0),
            re.S,
        )
        for html in (
            page(organizer, "event_organize", event, "en"),
            page(Client(), "event_standings", event, "en"),
        )
    ]
    assert heads[0] == heads[1]


@pytest.mark.parametrize(
    ("value", "separator", "text"),
    [
        (-89, ",", f"{MINUS}89"),
        (2, ",", "2"),
        (2.0, ".", "2"),
        (1.5, ",", "1,5"),
        (0.25, ".", "0.25"),
        (0, ",", "0"),
    ],
)
def test_number_text_is_the_one_number_format(value, separator, text):
    assert number_text(value, separator) == text
