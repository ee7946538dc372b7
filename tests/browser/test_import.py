"""Masayı içe aktar in a real browser at 375px: an error named by field, then the table opened."""

from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Game
from tests.support.factories import finisher, new_table


def test_import_a_board_export_by_file_after_a_pasted_mistake(
    page, live_server, axe_check, screenshot, tmp_path
):
    game, _secret = new_table(hands=[finisher(0)])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    export = page.request.get(live_server.url + reverse("scorer:export_json", args=[game.public_id])).text()

    page.goto(live_server.url + reverse("scorer:home"))
    page.get_by_role("link", name="JSON dışa aktarımından masayı içe aktar").click()
    expect(page.get_by_role("heading", name="Masayı içe aktar")).to_be_visible()
    axe_check()

    page.get_by_label("Ya da içeriğini yapıştırın").fill(
        export.replace('"hands_planned": 3', '"hands_planned": 9')
    )
    page.get_by_role("button", name="Masayı içe aktar").click()
    error = page.locator("#id_text_error")
    expect(error).to_contain_text("hands_planned:")
    expect(page.get_by_label("Ya da içeriğini yapıştırın")).to_have_value(
        export.replace('"hands_planned": 3', '"hands_planned": 9').strip()
    )
    axe_check()
    screenshot("import-error")

    path = tmp_path / "oyun.json"
    path.write_text(export, encoding="utf-8")
    page.get_by_label("Ya da içeriğini yapıştırın").fill("")
    page.get_by_label("JSON dosyası").set_input_files(str(path))
    page.get_by_role("button", name="Masayı içe aktar").click()
    expect(page.locator(".alert-success")).to_contain_text("Masa içe aktarıldı")
    imported = Game.objects.exclude(pk=game.pk).get()
    assert page.url.endswith(reverse("scorer:game_board", args=[imported.public_id]))
    expect(page.locator("[data-add-hand]")).to_be_visible()  # this device may enter hands
    screenshot("import-done")
