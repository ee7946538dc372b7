"""``manage.py expire_grants``: forget edit and watch rights unused for OKEYCALC_GRANT_MAX_IDLE_DAYS.

Expired grants already give no rights; this deletes their rows, and the devices left without any.
The app also does it whenever a table is opened or claimed; run it from cron on a quiet site.
"""

from django.core.management.base import BaseCommand

from scorer.tables.rights import grants_expire, max_idle


class Command(BaseCommand):
    help = "Delete device grants unused for longer than OKEYCALC_GRANT_MAX_IDLE_DAYS (default 180)."

    def handle(self, *args, **options) -> None:
        deleted = grants_expire()
        self.stdout.write(f"{deleted} grant(s) unused for more than {max_idle().days} days deleted.")
