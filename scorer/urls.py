"""URLs of the scorer app."""

from django.urls import path

from scorer.views import pages

app_name = "scorer"

urlpatterns = [
    path("", pages.home, name="home"),
    path("healthz", pages.healthz, name="healthz"),
]
