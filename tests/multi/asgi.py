"""Streams need an ASGI server: this serves ``servers.start()``'s gunicorn through uvicorn while
``okeycalc/gunicorn.conf.py`` still names the WSGI thread worker (scorer/platform/worker.py).

The server command stays the one of tests/multi/servers.py; only ``GUNICORN_CMD_ARGS`` picks
:class:`Worker`, uvicorn's gunicorn worker that serves ``okeycalc.asgi`` where gunicorn loaded the
WSGI handler, and persistent database connections are off, as Django's documentation asks under
ASGI (each request runs in a thread of its own: 30 requests left 7 idle connections open with
``CONN_MAX_AGE`` 60). Once the configuration names an ASGI worker (branch ``asgi``), :func:`env`
adds nothing and the servers run exactly as ``make serve`` runs them.
"""

import runpy
from pathlib import Path

from uvicorn_worker import UvicornWorker

ROOT = Path(__file__).resolve().parent.parent.parent
WSGI_WORKERS = ("sync", "gthread", "gunicorn.workers.", "scorer.platform.worker.")
"""Worker classes (by the name gunicorn is given) that serve WSGI: streams would each hold a thread."""


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker, serving Django's ASGI handler in place of its WSGI handler."""

    def load_wsgi(self) -> None:
        super().load_wsgi()
        from django.core.handlers.wsgi import WSGIHandler

        if isinstance(self.wsgi, WSGIHandler):
            from okeycalc.asgi import application

            self.wsgi = application


def configured_worker(root: Path = ROOT) -> str:
    """The worker class ``okeycalc/gunicorn.conf.py`` names (gunicorn's default: sync)."""
    return str(runpy.run_path(str(root / "okeycalc" / "gunicorn.conf.py")).get("worker_class", "sync"))


def needed(root: Path = ROOT) -> bool:
    worker = configured_worker(root)
    return worker in WSGI_WORKERS or worker.startswith(WSGI_WORKERS)


def env(base: dict[str, str]) -> dict[str, str]:
    """``base``, plus the worker override while the configuration serves WSGI."""
    if not needed():
        return base
    extra = base.get("GUNICORN_CMD_ARGS", "")
    return base | {
        "GUNICORN_CMD_ARGS": f"{extra} --worker-class tests.multi.asgi.Worker".strip(),
        "OKEYCALC_CONN_MAX_AGE": "0",
    }
