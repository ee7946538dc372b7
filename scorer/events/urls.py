"""URLs of tournaments, under /turnuva/ in the scorer namespace (turnuva = event, siralama = standings,
ekran = display, yonet = organize, tur = round, masa = table, kartlar = table cards, kart = one
table's card). Included by
scorer/urls.py."""

from django.urls import path, register_converter
from django.urls.converters import StringConverter, get_converters

from scorer.events.views import cards, creation, entrants, exports, finish, organizer, public, rounds
from scorer.models import PUBLIC_ID_PATTERN


class EventIdConverter(StringConverter):
    """An event's public id (scorer/events/models.py new_event_id), shaped like a table's."""

    regex = PUBLIC_ID_PATTERN


if "event" not in get_converters():  # a failed first import of this module must not break the retry
    register_converter(EventIdConverter, "event")

TABLE = "<event:public_id>/tur/<int:round_number>/masa/<int:number>"

urlpatterns = [
    # The organizer's side (scorer/events/views/: organizer.py, creation.py, rounds.py, entrants.py,
    # finish.py, and cards.py's organizer part): only devices holding the organizer link.
    path("yeni/", creation.event_new, name="event_new"),
    path("yeni/secenekler/", creation.event_new_options, name="event_new_options"),
    path("ice-aktar/", exports.event_import, name="event_import"),
    path("<event:public_id>/anahtar/<str:secret>/", creation.event_claim, name="event_claim"),
    path("<event:public_id>/yonet/", organizer.event_organize, name="event_organize"),
    path("<event:public_id>/yonet/ilerleme/", organizer.event_progress, name="event_progress"),
    path("<event:public_id>/yonet/akis/", organizer.event_progress_stream, name="event_progress_stream"),
    path("<event:public_id>/yeni-baglanti/", creation.event_link_rotate, name="event_link_rotate"),
    path("<event:public_id>/tur/baslat/", rounds.event_start_round, name="event_start_round"),
    path("<event:public_id>/tur/yeniden-oturt/", rounds.event_reseat, name="event_reseat"),
    path("<event:public_id>/tur/sure/", rounds.event_timer, name="event_timer"),
    path(
        "<event:public_id>/tur/<int:round_number>/oturma-kalsin/",
        rounds.event_keep_seating,
        name="event_keep_seating",
    ),
    path("<event:public_id>/katilimci/gec-gelen/", entrants.event_late, name="event_late"),
    path("<event:public_id>/katilimci/ayrilan/", entrants.event_withdraw, name="event_withdraw"),
    path("<event:public_id>/bitir/", finish.event_finish, name="event_finish"),
    path("<event:public_id>/bitir/geri-al/", finish.event_unfinish, name="event_unfinish"),
    path("<event:public_id>/kartlar/", cards.event_cards, name="event_cards"),
    path("<event:public_id>/kart/<int:number>/yenile/", cards.event_card_replace, name="event_card_replace"),
    path(f"{TABLE}/ac/", rounds.event_table_open, name="event_table_open"),
    path(f"{TABLE}/kapat/", rounds.event_table_close, name="event_table_close"),
    path(f"{TABLE}/karar/", rounds.event_decide, name="event_decide"),
    path(f"{TABLE}/esitlik-oyunu/", rounds.event_tiebreak, name="event_tiebreak"),
    path(f"{TABLE}/esitlik-oyunu/sonuc/", rounds.event_tiebreak_record, name="event_tiebreak_record"),
    path(f"{TABLE}/sonraki-oyun/", rounds.event_next_game, name="event_next_game"),
    path(f"{TABLE}/qr.svg", cards.event_table_qr, name="event_table_qr"),
    # A table card (scorer/events/views/cards.py): its link, its code, its table in the current round.
    path("kart/", cards.card_code, name="card_code"),
    path("kararlar/", public.decisions, name="event_decisions"),
    path("<event:public_id>/kart/<int:number>/anahtar/<str:secret>/", cards.card_claim, name="card_claim"),
    path("<event:public_id>/kart/<int:number>/", cards.card_table, name="card_table"),
    # Exports (public, read-only like a table's): scorer/events/views/exports.py.
    path("<event:public_id>/turnuva.json", exports.event_export_json, name="event_export_json"),
    path("<event:public_id>/siralama.csv", exports.event_standings_csv, name="event_standings_csv"),
    path("<event:public_id>/oyunlar.csv", exports.event_games_csv, name="event_games_csv"),
    # Public, read-only: anybody with the event's public id (scorer/events/views/public.py).
    path("<event:public_id>/siralama/", public.standings, name="event_standings"),
    path("<event:public_id>/oyuncu/<int:position>/", public.entrant, name="event_entrant"),
    path("<event:public_id>/siralama/canli/", public.standings_live, name="event_standings_live"),
    path("<event:public_id>/siralama/akis/", public.standings_stream, name="event_standings_stream"),
    path("<event:public_id>/ekran/", public.display, name="event_display"),
    path("<event:public_id>/ekran/canli/", public.display_live, name="event_display_live"),
    path("<event:public_id>/ekran/akis/", public.display_stream, name="event_display_stream"),
]
