"""The hand form's many small count fields, written in Python.

A hand page has about twenty steppers (okeys, fake okeys, penalties per player). Rendered as an
``{% include %}`` each one costs some fifty template nodes; this tag writes exactly the markup of
``scorer/_stepper.html`` (kept as the readable reference and checked against it by the tests):
the same attributes, whitespace, translations, number localisation and escaping.
"""

from django import template
from django.conf import settings
from django.forms import BoundField
from django.template.base import render_value_in_context
from django.utils.functional import Promise
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


def _text(value, context) -> str:
    """``{{ value }}`` in ``context``: what ``render_value_in_context`` gives, without its detours
    for the plain strings and small counts that make up most of a hand form."""
    if isinstance(value, Promise):
        value = str(value)
    if type(value) is str and context.autoescape:
        return escape(value)
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return render_value_in_context(value, context)


_STEPPER = (
    '\n\n<div class="stepper{wide}" data-stepper>\n'
    '  <label class="field-label stepper-label" for="{id}">{label}</label>\n'
    '  <div class="input-group flex-nowrap">\n'
    '    <button type="button" class="btn btn-theme-outline stepper-btn" data-step="-1" aria-controls="{id}" hidden>\n'
    '      <span aria-hidden="true">−</span><span class="visually-hidden">{less}</span>\n'
    "    </button>\n"
    '    <input type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" class="form-control text-center"'
    ' name="{name}" id="{id}"\n'
    '           value="{value}" data-max="{max}"{invalid}>\n'
    '    <button type="button" class="btn btn-theme-outline stepper-btn" data-step="1" aria-controls="{id}" hidden>\n'
    '      <span aria-hidden="true">+</span><span class="visually-hidden">{more}</span>\n'
    "    </button>\n"
    "  </div>\n"
    "  {errors}\n"
    "</div>\n"
)


@register.simple_tag(takes_context=True)
def stepper(context, field: BoundField, wide: bool = False) -> SafeString:
    """One stepper, as ``{% include "scorer/_stepper.html" with field=field wide=wide %}`` renders it."""

    def text(value) -> str:
        return _text(value, context)

    auto_id = text(field.auto_id)
    label = text(field.label)
    value = field.value()
    errors = field.errors
    invalid = errors_html = ""
    if errors:
        invalid = f' aria-invalid="true" aria-describedby="{auto_id}_error"'
        joined = conditional_escape(" ").join(conditional_escape(e) for e in errors)
        errors_html = f'<div class="invalid-feedback d-block" id="{auto_id}_error">{joined}</div>'
    html = _STEPPER.format(
        wide=" stepper-wide" if wide else "",
        id=auto_id,
        label=label,
        less=gettext("One less: %(label)s") % {"label": label},
        more=gettext("One more: %(label)s") % {"label": label},
        name=text(field.html_name),
        value="" if value is None else text(value),
        max=text(field.field.max_value),
        invalid=invalid,
        errors=errors_html,
    )
    return mark_safe(html)  # noqa: S308 (every value above is escaped)


# --- the whole hand form ----------------------------------------------------------------------
# ``{% hand_fields form %}`` writes what ``{% include "scorer/_hand_form.html" %}`` writes (the
# template stays as the readable reference; the tests compare the two, whitespace aside, for
# every rule set, bound and unbound, with errors, in both languages). A hand has up to ~60 fields:
# through the template engine they were most of the hand page's and the calculator's time.


class _HandFormWriter:
    """One render of a HandForm's fields: each method writes one part of ``_hand_form.html``."""

    def __init__(self, context, form) -> None:
        self.context = context
        self.form = form

    def text(self, value) -> str:
        """``{{ value }}``: localised and escaped as the template would."""
        return _text(value, self.context)

    @staticmethod
    def translate(message: str) -> str:
        """``{% translate message %}`` (its output is escaped, unlike blocktranslate's)."""
        return conditional_escape(gettext(message))

    @staticmethod
    def errors(field: BoundField) -> str:
        """``{{ field.errors|join:" " }}``."""
        return " ".join(conditional_escape(e) for e in field.errors)

    def error_div(self, field: BoundField, extra: str = "") -> str:
        if not field.errors:
            return ""
        return (
            f'<div class="invalid-feedback d-block{extra}" id="{self.text(field.auto_id)}_error">'
            f"{self.errors(field)}</div>"
        )

    def value(self, field: BoundField) -> str:
        """``{{ field.value|default_if_none:'' }}``."""
        value = field.value()
        return "" if value is None else self.text(value)

    def render(self) -> str:
        form = self.form
        unopened = "count" if form.okeys_count_unopened else "drop"
        parts = [f'<div class="hand-form" data-hand-form data-unopened-okeys="{unopened}">']
        if form.non_field_errors():
            items = "".join(f'<p class="mb-0">{self.text(e)}</p>' for e in form.non_field_errors())
            parts.append(
                f'<div class="alert alert-danger" role="alert" data-non-field-errors>\n{items}\n</div>'
            )
        parts.append(self.finisher())
        players = form.players
        parts += [self.flags(player) for player in players if player.flags]
        parts += [self.player(player) for player in players]
        parts.append("</div>")
        return "\n".join(parts)

    def finisher(self) -> str:
        field, chosen = self.form["finisher"], self.form.finisher_value
        described = ' aria-describedby="id_finisher_error"' if field.errors else ""
        parts = [
            f'<fieldset class="finisher-group mb-2"{described}>',
            f'<legend class="h6 mb-1">{self.text(field.label)}</legend>',
            '<div class="choice-grid finisher-choices">',
        ]
        for i, (value, label) in enumerate(field.field.choices):
            value_html, label_html = self.text(value), self.text(label)
            checked = " checked" if chosen == value else ""
            parts.append(
                f'<input class="btn-check" type="radio" name="finisher" id="id_finisher_{i}"'
                f' value="{value_html}"{checked}>'
            )
            if value == "deck":
                inner, deck = label_html, " choice-deck"
            else:
                inner, deck = (
                    (
                        f'<span id="name-finisher-{value_html}" class="text-truncate"'
                        f' data-name="{value_html}">{label_html}</span>'
                    ),
                    "",
                )
            parts.append(f'<label class="btn btn-theme-outline{deck}" for="id_finisher_{i}">{inner}</label>')
        parts.append("</div>")
        if field.errors:
            parts.append(
                f'<div class="invalid-feedback d-block" id="id_finisher_error">{self.errors(field)}</div>'
            )
        parts.append("</fieldset>")
        return "\n".join(parts)

    def flags(self, player) -> str:
        index = self.text(player.index)
        parts = [
            f'<fieldset class="finish-flags mb-2" data-finish-flags="{index}">',
            f'<legend class="form-label fw-semibold fs-6 mb-0"><span id="name-flags-{index}">'
            f"{self.text(player.name)}</span>: {self.translate('how did they finish?')}</legend>",
        ]
        for flag in player.flags:
            auto_id = self.text(flag.auto_id)
            checked = " checked" if flag.value() else ""
            invalid = f' aria-invalid="true" aria-describedby="{auto_id}_error"' if flag.errors else ""
            parts += [
                '<div class="form-check finish-flag">',
                f'<input type="checkbox" class="form-check-input" name="{self.text(flag.html_name)}"'
                f' id="{auto_id}"{checked}{invalid}>',
                f'<label class="form-check-label" for="{auto_id}">{self.text(flag.label)}</label>',
                "</div>",
                self.error_div(flag),
            ]
        parts.append("</fieldset>")
        return "\n".join(parts)

    def player(self, player) -> str:
        index = self.text(player.index)
        team = f" player-team-{self.text(player.team)}" if player.team else ""
        finisher = " is-finisher" if player.finisher else ""
        return "\n".join(
            [
                f'<fieldset class="player{team}{finisher}" data-player="{index}">',
                self.legend(player),
                self.extras(player),
                self.opened(player),
                self.remaining(player),
                f'<p class="finished-note mb-0" data-finished-note>'
                f"{self.translate('Finished the hand: no tiles left to count.')}</p>",
                f'<p class="dropped-warning mb-0" id="{self.text(player.points.auto_id)}_dropped" data-dropped'
                f"{'' if player.dropped else ' hidden'}>\n"
                + self.translate(
                    "Not opened: what is typed here does not count; a player who never opened pays the "
                    "fixed 202. If they opened, choose Sets or Pairs."
                )
                + "\n</p>",
                "</fieldset>",
            ]
        )

    def legend(self, player) -> str:
        index = self.text(player.index)
        parts = [
            '<legend class="player-head">',
            f'<span id="name-player-{index}" class="player-name text-truncate">{self.text(player.name)}</span>',
        ]
        if player.team:
            team = self.text(player.team)
            title = gettext("Team %(n)s") % {"n": team}
            parts.append(
                f'<span class="badge team-badge team-{team}" data-team="{team}" title="{title}">'
                f'<span class="visually-hidden">{title}</span><span aria-hidden="true">{team}</span></span>'
            )
        if player.dealer:
            parts.append(f'<span class="badge dealer-badge">{self.translate("Dealer")}</span>')
        parts.append("</legend>")
        return "\n".join(parts)

    def extras(self, player) -> str:
        count = player.extras_count
        parts = [
            f'<details class="more extras" data-extras{" open" if player.extras_open else ""}>',
            f"<summary>{self.translate('Penalties / bonuses')}"
            f'<span class="badge extras-count" data-extras-count{"" if count else " hidden"}>'
            f'<span class="visually-hidden">{self.translate("set:")} </span>{self.text(count)}</span></summary>',
            '<div class="extras-body">',
        ]
        parts += [stepper(self.context, field, wide=True) for field in player.fouls]
        parts += [self.opening_field(field) for field in player.opening]
        parts += ["</div>", "</details>"]
        return "\n".join(parts)

    def opening_field(self, field: BoundField) -> str:
        auto_id, name = self.text(field.auto_id), self.text(field.html_name)
        invalid = ' aria-invalid="true"' if field.errors else ""
        parts = [
            '<div class="extra-field">',
            f'<label class="field-label" for="{auto_id}">{self.text(field.label)}</label>',
        ]
        if field.field.widget.input_type == "select":
            help_ref = f' aria-describedby="{auto_id}_help"' if field.help_text else ""
            value = field.value()
            current = "%s" % ("" if value is None else value,)  # noqa: UP031 (stringformat:'s')
            options = "".join(
                f'<option value="{self.text(choice)}"{" selected" if current == "%s" % (choice,) else ""}>'  # noqa: UP031
                f"{self.text(label)}</option>"
                for choice, label in field.field.choices
            )
            parts.append(
                f'<select class="form-select" name="{name}" id="{auto_id}"{help_ref}{invalid}>\n{options}\n</select>'
            )
        else:
            parts.append(
                '<input type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" class="form-control"'
                f' name="{name}" id="{auto_id}" value="{self.value(field)}"{invalid}>'
            )
        if field.help_text:
            parts.append(
                f'<p class="form-text mt-0 mb-0" id="{auto_id}_help">{self.text(field.help_text)}</p>'
            )
        parts += [self.error_div(field), "</div>"]
        return "\n".join(parts)

    def opened(self, player) -> str:
        field = player.opened
        auto_id = self.text(field.auto_id)
        described = f' aria-describedby="{auto_id}_error"' if field.errors else ""
        parts = [
            f'<div class="btn-group segmented w-100" role="group" aria-label="{self.text(field.label)}"{described}>'
        ]
        name = self.text(field.html_name)
        for i, (value, label) in enumerate(field.field.choices):
            checked = " checked" if player.opened_value == value else ""
            parts += [
                f'<input type="radio" class="btn-check" name="{name}" id="{auto_id}_{i}"'
                f' value="{self.text(value)}"{checked}>',
                f'<label class="btn btn-theme-outline" for="{auto_id}_{i}">{self.text(label)}</label>',
            ]
        parts += ["</div>", self.error_div(field)]
        return "\n".join(parts)

    def remaining(self, player) -> str:
        field = player.points
        auto_id = self.text(field.auto_id)
        described = f"{auto_id}_help"
        if field.errors:
            described += f" {auto_id}_error"
        if player.dropped:
            described += f" {auto_id}_dropped"
        invalid = ' aria-invalid="true"' if field.errors else ""
        return "\n".join(
            [
                '<div class="remaining" data-remaining>',
                '<div class="points-field">',
                f'<label class="field-label" for="{auto_id}">{self.translate("Left in hand")}</label>',
                '<input type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off"'
                f' class="form-control points-input" name="{self.text(field.html_name)}" id="{auto_id}"'
                f' value="{self.value(field)}" aria-describedby="{described}"{invalid}>',
                "</div>",
                stepper(self.context, player.okeys),
                stepper(self.context, player.fake_okeys),
                f'<p class="visually-hidden" id="{auto_id}_help">{self.text(field.help_text)}</p>',
                self.error_div(field, " span-all"),
                "</div>",
            ]
        )


@register.simple_tag(takes_context=True)
def hand_fields(context, form) -> SafeString:
    """The fields of one hand, as ``{% include "scorer/_hand_form.html" %}`` renders them."""
    return mark_safe(_HandFormWriter(context, form).render())  # noqa: S308 (every value is escaped)
