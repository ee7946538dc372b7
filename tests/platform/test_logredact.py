import logging

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
