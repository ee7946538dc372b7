"""``manage.py rate FILE`` (or ``-`` for stdin): games JSON in, OpenSkill ratings JSON out.

Reads ``{"games": [game, ...]}`` (docs/club-format.md) and prints ``{"format": 1, "ratings":
[...], "skipped": [...]}``. Invalid games exit with status 2 and ``{"errors": [...]}`` on stdout,
as ``manage.py score`` does. ``manage.py rate --check`` recomputes every club's ratings from its
counted games and compares them with the stored ones: status 1 when any differ.
"""

import gc
import json
import sys

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from scorer.clubs.models import Club
from scorer.clubs.ratings import RatingTable, available_cores, rate_document, rate_text
from scorer.clubs.selectors import club_rating_differences
from scorer.engine import InvalidInput
from scorer.engine.text import escapes_surrogate
from scorer.management.commands.score import Command as ScoreCommand

EXIT_DIFFERENT = 1


def load_games(text: str) -> object:
    """The decoded document, with the garbage collector paused while it is built and the
    document frozen after: the collector walked the growing document again and again, which cost
    three times the decoding of 20,000 games (bench/club.py). The document holds no cycle."""
    gc.disable()
    try:
        data = json.loads(text)
    finally:
        gc.enable()
    gc.freeze()  # until it is rated (Command.score): later collections skip it
    return data


class Command(ScoreCommand):
    help = "Rate players with OpenSkill from complete 101 Okey games given as JSON (club-format.md)."
    file_help = 'JSON file {"games": [game, ...]}, or - for standard input'
    file_nargs = "?"  # not needed with --check

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--check",
            action="store_true",
            help="recompute every club's ratings from its games and compare them with the stored ones",
        )

    def handle(self, *args, file: str | None, lang: str, check: bool, **options) -> None:
        if check:
            self.check_clubs()
        elif file is None:
            raise CommandError(_("Give a file (or - for standard input), or --check."))
        else:
            super().handle(*args, file=file, lang=lang, **options)

    def score(self, file: str) -> None:
        text = self.read(file)
        # The file was decoded from UTF-8: only an escape in its text can make a lone surrogate.
        options = {"processes": available_cores(), "text_checked": not escapes_surrogate(text)}
        try:
            table = rate_text(text, **options)  # games scored while the rest are decoded
        except InvalidInput as exc:
            self.fail(exc.to_dict()["errors"])
        if table is None:  # not the plain {"games": [...]}: decoded whole, then rated
            table = self.decoded_and_rated(text, options)
        self.stdout.write(json.dumps(table.to_dict(), ensure_ascii=False, indent=2))

    def decoded_and_rated(self, text: str, options: dict) -> RatingTable:
        try:
            data = load_games(text)
        except (ValueError, RecursionError) as exc:
            self.fail([{"path": "", "message": _("Not valid JSON: %(error)s") % {"error": exc}}])
        try:
            return rate_document(data, **options)
        except InvalidInput as exc:
            self.fail(exc.to_dict()["errors"])
        finally:
            gc.unfreeze()

    def check_clubs(self) -> None:
        report = []
        for club in Club.objects.order_by("pk").iterator():
            differences = club_rating_differences(club)
            report.append({"club": club.public_id, "name": club.name, "differences": differences})
        self.stdout.write(json.dumps({"clubs": report}, ensure_ascii=False, indent=2))
        if any(entry["differences"] for entry in report):
            sys.exit(EXIT_DIFFERENT)
