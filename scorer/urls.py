"""URLs of the scorer app (Turkish slugs: masa = table, el = hand, hesap = calculator)."""

from django.urls import include, path, register_converter
from django.urls.converters import StringConverter, get_converters

from scorer.calculator.views import calculator, tiles
from scorer.models import PUBLIC_ID_PATTERN
from scorer.shell.views import health, icons, offline
from scorer.tables.views import board, facts, home, imports, plan, rematch, tables
from scorer.teaching.views import compare, examples, glossary, learn, practice, rules

app_name = "scorer"


class PublicIdConverter(StringConverter):
    """A table's public id (``new_public_id``): 16+ URL-safe characters, so never a slug like ``yeni``."""

    regex = PUBLIC_ID_PATTERN


if "table" not in get_converters():  # a failed first import of this module must not break the retry
    register_converter(PublicIdConverter, "table")

urlpatterns = [
    path("", home.home, name="home"),
    path("masalarim/", home.my_tables, name="my_tables"),
    path("katil/", home.join_by_code, name="join_by_code"),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    # Early, as the most asked for: every viewer's board, its poll and its stream (URLs are tried in order).
    path("masa/<table:public_id>/", board.game_board, name="game_board"),
    path("masa/<table:public_id>/canli/", board.board_live, name="board_live"),
    path("masa/<table:public_id>/akis/", board.board_stream, name="board_stream"),
    path("favicon.ico", icons.favicon, name="favicon"),
    path("manifest.webmanifest", icons.manifest, name="manifest"),
    # The service worker (root scope: it must control every page) and what it shows offline.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("cevrimdisi/", offline.offline_page, name="offline"),
    # Tables: start one, claim its edit link, enter and correct hands.
    path("masa/yeni/", tables.game_new, name="game_new"),
    path("masa/yeni/secenekler/", tables.game_new_options, name="game_new_options"),
    path("masa/ice-aktar/", imports.game_import_view, name="game_import"),
    path("masa/<table:public_id>/anahtar/<str:secret>/", tables.game_claim, name="game_claim"),
    path("masa/<table:public_id>/yeni-baglanti/", tables.game_link_rotate, name="game_link_rotate"),
    path("masa/<table:public_id>/duzenleme-qr.svg", tables.edit_qr, name="edit_qr"),
    path("masa/<table:public_id>/el/yeni/", tables.hand_new, name="hand_new"),
    path("masa/<table:public_id>/el/onizleme/", tables.hand_preview, name="hand_preview"),
    path("masa/<table:public_id>/el/<int:number>/duzelt/", tables.hand_edit, name="hand_edit"),
    path("masa/<table:public_id>/el/<int:number>/sil/", tables.hand_delete, name="hand_delete"),
    path("masa/<table:public_id>/el/<int:number>/geri-al/", tables.hand_restore, name="hand_restore"),
    path("masa/<table:public_id>/rovans/", rematch.game_rematch, name="game_rematch"),
    path("masa/<table:public_id>/el-sayisi/", plan.game_plan, name="game_plan"),
    path("masa/<table:public_id>/bilgiler/", facts.game_facts, name="game_facts"),
    # The scoreboard (read-only for viewers), one hand's breakdown, exports, the viewer QR code.
    path("masa/<table:public_id>/el/<int:number>/", board.hand_detail, name="hand_detail"),
    path("masa/<table:public_id>/yazdir/", board.game_print, name="game_print"),
    path("masa/<table:public_id>/oyun.csv", board.export_csv, name="export_csv"),
    path("masa/<table:public_id>/oyun.json", board.export_json, name="export_json"),
    path("masa/<table:public_id>/qr.svg", board.viewer_qr, name="viewer_qr"),
    # Tournaments (turnuva): the organizer's pages and the public standings and display.
    path("turnuva/", include("scorer.events.urls")),
    # Clubs (kulüp): the leaderboard, members' pages, seasons, tables opened in the club.
    path("kulup/", include("scorer.clubs.urls")),
    path("ev-kurallari/", include("scorer.houses.urls")),
    # Teaching and disputes: calculator, share links, rules, worked examples, comparison, tiles.
    path("hesap/", calculator.calculator, name="calculator"),
    path("hesap/paylas/<str:token>/", calculator.calculator_shared, name="calculator_shared"),
    path("kurallar/", rules.rules_index, name="rules_index"),
    path("kurallar/<slug:ruleset>/", rules.rules_page, name="rules"),
    path("ornekler/", examples.examples_index, name="examples"),
    path("ornekler/<slug:slug>/", examples.example_detail, name="example"),
    path("karsilastir/", compare.compare, name="compare"),
    path("sozluk/", glossary.glossary, name="glossary"),
    path("puan-nasil-yazilir/", learn.learn, name="learn"),
    path("alistirma/", practice.practice_index, name="practice"),
    path("alistirma/<slug:level>/", practice.practice_new, name="practice_new"),
    path("alistirma/<slug:level>/<int:seed>/", practice.practice_hand, name="practice_hand"),
    path("tas-secici/", tiles.tile_picker, name="tile_picker"),
]
