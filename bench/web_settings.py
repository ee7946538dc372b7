"""Settings of the web benchmark only (``bench/web.py``): production-like, plus the floor views.

The app's own settings with DEBUG off and WhiteNoise's manifest storage over a temporary
STATIC_ROOT; the URLconf adds the minimal ``HttpResponse`` views the pages are compared with.
Never used by the app itself.
"""

import os

from okeycalc.settings import *  # noqa: F403
from okeycalc.settings import STORAGES

DEBUG = False
ROOT_URLCONF = "bench.web_urls"
STATIC_ROOT = os.environ["OKEYCALC_BENCH_STATIC_ROOT"]
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "scorer.platform.staticstorage.StaticStorage"},
}
WHITENOISE_USE_FINDERS = False
# One client from 127.0.0.1 sends thousands of requests: rate limits would answer 429.
RATELIMIT_ENABLE = False
