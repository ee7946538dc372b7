"""URL configuration: the scorer app, plus Django's language switch."""

from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scorer.urls")),
]
