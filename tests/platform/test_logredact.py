import logging
from urllib.parse import unquote

import pytest

from scorer.platform.logredact import RedactClaimSecrets, redact


def test_redact_takes_the_secret_out_of_a_claim_path():
    assert (
        redact('"GET /masa/abc/anahtar/s3cr-et_9/ HTTP/1.1" 302') == '"GET /masa/abc/anahtar/…/ HTTP/1.1" 302'
    )


def test_redact_leaves_other_paths_alone():
    assert redact("GET /masa/abc/el/3/") == "GET /masa/abc/el/3/"


def test_filter_redacts_message_and_arguments():
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Forbidden: %s", ("/masa/x/anahtar/zzz/",), None
    )
    assert RedactClaimSecrets().filter(record) is True
    assert record.getMessage() == "Forbidden: /masa/x/anahtar/…/"


@pytest.mark.parametrize(
    ("logged", "redacted"),
    [
        ("GET /masa/abc/%61nahtar/s3cr-et_9/", "GET /masa/abc/%61nahtar/…/"),
        ("GET /masa/abc/anahtar%2Fs3cr-et_9/", "GET /masa/abc/anahtar%2F…/"),
        ("GET /masa/abc/anahtar%2fs3cr-et_9/", "GET /masa/abc/anahtar%2f…/"),
        ("GET /masa/abc%2F%61%6E%61%68%74%61%72%2Fs3cr-et_9/", "GET /masa/abc%2F%61%6E%61%68%74%61%72%2F…/"),
        ("GET /turnuva/abc/anahtar/s3cr-et_9/", "GET /turnuva/abc/anahtar/…/"),
        ("GET /masa/abc/anahtar/%73%33cr-et_9/", "GET /masa/abc/anahtar/…/"),
    ],
)
def test_redact_takes_the_secret_out_of_every_encoded_spelling_of_the_link(logged, redacted):
    assert "/anahtar/s3cr-et_9/" in unquote(logged)  # what Django resolves: the link itself
    assert redact(logged) == redacted


def test_redacting_the_decoded_path_leaves_no_secret_either():
    for logged in ["/masa/abc/%61nahtar%2Fs3cr-et_9/", "/masa/abc/anahtar%2Fs3cr-et_9/"]:
        assert "s3cr-et_9" not in redact(unquote(logged))


@pytest.mark.parametrize(
    ("logged", "redacted"),
    [
        # encoded twice: the server decodes once, to /%61nahtar/, which opens nothing
        ("GET /masa/abc/%2561nahtar/s3cr-et_9/", "GET /masa/abc/%2561nahtar/…/"),
        ("GET /masa/abc/anahtar%252Fs3cr-et_9/", "GET /masa/abc/anahtar%252F…/"),
        # with an accent, encoded (the raw path) or as the server logs it, decoded
        ("GET /masa/abc/%C3%A2nahtar/s3cr-et_9/", "GET /masa/abc/%C3%A2nahtar/…/"),
        ("GET /masa/abc/ânahtar/s3cr-et_9/", "GET /masa/abc/ânahtar/…/"),
        ("GET /masa/abc/a\u0302nahtar/s3cr-et_9/", "GET /masa/abc/a\u0302nahtar/…/"),
        ("GET /masa/abc/ANAHTAR/s3cr-et_9/", "GET /masa/abc/ANAHTAR/…/"),
        # as Django's request warnings write the path: its other characters escaped
        ("Not Found: /masa/abc/\\xe2nahtar/s3cr-et_9/", "Not Found: /masa/abc/\\xe2nahtar/…/"),
        ("Not Found: /masa/abc/a\\u0302nahtar/s3cr-et_9/", "Not Found: /masa/abc/a\\u0302nahtar/…/"),
        # the slashes doubled
        ("GET /masa/abc/anahtar//s3cr-et_9/", "GET /masa/abc/anahtar//…/"),
        ("GET /masa/abc//anahtar///s3cr-et_9", "GET /masa/abc//anahtar///…"),
    ],
)
def test_redact_takes_the_secret_out_of_spellings_that_open_nothing(logged, redacted):
    assert redact(logged) == redacted


def test_the_access_log_line_keeps_what_follows_the_secret():
    line = '127.0.0.1:5 - "GET /turnuva/abc/kart/3/%2561nahtar/s3cr-et_9/?x=1 HTTP/1.1" 302'
    assert redact(line) == '127.0.0.1:5 - "GET /turnuva/abc/kart/3/%2561nahtar/…/?x=1 HTTP/1.1" 302'


@pytest.mark.parametrize(
    "logged",
    [
        "GET /masa/abc/el/3/",
        "GET /masa/anahtarlar/x/",
        "GET /kulup/abc/uye/7/",
        "GET /hesap/%C3%A2/x/",
        "100%",
    ],
)
def test_redact_leaves_paths_without_the_word_alone(logged):
    assert redact(logged) == logged
