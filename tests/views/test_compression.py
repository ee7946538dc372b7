"""HTML and JSON go out compressed (brotli or gzip, as asked), never a page with an edit secret."""

import gzip
import re

import brotli
import pytest
from django.urls import reverse

from scorer.platform.compress import accepted_encodings, choose_encoding, gzip_isolating, secret_spans
from tests.support.factories import NAMES, claim, finisher_alone, new_table

pytestmark = pytest.mark.django_db

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def new_game(hands: int = 2):
    return new_table("loca", hands_planned=21, hands=[finisher_alone(i % 4) for i in range(hands)])


def decoded(response) -> bytes:
    encoding = response.get("Content-Encoding")
    if encoding == "br":
        return brotli.decompress(response.content)
    if encoding == "gzip":
        return gzip.decompress(response.content)
    return response.content


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("br;q=1.0, gzip;q=0.8", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("*", "gzip"),
        ("identity", None),
        ("", None),
        ("gzip;q=0", None),
        ("br;q=nonsense, gzip", "gzip"),
    ],
)
def test_encoding_follows_accept_encoding(header, expected):
    assert choose_encoding(accepted_encodings(header)) == expected


def test_accepted_encodings_ignore_malformed_parts():
    assert accepted_encodings("br;;q=1, ,gzip") == {"gzip"}


@pytest.mark.parametrize(("accept", "encoding"), [("br, gzip", "br"), ("gzip", "gzip")])
@pytest.mark.parametrize("path", ["/", "/hesap/", "/kurallar/loca/"])
def test_pages_are_compressed_as_the_client_asks(client, path, accept, encoding):
    plain = client.get(path)
    response = client.get(path, headers={"Accept-Encoding": accept})

    assert response.status_code == 200
    assert response["Content-Encoding"] == encoding
    assert "Accept-Encoding" in response["Vary"]
    assert int(response["Content-Length"]) == len(response.content) < len(plain.content) / 2
    assert b"</html>" in decoded(response)


def test_no_compression_without_accept_encoding(client):
    response = client.get("/")
    assert not response.has_header("Content-Encoding")
    assert "Accept-Encoding" in response["Vary"]


def test_json_api_answers_compressed(client):
    response = client.get("/api/v1/rulesets", headers=BROWSER)
    assert response["Content-Encoding"] == "br"
    assert b"kerizim" in decoded(response)


def test_viewer_board_and_live_poll_are_compressed(client):
    game, _ = new_game()
    for name in ("game_board", "board_live", "game_board"):
        response = client.get(reverse(f"scorer:{name}", args=[game.public_id]), headers=BROWSER)
        assert response["Content-Encoding"] == "br"
        assert b'id="board-live"' in decoded(response)


def test_compressed_live_poll_keeps_its_etag_weak_and_revalidates(client):
    game, _ = new_game()
    live = reverse("scorer:board_live", args=[game.public_id])

    first = client.get(live, headers=BROWSER)
    again = client.get(live, headers={**BROWSER, "If-None-Match": first["ETag"]})

    assert first["ETag"].startswith('W/"')
    assert again.status_code == 304


def test_the_page_that_shows_a_new_tables_edit_link_is_not_compressed(client):
    """BREACH: the edit secret must never sit in a compressed body next to reflected input."""
    response = client.post(
        "/masa/yeni/",
        {"ruleset": "loca", "option_katlama": "none", "hands_planned": "11", "first_dealer": "1"}
        | {f"player_{i}": name for i, name in enumerate(NAMES, start=1)},
        headers=BROWSER,
        follow=True,
    )
    assert response["Content-Encoding"] == "gzip"  # never brotli: gzip can isolate the link
    assert re.search(r"/masa/[\w-]+/anahtar/[\w-]+/", decoded(response).decode())


def test_the_editors_board_with_its_edit_link_is_gzipped_with_the_link_isolated(client):
    game, secret = new_game()
    claim(client, game, secret)
    board_url = reverse("scorer:game_board", args=[game.public_id])
    board = client.get(board_url, headers=BROWSER)
    brotli_only = client.get(board_url, headers={"Accept-Encoding": "br"})
    hand_page = client.get(reverse("scorer:hand_new", args=[game.public_id]), headers=BROWSER)

    html = decoded(board)
    assert board["Content-Encoding"] == "gzip"
    assert len(secret_spans(html)) >= 1  # the share panel's edit link
    assert board.content == gzip_isolating(html, secret_spans(html))
    assert not brotli_only.has_header("Content-Encoding")
    assert hand_page["Content-Encoding"] == "br"
    assert b"/anahtar/" not in decoded(hand_page)


def guess_delta(compress, secret: bytes) -> int:
    """How much the compressed page shrinks when the reflected guess is the secret's start."""

    def page(guess: bytes) -> bytes:
        return (
            b"<p>You searched for: /anahtar/"
            + guess
            + b"</p>" * 30
            + b'<a href="/masa/x/anahtar/'
            + secret
            + b'/">'
        )

    right, wrong = secret[:20], b"Zq9-xW_3kL0pV7mN2bR4"
    return len(compress(page(wrong))) - len(compress(page(right)))


def test_a_reflected_guess_of_the_secret_changes_nothing_in_the_isolated_length():
    """BREACH's oracle: the length difference between guesses must not depend on the secret."""

    def isolating(body):
        return gzip_isolating(body, secret_spans(body))

    def plain(body):
        return gzip.compress(body, mtime=0)

    secrets = [b"Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", b"Qw7eRt0yUi3oPa6sDf9gHj2kLz5xCv8b"]
    assert all(guess_delta(plain, secret) > 5 for secret in secrets)  # plain gzip leaks
    assert all(guess_delta(isolating, secret) == 0 for secret in secrets)


def test_a_view_can_mark_any_response_as_not_to_compress(rf):
    from django.http import HttpResponse

    from scorer.platform.compress import CompressionMiddleware

    def view(request):
        response = HttpResponse("a secret next to reflected input " * 20)
        response.breach_sensitive = True
        return response

    request = rf.get("/", headers=BROWSER)
    assert not CompressionMiddleware(view)(request).has_header("Content-Encoding")


def test_small_responses_are_not_compressed(client):
    response = client.get("/healthz", headers=BROWSER)
    assert not response.has_header("Content-Encoding")
