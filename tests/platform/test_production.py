"""Production settings: the secret key refusal, `check --deploy` with OKEYCALC_HTTPS=1, collectstatic
without flags, and the ASGI server's refusal of the committed key.

Settings are read from the environment at start-up, so these run manage.py and the server as
subprocesses with the environment under test.
"""

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

from bench.appserver import SERVE_COMMAND
from okeycalc.production import DEV_SECRET_KEY, error_page_style_hash

BASE_DIR = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
KEY = "test-only-key-" + "k3y" * 20


def env_with(tmp_path: Path, **values: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OKEYCALC_", "DJANGO_", "REDIS_URL", "DATABASE_URL", "WEB_CONCURRENCY"))
    }
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "PYTHONPATH": str(BASE_DIR)}
    return env | values


def manage(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=BASE_DIR,
        env=env_with(tmp_path, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_flags_the_committed_key(tmp_path):
    run = manage(tmp_path, "check", "--deploy")
    assert run.returncode != 0
    assert "okeycalc.E001" in run.stderr and "OKEYCALC_SECRET_KEY" in run.stderr
    assert "security.W009" in run.stderr  # Django's own check sees the django-insecure- prefix


def test_check_deploy_is_clean_with_https_and_a_key(tmp_path):
    run = manage(
        tmp_path, "check", "--deploy", "--fail-level", "WARNING", OKEYCALC_HTTPS="1", OKEYCALC_SECRET_KEY=KEY
    )
    assert run.returncode == 0, run.stderr
    assert "no issues" in run.stdout


def test_without_https_check_deploy_names_what_is_missing(tmp_path):
    run = manage(tmp_path, "check", "--deploy", OKEYCALC_SECRET_KEY=KEY)
    for warning in ("W004", "W008", "W012", "W016"):
        assert f"security.{warning}" in run.stderr


def test_https_settings_follow_the_environment(tmp_path):
    script = (
        "from django.conf import settings as s; "
        "print(s.SECURE_PROXY_SSL_HEADER, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.SECURE_REDIRECT_EXEMPT)"
    )
    run = manage(tmp_path, "shell", "-c", script, OKEYCALC_HTTPS="1", OKEYCALC_SECRET_KEY=KEY)
    assert run.returncode == 0, run.stderr
    assert "('HTTP_X_FORWARDED_PROTO', 'https') True True True 31536000" in run.stdout
    assert "healthz" in run.stdout


def test_the_wsgi_application_refuses_the_committed_key_with_debug_off(tmp_path):
    code = "import okeycalc.wsgi"
    run = subprocess.run(
        [PYTHON, "-c", code], cwd=BASE_DIR, env=env_with(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert "OKEYCALC_SECRET_KEY is not set and DEBUG is off" in run.stderr
    ok = subprocess.run(
        [PYTHON, "-c", code],
        cwd=BASE_DIR,
        env=env_with(tmp_path, OKEYCALC_SECRET_KEY=KEY),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    debug = subprocess.run(
        [PYTHON, "-c", code],
        cwd=BASE_DIR,
        env=env_with(tmp_path, OKEYCALC_DEBUG="1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert debug.returncode == 0, debug.stderr


def test_collectstatic_uses_the_manifest_storage_without_any_flag(tmp_path):
    """A real collectstatic run (half a minute of compression) is the multi-instance CI step's."""
    script = (
        "import sys; sys.argv = ['manage.py', 'collectstatic']; import django; django.setup(); "
        "from django.conf import settings as s; "
        "print(s.STORAGES['staticfiles']['BACKEND'], s.STATIC_ROOT, s.WHITENOISE_USE_FINDERS)"
    )
    run = subprocess.run(
        [PYTHON, "-c", script],
        cwd=BASE_DIR,
        env=env_with(tmp_path, DJANGO_SETTINGS_MODULE="okeycalc.settings"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [
        "scorer.platform.staticstorage.StaticStorage",
        str(BASE_DIR / "staticfiles"),
        "False",
    ]


def test_the_500_page_style_is_allowed_by_its_hash(settings):
    hashes = error_page_style_hash(BASE_DIR / "templates" / "500.html")
    assert len(hashes) == 1
    assert hashes[0] in settings.SECURE_CSP["style-src"]


def test_the_dev_key_is_only_the_fallback(settings):
    assert DEV_SECRET_KEY.startswith("django-insecure-")


# --- the ASGI server: it refuses the committed key too -------------------------------------------
# (tests/live/test_asgi_server.py checks the running server: its access log, static files, CSP...)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_asgi_application_refuses_the_committed_key_with_debug_off(tmp_path):
    code = "import okeycalc.asgi"
    run = subprocess.run(
        [PYTHON, "-c", code], cwd=BASE_DIR, env=env_with(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert "OKEYCALC_SECRET_KEY is not set and DEBUG is off" in run.stderr
    for env in ({"OKEYCALC_SECRET_KEY": KEY}, {"OKEYCALC_DEBUG": "1"}):
        ok = subprocess.run(
            [PYTHON, "-c", code],
            cwd=BASE_DIR,
            env=env_with(tmp_path, **env),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert ok.returncode == 0, ok.stderr


def test_uvicorns_access_log_is_redacted_whatever_its_handlers(tmp_path):
    """`make run` (uvicorn's own log configuration): the filter sits on the logger itself."""
    script = (
        "import logging, sys; import okeycalc.asgi; log = logging.getLogger('uvicorn.access'); "
        "log.handlers = [logging.StreamHandler(sys.stdout)]; log.setLevel(logging.INFO); "
        "log.info('%s - \"%s %s HTTP/%s\" %d', '127.0.0.1:1', 'GET', '/masa/x/anahtar/s3cr3t/', '1.1', 404)"
    )
    run = subprocess.run(
        [PYTHON, "-c", script],
        cwd=BASE_DIR,
        env=env_with(tmp_path, OKEYCALC_DEBUG="1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert '"GET /masa/x/anahtar/…/ HTTP/1.1" 404' in run.stdout
    assert "s3cr3t" not in run.stdout + run.stderr


def test_make_serves_server_refuses_to_start_without_a_key(tmp_path):
    manage(tmp_path, "migrate", "-v", "0")
    server = subprocess.Popen(
        SERVE_COMMAND,
        cwd=BASE_DIR,
        env=env_with(tmp_path, PORT=str(free_port()), WEB_CONCURRENCY="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
        out, err = server.communicate(timeout=30)
    assert server.returncode != 0
    assert "OKEYCALC_SECRET_KEY is not set and DEBUG is off" in err


def test_the_makefile_serves_with_the_command_the_tests_start():
    """bench/appserver.py's SERVE_COMMAND, which every test and bench starts, is make serve's."""
    makefile = (BASE_DIR / "Makefile").read_text()
    assert "exec $(VENV)/bin/gunicorn " + " ".join(SERVE_COMMAND[1:]) in makefile
    assert "okeycalc.serving.Worker" in (BASE_DIR / "okeycalc" / "gunicorn.conf.py").read_text()


def test_nothing_in_the_app_imports_gunicorn():
    sources = [path for path in (BASE_DIR / "scorer").rglob("*.py")]
    importing = [str(p) for p in sources if re.search(r"^\s*(import|from) gunicorn", p.read_text(), re.M)]
    assert not importing


def test_a_log_line_is_printed_once_under_debug(tmp_path):
    """`make run` (DEBUG on): Django's "django" logger no longer has a second console handler."""
    script = (
        "import logging; logging.getLogger('django.request').warning('marker-%s', 'line'); "
        "logging.getLogger('scorer').warning('app-marker /masa/x/anahtar/s3cr3t/')"
    )
    run = manage(tmp_path, "shell", "-c", script, OKEYCALC_DEBUG="1")
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("marker-line") == 1
    assert run.stderr.count("app-marker /masa/x/anahtar/…/") == 1
    assert "s3cr3t" not in run.stderr


# --- the Makefile --------------------------------------------------------------------------------


def make(*args: str, **env: str) -> subprocess.CompletedProcess:
    outer = ("OKEYCALC_", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")  # not the `make test` that runs this
    environ = {k: v for k, v in os.environ.items() if not k.startswith(outer)} | env
    return subprocess.run(
        ["make", "-s", "-j1", *args], cwd=BASE_DIR, env=environ, capture_output=True, text=True, timeout=60
    )


def test_make_help_lists_every_target():
    phony = re.search(r"^\.PHONY:(.*?)(?<!\\)$", (BASE_DIR / "Makefile").read_text(), re.M | re.S)
    targets = set(phony[1].replace("\\\n", " ").split()) - {"check-python", "check-npm", "check-secret-key"}
    shown = make("help").stdout
    missing = sorted(t for t in targets if f"make {t} " not in shown)
    assert not missing, f"make help does not list: {missing}"


def test_make_serve_refuses_without_a_key_before_doing_anything():
    run = make("serve")
    assert run.returncode != 0
    assert "make serve needs OKEYCALC_SECRET_KEY" in run.stderr
    assert "pip" not in run.stdout + run.stderr  # it stopped before installing anything


def test_the_static_storage_keeps_each_url_and_forgets_them_when_collectstatic_runs(tmp_path, monkeypatch):
    from scorer.platform.staticstorage import StaticStorage

    storage = StaticStorage(location=tmp_path, base_url="/static/")
    storage.hashed_files = {"css/a.css": "css/a.1234.css"}
    assert storage.url("css/a.css") == "/static/css/a.1234.css"
    storage.hashed_files = {"css/a.css": "css/a.5678.css"}
    assert storage.url("css/a.css") == "/static/css/a.1234.css"  # kept for the process
    assert storage.url("css/a.css", force=True) == "/static/css/a.5678.css"
    monkeypatch.setattr(
        "whitenoise.storage.CompressedManifestStaticFilesStorage.post_process", lambda *a, **k: iter(())
    )
    list(storage.post_process({}))
    assert storage.url("css/a.css") == "/static/css/a.5678.css"


LANGUAGE_COOKIE = (
    "from django.test import Client; "
    "r = Client().post('/i18n/setlang/', {'language': 'en', 'next': '/'}, headers={'X-Forwarded-Proto': 'https'}); "
    "c = r.cookies['django_language']; print(r.status_code, c.value, repr(c['secure']), c['samesite'])"
)


def test_under_https_the_language_cookie_is_secure_and_same_site(tmp_path):
    run = manage(tmp_path, "shell", "-c", LANGUAGE_COOKIE, OKEYCALC_HTTPS="1", OKEYCALC_SECRET_KEY=KEY)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].split() == ["302", "en", "True", "Lax"]


def test_without_https_the_language_cookie_is_same_site_and_not_secure(tmp_path):
    run = manage(tmp_path, "shell", "-c", LANGUAGE_COOKIE, OKEYCALC_SECRET_KEY=KEY)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].split() == ["302", "en", "''", "Lax"]


NOT_ON_POSTGRES = {
    "tests/engine": "the engine touches no database",
    "tests/docs": "the docs' own checks",
    "tests/browser": "named file by file: those of what two phones or a lost answer do to stored hands",
    "tests/multi": "make test-multi's scripts, on PostgreSQL already",
}
"""Test folders ``make test-postgres`` leaves out (or takes file by file), with why."""


def test_every_test_folder_runs_on_postgresql_or_says_why_not():
    """A folder of tests made (or moved) runs on PostgreSQL too, where lengths are enforced."""
    text = (BASE_DIR / "Makefile").read_text()
    listed = re.search(r"^POSTGRES_TESTS \?=(.*?)(?<!\\)$", text, re.M | re.S)[1].replace("\\\n", " ").split()
    folders = {str(path.parent.relative_to(BASE_DIR)) for path in (BASE_DIR / "tests").glob("*/test_*.py")}
    missing = sorted(folder for folder in folders if folder not in listed and folder not in NOT_ON_POSTGRES)
    assert missing == [], "add them to POSTGRES_TESTS in the Makefile (or to NOT_ON_POSTGRES with why)"
    assert all((BASE_DIR / path).exists() for path in listed)
