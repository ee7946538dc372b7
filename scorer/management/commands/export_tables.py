"""``manage.py export_tables [FILE]``: every table, then every event, then every club, as a
JSON-lines archive (one table, event or club per line).

``-`` or no FILE writes to standard output; ``--dir DIR`` writes one ``<public id>.json`` per
table, one ``event-<public id>.json`` per event and one ``club-<public id>.json`` per club
instead. A table's entry holds its HAND_FORMAT.md game document (``game``) and what a restore
needs besides (``table``, scorer/tables/backup.py); an event's entry its rounds, tables, entrants
and records (``event``, scorer/events/backup.py); a club's its members, seasons, tables, ratings
and events (``club``, scorer/clubs/backup.py). ``import_tables`` reads both forms back.

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

from scorer.clubs.backup import club_entries
from scorer.events.backup import event_entries
from scorer.tables.backup import export_entries
from scorer.tables.backuprows import Exported
from scorer.tables.repair import tables_to_repair

EXIT_INCOMPLETE = 2
SECTIONS = (
    ("table", "", export_entries),
    ("event", "event-", event_entries),
    ("club", "club-", club_entries),
)
"""What an archive holds, in its order (an event names tables, a club names tables and events):
the kind's name, its file names' prefix in a --dir export, its entries."""


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


def summary(count: dict[str, int]) -> str:
    """ "3 table(s), 1 event(s) and 1 club(s)": the tables always, the other kinds when there are any."""
    parts = [f"{count['table']} table(s)"] + [
        f"{count[kind]} {kind}(s)" for kind, _prefix, _entries in SECTIONS[1:] if count[kind]
    ]
    return f"{', '.join(parts[:-1])} and {parts[-1]}" if len(parts) > 1 else parts[0]


class Command(BaseCommand):
    help = (
        "Export every table, event and club (backup): a JSON-lines archive, or one JSON file each with --dir."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="archive to write (.jsonl); - for stdout")
        parser.add_argument(
            "--dir", help="write one JSON file per table, event (event-…) and club (club-…) into this folder"
        )

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
        done = f"{summary(count)} exported"
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

    def write_lines(self, out) -> dict[str, int]:
        """Every table's line, then every event's, then every club's (what an entry links comes
        before it); the count of each kind."""
        counts = dict.fromkeys((kind for kind, _prefix, _entries in SECTIONS), 0)
        for kind, _prefix, entries in SECTIONS:
            for exported in entries():
                if self.written(exported):
                    out.write(exported.text.encode("utf-8") + b"\n")
                    counts[kind] += 1
        out.flush()
        return counts

    def export_dir(self, folder: Path) -> dict[str, int]:
        folder.mkdir(parents=True, exist_ok=True)
        counts = dict.fromkeys((kind for kind, _prefix, _entries in SECTIONS), 0)
        for kind, prefix, entries in SECTIONS:
            for exported in entries(indent=2):
                if self.written(exported):
                    with replacing(folder / f"{prefix}{exported.public_id}.json") as out:
                        out.write(exported.text.encode("utf-8") + b"\n")
                    counts[kind] += 1
        return counts
