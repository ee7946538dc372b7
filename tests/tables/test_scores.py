"""A table's kept totals (``Game.scores``, scorer/tables/scores.py) equal a full re-score after
every change: hands stored, corrected, deleted and restored in random order, on tables of plain,
partners, three-player and house rule sets (a colour house among them); what the board, the
event's standings and ``manage.py repair_tables`` read of them."""

import io

import pytest
from django.core.management import call_command
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorer.engine import InvalidInput, get_ruleset, score_game
from scorer.houses.played import HouseCopy
from scorer.models import Game, Hand
from scorer.tables import scores, selectors
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from tests.support.depth import examples
from tests.support.strategies import NAMES, NUMBERED, draw_players

pytestmark = pytest.mark.django_db

COLOUR_HOUSE = {
    "base": "loca",
    "name": "Renkli ev",
    "values": {"not_opened": 150, "okey_in_hand": 50},
    "colours": {"red": 2, "blue": 1, "black": 3, "yellow": 1},
}
HOUSE = {"base": "kerizim", "values": {"foul": 200, "finish": {"normal": -150}}}
TABLES = (
    ("loca", {}, 4, None),
    ("loca-cezali", {"partners": True}, 4, None),
    ("gkokay", {}, 3, None),
    ("kerizim", {"partners": True}, 4, HOUSE),
    ("loca", {}, 4, COLOUR_HOUSE),
)


def full_rescore(game: Game) -> tuple[dict, tuple, tuple]:
    """What the table keeps, and its totals, worked out from its stored hands alone."""
    hands = list(game.hands.live())
    result = score_game(selectors.game_document(game, hands))
    return scores.rescored(game, hands), result.totals, result.team_totals


class TableChanges(RuleBasedStateMachine):
    """One table; each step a change through the services, then the kept totals checked."""

    @initialize(table=st.sampled_from(TABLES))
    def open_table(self, table):
        ruleset, options, count, house = table
        self.ruleset, self.options, self.colours = ruleset, options, bool(house and "colours" in house)
        self.game, _secret = game_create(
            ruleset=ruleset,
            options=options,
            players=list(NAMES[:count]),
            hands_planned=min(get_ruleset(ruleset).hand_counts, key=lambda n: abs(n - 6)),
            house=HouseCopy(house, "", 0) if house else None,
        )
        self.count = count

    def hand(self, data) -> dict:
        players, indicator = draw_players(data.draw, self.ruleset, self.options, self.count)
        if self.colours and indicator is None:
            indicator = data.draw(st.sampled_from(NUMBERED))
        return {"players": players} | ({"indicator": indicator} if indicator else {})

    def live(self) -> list[Hand]:
        return list(Hand.objects.filter(game=self.game, deleted_at__isnull=True).order_by("position"))

    def deleted(self) -> list[Hand]:
        return list(Hand.objects.filter(game=self.game, deleted_at__isnull=False).order_by("position"))

    @rule(data=st.data())
    def store(self, data):
        try:
            hand_record(game=Game.objects.get(pk=self.game.pk), data=self.hand(data))
        except InvalidInput:  # every planned hand played
            assert len(self.live()) >= self.game.hands_planned

    @precondition(lambda self: Hand.objects.filter(game=self.game, deleted_at__isnull=True).exists())
    @rule(data=st.data())
    def correct(self, data):
        hand = data.draw(st.sampled_from(self.live()))
        hand_update(hand=hand, data=self.hand(data), version=hand.version)

    @precondition(lambda self: Hand.objects.filter(game=self.game, deleted_at__isnull=True).exists())
    @rule(data=st.data())
    def delete(self, data):
        hand_delete(hand=data.draw(st.sampled_from(self.live())))

    @precondition(lambda self: Hand.objects.filter(game=self.game, deleted_at__isnull=False).exists())
    @rule(data=st.data())
    def restore(self, data):
        try:
            hand_restore(hand=data.draw(st.sampled_from(self.deleted())))
        except InvalidInput:  # no room for it
            assert len(self.live()) >= self.game.hands_planned

    @invariant()
    def kept_totals_equal_a_full_rescore(self):
        game = Game.objects.get(pk=self.game.pk)
        wanted, totals, teams = full_rescore(game)
        assert game.scores == wanted
        board = selectors.game_board(game)
        assert not board.errors
        assert (board.result.totals, board.result.team_totals) == (totals, teams)
        assert all(scores.kept(game, row.hand) is not None for row in board.rows)  # nothing scored again


TableChanges.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=12, deadline=None)


def test_the_kept_totals_equal_a_full_rescore_after_any_changes():
    TableChanges.TestCase().runTest()


def played_table(hands: int = 3) -> Game:
    game, _secret = game_create(ruleset="loca", options={}, players=list(NAMES), hands_planned=11)
    for seat in range(hands):
        hand_record(game=game, data=finishing(seat))
    return Game.objects.get(pk=game.pk)


def finishing(seat: int) -> dict:
    players = [{"opened": "sets", "remaining": {"points": 10 + k}} for k in range(4)]
    players[seat] = {"opened": "sets", "finished": True}
    return {"players": players}


def test_a_hand_without_kept_totals_is_scored_on_the_spot():
    game = played_table()
    totals = selectors.game_board(game).result.totals
    Game.objects.filter(pk=game.pk).update(scores={})
    bare = Game.objects.get(pk=game.pk)
    assert selectors.game_board(bare).result.totals == totals


def test_the_board_shows_the_kept_totals_not_a_rescore():
    """The board reads what is kept: a kept total nobody re-scores is what it shows (which is why a
    drift must be found and mended by repair_tables)."""
    game = played_table()
    drifted = dict(game.scores)
    first = drifted["1"]
    drifted["1"] = [first[0], [first[1][0] + 7, *first[1][1:]], first[2], first[3]]
    Game.objects.filter(pk=game.pk).update(scores=drifted)
    board = selectors.game_board(Game.objects.get(pk=game.pk))
    assert board.result.totals[0] == full_rescore(game)[1][0] + 7


def run_repair(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("repair_tables", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_repair_tables_check_finds_a_drift_and_repair_mends_it():
    sound, game = played_table(), played_table(2)
    drifted = dict(game.scores)
    drifted["2"] = [drifted["2"][0], [0, 0, 0, 0], [], drifted["2"][3]]
    Game.objects.filter(pk=game.pk).update(scores=drifted)
    version = Game.objects.get(pk=game.pk).version

    status, out, _err = run_repair("--check")
    assert status != 0
    assert game.public_id in out and sound.public_id not in out
    assert Game.objects.get(pk=game.pk).scores == drifted  # --check changes nothing

    status, out, _err = run_repair()
    assert status == 0 and game.public_id in out
    repaired = Game.objects.get(pk=game.pk)
    assert repaired.scores == full_rescore(repaired)[0]
    assert repaired.version > version  # its viewers' cached board is not served again
    assert run_repair("--check")[0] == 0


def test_repair_tables_check_passes_when_nothing_drifted():
    played_table()
    status, _out, err = run_repair("--check")
    assert status == 0 and "0 table(s)" in err
