"""``manage.py export_tables [FILE]``: every table as a JSON-lines archive (one table per line).

``-`` or no FILE writes to standard output; ``--dir DIR`` writes one ``<public id>.json`` per
table instead. Each entry holds the table's HAND_FORMAT.md game document (``game``) and what a
restore needs besides (``table``); ``import_tables`` reads both forms back (scorer/tables/backup.py).
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorer.models import Game
from scorer.tables.backup import table_entry, tables_export


class Command(BaseCommand):
    help = "Export every table (backup): a JSON-lines archive, or one JSON file per table with --dir."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="archive to write (.jsonl); - for stdout")
        parser.add_argument("--dir", help="write one <public id>.json file per table into this folder")

    def handle(self, *args, file: str, dir: str | None, **options) -> None:
        if dir:
            count = self.export_dir(Path(dir))
        elif file == "-":
            count = self.write_lines(sys.stdout)
        else:
            try:
                with open(file, "w", encoding="utf-8") as out:
                    count = self.write_lines(out)
            except OSError as exc:
                raise CommandError(f"Cannot write {file}: {exc}") from exc
        self.stderr.write(f"{count} table(s) exported.")

    def write_lines(self, out) -> int:
        count = 0
        for line in tables_export():
            out.write(line + "\n")
            count += 1
        return count

    def export_dir(self, folder: Path) -> int:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            count = 0
            for game in Game.objects.order_by("created_at", "pk"):
                text = json.dumps(table_entry(game), ensure_ascii=False, indent=2, sort_keys=True)
                (folder / f"{game.public_id}.json").write_text(text + "\n", encoding="utf-8")
                count += 1
        except OSError as exc:
            raise CommandError(f"Cannot write into {folder}: {exc}") from exc
        return count
