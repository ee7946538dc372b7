"""ASGI entry point (`make serve`: gunicorn with uvicorn's worker; `make run`: uvicorn --reload).

Refuses to start on the committed development key when DEBUG is off (okeycalc/production.py),
as okeycalc/wsgi.py does. A request body has 30 s (OKEYCALC_BODY_SECONDS) to arrive whole, at
1 KiB/s at least after 10 s (OKEYCALC_BODY_MIN_RATE), and at most 8 MiB (OKEYCALC_MAX_BODY_BYTES),
or 408 and 413 (scorer/platform/bodydeadline.py).
Static files are WhiteNoise's, as under WSGI: under DEBUG from the app's folders as they change
(its finders and autorefresh), else collectstatic's.
"""

import logging
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
django_application = get_asgi_application()

from django.conf import settings  # noqa: E402  (configured by get_asgi_application)

from okeycalc.production import refuse_insecure_key  # noqa: E402
from scorer.platform.bodydeadline import BodyDeadline  # noqa: E402
from scorer.platform.logredact import RedactClaimSecrets  # noqa: E402

refuse_insecure_key()
# uvicorn's access log never shows an edit link's secret, whoever configured its handlers:
# gunicorn's (okeycalc/gunicorn.conf.py) under `make serve`, uvicorn's own under `make run`.
logging.getLogger("uvicorn.access").addFilter(RedactClaimSecrets())

application = BodyDeadline(
    django_application,
    seconds=settings.OKEYCALC_BODY_SECONDS,
    max_bytes=settings.OKEYCALC_MAX_BODY_BYTES,
    min_rate=settings.OKEYCALC_BODY_MIN_RATE,
)
