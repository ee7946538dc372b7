"""The house rules pages through the test client: the form with every number of the base beside
its field, presets, the preview, saving (a code, a link, a QR code), the public page of
differences, errors in the user's language that keep what was typed, another base without
JavaScript, editing (a new version, only by the device that made it), the index and its codes."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.houses.models import House, HouseVersion
from tests.support.markup import field_value

pytestmark = pytest.mark.django_db

NEW = reverse("scorer:house_new")
CAFE = {
    "ruleset": "loca-cezali",
    "options_for": "loca-cezali",
    "name": "Köşe Kahvesi",
    "finish_normal": "−100",
    "not_opened": "200",
    "foul": "100",
    "save": "1",
}


def html_text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def save(client, data=None, **more) -> House:
    response = client.post(NEW, {**(data or CAFE), **more})
    assert response.status_code == 302, html_text(response.content.decode())[:1500]
    return House.objects.get(code=response["Location"].split("/")[2])


def test_every_number_of_the_base_is_a_field_with_the_bases_number_beside_it(client):
    page = client.get(NEW + "?ruleset=loca-cezali").content.decode()
    for key in ("nine_pairs_run", "pairs_okey", "okey", "elden", "pairs", "normal"):
        assert f'name="finish_{key}"' in page and f'name="multiplier_{key}"' in page
    beside = dict(re.findall(r'id="id_(\w+)_base"><span class="visually-hidden">[^<]*</span>([^<]*)<', page))
    assert (beside["finish_pairs_okey"], beside["multiplier_pairs_okey"]) == ("−808", "×4")
    assert (beside["not_opened"], beside["okey_in_hand"], beside["foul"]) == ("202", "101", "101")
    assert 'name="pairs_and_multiplier"' in page
    gkokay = client.get(NEW + "?ruleset=gkokay").content.decode()
    assert 'name="finish_elden"' in gkokay and 'name="pairs_and_multiplier"' not in gkokay


def test_before_anything_is_typed_the_preview_shows_the_sample_hand_under_the_base(client):
    page = client.get(NEW + "?ruleset=loca").content.decode()
    assert page.count('data-player="') == 4
    assert "data-changed" not in page


def test_the_kahvehane_preset_types_its_numbers_and_keeps_the_rest(client):
    data = {
        "ruleset": "loca-cezali",
        "options_for": "loca-cezali",
        "name": "Bizim masa",
        "okey_in_hand": "90",
    }
    page = client.post(NEW, {**data, "preset": "kahvehane"}).content.decode()
    for name, value in (
        ("finish_normal", "−100"),
        ("not_opened", "200"),
        ("foul", "100"),
        ("okey_in_hand", "90"),
    ):
        assert field_value(page, name) == value, name
    assert 'value="Bizim masa"' in page
    assert not House.objects.exists()
    ayse = re.search(r'data-player="Ayşe".*?</tr>', page, re.S)[0]
    assert 'data-total="-100"' in ayse and "data-changed" in ayse


def test_the_renkli_preset_turns_the_colours_on_with_a_factor_each(client):
    page = client.post(NEW, {"ruleset": "loca", "options_for": "loca", "preset": "renkli"}).content.decode()
    assert re.search(r'name="colours"[^>]*\bchecked', page)
    assert (field_value(page, "colour_blue"), field_value(page, "colour_yellow")) == ("3", "6")
    assert "×3" in html_text(page)  # the sample hand's blue gösterge


def test_saving_gives_a_code_a_link_and_a_qr_code_and_the_device_may_edit(client):
    house = save(client)
    version = HouseVersion.objects.get(house=house)
    assert version.document == {
        "base": "loca-cezali",
        "name": "Köşe Kahvesi",
        "values": {"finish": {"normal": -100}, "not_opened": 200, "foul": 100},
    }
    page = client.get(reverse("scorer:house", args=[house.code])).content.decode()
    assert house.code in page and f"/ev-kurallari/{house.code}/" in page
    assert reverse("scorer:house_qr", args=[house.code]) in page
    assert reverse("scorer:house_edit", args=[house.code]) in page
    qr = client.get(reverse("scorer:house_qr", args=[house.code]))
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content


def test_the_public_page_lists_only_the_differences_base_to_house_with_the_base_clause(client):
    house = save(
        client, {**CAFE, "okey_in_hand": "101", "multiplier_okey": "4"}
    )  # equal to the base: no difference
    page = Client().get(reverse("scorer:house", args=[house.code])).content.decode()
    rows = re.findall(r'data-difference="([\w.]+)"', page)
    assert rows == ["finish.normal", "not_opened", "foul"]
    normal = re.search(r'data-difference="finish.normal".*?</tr>', page, re.S)[0]
    assert "−101" in normal and "→ −100" in normal
    assert reverse("scorer:rules", args=["loca-cezali"]) + "#bitisler" in normal
    assert reverse("scorer:house_edit", args=[house.code]) not in page  # another device


@pytest.mark.parametrize(
    ("language", "message"),
    [("tr", "1 ile 16 arasında bir tam sayı olmalı."), ("en", "Must be a whole number from 1 to 16.")],
)
def test_a_bad_value_is_a_field_error_in_the_users_language_and_nothing_typed_is_lost(
    client, language, message
):
    client.cookies["django_language"] = language
    data = {**CAFE, "multiplier_okey": "17", "colour_red": "2"}
    response = client.post(NEW, data)
    page = response.content.decode()
    assert response.status_code == 200 and not House.objects.exists()
    error = re.search(r'id="id_multiplier_okey_error"[^>]*>([^<]*)<', page)[1]
    assert error == message
    for name in ("finish_normal", "not_opened", "foul", "multiplier_okey", "colour_red"):
        assert field_value(page, name) == data[name], name
    assert 'value="Köşe Kahvesi"' in page


def test_not_a_number_and_a_missing_name_are_field_errors_too(client):
    page = client.post(NEW, {**CAFE, "name": "", "not_opened": "iki yüz"}).content.decode()
    assert 'id="id_not_opened_error"' in page and 'id="id_name_error"' in page
    assert 'value="iki yüz"' in page


def test_a_colour_factor_missing_when_the_colours_are_on_is_named(client):
    page = client.post(NEW, {**CAFE, "colours": "on", "colour_red": "2"}).content.decode()
    for colour in ("yellow", "blue", "black"):
        assert f'id="id_colour_{colour}_error"' in page
    assert not House.objects.exists()


def test_without_javascript_another_base_shows_its_numbers_before_saving(client):
    data = {**CAFE, "ruleset": "kerizim", "finish_okey": "−400"}  # options_for: loca-cezali
    page = client.post(NEW, data).content.decode()
    assert not House.objects.exists()
    assert "data-options-changed" in page
    assert 'name="finish_okey"' not in page and 'name="finish_pairs"' in page
    assert 'value="Köşe Kahvesi"' in page


def test_htmx_asks_for_the_bases_numbers_and_the_preview(client):
    values = client.get(reverse("scorer:house_values") + "?ruleset=kerizim", HTTP_HX_REQUEST="true")
    assert values.content.decode().lstrip().startswith("<div") and b'name="finish_pairs"' in values.content
    preview = client.post(reverse("scorer:house_preview"), {**CAFE, "name": ""}, HTTP_HX_REQUEST="true")
    text = preview.content.decode()
    assert "<html" not in text and 'data-total="-100"' in text  # no name needed for a preview


def test_editing_makes_a_new_version_only_for_the_device_that_made_it(client):
    house = save(client)
    edit = reverse("scorer:house_edit", args=[house.code])
    page = client.get(edit).content.decode()
    assert field_value(page, "not_opened") == "200"
    response = client.post(edit, {**CAFE, "not_opened": "250"})
    assert response.status_code == 302
    house.refresh_from_db()
    assert house.current == 2
    assert HouseVersion.objects.get(house=house, number=1).document["values"]["not_opened"] == 200
    assert HouseVersion.objects.get(house=house, number=2).document["values"]["not_opened"] == 250
    old = client.get(reverse("scorer:house_version", args=[house.code, 1])).content.decode()
    assert "→ 200" in old and "sürüm 2" in html_text(old)  # "the latest is version 2"
    other = Client()
    assert other.get(edit).status_code == 403
    assert other.post(edit, {**CAFE, "not_opened": "1"}).status_code == 403
    assert house.versions.count() == 2


def test_a_house_made_on_the_way_goes_back_with_it_chosen_and_only_to_this_site(client):
    response = client.post(NEW, {**CAFE, "sonra": "/masa/yeni/"})
    house = House.objects.get()
    assert response["Location"] == f"/masa/yeni/?ev={house.code}"
    response = client.post(NEW, {**CAFE, "sonra": "https://example.com/"})
    assert response["Location"].startswith("/ev-kurallari/")


def test_the_index_opens_a_house_by_its_code_and_lists_this_devices_houses(client):
    house = save(client)
    index = reverse("scorer:houses")
    assert client.get(index + "?kod=" + house.code.lower())["Location"] == f"/ev-kurallari/{house.code}/"
    unknown = client.get(index + "?kod=ZZZZZZ").content.decode()
    assert 'id="id_kod_error"' in unknown
    assert house.code in client.get(index).content.decode()
    assert house.code not in Client().get(index).content.decode()


def test_an_unknown_house_or_version_is_404(client):
    house = save(client)
    assert client.get(reverse("scorer:house", args=["QQQQQQ"])).status_code == 404
    assert client.get(reverse("scorer:house_version", args=[house.code, 7])).status_code == 404


def test_the_compare_page_puts_a_house_beside_the_published_rule_sets(client):
    house = save(client)
    page = client.get(reverse("scorer:compare") + f"?ev={house.code}").content.decode()
    headers = re.findall(r'<th scope="col" class="num" data-ruleset="([\w-]+)"', page)
    assert headers[1] == "house" and len(headers) == 5
    assert f'href="{reverse("scorer:house_version", args=[house.code, 1])}"' in page
    assert field_value(page, "ev") == house.code
    plain = client.get(reverse("scorer:compare") + "?ev=NOSUCH").content.decode()
    assert len(re.findall(r'<th scope="col" class="num" data-ruleset=', plain)) == 4
