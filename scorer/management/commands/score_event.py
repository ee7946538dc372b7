"""``manage.py score_event FILE [--next-round] [--lang tr|en]``: an event's standings (EVENT_FORMAT.md).

Reads the event document from FILE (``-`` for stdin) and prints the result; with
``--next-round`` also the seating of the next round. Exit 2 with ``{"errors": [...]}`` for
invalid input, 1 when the file cannot be read, as ``manage.py score`` does.
"""

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

    def scored(self, data: object) -> tuple[bool, dict]:
        return event_score_document(data, next_round=self.next_round)
