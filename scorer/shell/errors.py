"""The error answers that pages of several packages give: a refused change (403) and a bad hand
link (400). Django's own handlers render the same templates for the errors they raise."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def forbidden(request: HttpRequest) -> HttpResponse:
    """The friendly 403 page (also what an htmx request gets; htmx does not swap it in)."""
    return render(request, "403.html", status=403)


def bad_link(request: HttpRequest) -> HttpResponse:
    """A cut, altered or outdated hand link (the calculator, the comparison, the tile picker): a
    clear 400 page with a way to a fresh calculator."""
    return render(request, "scorer/bad_link.html", status=400)
