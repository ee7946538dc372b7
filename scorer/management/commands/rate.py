"""``manage.py rate FILE`` (or ``-`` for stdin): games JSON in, OpenSkill ratings JSON out.

Reads ``{"games": [game, ...]}`` (docs/club-format.md) and prints ``{"format": 1, "ratings":
[...], "skipped": [...]}``. Invalid games exit with status 2 and ``{"errors": [...]}`` on stdout,
as ``manage.py score`` does.
"""

import json

from django.utils.translation import gettext as _

from scorer.clubs.ratings import rate_document
from scorer.engine import InvalidInput
from scorer.management.commands.score import Command as ScoreCommand


class Command(ScoreCommand):
    help = "Rate players with OpenSkill from complete 101 Okey games given as JSON (club-format.md)."
    file_help = 'JSON file {"games": [game, ...]}, or - for standard input'

    def score(self, file: str) -> None:
        text = self.read(file)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            self.fail([{"path": "", "message": _("Not valid JSON: %(error)s") % {"error": exc}}])
        try:
            table = rate_document(data)
        except InvalidInput as exc:
            self.fail(exc.to_dict()["errors"])
        self.stdout.write(json.dumps(table.to_dict(), ensure_ascii=False, indent=2))
