"""``manage.py score FILE`` (or ``-`` for stdin): hand or game JSON in, result JSON out.

Invalid input exits with status 2 and ``{"errors": [...]}`` on stdout (HAND_FORMAT.md).
"""

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from scorer.documents import score_document

EXIT_INVALID = 2


class Command(BaseCommand):
    help = "Score a 101 Okey hand or game given as JSON (HAND_FORMAT.md)."
    requires_system_checks = []
    requires_migrations_checks = False
    file_help = "JSON file of a hand or a game, or - for standard input"
    file_nargs: str | None = None  # "?" where another option can stand in for the file

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs=self.file_nargs, help=self.file_help)
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="language of labels, details, notes and error messages (default: %(default)s)",
        )

    def handle(self, *args, file: str, lang: str, **options) -> None:
        with translation.override(lang):
            self.score(file)

    def score(self, file: str) -> None:
        text = self.read(file)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            self.fail([{"path": "", "message": _("Not valid JSON: %(error)s") % {"error": exc}}])
        ok, body = self.scored(data)
        if not ok:
            self.fail(body["errors"])
        self.stdout.write(json.dumps(body, ensure_ascii=False, indent=2))

    def scored(self, data: object) -> tuple[bool, dict]:
        """The document scored: whether it was valid, and its result or its errors."""
        return score_document(data)

    def read(self, file: str) -> str:
        if file == "-":
            raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
            return self.decode(raw)
        try:
            with open(file, "rb") as handle:
                raw = handle.read()
        except OSError as exc:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": exc}) from exc
        return self.decode(raw)

    def decode(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            self.fail([{"path": "", "message": _("Not valid JSON: %(error)s") % {"error": exc}}])

    def fail(self, errors: list[dict]) -> None:
        self.stdout.write(json.dumps({"errors": errors}, ensure_ascii=False, indent=2))
        sys.exit(EXIT_INVALID)
