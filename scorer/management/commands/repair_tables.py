"""``manage.py repair_tables [--dry-run]``: find and repair tables stored with names no page can show.

Stored names holding control characters or lone surrogates, which the engine refuses:
control characters go, a lone surrogate becomes U+FFFD, a name left empty or equal to another
player's becomes "Oyuncu N"; the hands' copies of such names are left out (the table's apply).
Each change is printed with the stored and the repaired name (escaped), one line per table
name; ``--dry-run`` only prints. Running it again finds nothing. See scorer/tables/repair.py.
"""

from django.core.management.base import BaseCommand

from scorer.tables.repair import table_repair, tables_to_repair


class Command(BaseCommand):
    help = "Find and repair tables whose stored names hold control characters or lone surrogates."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="only list what would be repaired")

    def handle(self, *args, dry_run: bool, **options) -> None:
        repairs = tables_to_repair()
        for repair in repairs:
            for seat, before, after in repair.renamed:
                self.stdout.write(f"{repair.public_id}: players[{seat}]: {ascii(before)} -> {ascii(after)}")
            if repair.hands:
                self.stdout.write(
                    f"{repair.public_id}: {len(repair.hands)} hand(s): the names no page can show are left"
                    " out (the table's names apply)"
                )
            if not dry_run:
                table_repair(repair=repair)
        if dry_run:
            self.stderr.write(f"{len(repairs)} table(s) to repair (dry run: nothing changed).")
        else:
            self.stderr.write(f"{len(repairs)} table(s) repaired.")
