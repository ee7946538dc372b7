"""What the calculator, the comparison and the tile picker share: the answer to a bad link."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def bad_link(request: HttpRequest) -> HttpResponse:
    """A cut, altered or outdated hand link: a clear 400 page with a way to a fresh calculator."""
    return render(request, "scorer/bad_link.html", status=400)
