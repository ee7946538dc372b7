"""Every form and every query string of the site, each with the valid data it starts from, for the
fuzz (tests/live/fuzz.py breaks the data a little; bench/fuzz.py and tests/live/test_fuzz.py send
it). Plain data, no Django: the bench sends it to a server as a phone does.

An endpoint names its URL pattern; tests/live/test_fuzz.py walks the URL resolver and fails on a
pattern that is neither here nor in :data:`NOT_FUZZED` with its reason, so a new page or form is
fuzzed from the day it is added. A path holds placeholders the fuzzing phone fills in
(:class:`Targets`): ``{table}`` a table it may edit (hands 1 and 2 saved), ``{event}`` an event it
organizes (round 1 started), ``{club}`` a club it administers and ``{member}`` one of its members,
``{house}`` the code of a house rule set it made, ``{level}`` a practice level; ``{weird}`` is a fuzzed value itself (a secret, a share token, a
slug), so what a path carries is fuzzed too. A value given as a placeholder is filled in likewise.
"""

import json
from dataclasses import dataclass

from scorer.teaching.examples import EXAMPLES
from scorer.teaching.practice import LEVELS
from tests.support.events import NAMES, event, game, table
from tests.support.posts import E2_CALC_SETUP, E2_HAND, NEW_EVENT, NEW_TABLE


@dataclass(frozen=True)
class Endpoint:
    name: str
    """The URL pattern's name (``scorer:game_new``)."""
    method: str
    path: str
    data: dict
    """What a phone sends, valid: the form's fields, or the query string of a GET."""


@dataclass(frozen=True)
class Targets:
    """The rows the fuzzing phone holds the rights to (see the module docstring)."""

    table: str
    event: str = ""
    club: str = ""
    member: str = ""
    house: str = ""
    level: str = LEVELS[0].slug

    def fill(self, text: str, weird: str = "x") -> str:
        return text.format(
            table=self.table,
            event=self.event,
            club=self.club,
            member=self.member,
            house=self.house,
            level=self.level,
            weird=weird,
        )


CALCULATOR = E2_CALC_SETUP | E2_HAND
HOUSE = {
    "ruleset": "loca-cezali",
    "options_for": "loca-cezali",
    "name": "Köşe Kahvesi",
    "finish_normal": "−100",
    "multiplier_okey": "3",
    "not_opened": "200",
    "foul": "100",
    "pairs_and_multiplier": "product",
    "colours": "on",
    "colour_red": "4",
    "colour_yellow": "6",
    "colour_blue": "3",
    "colour_black": "5",
    "save": "1",
}
HOUSE_TABLE = NEW_TABLE | {"house_code": "{house}"}
TILE_PICKER = {"ruleset": "loca", "indicator": "red-5", "players": "4", "active": "1", "op": "add:1:red-7"}
CLUB = {"name": "Çarşamba", "ruleset": "loca", "option_katlama": "none", "members": "Ayşe\nBora\nCem & Deniz"}
CLUB_TABLE = NEW_TABLE | {"ruleset": "loca", "options_for": "loca"}
CLUB_EVENT = {key: value for key, value in NEW_EVENT.items() if key != "entrants"} | {
    f"entrant_{k}": name for k, name in enumerate(NAMES[:4])
}
VERSION = {"version": "2"}
TABLE = "/turnuva/{event}/tur/1/masa/1"
LEARN = {
    "taslar": "7 12 3 1",
    "gosterge_renk": "red",
    "gosterge_sayi": "5",
    "acilis_boyut": "104",
    "adim": "1",
}
PRACTICE = {"p0": "-101", "p1": "40", "p2": "12", "p3": "202"}
TABLE_IMPORT = json.dumps(
    {
        "ruleset": "loca",
        "players": NAMES[:4],
        "hands_planned": 3,
        "hands": [{"players": [{"opened": "sets", "finished": True}, {}, {}, {}]}],
    }
)
EVENT_IMPORT = json.dumps(
    event(8, [table(NAMES[:4], game(-101, 40, 12, 202)), table(NAMES[4:8], game(-101, 0, 5, 202))]),
    ensure_ascii=False,
)
ADMIN_LIST = {"q": "Ali", "o": "1", "p": "1", "ruleset__exact": "loca"}

ENDPOINTS = (
    # the app shell and the home page
    Endpoint("scorer:home", "GET", "/", {}),
    Endpoint("scorer:my_tables", "GET", "/masalarim/", {"sayfa": "2"}),
    Endpoint("scorer:join_by_code", "GET", "/katil/", {"kod": "K7M-Q2P"}),
    Endpoint("scorer:healthz", "GET", "/healthz", {}),
    Endpoint("scorer:readyz", "GET", "/readyz", {}),
    Endpoint("scorer:favicon", "GET", "/favicon.ico", {}),
    Endpoint("scorer:manifest", "GET", "/manifest.webmanifest", {}),
    Endpoint("scorer:service_worker", "GET", "/sw.js", {}),
    Endpoint("scorer:offline", "GET", "/cevrimdisi/", {}),
    Endpoint("set_language", "POST", "/i18n/setlang/", {"language": "en", "next": "/"}),
    # tables
    Endpoint("scorer:game_new", "POST", "/masa/yeni/", NEW_TABLE),
    Endpoint("scorer:game_new", "GET", "/masa/yeni/", NEW_TABLE),
    Endpoint("scorer:game_new_options", "GET", "/masa/yeni/secenekler/", NEW_TABLE),
    Endpoint("scorer:game_import", "POST", "/masa/ice-aktar/", {"text": TABLE_IMPORT}),
    Endpoint("scorer:game_claim", "GET", "/masa/{table}/anahtar/{weird}/", {}),
    Endpoint("scorer:game_link_rotate", "GET", "/masa/{table}/yeni-baglanti/", {}),
    Endpoint("scorer:game_link_rotate", "POST", "/masa/{table}/yeni-baglanti/", {}),
    Endpoint("scorer:edit_qr", "GET", "/masa/{table}/duzenleme-qr.svg", {}),
    Endpoint("scorer:hand_new", "GET", "/masa/{table}/el/yeni/", {"cevrimdisi": "3", "bekleyen": "x"}),
    Endpoint("scorer:hand_new", "POST", "/masa/{table}/el/yeni/", E2_HAND | {"hands_before": "2"}),
    Endpoint("scorer:hand_preview", "POST", "/masa/{table}/el/onizleme/", E2_HAND | {"editing": "1"}),
    Endpoint("scorer:hand_edit", "GET", "/masa/{table}/el/1/duzelt/", {}),
    Endpoint(
        "scorer:hand_edit", "POST", "/masa/{table}/el/1/duzelt/", E2_HAND | {"editing": "1", "version": "1"}
    ),
    Endpoint("scorer:hand_delete", "GET", "/masa/{table}/el/2/sil/", {}),
    Endpoint("scorer:hand_delete", "POST", "/masa/{table}/el/2/sil/", {}),
    Endpoint("scorer:hand_restore", "POST", "/masa/{table}/el/2/geri-al/", {}),
    Endpoint("scorer:game_rematch", "POST", "/masa/{table}/rovans/", {}),
    Endpoint("scorer:game_plan", "POST", "/masa/{table}/el-sayisi/", {"version": "3", "hands_planned": "11"}),
    Endpoint("scorer:game_facts", "GET", "/masa/{table}/bilgiler/", {}),
    Endpoint(
        "scorer:game_facts",
        "POST",
        "/masa/{table}/bilgiler/",
        {
            **{f"player_{k}": name for k, name in enumerate(NAMES[:4], start=1)},
            "first_dealer": "1",
            "seen": "0",
            "entry": "12,50",
            "unit": "₺",
            "cut_kind": "percent",
            "cut": "10",
        },
    ),
    Endpoint("scorer:game_board", "GET", "/masa/{table}/", {"cevrimdisi": "3-tr-edit", "baglanti": "1"}),
    Endpoint("scorer:board_live", "GET", "/masa/{table}/canli/", {"v": "3-tr-edit"}),
    Endpoint("scorer:hand_detail", "GET", "/masa/{table}/el/1/", {}),
    Endpoint("scorer:game_print", "GET", "/masa/{table}/yazdir/", {}),
    Endpoint("scorer:export_csv", "GET", "/masa/{table}/oyun.csv", {}),
    Endpoint("scorer:export_json", "GET", "/masa/{table}/oyun.json", {}),
    Endpoint("scorer:viewer_qr", "GET", "/masa/{table}/qr.svg", {}),
    # events: the organizer's side
    Endpoint("scorer:event_new", "POST", "/turnuva/yeni/", NEW_EVENT),
    Endpoint("scorer:event_new", "GET", "/turnuva/yeni/", NEW_EVENT),
    Endpoint("scorer:event_new_options", "GET", "/turnuva/yeni/secenekler/", NEW_EVENT),
    Endpoint("scorer:event_import", "POST", "/turnuva/ice-aktar/", {"text": EVENT_IMPORT}),
    Endpoint("scorer:event_claim", "GET", "/turnuva/{event}/anahtar/{weird}/", {}),
    Endpoint("scorer:event_organize", "GET", "/turnuva/{event}/yonet/", {"yeni": "1"}),
    Endpoint("scorer:event_progress", "GET", "/turnuva/{event}/yonet/ilerleme/", {"v": "2"}),
    Endpoint("scorer:event_link_rotate", "POST", "/turnuva/{event}/yeni-baglanti/", VERSION),
    Endpoint("scorer:event_start_round", "POST", "/turnuva/{event}/tur/baslat/", VERSION),
    Endpoint("scorer:event_reseat", "POST", "/turnuva/{event}/tur/yeniden-oturt/", VERSION),
    Endpoint(
        "scorer:event_timer",
        "POST",
        "/turnuva/{event}/tur/sure/",
        VERSION | {"action": "start", "minutes": "45"},
    ),
    Endpoint("scorer:event_keep_seating", "POST", "/turnuva/{event}/tur/1/oturma-kalsin/", VERSION),
    Endpoint(
        "scorer:event_late",
        "POST",
        "/turnuva/{event}/katilimci/gec-gelen/",
        VERSION | {"name": "Zeynep", "note": "geç geldi"},
    ),
    Endpoint(
        "scorer:event_withdraw",
        "POST",
        "/turnuva/{event}/katilimci/ayrilan/",
        VERSION | {"entrant": "1", "reason": "withdrawn", "note": "hasta"},
    ),
    Endpoint("scorer:event_finish", "GET", "/turnuva/{event}/bitir/", {}),
    Endpoint("scorer:event_finish", "POST", "/turnuva/{event}/bitir/", VERSION),
    Endpoint("scorer:event_unfinish", "POST", "/turnuva/{event}/bitir/geri-al/", VERSION),
    Endpoint("scorer:event_cards", "GET", "/turnuva/{event}/kartlar/", {}),
    Endpoint("scorer:event_card_replace", "POST", "/turnuva/{event}/kart/1/yenile/", {}),
    Endpoint("scorer:event_table_open", "POST", f"{TABLE}/ac/", {}),
    Endpoint("scorer:event_table_close", "POST", f"{TABLE}/kapat/", VERSION | {"note": "kapandı"}),
    Endpoint("scorer:event_decide", "POST", f"{TABLE}/karar/", VERSION | {"chosen": "Ayşe", "note": "kura"}),
    Endpoint("scorer:event_tiebreak", "POST", f"{TABLE}/esitlik-oyunu/", VERSION | {"hands": "1"}),
    Endpoint("scorer:event_tiebreak_record", "POST", f"{TABLE}/esitlik-oyunu/sonuc/", VERSION),
    Endpoint("scorer:event_next_game", "POST", f"{TABLE}/sonraki-oyun/", {}),
    Endpoint("scorer:event_table_qr", "GET", f"{TABLE}/qr.svg", {}),
    # events: table cards, the public pages, the exports
    Endpoint("scorer:card_code", "POST", "/turnuva/kart/", {"kod": "K7M-Q2P"}),
    Endpoint("scorer:card_code", "GET", "/turnuva/kart/", {}),
    Endpoint("scorer:event_decisions", "GET", "/turnuva/kararlar/", {}),
    Endpoint("scorer:card_claim", "GET", "/turnuva/{event}/kart/1/anahtar/{weird}/", {}),
    Endpoint("scorer:card_table", "GET", "/turnuva/{event}/kart/1/", {}),
    Endpoint("scorer:event_export_json", "GET", "/turnuva/{event}/turnuva.json", {}),
    Endpoint("scorer:event_standings_csv", "GET", "/turnuva/{event}/siralama.csv", {}),
    Endpoint("scorer:event_games_csv", "GET", "/turnuva/{event}/oyunlar.csv", {}),
    Endpoint("scorer:event_standings", "GET", "/turnuva/{event}/siralama/", {"ara": "Ayşe", "v": "2"}),
    Endpoint("scorer:event_entrant", "GET", "/turnuva/{event}/oyuncu/1/", {}),
    Endpoint("scorer:event_standings_live", "GET", "/turnuva/{event}/siralama/canli/", {"v": "2"}),
    Endpoint(
        "scorer:event_display", "GET", "/turnuva/{event}/ekran/", {"dil": "en", "sayfa": "2", "sn": "10"}
    ),
    Endpoint(
        "scorer:event_display_live",
        "GET",
        "/turnuva/{event}/ekran/canli/",
        {"v": "2", "sayfa": "2", "sn": "10", "dil": "tr"},
    ),
    # clubs
    Endpoint("scorer:club_new", "POST", "/kulup/yeni/", CLUB),
    Endpoint("scorer:club_new", "GET", "/kulup/yeni/", CLUB),
    Endpoint("scorer:club_new_options", "GET", "/kulup/yeni/secenekler/", CLUB),
    Endpoint("scorer:club_claim", "GET", "/kulup/{club}/anahtar/{weird}/", {}),
    Endpoint("scorer:club_link_rotate", "POST", "/kulup/{club}/yeni-baglanti/", {}),
    Endpoint("scorer:club_member_add", "POST", "/kulup/{club}/uye/ekle/", {"uye-name": "Zeynep"}),
    Endpoint(
        "scorer:club_member_visibility", "POST", "/kulup/{club}/uye/{member}/gorunurluk/", {"hidden": "1"}
    ),
    Endpoint(
        "scorer:club_season_add",
        "POST",
        "/kulup/{club}/sezon/ekle/",
        {"sezon-name": "Kış", "sezon-starts": "2026-01-01", "sezon-ends": "2026-03-31"},
    ),
    Endpoint("scorer:club_table_new", "POST", "/kulup/{club}/masa/yeni/", CLUB_TABLE),
    Endpoint("scorer:club_table_new", "GET", "/kulup/{club}/masa/yeni/", CLUB_TABLE),
    Endpoint("scorer:club_table_options", "GET", "/kulup/{club}/masa/yeni/secenekler/", CLUB_TABLE),
    Endpoint("scorer:club_event_new", "POST", "/kulup/{club}/turnuva/yeni/", CLUB_EVENT),
    Endpoint("scorer:club_event_new", "GET", "/kulup/{club}/turnuva/yeni/", CLUB_EVENT),
    Endpoint("scorer:club_event_options", "GET", "/kulup/{club}/turnuva/yeni/secenekler/", CLUB_EVENT),
    Endpoint("scorer:club_table_join", "POST", "/kulup/{club}/masa/ekle/", {"table": "{table}"}),
    Endpoint("scorer:club", "GET", "/kulup/{club}/", {"sezon": "1"}),
    Endpoint("scorer:club_member", "GET", "/kulup/{club}/uye/{member}/", {"sezon": "1"}),
    Endpoint("scorer:club_print", "GET", "/kulup/{club}/yazdir/", {"sezon": "1"}),
    Endpoint("scorer:club_display", "GET", "/kulup/{club}/ekran/", {"sezon": "1"}),
    Endpoint("scorer:club_export_json", "GET", "/kulup/{club}/kulup.json", {}),
    # house rule sets
    Endpoint("scorer:houses", "GET", "/ev-kurallari/", {"kod": "{house}"}),
    Endpoint("scorer:house_new", "POST", "/ev-kurallari/yeni/", HOUSE),
    Endpoint("scorer:house_new", "POST", "/ev-kurallari/yeni/", HOUSE | {"save": "", "preset": "kahvehane"}),
    Endpoint("scorer:house_new", "GET", "/ev-kurallari/yeni/", {"ruleset": "gkokay"}),
    Endpoint("scorer:house_values", "GET", "/ev-kurallari/yeni/degerler/", {"ruleset": "kerizim"}),
    Endpoint("scorer:house_preview", "POST", "/ev-kurallari/onizleme/", HOUSE),
    Endpoint("scorer:house", "GET", "/ev-kurallari/{house}/", {"kaydedildi": "1"}),
    Endpoint("scorer:house_version", "GET", "/ev-kurallari/{house}/surum/1/", {}),
    Endpoint("scorer:house_edit", "POST", "/ev-kurallari/{house}/duzenle/", HOUSE),
    Endpoint("scorer:house_edit", "GET", "/ev-kurallari/{house}/duzenle/", {}),
    Endpoint("scorer:house_qr", "GET", "/ev-kurallari/{house}/qr.svg", {}),
    Endpoint("scorer:game_new", "POST", "/masa/yeni/", HOUSE_TABLE),
    Endpoint("scorer:compare", "GET", "/karsilastir/", {"ornek": EXAMPLES[0].slug, "ev": "{house}"}),
    # teaching and disputes
    Endpoint("scorer:calculator", "POST", "/hesap/", CALCULATOR),
    Endpoint("scorer:calculator", "GET", "/hesap/", {"refresh": "1"}),
    Endpoint("scorer:calculator_shared", "GET", "/hesap/paylas/{weird}/", {}),
    Endpoint("scorer:rules_index", "GET", "/kurallar/", {}),
    Endpoint("scorer:rules", "GET", "/kurallar/loca-cezali/", {}),
    Endpoint("scorer:examples", "GET", "/ornekler/", {}),
    Endpoint("scorer:example", "GET", f"/ornekler/{EXAMPLES[0].slug}/", {}),
    Endpoint("scorer:compare", "GET", "/karsilastir/", {"ornek": EXAMPLES[0].slug}),
    Endpoint("scorer:glossary", "GET", "/sozluk/", {}),
    Endpoint("scorer:learn", "GET", "/puan-nasil-yazilir/", LEARN),
    Endpoint("scorer:practice", "GET", "/alistirma/", {}),
    Endpoint("scorer:practice_new", "GET", "/alistirma/{level}/", {}),
    Endpoint("scorer:practice_hand", "GET", "/alistirma/{level}/7/", {}),
    Endpoint("scorer:practice_hand", "POST", "/alistirma/{level}/7/", PRACTICE),
    Endpoint("scorer:tile_picker", "GET", "/tas-secici/", TILE_PICKER),
    Endpoint("scorer:tile_picker", "POST", "/tas-secici/", TILE_PICKER),
    Endpoint("api:rulesets", "GET", "/api/v1/rulesets", {}),
    # the operators' admin (the test's phone is logged in as one; the bench's is not)
    Endpoint("admin:login", "POST", "/yonetim/login/", {"username": "op", "password": "x"}),
    Endpoint("admin:scorer_game_changelist", "GET", "/yonetim/scorer/game/", ADMIN_LIST),
    Endpoint("admin:scorer_hand_changelist", "GET", "/yonetim/scorer/hand/", ADMIN_LIST),
)

STREAM = "a change stream, which stays open: its one parameter (?v= or Last-Event-ID) is compared as text (tests/platform/test_push.py)"
NOT_FUZZED = {
    "scorer:board_stream": STREAM,
    "scorer:event_progress_stream": STREAM,
    "scorer:event_standings_stream": STREAM,
    "scorer:event_display_stream": STREAM,
    "scorer:club_display_stream": STREAM,
    "scorer:club_stream": STREAM,
    "scorer:club_member_stream": STREAM,
    "api:score": "fuzzed with JSON bodies (api_body in tests/live/fuzz.py)",
    "admin:": "Django's own admin pages beside its login and the two searches: operators only, each asked with a real id by tests/platform/test_every_page_without_redis.py",
}
"""URL patterns the form fuzz leaves out, by name (``admin:`` for the rest of the admin), with why."""

IMPORT_PATHS = ("/masa/ice-aktar/", "/turnuva/ice-aktar/")
