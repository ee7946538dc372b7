"""WSGI entry point (gunicorn, runserver). Refuses to start on the committed development key
when DEBUG is off (okeycalc/production.py)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
application = get_wsgi_application()

from okeycalc.production import refuse_insecure_key  # noqa: E402  (needs the configured settings)

refuse_insecure_key()
