"""Retention: old tables and long-deleted hands removed (``manage.py purge_tables``)."""

from django.db import transaction

from scorer.models import Game, Hand


@transaction.atomic
def tables_purge(*, changed_before, deleted_before, dry_run: bool = False) -> dict[str, int]:
    """Retention: tables unchanged since ``changed_before`` go with their hands; hands deleted
    before ``deleted_before`` go for good. A tournament's tables stay: they are its record, and
    its standings and exports read them. Returns the counts (nothing deleted with ``dry_run``)."""
    tables = Game.objects.filter(updated_at__lt=changed_before, in_event=False)
    hands = Hand.objects.filter(deleted_at__lt=deleted_before).exclude(game__in=tables)
    counts = {
        "tables": tables.count(),
        "hands": Hand.objects.filter(game__in=tables).count(),
        "deleted": hands.count(),
    }
    if not dry_run:
        hands.delete()
        tables.delete()
    return counts
