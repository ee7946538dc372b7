"""Pages and JSON go out gzipped by Django's GZipMiddleware when the client asks; streams never are."""

import gzip
import re

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client
from django.urls import reverse

from scorer.platform.middleware import GZipExceptStreamsMiddleware
from tests.support.factories import NAMES, claim, finisher_alone, new_table

pytestmark = pytest.mark.django_db

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def new_game(hands: int = 2):
    return new_table("loca", hands_planned=21, hands=[finisher_alone(i % 4) for i in range(hands)])


def decoded(response) -> bytes:
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(response.content)
    return response.content


def padding(body: bytes) -> int:
    """The length of the gzip header's file name field: Django's random padding against BREACH."""
    assert body[:2] == b"\x1f\x8b" and body[3] & 0x08, "no FNAME field in the gzip header"
    return body.index(b"\x00", 10) - 10


@pytest.mark.parametrize("accept", ["gzip, deflate, br, zstd", "gzip"])
@pytest.mark.parametrize("path", ["/", "/hesap/", "/kurallar/loca/"])
def test_pages_are_gzipped_when_the_client_accepts_gzip(client, path, accept):
    plain = client.get(path)
    response = client.get(path, headers={"Accept-Encoding": accept})

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert int(response["Content-Length"]) == len(response.content) < len(plain.content) / 2
    assert b"</html>" in decoded(response)


@pytest.mark.parametrize("accept", ["", "br", "identity"])
def test_no_compression_for_a_client_without_gzip(client, accept):
    response = client.get("/", headers={"Accept-Encoding": accept} if accept else {})
    assert not response.has_header("Content-Encoding")
    assert "Accept-Encoding" in response["Vary"]
    assert b"</html>" in response.content


def test_json_api_answers_gzipped(client):
    response = client.get("/api/v1/rulesets", headers=BROWSER)
    assert response["Content-Encoding"] == "gzip"
    assert b"kerizim" in decoded(response)


def test_viewer_board_and_live_poll_are_gzipped(client):
    game, _ = new_game()
    for name in ("game_board", "board_live", "game_board"):
        response = client.get(reverse(f"scorer:{name}", args=[game.public_id]), headers=BROWSER)
        assert response["Content-Encoding"] == "gzip"
        assert b'id="board-live"' in decoded(response)


def test_a_gzipped_live_poll_keeps_its_etag_weak_and_revalidates(client):
    game, _ = new_game()
    live = reverse("scorer:board_live", args=[game.public_id])

    first = client.get(live, headers=BROWSER)
    again = client.get(live, headers={**BROWSER, "If-None-Match": first["ETag"]})

    assert first["ETag"].startswith('W/"')
    assert again.status_code == 304


def test_the_page_that_shows_a_new_tables_edit_link_is_gzipped_with_random_padding(client):
    """BREACH: the edit secret sits in a gzipped body whose length Django pads at random."""
    response = client.post(
        "/masa/yeni/",
        {"ruleset": "loca", "option_katlama": "none", "hands_planned": "11", "first_dealer": "1"}
        | {f"player_{i}": name for i, name in enumerate(NAMES, start=1)},
        headers=BROWSER,
        follow=True,
    )
    assert response["Content-Encoding"] == "gzip"
    assert re.search(r"/masa/[\w-]+/anahtar/[\w-]+/", decoded(response).decode())
    padding(response.content)


def test_the_editors_board_with_its_edit_link_is_padded_by_a_random_length_each_time(client):
    game, secret = new_game()
    claim(client, game, secret)
    board_url = reverse("scorer:game_board", args=[game.public_id])
    boards = [client.get(board_url, headers=BROWSER) for _ in range(12)]

    assert all(b"/anahtar/" in decoded(board) for board in boards)
    # 12 draws of 0-99 bytes all alike would be a one in 10^22 chance: the padding is random.
    assert len({padding(board.content) for board in boards}) > 1


def test_small_responses_are_not_compressed(client):
    response = client.get("/healthz", headers=BROWSER)
    assert not response.has_header("Content-Encoding")


def test_the_board_stream_is_not_compressed_even_when_gzip_is_accepted():
    game, _ = new_game()
    response = Client().get(reverse("scorer:board_stream", args=[game.public_id]), headers=BROWSER)
    assert response["Content-Type"].startswith("text/event-stream")
    assert not response.has_header("Content-Encoding")
    assert next(iter(response.streaming_content)).startswith(b"retry: ")  # plain text, as sent
    response.close()


def test_a_stream_passes_each_event_on_as_it_is_made(rf):
    """Nothing is buffered: the middleware reads an event from the view only when the server asks
    for the next one, and hands it on unchanged."""
    made = []

    def events():
        for k in range(3):
            made.append(k)
            yield f"data: {k}\n\n"

    def view(request):
        return StreamingHttpResponse(events(), content_type="text/event-stream")

    response = GZipExceptStreamsMiddleware(view)(rf.get("/akis/", headers=BROWSER))
    chunks = iter(response.streaming_content)

    assert made == []
    assert next(chunks) == b"data: 0\n\n" and made == [0]
    assert next(chunks) == b"data: 1\n\n" and made == [0, 1]
    assert not response.has_header("Content-Encoding")


def test_a_plain_response_through_the_middleware_is_gzipped_and_padded(rf):
    def view(request):
        return HttpResponse("a table's totals, again and again " * 20)

    response = GZipExceptStreamsMiddleware(view)(rf.get("/", headers=BROWSER))
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content) == b"a table's totals, again and again " * 20
    padding(response.content)
