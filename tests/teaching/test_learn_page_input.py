"""What the learn page's query string may hold and still answer its own page: a number of more
digits than Python reads (4,301) or in another script is the tiles field's error, in the user's
language, never a 500."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

URL = reverse("scorer:learn")
MESSAGES = {
    "tr": "Taşlar: 1 ile 13 arasında en çok 21 sayı yazın, aralarında boşluk bırakarak.",
    "en": "Tiles: type up to 21 numbers from 1 to 13, separated by spaces.",
}


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("typed", ["9" * 4301, "3 " + "1" * 5000, "٣", "¹²"])
def test_tiles_no_integer_can_hold_are_the_fields_error_in_the_users_language(client, lang, typed):
    client.cookies["django_language"] = lang
    page = client.get(URL, {"taslar": typed})
    part = client.get(URL, {"taslar": typed, "adim": "1"}, headers={"HX-Request": "true"})

    assert (page.status_code, part.status_code) == (200, 200)
    for html in (page.content.decode(), part.content.decode()):
        assert 'id="taslar_error"' in html and MESSAGES[lang] in html
        assert "data-total" not in html.split('id="sonuc-1"', 1)[1].split("</div>", 1)[0]
