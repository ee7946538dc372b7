"""URLs of tournaments, under /turnuva/ in the scorer namespace (turnuva = event, siralama = standings,
ekran = display, yonet = organize). Included by scorer/urls.py."""

from django.urls import path, register_converter
from django.urls.converters import StringConverter, get_converters

from scorer.events.views import public
from scorer.models import PUBLIC_ID_PATTERN


class EventIdConverter(StringConverter):
    """An event's public id (scorer/events/models.py new_event_id), shaped like a table's."""

    regex = PUBLIC_ID_PATTERN


if "event" not in get_converters():  # a failed first import of this module must not break the retry
    register_converter(EventIdConverter, "event")

urlpatterns = [
    # Public, read-only: anybody with the event's public id (scorer/events/views/public.py).
    path("<event:public_id>/siralama/", public.standings, name="event_standings"),
    path("<event:public_id>/siralama/canli/", public.standings_live, name="event_standings_live"),
    path("<event:public_id>/ekran/", public.display, name="event_display"),
    path("<event:public_id>/ekran/canli/", public.display_live, name="event_display_live"),
]
