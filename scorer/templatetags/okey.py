"""Template helpers for scores and rule links: every line item links to its rule clause."""

import pickle
import re
from collections.abc import Mapping
from functools import lru_cache

from django import template
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from scorer.engine import clauses
from scorer.engine.results import Line, PlayerResult
from scorer.houses.values import LABELS as HOUSE_LABELS
from scorer.platform.numbers import amount_text, number_text
from scorer.tables import addresses

register = template.Library()

MINUS = "\u2212"

# The site menu: (url name, label, the views that mark it as the current page).
NAV = (
    ("scorer:game_new", _("New table"), {"scorer:game_new"}),
    (
        "scorer:event_new",
        _("Tournament"),
        {"scorer:event_new", "scorer:event_import", "scorer:event_organize"},
    ),
    ("scorer:calculator", _("Calculator"), {"scorer:calculator", "scorer:calculator_shared"}),
    ("scorer:rules_index", _("Rules"), {"scorer:rules_index", "scorer:rules"}),
    (
        "scorer:houses",
        _("House rules"),
        {"scorer:houses", "scorer:house_new", "scorer:house", "scorer:house_version", "scorer:house_edit"},
    ),
    ("scorer:examples", _("Examples"), {"scorer:examples", "scorer:example"}),
    ("scorer:compare", _("Compare"), {"scorer:compare"}),
    ("scorer:tile_picker", _("Tile picker"), {"scorer:tile_picker"}),
    (
        "scorer:learn",
        _("Learn"),
        {"scorer:learn", "scorer:glossary", "scorer:practice", "scorer:practice_new", "scorer:practice_hand"},
    ),
)


@register.simple_tag(takes_context=True)
def nav_links(context) -> list[dict]:
    """The menu entries with their URLs and whether each is the current page."""
    match = getattr(context.get("request"), "resolver_match", None)
    current = match.view_name if match else ""
    return [
        {"url": plain_url(name), "label": label, "active": current in views} for name, label, views in NAV
    ]


@lru_cache(maxsize=128)
def _reverse_once(name: str, urlconf: str | None, prefix: str) -> str:
    return reverse(name, urlconf=urlconf)


@lru_cache(maxsize=64)
def _rules_page_once(ruleset: str, urlconf: str | None, prefix: str) -> str:
    return reverse("scorer:rules", args=[ruleset], urlconf=urlconf)


def rules_page_url(ruleset: str) -> str:
    """A rule set's rules page, reversed once per rule set, URLconf and script prefix (every line of
    a result links its clause there: a dozen a live preview)."""
    return _rules_page_once(str(ruleset), get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


@register.simple_tag(name="plain_url")
def plain_url(name: str) -> str:
    """``{% url name %}`` for a URL without arguments, reversed once per URLconf and script prefix
    (every page's layout links the same few: the home page, the menu, the language switch)."""
    return _reverse_once(name, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


@register.filter
def signed(points: int) -> str:
    """Points with an explicit sign and a real minus: ``+101``, ``−404``, ``0``."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


@register.filter
def score(points: int) -> str:
    """A total: a real minus sign for negatives, no plus sign."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


@register.filter
def points(value) -> str:
    """An event's points or total as every page and CSV writes them (``1,5``, ``2``, ``−89``)."""
    return number_text(value)


@register.filter
def money(hundredths: int, unit: str = "") -> str:
    """An amount of a stake (kept in hundredths) with its unit: ``50 ₺``, ``12,50``, ``−17,50 altın``."""
    text = amount_text(hundredths)
    return f"{text} {unit}" if unit else text


@register.filter
def signed_money(hundredths: int, unit: str = "") -> str:
    """An amount won (``+17,50``) or lost (``−50``)."""
    return ("+" if hundredths > 0 else "") + money(hundredths, unit)


DECISION_CODE = re.compile(r"\b(E\d{1,2})\b")


@register.filter
def decision_parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut at the event decision codes it names ("… (decision E11)."): (text, code) pairs,
    the code "" after the last one, for scorer/events/_decided.html to link each code to its text.
    Text the template marked safe (a translation holding its own tags) stays safe."""
    keep = mark_safe if isinstance(text, SafeData) else str
    pieces = DECISION_CODE.split(str(text))
    return [(keep(pieces[k]), pieces[k + 1] if k + 1 < len(pieces) else "") for k in range(0, len(pieces), 2)]


HOUSE_RULE = "house."


@register.simple_tag(takes_context=True)
def rule_url(context, rule_id: str) -> str:
    """The rules page of the clause, with the clause's anchor. A line citing a house rule set's
    number (``house.foul``) leads to that number on the house's page: the page's ``house_url``, or
    the page of the version its ``game`` plays, else the page saying what house rule sets are."""
    if str(rule_id).startswith(HOUSE_RULE):
        return f"{house_page_url(context)}#{clauses.anchor(rule_id)}"
    return f"{rules_page_url(clauses.page_ruleset(rule_id))}#{clauses.anchor(rule_id)}"


def house_page_url(context) -> str:
    if url := context.get("house_url"):
        return url
    game = context.get("game")
    if game is not None and getattr(game, "house_code", ""):
        return reverse("scorer:house_version", args=[game.house_code, game.house_version or 1])
    return reverse("scorer:houses")


@register.simple_tag(takes_context=True)
def result_cards(context, result) -> list[tuple[object, dict]]:
    """Each player's result with what their card of ``_hand_result.html`` needs besides it:
    ``version``, the card's version as a shared part (everything it shows besides the language:
    the player's name, lines and total, the rule set its decisions link to, the page's ``where``,
    the house page its house lines link to when it has one), pickled, so that the key holds its
    digest (``part_key``); ``where``; and what its lines link to, for :func:`card_lines`. All
    four at once: the live preview asks at every keystroke."""
    ruleset, where, house = _item(result, "ruleset"), context.get("where", ""), None
    cards = []
    for player in _item(result, "players") or ():
        if type(player) is PlayerResult:  # as plain tuples: what the card shows, without its classes
            shown = (player.name, tuple(map(tuple, player.lines)), player.total)
            cites_house = any(line.rule.startswith(HOUSE_RULE) for line in player.lines)
        else:  # a result given in its JSON form
            shown = player
            lines = _item(player, "lines") or ()
            cites_house = any(str(_item(line, "rule")).startswith(HOUSE_RULE) for line in lines)
        if cites_house and house is None:
            house = house_page_url(context)
        links = house if cites_house else ""
        version = pickle.dumps((shown, ruleset, where, links), 5)
        cards.append((player, {"version": version, "where": where, "ruleset": ruleset, "house": links}))
    return cards


@register.filter
def card_lines(player, card: dict) -> list[dict]:
    """A player's lines as their card shows them (``card``: from :func:`result_cards`), each with
    one value for each thing the card writes: its code, label and detail, its rule's address
    (``rule_url``), the decisions its amount depends on (each one's address, heading and badge) and
    its points signed. Worked out only when a card is rendered, not when it is read from the cache."""
    ruleset, house = card["ruleset"], card["house"]
    site = (get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), get_language())
    shown = []
    for line in _item(player, "lines") or ():
        if type(line) is Line:
            code, points, label, detail, rule = line
        else:  # a result given in its JSON form
            code, points, label, detail, rule = (_item(line, k) for k in Line._fields)
        rule = str(rule)
        href, decisions = _rule_links(rule, ruleset, *site)
        if rule.startswith(HOUSE_RULE):
            href = f"{house}#{clauses.anchor(rule)}"
        shown.append(
            {
                "code": code,
                "label": label,
                "detail": detail,
                "href": href,
                "decisions": decisions,
                "signed": signed(points),
            }
        )
    return shown


@lru_cache(maxsize=1024)
def _rule_links(rule: str, ruleset: str, urlconf: str, prefix: str, language: str) -> tuple[str, tuple]:
    """A clause's address on its rule set's page (a house clause's is the house page's, the
    caller's) and the decisions a line citing it depends on, for the active language (``language``,
    with the URLconf and script prefix, names what they were made for). Worked out once: the rules
    and their decisions do not change while the process runs; nothing changes what is returned."""
    href = (
        ""
        if rule.startswith(HOUSE_RULE)
        else f"{rules_page_url(clauses.page_ruleset(rule))}#{clauses.anchor(rule)}"
    )
    decisions = tuple(
        {"url": decision_url(did, ruleset), "heading": decision_heading(did), "badge": decision_badge(did)}
        for did in clause_decisions(rule)
    )
    return href, decisions


def _item(value, name: str):
    """``value.<name>``, or ``value[name]`` of a result given as its JSON form."""
    return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)


@register.simple_tag
def decision_url(decision_id: str, ruleset: str) -> str:
    return f"{rules_page_url(ruleset)}#{decision_id}"


def _decision_title(decision_id: str) -> str:
    found = clauses.decision(decision_id)
    return found.title_en if _english() else found.title_tr


@register.simple_tag
def decision_badge(decision_id: str) -> str:
    """The badge next to a line whose amount depends on a decision: "Yorum: çift + okey bitişi ×4"."""
    return gettext("Note: {title}").format(title=_decision_title(decision_id))


@register.simple_tag
def decision_heading(decision_id: str) -> str:
    """A decision's heading on the rules page: "Yorum D5: çift + okey bitişi ×4"."""
    return gettext("Note {id}: {title}").format(id=decision_id, title=_decision_title(decision_id))


def _english() -> bool:
    return (get_language() or "tr").startswith("en")


@register.filter
def clause_title(rule_id: str) -> str:
    if str(rule_id).startswith(HOUSE_RULE):
        return gettext("House rule: {number}").format(number=gettext(HOUSE_LABELS[clauses.anchor(rule_id)]))
    try:
        found = clauses.clause(rule_id)
    except LookupError:
        return rule_id
    return found.title_en if _english() else found.title_tr


@register.filter
def clause_decisions(rule_id: str) -> tuple[str, ...]:
    try:
        return clauses.clause(rule_id).decisions
    except LookupError:
        return ()


@register.filter
def localized(obj, field: str) -> str:
    """``obj.<field>_en`` in English, ``obj.<field>_tr`` otherwise (clauses, decisions, rule sets)."""
    return getattr(obj, f"{field}_en" if _english() else f"{field}_tr")


@register.filter
def at(sequence, index: int):
    """``sequence[index]`` in a template."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return ""


@register.filter
def attr_name(player) -> str:
    """The ``name`` of a player result (empty when missing)."""
    return getattr(player, "name", "")


@register.simple_tag
def table_url(name: str, public_id: str) -> str:
    """``{% url 'scorer:<name>' public_id %}`` of one of a table's pages, reversed once per table
    (scorer/tables/addresses.py): ``{% table_url 'hand_preview' game.public_id %}``."""
    return addresses.table_url(name, public_id)


@register.simple_tag
def hand_url(name: str, public_id: str, number: int, position: int) -> str:
    """A hand's address by the number the board shows, with its stored position (``?s=``), so that
    a link made before a delete renumbered the hands still opens its hand
    (scorer/tables/addresses.py): ``{% hand_url 'hand_edit' game.public_id number hand.position %}``."""
    return addresses.hand_url(name, public_id, number, position)
