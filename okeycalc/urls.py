"""URL configuration: the JSON API, the scorer app, and Django's language switch."""

from django.contrib import admin
from django.urls import include, path

from scorer.platform.limits import limited

# The operators' admin (superusers): password guesses are rate-limited like edit-link probes.
if "login" not in vars(admin.site):  # once, also when the URLconf is imported again
    admin.site.login = limited("admin_login", method="POST")(admin.site.login)
admin.site.site_header = admin.site.site_title = "okeycalc"

urlpatterns = [
    path("yonetim/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("scorer.api.urls")),
    path("", include("scorer.urls")),
]
