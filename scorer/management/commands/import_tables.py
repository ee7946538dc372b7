"""``manage.py import_tables FILE...``: restore tables, events and clubs from ``export_tables`` output.

A FILE is a JSON-lines archive (one table, event or club per line), a JSON file of one of them
(``--dir`` export), or a bare game document (the board's JSON export: a new table, its edit link
printed). Restored tables keep their public id and edit secret; one whose id exists already is
skipped (a restore can be run twice). ``--as-new`` imports every table as a new one instead, and
no event or club (they link the tables they were exported with). Events are restored once every
table of the run is (scorer/events/backup.py), and clubs once every event is
(scorer/clubs/backup.py), whatever the order of the lines and files.

Each table is validated and stored on its own: an invalid one is reported with its line and
field paths, the others are stored, and the exit status is 2. A line the database refuses all
the same is reported with the database's reason (never a traceback), and the rest go on.
Rematch links are restored between the tables of the run, whatever their order.
"""

import json
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from scorer.clubs.backup import club_restore, is_club_entry
from scorer.engine import InvalidInput
from scorer.events.backup import event_restore, is_event_entry
from scorer.tables.backup import RestoreRun, entry_import

EXIT_INVALID = 2


class Command(BaseCommand):
    help = "Import tables, events and clubs from export_tables archives (.jsonl) or JSON files (restore a backup)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "files", nargs="+", help="archives (.jsonl) or JSON files; - for stdin (JSON lines)"
        )
        parser.add_argument("--as-new", action="store_true", help="new ids and edit secrets for every table")

    def handle(self, *args, files: list[str], as_new: bool, **options) -> None:
        self.run = RestoreRun()
        kinds = {"table": [], "event": [], "club": []}  # restored in this order: what links comes first
        for name in files:
            for where, data in self.entries(name):
                kind = "event" if is_event_entry(data) else "club" if is_club_entry(data) else "table"
                kinds[kind].append((where, data))
        store = {
            "table": partial(self.import_table, as_new=as_new),
            "event": partial(self.import_linked, restore=event_restore, as_new=as_new),
            "club": partial(self.import_linked, restore=club_restore, as_new=as_new),
        }
        failed = False
        for kind, entries in kinds.items():
            counts = {"imported": 0, "skipped": 0, "failed": 0}
            for where, data in entries:
                counts[self.stored(where, data, store[kind])] += 1
            if entries or kind == "table":
                self.stderr.write(
                    f"{counts['imported']} {kind}(s) imported, {counts['skipped']} skipped (already present), "
                    f"{counts['failed']} invalid."
                )
            failed = failed or counts["failed"] > 0
        if failed:
            sys.exit(EXIT_INVALID)

    def import_linked(self, where: str, data: dict, *, restore, as_new: bool) -> str:
        """An event or a club, restored with the tables (and events) it names."""
        if as_new:
            self.stderr.write(f"{where}: skipped: --as-new imports tables only")
            return "skipped"
        (kind,) = data  # "event" or "club": the entry's one key
        result = restore(data=data)
        if getattr(result, kind) is None:
            self.stderr.write(f"{where}: skipped: {result.skipped}")
            return "skipped"
        self.stdout.write(f"{where}: {kind} {getattr(result, kind).public_id}")
        return "imported"

    def stored(self, where: str, data: object, store) -> str:
        """``store(where, data)``'s outcome, every way it can fail reported by ``where``."""
        if isinstance(data, Exception):
            self.stderr.write(f"{where}: not valid JSON: {data}")
            return "failed"
        try:
            return store(where, data)
        except InvalidInput as exc:
            for error in exc.errors:
                self.stderr.write(f"{where}: {error.path or '(table)'}: {error.message}")
            return "failed"
        except RecursionError:
            self.stderr.write(f"{where}: input is nested too deeply")
            return "failed"
        except (DatabaseError, ArithmeticError, ValueError, TypeError, KeyError, AttributeError) as exc:
            # What validation did not foresee; the table's transaction is rolled back.
            reason = " ".join(str(exc).split()) or type(exc).__name__
            self.stderr.write(f"{where}: not stored: {reason!r}")
            return "failed"

    def import_table(self, where: str, data: object, as_new: bool) -> str:
        result = entry_import(data=data, as_new=as_new, run=self.run)
        if result.game is None:
            self.stderr.write(f"{where}: skipped: {result.skipped}")
            return "skipped"
        note = (
            f" (new edit secret: /masa/{result.game.public_id}/anahtar/{result.secret}/)"
            if result.secret
            else ""
        )
        self.stdout.write(f"{where}: table {result.game.public_id}{note}")
        return "imported"

    def entries(self, name: str) -> Iterator[tuple[str, object]]:
        """A .jsonl archive (or stdin) line by line; any other file as one JSON document."""
        text = self.read(name)
        if name != "-" and not name.endswith(".jsonl"):
            yield name, self.parse(text)
            return
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield f"{name}:{number}", self.parse(line)

    def parse(self, text: str) -> object:
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as exc:
            return exc

    def read(self, name: str) -> str:
        try:
            raw = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
            return raw.decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"Cannot read {name}: {exc}") from exc
