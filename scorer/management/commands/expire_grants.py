"""``manage.py expire_grants``: forget rights unused for OKEYCALC_GRANT_MAX_IDLE_DAYS: the grants of
every kind (a table's edit and watch grants, an event's organizer grants, table cards', clubs' admin grants).

Expired grants already give no rights; this deletes their rows, and the devices left without any.
The app also does it whenever a new edit grant on a table is made; run it from cron on a quiet site.
"""

from django.core.management.base import BaseCommand

from scorer.access import grants_expire, max_idle


class Command(BaseCommand):
    help = "Delete device grants unused for longer than OKEYCALC_GRANT_MAX_IDLE_DAYS (default 180)."

    def handle(self, *args, **options) -> None:
        deleted = grants_expire()
        self.stdout.write(f"{deleted} grant(s) unused for more than {max_idle().days} days deleted.")
