"""``manage.py export_tables [FILE]``: every table as a JSON-lines archive (one table per line).

``-`` or no FILE writes to standard output; ``--dir DIR`` writes one ``<public id>.json`` per
table instead. Each entry holds the table's HAND_FORMAT.md game document (``game``) and what a
restore needs besides (``table``); ``import_tables`` reads both forms back (scorer/tables/backup.py).

A backup is complete or says what it left out: a table that cannot be read back is named on
standard error with the reason, every other table is written, and the exit status is 2. The
archive is written beside its final name and renamed when done, so an interrupted export never
leaves a truncated file where the last good backup was. A table stored with names no page can
show (before issue 18) is written with them repaired, as the pages show it, and named, so that
the backup restores; ``manage.py repair_tables`` repairs the database.
"""

import os
import sys
import tempfile
from collections.abc import Iterable
from contextlib import contextmanager
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorer.tables.backup import Exported, export_entries
from scorer.tables.repair import tables_to_repair

EXIT_INCOMPLETE = 2


@contextmanager
def replacing(path: Path):
    """A binary file that becomes ``path`` only when the block ends without an exception."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            yield out
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


class Command(BaseCommand):
    help = "Export every table (backup): a JSON-lines archive, or one JSON file per table with --dir."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="archive to write (.jsonl); - for stdout")
        parser.add_argument("--dir", help="write one <public id>.json file per table into this folder")

    def handle(self, *args, file: str, dir: str | None, **options) -> None:
        self.failed = 0
        self.repaired = {repair.public_id for repair in tables_to_repair()}
        try:
            if dir:
                count = self.export_dir(Path(dir))
            elif file == "-":
                count = self.write_lines(export_entries(), sys.stdout.buffer)
            else:
                with replacing(Path(file)) as out:
                    count = self.write_lines(export_entries(), out)
        except OSError as exc:
            raise CommandError(f"Cannot write {dir or file}: {exc}") from exc
        if self.failed:
            self.stderr.write(f"{count} table(s) exported, {self.failed} could not be written.")
            sys.exit(EXIT_INCOMPLETE)
        self.stderr.write(f"{count} table(s) exported.")

    def written(self, exported: Exported) -> bool:
        if exported.problem:
            self.stderr.write(f"{exported.public_id}: not written: {exported.problem}")
            self.failed += 1
        elif exported.public_id in self.repaired:
            self.stderr.write(
                f"{exported.public_id}: written with its names repaired (run manage.py repair_tables)"
            )
        return not exported.problem

    def write_lines(self, entries: Iterable[Exported], out) -> int:
        count = 0
        for exported in entries:
            if self.written(exported):
                out.write(exported.text.encode("utf-8") + b"\n")
                count += 1
        out.flush()
        return count

    def export_dir(self, folder: Path) -> int:
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for exported in export_entries(indent=2):
            if self.written(exported):
                with replacing(folder / f"{exported.public_id}.json") as out:
                    out.write(exported.text.encode("utf-8") + b"\n")
                count += 1
        return count
