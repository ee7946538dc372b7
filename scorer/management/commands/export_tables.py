"""``manage.py export_tables [FILE]``: every table, then every event, as a JSON-lines archive
(one table or event per line).

``-`` or no FILE writes to standard output; ``--dir DIR`` writes one ``<public id>.json`` per
table and one ``event-<public id>.json`` per event instead. A table's entry holds its
HAND_FORMAT.md game document (``game``) and what a restore needs besides (``table``,
scorer/tables/backup.py); an event's entry its rounds, tables, entrants and records
(``event``, scorer/events/backup.py). ``import_tables`` reads both forms back.

A backup is complete or says what it left out: a table that cannot be read back is named on
standard error with the reason, every other table is written, and the exit status is 2. The
archive is written beside its final name and renamed when done, so an interrupted export never
leaves a truncated file where the last good backup was. A table stored with names no page can
show is written with them repaired, as the pages show it, and named, so that the backup restores;
``manage.py repair_tables`` repairs the database.
"""

import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scorer.events.backup import event_entries
from scorer.houses.backup import house_entries
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
    help = "Export every table and event (backup): a JSON-lines archive, or one JSON file each with --dir."

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
                count = self.write_lines(sys.stdout.buffer)
            else:
                with replacing(Path(file)) as out:
                    count = self.write_lines(out)
        except OSError as exc:
            raise CommandError(f"Cannot write {dir or file}: {exc}") from exc
        tables, events, houses = count
        done = (
            f"{tables} table(s) and {events} event(s) exported" if events else f"{tables} table(s) exported"
        )
        if houses:
            done += f", {houses} house rule set(s)"
        if self.failed:
            self.stderr.write(f"{done}, {self.failed} could not be written.")
            sys.exit(EXIT_INCOMPLETE)
        self.stderr.write(f"{done}.")

    def written(self, exported: Exported) -> bool:
        if exported.problem:
            self.stderr.write(f"{exported.public_id}: not written: {exported.problem}")
            self.failed += 1
        elif exported.public_id in self.repaired:
            self.stderr.write(
                f"{exported.public_id}: written with its names repaired (run manage.py repair_tables)"
            )
        return not exported.problem

    def write_lines(self, out) -> tuple[int, int, int]:
        """Every table's line, then every event's (the tables an event links come first), then
        every house rule set's."""
        counts = []
        for entries in (export_entries(), event_entries(), house_entries()):
            counts.append(0)
            for exported in entries:
                if self.written(exported):
                    out.write(exported.text.encode("utf-8") + b"\n")
                    counts[-1] += 1
        out.flush()
        return counts[0], counts[1], counts[2]

    def export_dir(self, folder: Path) -> tuple[int, int, int]:
        folder.mkdir(parents=True, exist_ok=True)
        counts = []
        parts = (
            ("", export_entries(indent=2)),
            ("event-", event_entries(indent=2)),
            ("house-", house_entries(indent=2)),
        )
        for prefix, entries in parts:
            counts.append(0)
            for exported in entries:
                if self.written(exported):
                    with replacing(folder / f"{prefix}{exported.public_id}.json") as out:
                        out.write(exported.text.encode("utf-8") + b"\n")
                    counts[-1] += 1
        return counts[0], counts[1], counts[2]
