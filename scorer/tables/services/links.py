"""A table's rights: edit and watch grants, and its edit link replaced (one table's, or every open
table's of an event). Built on the access package's services (scorer/access/)."""

from collections.abc import Collection

from django.db import transaction
from django.utils import timezone

from scorer import access
from scorer.models import Device, Game, Grant
from scorer.tables.freshness import Change, changed


def game_grant_edit(*, device: Device, game: Game) -> Grant:
    """``device`` edits ``game`` at its current secret version."""
    grant, created = access.grant_give(Grant, device=device, target=game, kind=Grant.EDIT)
    if created:  # tables are made and claimed rarely: tidy up then
        access.grants_expire()
    return grant


def game_grant_watch(*, device: Device, game: Game) -> Grant:
    """``device`` watched ``game`` (for "Masalarım"): a live edit grant is never downgraded, an
    expired grant is gone, not revived."""
    now = timezone.now()
    Grant.objects.filter(device=device, game=game, last_used_at__lt=access.grant_cutoff(now)).delete()
    grant, _created = Grant.objects.update_or_create(
        device=device,
        game=game,
        defaults={"last_used_at": now},
        create_defaults={"last_used_at": now, "kind": Grant.WATCH, "secret_version": game.secret_version},
    )
    grant.game = game
    return grant


def _link_renew(game: Game) -> int:
    old = access.link_renew(game)
    game.edit_secret_hash = ""  # a pre-version-1 table's original link dies too
    return old


@transaction.atomic
def game_link_rotate(*, game: Game, device: Device) -> Game:
    """A new edit link: the old one stops working and every other device can only watch (its edit
    grant, left at the old secret version, no longer counts, and the device is told why on its next
    request).

    ``device`` (the scorekeeper asking) keeps its edit rights at the new version.
    """
    locked = Game.objects.select_for_update().get(pk=game.pk)
    _link_renew(locked)
    locked.save(update_fields=["secret_version", "link_key", "edit_secret_hash"])
    changed(Change.EDIT_LINK, games=[locked])  # the other phones' open boards lose their edit controls
    access.grant_give(Grant, device=device, target=locked, kind=Grant.EDIT)
    game.secret_version, game.link_key, game.edit_secret_hash = (
        locked.secret_version,
        locked.link_key,
        locked.edit_secret_hash,
    )
    return game


def game_links_replace(*, games: list[Game], revoke: Collection[int]) -> None:
    """New edit links for ``games`` (rows the caller holds locked), as when an event's organizer link
    is replaced: the old links stop working, the devices in ``revoke`` lose their edit rights, and
    every other device whose edit grant counted (a scorekeeper who opened the table's own link)
    keeps it at the new link."""
    for game in games:
        old_version = _link_renew(game)
        counted = Grant.objects.filter(game=game, kind=Grant.EDIT, secret_version=old_version)
        counted.exclude(device_id__in=revoke).update(secret_version=game.secret_version)
        grants_revoke(games=[game], devices=revoke)
    Game.objects.bulk_update(games, ["secret_version", "link_key", "edit_secret_hash"])
    if games:  # a revoked device's open boards lose their edit controls
        changed(Change.EDIT_LINK, games=games)


def grants_revoke(*, games, devices: Collection[int]) -> None:
    """``devices`` no longer edit ``games`` (a queryset of game ids, or games): they watch them."""
    Grant.objects.filter(device_id__in=devices, game__in=games, kind=Grant.EDIT).update(kind=Grant.WATCH)
