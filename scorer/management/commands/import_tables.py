"""``manage.py import_tables FILE...``: restore tables and events from ``export_tables`` output.

A FILE is a JSON-lines archive (one table or event per line), a JSON file of one table or event
(``--dir`` export), or a bare game document (the board's JSON export: a new table, its edit link
printed). Restored tables keep their public id and edit secret; one whose id exists already is
skipped (a restore can be run twice). ``--as-new`` imports every table as a new one instead, and
no event (an event links the tables it was exported with). Events are restored once every table
of the run is (scorer/events/backup.py), whatever the order of the lines and files.

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

from scorer.engine import InvalidInput
from scorer.events.backup import event_restore, is_event_entry
from scorer.houses.backup import house_restore, is_house_entry
from scorer.tables.backup import RestoreRun, entry_import

EXIT_INVALID = 2


class Command(BaseCommand):
    help = "Import tables and events from export_tables archives (.jsonl) or JSON files (restore a backup)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "files", nargs="+", help="archives (.jsonl) or JSON files; - for stdin (JSON lines)"
        )
        parser.add_argument("--as-new", action="store_true", help="new ids and edit secrets for every table")

    def handle(self, *args, files: list[str], as_new: bool, **options) -> None:
        counts = {"imported": 0, "skipped": 0, "failed": 0}
        events = {"imported": 0, "skipped": 0, "failed": 0}
        self.run = RestoreRun()
        later = []  # the events, once every table is in
        houses = {"imported": 0, "skipped": 0, "failed": 0}
        for name in files:
            for where, data in self.entries(name):
                if is_event_entry(data):
                    later.append((where, data))
                elif is_house_entry(data):
                    houses[self.stored(where, data, self.import_house)] += 1
                else:
                    counts[self.stored(where, data, partial(self.import_table, as_new=as_new))] += 1
        for where, data in later:
            events[self.stored(where, data, partial(self.import_event, as_new=as_new))] += 1
        self.stderr.write(
            f"{counts['imported']} table(s) imported, {counts['skipped']} skipped (already present), "
            f"{counts['failed']} invalid."
        )
        if later:
            self.stderr.write(
                f"{events['imported']} event(s) imported, {events['skipped']} skipped (already present), "
                f"{events['failed']} invalid."
            )
        if any(houses.values()):
            self.stderr.write(
                f"{houses['imported']} house rule set(s) imported, {houses['skipped']} skipped (already "
                f"present), {houses['failed']} invalid."
            )
        if counts["failed"] or events["failed"] or houses["failed"]:
            sys.exit(EXIT_INVALID)

    def import_house(self, where: str, data: dict) -> str:
        house = house_restore(data=data)
        if house is None:
            self.stderr.write(f"{where}: skipped: a house rule set with this code exists already")
            return "skipped"
        self.stdout.write(f"{where}: house rule set {house.code}")
        return "imported"

    def import_event(self, where: str, data: dict, as_new: bool) -> str:
        if as_new:
            self.stderr.write(f"{where}: skipped: --as-new imports tables only")
            return "skipped"
        result = event_restore(data=data)
        if result.event is None:
            self.stderr.write(f"{where}: skipped: {result.skipped}")
            return "skipped"
        self.stdout.write(f"{where}: event {result.event.public_id}")
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
