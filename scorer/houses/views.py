"""The house rules pages (ev kuralları): make a house rule set, preview it, save it (a code, a link
and a QR code), its public page of differences, edit it (a new version) and its QR code.

Every page works without JavaScript: a base chosen, a preset or the preview is a post that shows
the form again with what was typed; htmx swaps the base's numbers and the preview in place.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer import access
from scorer.engine import InvalidInput, get_ruleset
from scorer.houses import selectors, services
from scorer.houses.forms import HouseForm, form_from_version, preset_data
from scorer.houses.models import House, HouseVersion
from scorer.houses.preview import preview
from scorer.houses.values import PRESETS, differences
from scorer.platform.http import HtmxHttpRequest
from scorer.platform.limits import limited, over_limit, too_many_requests
from scorer.platform.qr import qr_svg

FORM_PAGE = "scorer/houses/house_form.html"
HOUSE_PAGE = "scorer/houses/house.html"
HOUSE_ANCHORS = ("finish", "multiplier", "not_opened", "okey_in_hand", "foul")
"""The anchors of the lines citing ``house.<value>`` (scorer/templatetags/okey.py, rule_url)."""


def next_page(data) -> str:
    """Where "make one on the way" goes back to, with the new house chosen (``?sonra=/masa/yeni/``):
    a path of this site only, without its query."""
    path = str(data.get("sonra") or "").split("?", 1)[0]
    safe = path.startswith("/") and url_has_allowed_host_and_scheme(path, allowed_hosts=None)
    return path if safe and len(path) <= 200 else ""


def form_context(request: HtmxHttpRequest, form: HouseForm, **extra) -> dict:
    """The form page's context: the form, the preview of what it holds (of the base alone before
    anything is typed), where it goes back to. ``saveable``: the form and the engine found nothing
    wrong (a missing name does not stop the preview)."""
    document = form.previewed() if form.is_bound else {"base": form.chosen.id}
    shown = None
    if document is not None:
        try:
            services.validated(document)
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            shown = preview(document)
    saveable = form.is_bound and not form.errors and shown is not None
    context = {"form": form, "preview": shown, "saveable": saveable}
    return context | {"sonra": next_page(request.POST or request.GET), **extra}


def shown_form(request: HtmxHttpRequest, action: str, **extra) -> HttpResponse | None:
    """The form shown again instead of saved: another base chosen, a preset, the preview button."""
    data = request.POST
    if (preset := data.get("preset")) and preset in PRESETS:
        form = HouseForm(data=preset_data(data, preset), action=action)
        return render(request, FORM_PAGE, form_context(request, form, **extra))
    if HouseForm.shown_again(data):
        form = HouseForm(initial=data, action=action)
        changed = HouseForm.ruleset_changed(data)
        return render(request, FORM_PAGE, form_context(request, form, options_changed=changed, **extra))
    if "save" not in data:  # the preview button of a page without JavaScript
        form = HouseForm(data=data, action=action)
        return render(request, FORM_PAGE, form_context(request, form, **extra))
    return None


@require_http_methods(["GET", "HEAD", "POST"])
def house_new(request: HtmxHttpRequest) -> HttpResponse:
    """The house rules page: start from a base, change its numbers, see them, save."""
    if request.method != "POST":
        initial = {"ruleset": request.GET.get("ruleset")}
        return render(request, FORM_PAGE, form_context(request, HouseForm(initial=initial)))
    if (page := shown_form(request, "scorer:house_new")) is not None:
        return page
    if over_limit(request, "house_create", "POST"):
        return too_many_requests(request, "house_create")
    form = HouseForm(data=request.POST)
    context = form_context(request, form)
    if not context["saveable"]:
        return render(request, FORM_PAGE, context)
    house = services.house_create(document=form.document(), device=access.device_ensure(request))
    return after_save(request, house)


def after_save(request: HtmxHttpRequest, house: House) -> HttpResponse:
    target = next_page(request.POST)
    if target:
        messages.success(request, _("The house rule set {code} is saved and chosen.").format(code=house.code))
        return redirect(f"{target}?ev={house.code}")
    return redirect(reverse("scorer:house", args=[house.code]) + "?kaydedildi=1")


@require_http_methods(["GET", "HEAD", "POST"])
def house_edit(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Edit a house (the device that made it): saving makes its next version, for new games."""
    house = selectors.house_get(code)
    device = access.device_of(request)
    if not selectors.can_edit(device, house):
        return render(
            request, "403.html", {"next_path": reverse("scorer:house", args=[house.code])}, status=403
        )
    action = reverse("scorer:house_edit", args=[house.code])
    extra = {"house": house, "editing": True}
    if request.method != "POST":
        form = HouseForm(data=form_from_version(selectors.version_get(house).document), action=action)
        return render(request, FORM_PAGE, form_context(request, form, **extra))
    if (page := shown_form(request, action, **extra)) is not None:
        return page
    form = HouseForm(data=request.POST, action=action)
    context = form_context(request, form, **extra)
    if not context["saveable"]:
        return render(request, FORM_PAGE, context)
    version = services.house_update(house=house, document=form.document(), device=device)
    messages.success(
        request,
        _("Version {n} is saved: new tables play it; tables already open keep the numbers they play.").format(
            n=version.number
        ),
    )
    return after_save(request, house)


@require_safe
def house_values(request: HtmxHttpRequest) -> HttpResponse:
    """The numbers of the chosen base (htmx swaps them in when another base is chosen)."""
    form = HouseForm(initial=request.GET)
    template = f"{FORM_PAGE}#values" if request.htmx else FORM_PAGE
    return render(request, template, form_context(request, form))


@require_POST
@limited("calculator")
def house_preview(request: HtmxHttpRequest) -> HttpResponse:
    """The preview of what the form holds (htmx, while typing)."""
    form = HouseForm(data=request.POST)
    return render(request, f"{FORM_PAGE}#preview", form_context(request, form))


@require_safe
def house_page(request: HtmxHttpRequest, code: str, number: int | None = None) -> HttpResponse:
    """A house's public page: only what differs from its base, base number → house number, with the
    base's clause beside; its code, link and QR code, and where to play it. Prints on one A4 sheet."""
    house = selectors.house_get(code)
    version = selectors.version_get(house, number)
    device = access.device_of(request)
    if device is not None:
        services.house_use(device=device, house=house)
    return render(request, HOUSE_PAGE, house_context(request, house, version, device))


def house_context(request: HtmxHttpRequest, house: House, version: HouseVersion, device) -> dict:
    base = get_ruleset(version.base)
    link = request.build_absolute_uri(reverse("scorer:house", args=[house.code]))
    return {
        "house": house,
        "version": version,
        "base": base,
        "base_name": _(base.name),
        "differences": differences(version.document),
        "link": link,
        "latest": version.number == house.current,
        "can_edit": selectors.can_edit(device, house),
        "saved": request.GET.get("kaydedildi") == "1",
        "anchors": HOUSE_ANCHORS,
    }


@require_safe
def house_qr(request: HtmxHttpRequest, code: str) -> HttpResponse:
    house = selectors.house_get(code)
    link = request.build_absolute_uri(reverse("scorer:house", args=[house.code]))
    return HttpResponse(qr_svg(link), content_type="image/svg+xml")


@require_safe
def houses_index(request: HtmxHttpRequest) -> HttpResponse:
    """What house rule sets are, this device's recent ones, one opened by its code."""
    code = request.GET.get("kod")
    if code is not None:
        if over_limit(request, "join_code", "GET"):  # a code typed: slowed like a table's code
            return too_many_requests(request, "join_code")
        house = selectors.house_find(code)
        if house is not None:
            return redirect("scorer:house", house.code)
    recent = selectors.recent_versions(access.device_of(request))
    return render(
        request,
        "scorer/houses/index.html",
        {"recent": recent, "code_typed": code or "", "code_unknown": code is not None},
    )
