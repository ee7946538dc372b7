"""Bad input is a clear 400 / exit 2 naming the path, never a 500 or a traceback."""

import io
import json

import pytest
from django.test import RequestFactory

from scorer.api.views import score
from tests.api.test_api import HAND, SCORE, error_paths, post
from tests.api.test_command import error_paths as output_paths
from tests.api.test_command import manage, run, write
from tests.support.posts import E2_TOTALS

SURROGATE_HAND = '{"ruleset": "loca", "players": [{"name": "Ali"}, {"name": "\\ud800"}]}'


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (SURROGATE_HAND, "players[1].name"),
        ('{"name": "\\ud800"}', "name"),
        ('{"ruleset": "loca", "players": [{"\\udfff": 1}, {}]}', "players[0].\\udfff"),
        ('"\\ud83d"', ""),
    ],
)
def test_a_lone_surrogate_is_a_400_naming_its_path(client, body, path):
    response = post(client, body)

    assert response.status_code == 400
    assert error_paths(response) == [path]


def test_a_lone_surrogate_in_a_file_exits_2_naming_its_path(tmp_path):
    status, output = run(write(tmp_path, SURROGATE_HAND))

    assert status == 2
    assert output_paths(output) == ["players[1].name"]


def test_a_lone_surrogate_on_stdin_of_the_real_process_exits_2():
    process = manage("-", stdin=SURROGATE_HAND)

    assert process.returncode == 2, process.stderr.decode()
    assert b"Traceback" not in process.stderr
    assert output_paths(json.loads(process.stdout)) == ["players[1].name"]


def chunked_request(body: bytes, *, terminated: bool):
    """A chunked POST as a WSGI server hands it over: no Content-Length, the body in wsgi.input."""
    request = RequestFactory().generic(
        "POST", SCORE, b"", CONTENT_TYPE="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    request.META.pop("CONTENT_LENGTH", None)
    request.META["wsgi.input"] = io.BytesIO(body)
    if terminated:
        request.META["wsgi.input_terminated"] = True  # gunicorn decoded the chunks
    return request


def test_a_chunked_body_is_read_when_the_server_decodes_chunks():
    response = score(chunked_request(json.dumps(HAND).encode(), terminated=True))

    assert response.status_code == 200
    assert [p["name"] for p in json.loads(response.content)["players"]] == ["Ayşe", "Bora", "Cem", "Deniz"]


def test_a_chunked_body_too_large_is_a_413():
    response = score(chunked_request(b" " * (65 * 1024), terminated=True))

    assert response.status_code == 413
    assert set(json.loads(response.content)) == {"errors"}


def test_a_chunked_body_the_server_cannot_decode_is_a_411_not_an_empty_body():
    response = score(chunked_request(json.dumps(HAND).encode(), terminated=False))

    assert response.status_code == 411
    assert set(json.loads(response.content)) == {"errors"}


@pytest.mark.parametrize("length", ["1" * 5000, "²", "-1"])
def test_an_odd_content_length_is_never_a_500(client, length):
    response = client.post(
        SCORE, data=json.dumps(HAND), content_type="application/json", CONTENT_LENGTH=length
    )

    assert response.status_code in (200, 400, 413)
    body = response.json()  # a score, or the documented errors: never a page
    assert (
        [p["total"] for p in body["players"]] == E2_TOTALS
        if response.status_code == 200
        else set(body) == {"errors"}
    )


class MalformedChunks(io.RawIOBase):
    """gunicorn's body reader on a chunk size that is not hexadecimal: it raises as it reads."""

    def read(self, size=-1):
        from gunicorn.http.errors import InvalidChunkSize

        raise InvalidChunkSize(b"zz")


def test_a_malformed_chunked_body_is_a_400_in_the_documented_shape():
    """Gunicorn's InvalidChunkSize is a 400, never a Django 500."""
    request = chunked_request(b"", terminated=True)
    request.META["wsgi.input"] = MalformedChunks()

    response = score(request)

    assert response.status_code == 400
    assert [e["path"] for e in json.loads(response.content)["errors"]] == [""]


class ResetMidBody(io.RawIOBase):
    """The client resets the connection while the server reads the body it promised."""

    def read(self, size=-1):
        raise ConnectionResetError(104, "Connection reset by peer")


def test_a_client_reset_during_an_expect_100_continue_upload_is_a_400_without_a_traceback(client, caplog):
    response = client.post(
        SCORE,
        b"",
        content_type="application/json",
        headers={"Expect": "100-continue", "Accept-Language": "en"},
        CONTENT_LENGTH="2000",
        CONTENT_TYPE="application/json",
        **{"wsgi.input": ResetMidBody()},
    )

    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {"path": "", "message": "The body ended before it was complete (the connection was reset)."}
        ]
    }
    assert not [record for record in caplog.records if record.exc_info]
