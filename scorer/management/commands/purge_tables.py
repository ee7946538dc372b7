"""``manage.py purge_tables --older-than 180d``: retention for tables and deleted hands.

Deletes tables not changed for longer than ``--older-than`` (with all their hands), and hands
deleted (soft, with the board's undo) longer ago than ``--deleted-hands-after`` (default 30d).
``--dry-run`` only counts. Run it daily from cron or a systemd timer.
"""

import re
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from scorer.tables.services.purge import tables_purge

UNITS = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}
DURATION = re.compile(r"([0-9]{1,5})([hdw])", re.ASCII)


def duration(text: str) -> timedelta:
    """``180d``, ``12w`` or ``36h`` → a timedelta (argparse ``type``)."""
    match = DURATION.fullmatch(text.strip())
    if match is None or int(match[1]) == 0:
        raise ValueError(text)
    return int(match[1]) * UNITS[match[2]]


class Command(BaseCommand):
    help = "Delete tables unchanged for a long time, and hands deleted more than a grace period ago."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--older-than",
            type=duration,
            required=True,
            metavar="AGE",
            help="delete tables not changed for longer than this, e.g. 180d (h, d or w)",
        )
        parser.add_argument(
            "--deleted-hands-after",
            type=duration,
            default=timedelta(days=30),
            metavar="AGE",
            help="delete hands deleted longer ago than this for good (default 30d)",
        )
        parser.add_argument("--dry-run", action="store_true", help="only count what would be deleted")

    def handle(self, *args, older_than: timedelta, deleted_hands_after: timedelta, dry_run: bool, **options):
        if older_than < timedelta(days=1):
            raise CommandError(_("--older-than must be at least 1d: a table in play must never be purged."))
        now = timezone.now()
        purged = tables_purge(
            changed_before=now - older_than, deleted_before=now - deleted_hands_after, dry_run=dry_run
        )
        if dry_run:
            message = _("Would delete %(tables)d tables (%(hands)d hands) and %(deleted)d deleted hands.")
        else:
            message = _("Deleted %(tables)d tables (%(hands)d hands) and %(deleted)d deleted hands.")
        self.stdout.write(message % purged)
