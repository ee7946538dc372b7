"""The app's URLs plus the benchmark's floor: the cheapest views the same server can answer."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from okeycalc.urls import urlpatterns as app_urlpatterns


def floor(request: HttpRequest) -> HttpResponse:
    """A minimal view: what every request costs before a page does any work (GET)."""
    return HttpResponse("ok", content_type="text/plain")


def floor_post(request: HttpRequest) -> HttpResponse:
    """The POST floor: the same middleware (CSRF check included) and a read of the form body."""
    return HttpResponse(str(len(request.POST)), content_type="text/plain")


urlpatterns = [
    path("bench-floor/", floor),
    path("bench-floor/post/", floor_post),
    *app_urlpatterns,
]
