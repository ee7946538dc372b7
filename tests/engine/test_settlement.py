"""The stake settled (scorer/engine/settlement.py): the pot, the cut, the winners' split, who pays
whom, and the LOCA draw's refund; every amount in hundredths, the payments adding up exactly."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import score_game_data
from scorer.engine.settlement import (
    BASIS_POINTS,
    TABLE,
    Payment,
    Stake,
    settle,
    settle_game,
    split,
    winning_seats,
)
from tests.support.depth import examples

NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]


@pytest.mark.parametrize(
    ("stake", "players", "winners", "cut", "gets"),
    [
        # one winner takes the prize: 4 × 50.00 = 200.00, 10 % to the table
        (Stake(5000, cut_percent=1000), 4, (2,), 2000, (0, 0, 18000, 0)),
        # a fixed cut
        (Stake(5000, cut_amount=1250), 4, (0,), 1250, (18750, 0, 0, 0)),
        # a fixed cut larger than the pot takes the pot, no more
        (Stake(100, cut_amount=1000), 2, (1,), 200, (0, 0)),
        # no cut: the winner takes every entry (GkOkay: "ödülün tamamını alır")
        (Stake(1000), 3, (1,), 0, (0, 3000, 0)),
        # a tie splits evenly; 3 × 1.00 = 3.00 less 10 % = 2.70 → 1.35 each
        (Stake(100, cut_percent=1000), 3, (0, 2), 30, (135, 0, 135)),
        # a percentage is rounded down: 12.5 % of 3 × 0.33 = 0.12375 → 0.12
        (Stake(33, cut_percent=1250), 3, (0,), 12, (87, 0, 0)),
        # the hundredths left over go to the first winners in seat order: 10.01 / 3
        (Stake(1001), 1 + 2, (2, 0, 1), 0, (1001, 1001, 1001)),
        (Stake(1000, cut_amount=1), 4, (1, 2, 3), 1, (0, 1333, 1333, 1333)),
        (Stake(1000, cut_amount=2), 4, (3, 1, 2), 2, (0, 1333, 1333, 1332)),
        # nobody won (everyone level): the prize goes back to everyone, less the cut
        (Stake(1000, cut_percent=1000), 4, (), 400, (900, 900, 900, 900)),
    ],
)
def test_the_prize_is_the_pot_less_the_cut_split_evenly_among_the_winners(stake, players, winners, cut, gets):
    settled = settle(stake, players=players, winners=winners)
    assert settled.pot == stake.entry * players
    assert settled.cut == cut
    assert settled.gets == gets
    assert sum(settled.gets) == settled.prize == settled.pot - cut


def test_losers_pay_the_winners_in_seat_order_then_the_table_its_cut():
    settled = settle(Stake(5000, cut_percent=1000), players=4, winners=(1, 3))
    # 200.00 pot, 20.00 cut, 180.00 → 90.00 each: Bora and Deniz are up 40.00
    assert settled.nets == (-5000, 4000, -5000, 4000)
    assert settled.payments == (
        Payment(0, 1, 4000),
        Payment(0, 3, 1000),
        Payment(2, 3, 3000),
        Payment(2, TABLE, 2000),
    )


def test_a_winner_whose_share_is_below_the_entry_pays_too():
    settled = settle(Stake(1000, cut_percent=9000), players=2, winners=(0,))  # 90 % to the table
    assert settled.gets == (200, 0)
    assert settled.nets == (-800, -1000)
    assert settled.payments == (Payment(0, TABLE, 800), Payment(1, TABLE, 1000))


def test_nobody_pays_when_everyone_is_level_and_nothing_is_cut():
    assert settle(Stake(500), players=3, winners=()).payments == ()


def test_a_refund_gives_every_entry_back_and_takes_no_cut():
    settled = settle(Stake(5000, cut_percent=1000), players=4, winners=(0,), refunded=True)
    assert settled.refunded and settled.cut == 0 and settled.winners == ()
    assert settled.nets == (0, 0, 0, 0) and settled.payments == ()


def test_a_winning_team_is_both_of_its_players():
    assert winning_seats((0,), players=4, partners=True) == (0, 2)
    assert winning_seats((0, 1), players=4, partners=True) == (0, 1, 2, 3)
    assert winning_seats((1, 2), players=3, partners=False) == (1, 2)


def game(ruleset: str, hands: list[list[dict]], planned: int, options: dict | None = None):
    players = NAMES[: len(hands[0])]
    document = {
        "ruleset": ruleset,
        "options": options or {},
        "players": players,
        "hands_planned": planned,
        "hands": [{"players": hand} for hand in hands],
    }
    return score_game_data(document)


FINISH = {"opened": "sets", "finished": True}


def opened(points: int) -> dict:
    return {"opened": "sets", "remaining": {"points": points}}


def test_a_kerizim_game_splits_its_gold_among_its_winners_after_the_cut():
    result = game(
        "kerizim",
        [[FINISH, opened(20), opened(5)], [opened(15), FINISH, opened(30)], [opened(10), opened(20), FINISH]],
        planned=3,
    )
    assert result.totals == (-76, -61, -66)
    settled = settle_game(Stake(1000, cut_percent=1000, unit="altın"), result, players=3, partners=False)
    assert settled.winners == (0,) and settled.gets == (2700, 0, 0)
    assert settled.nets == (1700, -1000, -1000)


def test_a_game_still_played_is_not_settled_yet():
    result = game("kerizim", [[FINISH, opened(20), opened(5)]], planned=3)
    assert settle_game(Stake(1000), result, players=3, partners=False) is None


def test_a_loca_draw_refunds_the_table_entry():
    """LOCA: "HİÇ KİMSE açamadıysa el BERABEREdir: elde kalanlar sayılmaz, masa girişi iade edilir."
    Refunded as soon as the draw is on the sheet, whatever the other hands."""
    nobody = [{"opened": "none"}] * 4
    result = game("loca", [[FINISH, opened(20), opened(5), opened(9)], nobody], planned=3)
    settled = settle_game(Stake(5000, cut_percent=1000), result, players=4, partners=False)
    assert settled.refunded and settled.gets == (5000,) * 4 and settled.payments == ()
    # a wall run out after somebody opened is no draw: the entry is not refunded
    deck_out = [opened(10), {"opened": "none"}, {"opened": "none"}, {"opened": "none"}]
    result = game("loca", [[FINISH, opened(20), opened(5), opened(9)], deck_out], planned=2)
    assert not settle_game(Stake(5000), result, players=4, partners=False).refunded


def test_an_eşli_game_pays_both_players_of_the_winning_team():
    result = game("loca", [[FINISH, opened(20), opened(5), opened(9)]], planned=1, options={"partners": True})
    settled = settle_game(Stake(2500), result, players=4, partners=True)
    assert settled.winners == (0, 2) and settled.gets == (5000, 0, 5000, 0)


def test_a_stake_is_kept_and_read_back_as_stored():
    for stake in (Stake(5000), Stake(5000, cut_percent=1000, unit="₺"), Stake(1, cut_amount=0, unit="altın")):
        assert Stake.from_stored(stake.stored()) == stake
    assert Stake.from_stored(None) is None
    assert Stake.from_stored({"entry": 0}) is None
    assert Stake.from_stored({"entry": "50"}) is None


@settings(max_examples=examples(2000))
@given(
    entry=st.integers(1, 10**9),
    players=st.integers(2, 4),
    winners=st.sets(st.integers(0, 3)),
    percent=st.one_of(st.none(), st.integers(0, BASIS_POINTS)),
    amount=st.one_of(st.none(), st.integers(0, 10**9)),
)
def test_the_payments_add_up_exactly(entry, players, winners, percent, amount):
    stake = Stake(entry, cut_percent=percent, cut_amount=None if percent is not None else amount)
    winners = {seat for seat in winners if seat < players}
    settled = settle(stake, players=players, winners=winners)
    assert sum(settled.gets) + settled.cut == settled.pot
    if percent is not None:
        assert settled.cut == settled.pot * percent // BASIS_POINTS  # rounded down
    shares = [settled.gets[seat] for seat in settled.winners]
    assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)
    # every player pays or gets exactly their net, the table gets exactly its cut
    for seat, net in enumerate(settled.nets):
        paid = sum(p.amount for p in settled.payments if p.payer == seat)
        got = sum(p.amount for p in settled.payments if p.payee == seat)
        assert got - paid == net and (paid == 0 or got == 0)
    assert sum(p.amount for p in settled.payments if p.payee is TABLE) == settled.cut
    assert all(p.amount > 0 for p in settled.payments)
    assert len(settled.payments) <= max(players + (1 if settled.cut else 0) - 1, 0)


@pytest.mark.parametrize(
    ("amount", "seats", "shares"), [(7, (0, 1, 2), (3, 2, 2)), (2, (3, 1), (0, 1, 0, 1))]
)
def test_what_does_not_divide_goes_to_the_first_seats(amount, seats, shares):
    assert split(amount, seats, len(shares)) == shares
