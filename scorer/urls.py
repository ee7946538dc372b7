"""URLs of the scorer app."""

from django.urls import path

from scorer.views import pages, rules

app_name = "scorer"

urlpatterns = [
    path("", pages.home, name="home"),
    path("healthz", pages.healthz, name="healthz"),
    path("kurallar/", rules.rules_index, name="rules_index"),
    path("kurallar/<slug:ruleset>/", rules.rules_page, name="rules"),
]
