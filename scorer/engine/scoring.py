"""Scores one validated hand: the shared pipeline that asks the rule set at each step.

Each player's lines are built in this order: finish or hand base, opening reward, side-tile
penalties charged to them, fouls, information lines. Team lines (Cezalı 101 Eşli) go on the team.
"""

from .codes import LineCode as C
from .codes import Outcome
from .i18n import _, gettext_noop
from .inputs import NOTHING_LEFT, HandInput, Opened, PlayerInput, record
from .results import HandResult, Line, PlayerResult, TeamResult
from .rulesets import Context, RuleSet
from .thresholds import threshold_warnings
from .tiles import okey_of, parse_tile
from .vocabulary import FLAG_LABELS, FOUL_LABELS, TILE_WORDS, tile_words


def score_input(hand: HandInput) -> HandResult:
    ruleset = hand.ruleset
    ctx = make_context(hand, ruleset)
    lines = [player_lines(ctx, i, player) for i, player in enumerate(hand.players)]
    for taker, player in enumerate(hand.players):
        if player.side_tile is not None:
            lines[hand.previous(taker)].append(side_tile_line(ctx, player))
    players = tuple([PlayerResult.of(hand.players[i].name, tuple(ls)) for i, ls in enumerate(lines)])
    warnings, warning_rules = texts_and_rules(threshold_warnings(hand, ruleset))
    notes, note_rules = texts_and_rules(outcome_notes(ctx))
    return record(
        HandResult,
        (
            ruleset.id,
            ctx.outcome._value_,  # a plain str in results, as in Context.line
            ctx.m,
            players,
            team_results(ctx, players) if hand.partners else (),
            warnings,
            notes,
            warning_rules,
            note_rules,
            ruleset.house,
            ctx.colour,
        ),
    )


def hand_colour(hand: HandInput, ruleset: RuleSet) -> tuple[str, int]:
    """A colour house's (HOUSE_RULES.md ``colours``) gösterge colour and its factor for this hand."""
    colour = hand.indicator.partition("-")[0]
    return colour, ruleset.colours[colour]


MSG_COLOUR = gettext_noop("× {factor} ({colour} gösterge)")
_colour_parts: dict[tuple[str, str, int], tuple[tuple[str, int], str]] = {}
"""The Context's colour parts by the note's words and the colour's word in the language asked, and
the factor (a few per language and house). Keyed by the words themselves: a language may write the
note as English does ("× 3 (mavi gösterge)") and differ only in the colour's word."""


def colour_parts(hand: HandInput, ruleset: RuleSet) -> tuple[tuple[str, int], str]:
    """The Context's colour and the note each multiplied line's detail gets ("" for a factor of 1:
    nothing is multiplied, and a 0-point line is never marked)."""
    name = hand.indicator.partition("-")[0]
    factor = ruleset.colours[name]
    key = (_(MSG_COLOUR), _(TILE_WORDS[name]), factor)  # the words, not the language: the engine knows none
    parts = _colour_parts.get(key)
    if parts is None:
        if len(_colour_parts) > 256:
            _colour_parts.clear()
        note = "" if factor == 1 else " · " + key[0].format(factor=factor, colour=key[1])
        parts = _colour_parts[key] = (name, factor), note
    return parts


def texts_and_rules(items: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``((text, rule), ...)`` as ``((text, ...), (rule, ...))``; most hands have none."""
    if not items:
        return (), ()
    return tuple([text for text, _rule in items]), tuple([rule for _text, rule in items])


UNFINISHED = tuple(Context._field_defaults[name] for name in Context._fields[3:-2])
"""The Context's fields after the outcome and before the colour, for a hand nobody finished: their defaults."""
UNCOLOURED = (None, "")


def make_context(hand: HandInput, ruleset: RuleSet, *, coloured: bool = True) -> Context:
    """The hand's Context: its parts are worked out first, so that no hook ever sees it half-built.
    ``coloured=False``: lines are not multiplied by a colour house's factor (the numbers-only path
    multiplies the totals)."""
    finisher = hand.finisher
    outcome = hand_outcome(hand, ruleset, finisher)
    colour = UNCOLOURED if ruleset.colours is None or not coloured else colour_parts(hand, ruleset)
    if finisher is None:
        return record(Context, (hand, ruleset, outcome, *UNFINISHED, *colour))
    row = ruleset.finish_row(hand.players[finisher])
    m, reasons = ruleset.multiplier(hand, finisher, row)
    partner = hand.partner_of(finisher)  # None without partners
    team_row = ruleset.team_fixed_row(hand, finisher) if partner is not None else None
    team_fixed = team_row.points if team_row is not None else 0
    parts = (hand, ruleset, outcome, finisher, row, partner, m, reasons, team_row, team_fixed, *colour)
    return record(Context, parts)


def hand_outcome(hand: HandInput, ruleset: RuleSet, finisher: int | None) -> Outcome:
    if finisher is not None:
        return Outcome.FINISHED
    if ruleset.draw_when_nobody_opened and not any(p.has_opened for p in hand.players):
        return Outcome.DRAW
    return Outcome.DECK_OUT


def player_lines(ctx: Context, index: int, player: PlayerInput) -> list[Line]:
    rules = ctx.ruleset.rules
    if ctx.outcome is Outcome.DRAW:
        detail = _("table entry refunded") + unscored_note(player.remaining)
        lines = [ctx.line(C.DRAW, 0, _("Draw: nobody opened"), detail, rules.deck_out)]
    elif index == ctx.finisher:
        lines = finish_lines(ctx, player)
    elif ctx.is_finisher_partner(index):
        label = _("Partner finished: no hand base")
        lines = [ctx.line(C.PARTNER_EXEMPT, 0, label, unscored_note(player.remaining)[2:], rules.partners)]
    elif ctx.is_fixed_opponent(index):
        label = _("Hand base replaced by the team's fixed base")
        detail = str(ctx.team_fixed) + unscored_note(player.remaining)
        lines = [ctx.line(C.INFO, 0, label, detail, ctx.team_row.rule)]
    else:
        lines = base_lines(ctx, player)
    if player.first_opening is not None:  # rewards are for the size of a first opening
        lines += ctx.ruleset.reward_lines(ctx, index)
    if player.fouls:
        lines += foul_lines(ctx, index, player)
    return lines


def left_in_hand(points: int, okeys: int, fakes: int) -> str:
    """What was typed as left in hand, in words: "25 + okey × 1 + fake okey × 1" ("" for nothing)."""
    parts = [str(points)] if points else []
    if okeys:
        parts.append(f"{_(TILE_WORDS['okey'])} × {okeys}")
    if fakes:
        parts.append(f"{_(TILE_WORDS['fake'])} × {fakes}")
    return " + ".join(parts)


def unscored_note(remaining) -> str:
    """The "; left in hand, not counted: 25" ending for the 0-point line of a player whose tiles never count."""
    what = left_in_hand(*remaining[:3]) if remaining is not NOTHING_LEFT else ""
    return "; " + _("left in hand, not counted: {what}").format(what=what) if what else ""


def unscored_remaining_lines(ctx: Context, player: PlayerInput) -> list[Line]:
    """SCORING_SPEC §2b: a 0-point info line for what was typed for a player who never opened."""
    points, okeys, fakes, tiles = player.remaining
    if ctx.ruleset.okeys_for_non_openers:
        okeys = 0  # GkOkay charges these (D8): they have their own line
    what = left_in_hand(points, okeys, fakes)
    if not what:
        return []
    label = _("Left in hand, not counted: {what} (a player who never opened pays the fixed {cost})")
    detail = tiles_detail(ctx, player.remaining) if tiles else ""
    rule = ctx.ruleset.rules.not_opened_tiles or ctx.ruleset.rules.not_opened
    return [ctx.line(C.INFO, 0, label.format(what=what, cost=ctx.ruleset.not_opened_cost), detail, rule)]


def finish_lines(ctx: Context, player: PlayerInput) -> list[Line]:
    rules = ctx.ruleset.rules
    row = ctx.row
    lines = [ctx.line(C.FINISH, row.finisher, _(row.label), row.detail, row.rule or rules.finish)]
    for flag in ctx.ruleset.unscored_flags(player):
        label = _("{flag}: not scored in this rule set").format(flag=_(FLAG_LABELS[flag]))
        lines.append(Line(C.INFO.value, 0, label, "", rules.unscored_flag.value))
    return lines


def base_lines(ctx: Context, player: PlayerInput) -> list[Line]:
    """A non-finisher's hand base, itemised: tiles, okeys, pairs doubling, multiplier."""
    rules = ctx.ruleset.rules
    if not player.has_opened:
        cost = ctx.ruleset.not_opened_cost
        lines = [ctx.line(C.NOT_OPENED, cost, _("Never opened"), str(cost), rules.not_opened)]
        factor = ctx.ruleset.non_opener_factor(ctx)
        if factor != 1:
            row = ctx.row
            rule = (
                row.not_opened_rule or row.multiplier_rule or rules.not_opened_multiplier or rules.not_opened
            )
            lines += multiplier_lines(ctx, cost, factor, rule)
        if ctx.ruleset.okeys_for_non_openers:
            lines += okey_lines(ctx, player.remaining.okeys, 0, rules.non_opener_okey or rules.okey_in_hand)
        if player.remaining is not NOTHING_LEFT and any(player.remaining[:3]):
            lines += unscored_remaining_lines(ctx, player)
        return lines
    remaining = player.remaining
    pairs_opener = player.opened is Opened.PAIRS
    tiles_rule = rules.pairs_tiles if pairs_opener and rules.pairs_tiles else rules.tiles
    lines = [ctx.line(C.TILES, remaining.points, _("Tiles left"), tiles_detail(ctx, remaining), tiles_rule)]
    value, fakes, pairs, m = opener_value(ctx, player)
    lines += okey_lines(ctx, remaining.okeys, fakes, rules.okey_in_hand)
    if pairs == 2:
        label = _("Opened with pairs: hand value doubled")
        lines.append(ctx.line(C.PAIRS_DOUBLE, value, label, f"{value} × 2 = {value * 2}", rules.pairs_double))
        value *= 2
    if pairs_opener and ctx.ruleset.pairs_double and pairs * m < 2 * ctx.m:
        lines.append(pairs_not_stacked_line(ctx, pairs))
    if m == 1 or value == 0:
        return lines
    row = ctx.row
    rule = (
        (pairs_opener and row.pairs_multiplier_rule)
        or row.multiplier_rule
        or (rules.pairs_multiplier if pairs_opener else None)
        or rules.multiplier
    )
    return lines + multiplier_lines(ctx, value, m, rule)


def opener_value(ctx: Context, player: PlayerInput) -> tuple[int, int, int, int]:
    """An opener's hand value before any factor (tiles and the okeys that cost 101), the fake okeys
    counted in it, and the (pairs factor, multiplier) on it: the hand base is their product."""
    remaining = player.remaining
    fakes = remaining.fake_okeys if ctx.ruleset.fake_okey_penalty else 0
    pairs, m = ctx.ruleset.base_factors(ctx, player)
    return remaining.points + ctx.ruleset.okey_cost * (remaining.okeys + fakes), fakes, pairs, m


def pairs_not_stacked_line(ctx: Context, pairs: int) -> Line:
    """Cezalı: the pairs ×2 and the finish multiplier are not multiplied together; say which one applied."""
    rule = ctx.ruleset.rules.pairs_multiplier or ctx.ruleset.rules.multiplier
    if pairs == 2:  # the finish ×2 equals the pairs ×2: only one of them counts
        label = _("Finish ×2 not added: the pairs ×2 and the finish ×2 are not multiplied together")
        return ctx.line(C.INFO, 0, label, _("×2, not ×{stacked}").format(stacked=2 * ctx.m), rule)
    label = _("Pairs ×2 not added: only the larger multiplier applies")
    return ctx.line(C.INFO, 0, label, f"×{ctx.m} > ×2", rule)


def okey_lines(ctx: Context, okeys: int, fakes: int, rule) -> list[Line]:
    cost = ctx.ruleset.okey_cost
    lines = []
    if okeys:
        label = _("Real okey left in hand")
        lines.append(ctx.line(C.OKEY_IN_HAND, cost * okeys, label, f"{okeys} × {cost}", rule))
    if fakes:
        label = _("Fake okey left in hand")
        lines.append(ctx.line(C.OKEY_IN_HAND, cost * fakes, label, f"{fakes} × {cost}", rule))
    return lines


def multiplier_lines(ctx: Context, base: int, m: int, rule) -> list[Line]:
    if m == 1 or base == 0:
        return []
    detail = f"{base} × {m} = {base * m}"
    if ctx.reasons:
        detail += f" ({', '.join(ctx.reasons)})"
    return [ctx.line(C.MULTIPLIER, base * (m - 1), _("Finish multiplier"), detail, rule)]


def tiles_detail(ctx: Context, remaining) -> str:
    """The tiles of the sum, then the real okeys kept visibly out of it: "red 3, fake okey (7) = 10 · black 7 (okey)"."""
    if not remaining.tiles:
        return str(remaining.points)
    okey = okey_of(parse_tile(ctx.hand.indicator))
    okey_name = str(okey)
    counted, okeys = [], []
    for tile in remaining.tiles:
        if tile == "okey" or tile == okey_name:
            okeys.append(_("{tile} (okey)").format(tile=tile_words(okey_name)))
        elif tile == "fake":
            counted.append(f"{tile_words(tile)} ({okey.number})")
        else:
            counted.append(tile_words(tile))
    detail = f"{', '.join(counted)} = {remaining.points}" if counted else str(remaining.points)
    return " · ".join([detail, *okeys])


FOUL_CODES = {kind: C(f"foul_{kind}") for kind in FOUL_LABELS}


def foul_lines(ctx: Context, index: int, player: PlayerInput) -> list[Line]:
    rules = ctx.ruleset.rules
    if ctx.ruleset.fouls_waived(ctx, index):
        detail = ", ".join(f"{_(FOUL_LABELS[k])} × {n}" for k, n in player.fouls.items())
        return [
            ctx.line(
                C.FOULS_WAIVED,
                0,
                _("Fouls not written for the finishing side"),
                detail,
                rules.fouls["waived"],
            )
        ]
    own_rule = rules.finisher_fouls if index == ctx.finisher else None
    cost = ctx.ruleset.foul_cost
    return [
        ctx.line(
            FOUL_CODES[kind],
            cost * count,
            _(FOUL_LABELS[kind]),
            f"{count} × {cost}",
            own_rule or rules.fouls[kind],
        )
        for kind, count in player.fouls.items()
    ]


def side_tile_factor(ctx: Context, taker: PlayerInput) -> int:
    """What the side tile's value is multiplied by for its discarder: ×10 for sets, ×20 for pairs."""
    sets_factor, pairs_factor = ctx.ruleset.side_tile_factors
    return pairs_factor if taker.opened is Opened.PAIRS else sets_factor


def side_tile_line(ctx: Context, taker: PlayerInput) -> Line:
    factor = side_tile_factor(ctx, taker)
    label = _("{name} opened with your discard").format(name=taker.name)
    value = taker.side_tile
    return ctx.line(
        C.SIDE_TILE_PENALTY, value * factor, label, f"{value} × {factor}", ctx.ruleset.rules.side_tile
    )


def team_results(ctx: Context, players: tuple[PlayerResult, ...]) -> tuple[TeamResult, ...]:
    teams = []
    for team in (0, 1):
        lines = ()
        if ctx.team_fixed and team != ctx.finisher % 2:
            label = _("Fixed team base (instead of hand bases)")
            row = ctx.team_row
            lines = (ctx.line(C.TEAM_FIXED_BASE, row.points, label, _(row.label), row.rule),)
        members = (team, team + 2)
        teams.append(record(TeamResult, (members, players[team].total + players[team + 2].total, lines)))
    return tuple(teams)


def outcome_notes(ctx: Context) -> tuple[tuple[str, str], ...]:
    """What the table is told about a hand without a finisher, with the deck-out clause it rests on."""
    if ctx.outcome is Outcome.FINISHED:
        return ()
    rule = ctx.ruleset.rules.deck_out.value
    if ctx.outcome is Outcome.DRAW:
        text = _(
            "Nobody opened before the wall ran out: the hand is a draw and the table entry is refunded. Fouls still count."
        )
        return ((text, rule),)
    text = ctx.ruleset.deck_out_text()
    return ((text, rule),) if text else ()
