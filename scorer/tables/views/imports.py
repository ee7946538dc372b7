"""Masayı içe aktar: a table's JSON export (the board's download) becomes a new table here.

The new table gets a new id and edit link; this device gets edit rights, as after opening a table.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorer.engine import InvalidInput
from scorer.platform.http import HtmxHttpRequest
from scorer.tables import rights
from scorer.tables.backup import game_import
from scorer.tables.forms.imports import GameImportForm
from scorer.tables.views.tables import board_url

TEMPLATE = "scorer/game_import.html"


@require_http_methods(["GET", "HEAD", "POST"])
def game_import_view(request: HtmxHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, TEMPLATE, {"form": GameImportForm()})
    form = GameImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            game, _secret = game_import(document=form.cleaned_data["document"])
        except InvalidInput as exc:
            form.add_document_errors(exc.errors)
        except RecursionError:
            form.add_error(form.source_field, _("Input is nested too deeply."))
        else:
            rights.grant_edit(request, game)  # as after opening a table: the share panel shows the link
            messages.success(request, _("The table is imported. This device can enter hands."))
            return redirect(board_url(game))
    return render(request, TEMPLATE, {"form": form})
