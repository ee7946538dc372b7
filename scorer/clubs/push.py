"""A club's changes, pushed to its open pages: the club page, its members' pages and its venue
display (scorer/platform/push/; their live parts are in scorer/clubs/live.py).

Every write of a club names its change to scorer/tables/freshness.py, which calls
:func:`club_bump`: the club's ``updated_at`` moves (the key of its cached pages) and its topic is
published once the write commits. The stamp the hub reads for a club is that ``updated_at``."""

from django.utils import timezone

from scorer.clubs.models import Club
from scorer.platform import push
from scorer.tables import freshness

KIND = "club"


def stamp(club: Club) -> str:
    """The club's pages' ETag: its ``updated_at``."""
    return f"c{club.pk}-{club.updated_at.timestamp():.6f}"


def _stamps(keys: list[int]) -> dict[int, object]:
    return {club.pk: stamp(club) for club in Club.objects.filter(pk__in=keys).only("pk", "updated_at")}


def club_bump(club: Club) -> None:
    """Move the club's ``updated_at`` and publish its topic once the write commits."""
    club.updated_at = timezone.now()
    Club.objects.filter(pk=club.pk).update(updated_at=club.updated_at)
    push.publish(KIND, club.pk)


def connect() -> None:
    push.register(push.Kind(KIND, _stamps))
    freshness.register_club_bump(club_bump)
