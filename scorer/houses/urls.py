"""URLs of house rule sets, under /ev-kurallari/ in the scorer namespace (ev kuralları = house
rules, yeni = new, onizleme = preview, duzenle = edit, degerler = the base's values). Included by
scorer/urls.py."""

from django.urls import path

from scorer.houses import views

urlpatterns = [
    path("", views.houses_index, name="houses"),
    path("yeni/", views.house_new, name="house_new"),
    path("yeni/degerler/", views.house_values, name="house_values"),
    path("onizleme/", views.house_preview, name="house_preview"),
    path("<str:code>/", views.house_page, name="house"),
    path("<str:code>/surum/<int:number>/", views.house_page, name="house_version"),
    path("<str:code>/duzenle/", views.house_edit, name="house_edit"),
    path("<str:code>/qr.svg", views.house_qr, name="house_qr"),
]
