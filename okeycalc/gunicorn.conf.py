"""gunicorn settings for `make serve` and deployments:
``gunicorn -c okeycalc/gunicorn.conf.py okeycalc.asgi:application``.

gunicorn runs the processes, each an ASGI server: uvicorn's event loop (okeycalc/serving.py),
chosen over granian by bench/servers.py (docs/deploy.md). Workers: WEB_CONCURRENCY, else
2 × CPUs + 1. The event loop reads each request and its body before a view runs, so a slow
client holds no thread (sync views run in Django's thread, one per process), and holds idle
keep-alive connections and server-sent-event streams for nothing but a socket: up to
WEB_MAX_CONNECTIONS (1000) per process. The worker timeout is a heartbeat of that event loop, not
a limit on a request: a stream may stay open for hours. The access log goes to stdout through
scorer.platform.logredact.RedactClaimSecrets (uvicorn's ``uvicorn.access`` logger writes through
the handlers of ``gunicorn.access``): a table's edit link (``/masa/<id>/anahtar/<secret>/``)
never reaches a log line. No propagation to the root logger, which Django configures too: every
line is printed once.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
worker_class = "okeycalc.serving.Worker"
keepalive = 5  # seconds an idle kept-alive connection stays open (it holds no thread meanwhile)
# A worker whose event loop has not ticked for this long is restarted. uvicorn ticks every
# second whatever its connections do, so only a blocked loop trips it, never a long stream.
timeout = 30
graceful_timeout = 20
# gunicorn's control socket (gunicornc) defaults to one path per user: two instances on one
# machine would share it. Off unless a path is given.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
# Behind a proxy on the same host (docs/deploy.md): trust its X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")

logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_secrets": {"()": "scorer.platform.logredact.RedactClaimSecrets"}},
    "formatters": {
        "generic": {
            "format": "%(asctime)s [%(process)d] [%(levelname)s] %(message)s",
            "datefmt": "[%Y-%m-%d %H:%M:%S %z]",
        },
        "access": {"format": "%(asctime)s %(message)s", "datefmt": "[%Y-%m-%d %H:%M:%S %z]"},
    },
    "handlers": {
        "access_console": {
            "class": "logging.StreamHandler",
            "formatter": "access",
            "filters": ["redact_secrets"],
            "stream": "ext://sys.stdout",
        },
        "error_console": {
            "class": "logging.StreamHandler",
            "formatter": "generic",
            "filters": ["redact_secrets"],
            "stream": "ext://sys.stderr",
        },
    },
    "root": {"level": "WARNING", "handlers": ["error_console"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["error_console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access_console"], "propagate": False},
        # uvicorn's worker gives these gunicorn's handlers above; named here too, so that they
        # go through the filter whatever the worker does.
        "uvicorn.error": {"level": "INFO", "handlers": ["error_console"], "propagate": False},
        "uvicorn.access": {"level": "INFO", "handlers": ["access_console"], "propagate": False},
    },
}
