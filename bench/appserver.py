"""Start okeycalc under gunicorn on 127.0.0.1 for a load or fuzz run, and stop it afterwards.

Used by bench/fuzz.py, bench/concurrency.py, bench/slowclients.py and tests/live. ``make_serve=True``
runs gunicorn exactly as ``make serve`` does (``okeycalc/gunicorn.conf.py``: its worker class,
threads and timeouts), else with the workers and threads given. The database is migrated first; rate limits are
off (``OKEYCALC_RATELIMIT=0``: the runs post far faster than people), debug is off, as in
production. Only 127.0.0.1 and the port given are used.
"""

import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


SECRET_KEY = secrets.token_urlsafe(50)  # production settings refuse the committed development key


def server_env(database_url: str) -> dict[str, str]:
    return os.environ | {
        "OKEYCALC_SECRET_KEY": os.environ.get("OKEYCALC_SECRET_KEY") or SECRET_KEY,
        "DATABASE_URL": database_url,
        "OKEYCALC_RATELIMIT": "0",
        "OKEYCALC_DEBUG": "0",
        "PYTHONUNBUFFERED": "1",
    }


def migrate(database_url: str, app_dir: Path = REPO) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=app_dir, env=server_env(database_url), check=True
    )


@contextmanager
def gunicorn(
    database_url: str,
    port: int,
    workers: int = 4,
    threads: int = 2,
    log: Path | None = None,
    app_dir=None,
    make_serve: bool = False,
    extra_env: dict[str, str] | None = None,
    extra_args: tuple[str, ...] = (),
):
    """A running gunicorn (``workers`` processes × ``threads`` threads, or as ``make serve`` runs it
    with ``workers`` processes) serving ``app_dir`` (this checkout by default); yields its base URL."""
    app_dir = Path(app_dir or REPO)
    binary = VENV_BIN / "gunicorn"
    if not binary.exists() and shutil.which("gunicorn") is None:
        sys.exit("gunicorn is not installed: .venv/bin/pip install -r requirements.txt")
    migrate(database_url, app_dir)
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115 (closed below)
    command = [str(binary if binary.exists() else shutil.which("gunicorn")), "okeycalc.wsgi"]
    env = server_env(database_url) | (extra_env or {})
    if make_serve:
        command += ["-c", "okeycalc/gunicorn.conf.py"]
        env |= {"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    else:
        command += [
            f"--bind=127.0.0.1:{port}",
            f"--workers={workers}",
            f"--threads={threads}",
            "--timeout=60",
            "--access-logfile=-",
        ]
    process = subprocess.Popen([*command, *extra_args], cwd=app_dir, env=env, stdout=out, stderr=out)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        if log:
            out.close()


def wait_ready(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"gunicorn exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    sys.exit(f"gunicorn did not answer {url}/healthz within {seconds} s")
