"""gunicorn settings for `make serve` and deployments (`gunicorn -c okeycalc/gunicorn.conf.py okeycalc.wsgi`).

Workers: WEB_CONCURRENCY, else 2 × CPUs + 1, each with a bounded pool of GUNICORN_THREADS threads
(4). The worker class (scorer/platform/worker.py) reads each request in its event loop before a
thread gets it, with header and body deadlines, so slow clients hold no thread: `make serve`
survives them without a proxy in front (measured by bench/slowclients.py, README).
The access log goes to stdout through scorer.platform.logredact.RedactClaimSecrets: a table's edit link
(``/masa/<id>/anahtar/<secret>/``) never reaches a log line. No propagation to the root logger,
which Django configures too: every line is printed once.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
worker_class = "scorer.platform.worker.BufferingThreadWorker"
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
keepalive = 5  # seconds an idle kept-alive connection stays open (it holds no thread meanwhile)
timeout = 30
# gunicorn's control socket (gunicornc) defaults to one path per user: two instances on one
# machine would share it. Off unless a path is given.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
graceful_timeout = 20
# Behind a proxy on the same host (docs/deploy.md): trust its X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# Referer is left out of the default format: a page's address may hold what a log should not.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'

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
    },
}
