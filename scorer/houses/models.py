"""House rule sets in the database: a house (its short code and who may edit it), its versions
(each a house rule set object, HOUSE_RULES.md) and the houses each device used lately.

Editing a house adds a version; what plays a house (``PlaysRuleSet``: a table, an event, a club)
keeps a copy of the version it chose, so nothing played is ever scored by a later version.
"""

from django.db import models
from django.utils import timezone

from scorer.houses.played import HouseCopy

__all__ = ["House", "HouseUse", "HouseVersion"]


def new_house_code() -> str:
    """A house's code: 6 characters without look-alikes, as a table's join code (scorer/models.py)."""
    from scorer.models import new_join_code  # the one code alphabet

    return new_join_code()


class House(models.Model):
    code = models.CharField(
        max_length=6,
        unique=True,
        default=new_house_code,
        editable=False,
        help_text="Typed to play the house, on its link and its QR code.",
    )
    owner = models.ForeignKey(
        "scorer.Device",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="houses",
        help_text="The device that made it: the one that may edit it.",
    )
    current = models.PositiveIntegerField(default=1, help_text="The number of its latest version.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.code


class HouseVersion(models.Model):
    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    document = models.JSONField(
        help_text="The house rule set object (HOUSE_RULES.md), as the engine accepted it."
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["house", "number"]
        constraints = [models.UniqueConstraint(fields=["house", "number"], name="unique_house_version")]

    def __str__(self) -> str:
        return f"{self.house_id} v{self.number}"

    @property
    def name(self) -> str:
        return self.document.get("name") or ""

    @property
    def base(self) -> str:
        return self.document["base"]

    def copy(self, code: str) -> HouseCopy:
        """What a table, an event or a club keeps of this version."""
        return HouseCopy(self.document, code, self.number)


class HouseUse(models.Model):
    """A house a device made, chose or opened: its "recent house rule sets"."""

    device = models.ForeignKey("scorer.Device", on_delete=models.CASCADE, related_name="house_uses")
    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="uses")
    used_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "house"], name="unique_device_house")]

    def __str__(self) -> str:
        return f"{self.house_id} used by {self.device_id}"
