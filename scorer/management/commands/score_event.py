"""``manage.py score_event FILE [--next-round] [--lang tr|en]``: an event's standings (EVENT_FORMAT.md).

Reads the event document from FILE (``-`` for stdin) and prints the result; with
``--next-round`` also the seating of the next round. Exit 2 with ``{"errors": [...]}`` for
invalid input, 1 when the file cannot be read, as ``manage.py score`` does.
"""

import json

from django.utils.translation import gettext as _

from scorer.documents import event_score_document
from scorer.management.commands import score


class Command(score.Command):
    help = "Score a tournament given as event JSON (EVENT_FORMAT.md): standings and the next round."
    file_help = "JSON file of an event, or - for standard input"

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--next-round", action="store_true", help="also print the seating of the next round"
        )
        parser.set_defaults(next_round=False)

    def handle(self, *args, next_round: bool = False, **options) -> None:
        self.next_round = next_round
        super().handle(*args, **options)

    def score(self, file: str) -> None:
        text = self.read(file)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            self.fail([{"path": "", "message": _("Not valid JSON: %(error)s") % {"error": exc}}])
        ok, body = event_score_document(data, next_round=self.next_round)
        if not ok:
            self.fail(body["errors"])
        self.stdout.write(json.dumps(body, ensure_ascii=False, indent=2))
