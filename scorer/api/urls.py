from django.urls import path

from . import views

app_name = "api"
urlpatterns = [
    path("score", views.score, name="score"),
    path("rulesets", views.rulesets, name="rulesets"),
]
