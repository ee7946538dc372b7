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
