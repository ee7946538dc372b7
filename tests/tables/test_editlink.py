"""Edit links derived by HMAC: shown again on demand, never stored, changed by a rotation."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from scorer import access
from scorer.models import Device, Game, Grant
from tests.support.factories import NAMES, new_table

pytestmark = pytest.mark.django_db


def new_game() -> tuple[Game, str]:
    return new_table(players=NAMES[:2])


def test_the_link_secret_is_derived_not_stored():
    game, secret = new_game()
    stored = Game.objects.filter(pk=game.pk).values().get()

    assert len(secret) == access.SECRET_LENGTH
    assert all(secret not in str(value) for value in stored.values())
    assert Game.objects.get(pk=game.pk).link_secret == secret  # shown again from the row


def test_every_table_and_every_version_has_its_own_link():
    game, secret = new_game()
    other, other_secret = new_game()

    assert secret != other_secret
    assert not other.check_secret(secret)
    assert access.link_secret(game.public_id, game.secret_version + 1, game.link_key) != secret
    assert access.link_secret(game.public_id, game.secret_version, access.new_link_key()) != secret


def test_the_server_key_alone_or_the_row_alone_does_not_make_the_link(settings):
    game, secret = new_game()

    settings.SECRET_KEY = "another-server-key-" + "x" * 40
    assert game.link_secret != secret and not game.check_secret(secret)


def test_links_made_under_a_previous_server_key_keep_working_as_a_fallback(settings):
    game, secret = new_game()
    old_key = settings.SECRET_KEY

    settings.SECRET_KEY = "the-new-server-key-" + "y" * 40
    settings.SECRET_KEY_FALLBACKS = [old_key]

    assert game.check_secret(secret)
    assert game.link_secret != secret  # the link shown from now on is the new key's


@pytest.mark.parametrize("secret", ["", None, "a" * 129, "a" * 32])
def test_wrong_or_oversized_secrets_are_refused(secret):
    game, _ = new_game()

    assert not game.check_secret(secret)


def test_expire_grants_command_deletes_only_old_grants():
    game, _ = new_game()
    device = Device.objects.create(token_hash="a" * 64)
    old = Device.objects.create(token_hash="b" * 64, last_seen_at=timezone.now() - timedelta(days=200))
    Grant.objects.create(device=device, game=game, kind=Grant.EDIT, secret_version=game.secret_version)
    Grant.objects.create(
        device=old, game=game, kind=Grant.EDIT, last_used_at=timezone.now() - timedelta(days=181)
    )
    out = StringIO()

    call_command("expire_grants", stdout=out)

    assert "1 grant(s)" in out.getvalue()
    assert list(Grant.objects.values_list("device_id", flat=True)) == [device.pk]
    assert not Device.objects.filter(pk=old.pk).exists()
