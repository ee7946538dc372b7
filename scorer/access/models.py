"""The device and the grant base every right is stored on.

A :class:`Device` is a browser: a random token in a long-lived HttpOnly cookie, only its SHA-256
stored. A grant is a row (device, the thing it may act on, the secret version of the link that
gave it, when it was made and last used); each concern declares its own grant model on
:class:`GrantBase` (a table's ``Grant``, an event's ``EventGrant``, a table card's ``CardGrant``,
a club's ``ClubGrant``) with its ``device`` and its target's foreign key, named by ``TARGET``.
"""

from typing import ClassVar

from django.db import models
from django.utils import timezone


class Device(models.Model):
    """A browser that holds grants: a random token in a long-lived HttpOnly cookie.

    Only the token's SHA-256 is stored, so a copy of the database does not let anyone act as a
    device. No names, no accounts: a device is forgotten when its grants expire.
    """

    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        app_label = "scorer"

    def __str__(self) -> str:
        return f"device {self.pk}"


class GrantBase(models.Model):
    """One device's right over one thing, counted while ``secret_version`` is the thing's own (a
    new link bumps the thing's version, so every older grant stops counting at once).

    A subclass adds ``device`` (a foreign key to :class:`Device`) and its target's foreign key,
    whose name is ``TARGET``; the target has a ``secret_version``.
    """

    TARGET: ClassVar[str]

    secret_version = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        abstract = True

    def counts(self, target: models.Model) -> bool:
        """Whether this grant gives its right over ``target`` now."""
        return self.secret_version == target.secret_version
