"""``manage.py repair_tables [--dry-run | --check]``: find and repair tables stored with names no
page can show, and tables whose kept totals a full re-score no longer gives.

Stored names holding control characters or lone surrogates, which the engine refuses:
control characters go, a lone surrogate becomes U+FFFD, a name left empty or equal to another
player's becomes "Oyuncu N"; the hands' copies of such names are left out (the table's apply).
Each change is printed with the stored and the repaired name (escaped), one line per table
name. A table's kept totals (``Game.scores``, scorer/tables/scores.py) that differ from a full
re-score of its hands (a scoring fix deployed since they were saved) are stored again, naming the
table and its hands. ``--dry-run`` only prints; ``--check`` only prints and exits with status 1
when anything needs repair. Running it again finds nothing. See scorer/tables/repair.py.
"""

import sys

from django.core.management.base import BaseCommand

from scorer.tables.repair import table_repair, tables_to_repair, totals_repair, totals_to_repair


class Command(BaseCommand):
    help = "Find and repair tables whose stored names no page can show, or whose kept totals drifted."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="only list what would be repaired")
        parser.add_argument(
            "--check", action="store_true", help="only list what would be repaired; exit 1 if anything would"
        )

    def handle(self, *args, dry_run: bool, check: bool, **options) -> None:
        dry_run = dry_run or check
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
        drifts = totals_to_repair()
        for drift in drifts:
            self.stdout.write(
                f"{drift.public_id}: kept totals differ from a re-score at hand position(s) {', '.join(drift.positions)}"
            )
            if not dry_run:
                totals_repair(repair=drift)
        if dry_run:
            self.stderr.write(f"{len(repairs)} table(s) to repair (dry run: nothing changed).")
        else:
            self.stderr.write(f"{len(repairs)} table(s) repaired.")
        if drifts:
            done = "to store again (dry run: nothing changed)" if dry_run else "stored again"
            self.stderr.write(f"{len(drifts)} table(s) whose kept totals a re-score does not give: {done}.")
        if check and (repairs or drifts):
            sys.exit(1)
