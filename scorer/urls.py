"""URLs of the scorer app."""

from django.urls import path, register_converter
from django.urls.converters import StringConverter, get_converters

from scorer.views import board, pages, rules, tables

app_name = "scorer"

urlpatterns = [
    path("", pages.home, name="home"),
    path("healthz", pages.healthz, name="healthz"),
    path("kurallar/", rules.rules_index, name="rules_index"),
    path("kurallar/<slug:ruleset>/", rules.rules_page, name="rules"),
]

# --- [BOARD] the scoreboard, one hand's breakdown, exports and the viewer QR code -------------


class PublicIdConverter(StringConverter):
    """A table's public id (``new_public_id``): 16+ URL-safe characters, so never a slug like ``yeni``."""

    regex = "[A-Za-z0-9_-]{16,32}"


if "table" not in get_converters():  # a failed first import of this module must not break the retry
    register_converter(PublicIdConverter, "table")

urlpatterns += [
    path("masa/<table:public_id>/", board.game_board, name="game_board"),
    path("masa/<table:public_id>/canli/", board.board_live, name="board_live"),
    path("masa/<table:public_id>/el/<int:position>/", board.hand_detail, name="hand_detail"),
    path("masa/<table:public_id>/yazdir/", board.game_print, name="game_print"),
    path("masa/<table:public_id>/oyun.csv", board.export_csv, name="export_csv"),
    path("masa/<table:public_id>/oyun.json", board.export_json, name="export_json"),
    path("masa/<table:public_id>/qr.svg", board.viewer_qr, name="viewer_qr"),
]

# --- [TABLES] start a table, its edit link, and entering / correcting hands ---------------------

urlpatterns += [
    path("masa/yeni/", tables.game_new, name="game_new"),
    path("masa/yeni/secenekler/", tables.game_new_options, name="game_new_options"),
    path("masa/<table:public_id>/anahtar/<str:secret>/", tables.game_claim, name="game_claim"),
    path("masa/<table:public_id>/el/yeni/", tables.hand_new, name="hand_new"),
    path("masa/<table:public_id>/el/onizleme/", tables.hand_preview, name="hand_preview"),
    path("masa/<table:public_id>/el/<int:position>/duzelt/", tables.hand_edit, name="hand_edit"),
    path("masa/<table:public_id>/el/<int:position>/sil/", tables.hand_delete, name="hand_delete"),
    path("masa/<table:public_id>/el/<int:position>/geri-al/", tables.hand_restore, name="hand_restore"),
]

# --- [CALC] quick calculator, share links, worked examples, four-rule comparison, tile picker ----------

from scorer.views import calculator, compare, examples, tiles  # noqa: E402

urlpatterns += [
    path("hesap/", calculator.calculator, name="calculator"),
    path("hesap/paylas/<str:token>/", calculator.calculator_shared, name="calculator_shared"),
    path("ornekler/", examples.examples_index, name="examples"),
    path("ornekler/<slug:slug>/", examples.example_detail, name="example"),
    path("karsilastir/", compare.compare, name="compare"),
    path("tas-secici/", tiles.tile_picker, name="tile_picker"),
]
