"""The ASGI server's worker for `make serve` and deployments: uvicorn inside gunicorn
(okeycalc/gunicorn.conf.py names it as its ``worker_class``).

gunicorn keeps the processes (a worker per CPU, restarts, graceful HUP and TERM); each worker is
one uvicorn event loop, which reads every request, its body included, before Django runs a view,
and holds idle keep-alive connections and server-sent-event streams without a thread. Only what
uvicorn's gunicorn worker cannot take from gunicorn's own settings is set here.
"""

import os

from uvicorn_worker import UvicornWorker

OPEN_STREAMS = int(os.environ.get("WEB_MAX_CONNECTIONS") or 1000)
"""Connections (and requests in progress) one process holds; past it uvicorn answers 503."""

GRACEFUL_SECONDS = 15
"""On shutdown, requests still running (streams) get this long, then uvicorn closes them: less
than gunicorn's ``graceful_timeout`` (20 s), so a worker ends by itself, not by SIGKILL."""


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker with uvloop and httptools (``auto``), a bound on open
    connections, trusted proxy headers and a graceful shutdown that ends open streams."""

    CONFIG_KWARGS = {
        "loop": "auto",
        "http": "auto",
        "lifespan": "off",  # Django has no lifespan events
        "limit_concurrency": OPEN_STREAMS,
        "proxy_headers": True,  # X-Forwarded-For/-Proto, from FORWARDED_ALLOW_IPS only
        "timeout_graceful_shutdown": GRACEFUL_SECONDS,
        "server_header": False,
    }
