"""What a table's downloads are called: ``okey-2026-12-01-Ayse-Bora-Cem-Deniz.csv``.

The table's date (in the site's time zone) and its players, so that the files of several evenings
can be told apart; the ASCII name spells the Turkish letters without their marks, the UTF-8 one
(``filename*``) keeps them.
"""

import re
import unicodedata

from django.utils import timezone

from scorer.models import Game

TURKISH = str.maketrans("ıİşŞğĞçÇöÖüÜ", "iIsSgGcCoOuU")
UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|;,%\s]+')
MAX_NAMES = 80


def export_names(game: Game, extension: str) -> tuple[str, str]:
    """(ASCII name, UTF-8 name) of the table's ``extension`` file."""
    day = timezone.localtime(game.created_at).date().isoformat()
    players = "-".join(filter(None, (UNSAFE.sub("-", name).strip("-.") for name in game.players)))
    players = players[:MAX_NAMES].strip("-")
    name = f"okey-{day}-{players}" if players else f"okey-{day}"
    return f"{ascii_slug(name)}.{extension}", f"{name}.{extension}"


def ascii_slug(text: str) -> str:
    """ASCII letters, digits and hyphens: "Ayşe-İlkay" → "Ayse-Ilkay"."""
    plain = unicodedata.normalize("NFKD", text.translate(TURKISH)).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-") or "okey"
