"""What a production deployment must have: a real secret key (refused without one) and the
Content-Security-Policy's allowance for the self-contained 500 page.

Settings import the constants; the deploy check is registered by the scorer app; the WSGI
application calls :func:`refuse_insecure_key` before it serves anything.
"""

import base64
import hashlib
import os
import re
from pathlib import Path

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

# The "django-insecure-" prefix makes Django's own `check --deploy` flag it too (security.W009).
DEV_SECRET_KEY = "django-insecure-dev-only-key-committed-to-the-repository-never-serve-with-it"

MISSING_KEY = (
    "OKEYCALC_SECRET_KEY is not set and DEBUG is off: refusing to serve with the development key "
    "committed to the repository (anyone could forge session and message cookies). Set "
    "OKEYCALC_SECRET_KEY to a long random value, e.g. "
    "OKEYCALC_SECRET_KEY=\"$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')\"; "
    "see docs/deploy.md."
)

STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.DOTALL)


def error_page_style_hash(template: Path) -> list[str]:
    """The CSP source ``'sha256-…'`` of each inline ``<style>`` block of a static template.

    The 500 page is rendered without a request (no nonce) and without static files, so its
    inline style is allowed by hash; the hash follows the template's text.
    """
    hashes = []
    for block in STYLE_BLOCK.findall(template.read_text(encoding="utf-8")):
        digest = base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return hashes


def key_from_environment() -> bool:
    return bool(os.environ.get("OKEYCALC_SECRET_KEY"))


def refuse_insecure_key() -> None:
    """Raise ImproperlyConfigured when DEBUG is off and the secret key is the committed one."""
    from django.conf import settings

    if not settings.DEBUG and settings.SECRET_KEY == DEV_SECRET_KEY:
        raise ImproperlyConfigured(MISSING_KEY)


@checks.register(checks.Tags.security, deploy=True)
def check_secret_key(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """`manage.py check --deploy`: an error while the committed development key is in use."""
    from django.conf import settings

    if settings.SECRET_KEY != DEV_SECRET_KEY:
        return []
    return [checks.Error(MISSING_KEY, id="okeycalc.E001")]
