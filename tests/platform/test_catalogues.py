"""The Turkish words the app uses for its own pages are the same everywhere: the board is the
"Puan tablosu" (its heading), never "skor tablosu", in the catalogue and in the templates."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def test_the_board_is_called_puan_tablosu_in_every_turkish_message_and_template():
    catalogue = (ROOT / "locale/tr/LC_MESSAGES/django.po").read_text(encoding="utf-8").replace('"\n"', "")
    assert 'msgid "Scoreboard"\nmsgstr "Puan tablosu"' in catalogue
    slips = [m.group(0) for m in re.finditer(r"(?i)skor\s+tablo\w*", catalogue)]
    for template in (ROOT / "templates").rglob("*.html"):
        slips += [
            f"{template.name}: {m.group(0)}"
            for m in re.finditer(r"(?i)skor\s+tablo\w*", template.read_text())
        ]
    assert slips == []
