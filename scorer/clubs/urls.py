"""URLs of clubs, under /kulup/ in the scorer namespace (kulüp = club, uye = member, sezon = season,
ekran = display, akis = a page's stream, yazdir = print, masa = table, turnuva = event, anahtar = the admin link). Included by scorer/urls.py."""

from django.urls import path, register_converter
from django.urls.converters import StringConverter, get_converters

from scorer.clubs import views
from scorer.models import PUBLIC_ID_PATTERN


class ClubIdConverter(StringConverter):
    """A club's public id (scorer/clubs/models.py new_club_id), shaped like a table's."""

    regex = PUBLIC_ID_PATTERN


if "club" not in get_converters():  # a failed first import of this module must not break the retry
    register_converter(ClubIdConverter, "club")

urlpatterns = [
    path("yeni/", views.club_new, name="club_new"),
    path("yeni/secenekler/", views.club_new_options, name="club_new_options"),
    path("<club:public_id>/anahtar/<str:secret>/", views.club_claim, name="club_claim"),
    path("<club:public_id>/yeni-baglanti/", views.club_link_rotate, name="club_link_rotate"),
    path("<club:public_id>/uye/ekle/", views.member_add, name="club_member_add"),
    path(
        "<club:public_id>/uye/<int:member_id>/gorunurluk/",
        views.member_visibility,
        name="club_member_visibility",
    ),
    path("<club:public_id>/sezon/ekle/", views.season_add, name="club_season_add"),
    path("<club:public_id>/masa/yeni/", views.club_table_new, name="club_table_new"),
    path("<club:public_id>/masa/yeni/secenekler/", views.club_table_options, name="club_table_options"),
    path("<club:public_id>/turnuva/yeni/", views.club_event_new, name="club_event_new"),
    path("<club:public_id>/turnuva/yeni/secenekler/", views.club_event_options, name="club_event_options"),
    path("<club:public_id>/masa/ekle/", views.club_table_join, name="club_table_join"),
    # Public, read-only: anybody with the club's id.
    path("<club:public_id>/", views.club_page, name="club"),
    path("<club:public_id>/akis/", views.club_stream, name="club_stream"),
    path("<club:public_id>/uye/<int:member_id>/", views.member_page, name="club_member"),
    path("<club:public_id>/uye/<int:member_id>/akis/", views.member_stream, name="club_member_stream"),
    path("<club:public_id>/yazdir/", views.club_print, name="club_print"),
    path("<club:public_id>/ekran/", views.club_display, name="club_display"),
    path("<club:public_id>/ekran/akis/", views.club_display_stream, name="club_display_stream"),
    path("<club:public_id>/kulup.json", views.club_export_json, name="club_export_json"),
]
