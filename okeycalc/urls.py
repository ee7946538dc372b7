"""URL configuration: the JSON API, the scorer app, and Django's language switch."""

from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("scorer.api.urls")),
    path("", include("scorer.urls")),
]
