"""The organizer's actions are form classes: each refusal is named on its field, and crispy lays
them out (no request.POST read by hand)."""

import pytest
from crispy_forms.utils import render_crispy_form

from scorer.events.forms.actions import DecideForm, LateForm, TieBreakForm, TimerForm, WithdrawForm
from scorer.events.models import Entrant
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event, play

pytestmark = pytest.mark.django_db


def tied_table():
    event, _secret = new_event(8, kind="knockout")
    round_start(event=event)
    view = event_standings(event, next_round=False)
    play(view.current[0].games[0], (-101, 12, 12, 202))
    event.refresh_from_db()
    view = event_standings(event, next_round=False)
    return event, view, view.current[0]


def test_deciding_the_cut_with_nobody_ticked_says_so_on_the_choice():
    event, view, table = tied_table()
    form = DecideForm({"version": event.version}, event=event, table=table, entrants=view.data.entrants)
    assert not form.is_valid()
    assert form.errors["chosen"] == ["Kim devam ediyor, işaretleyin: eşitlerden en az biri."]
    html = render_crispy_form(form)
    assert "Barajda eşitlik: kim devam ediyor? Seçin (karar E6)" in html and 'id="cut-1-chosen_0"' in html


def test_a_decision_names_the_entrants_ids_of_the_ticked():
    event, view, table = tied_table()
    data = {"version": event.version, "chosen": [table.tie_at_cut[1]], "note": " yazı tura "}
    form = DecideForm(data, event=event, table=table, entrants=view.data.entrants)
    assert form.is_valid(), form.errors
    chosen = Entrant.objects.get(event=event, name=table.tie_at_cut[1]).pk
    assert form.kwargs() == {"version": event.version, "note": "yazı tura", "chosen": [chosen]}


def test_a_late_arrival_needs_a_name_and_a_team_its_two_players():
    event, _secret = new_event(8)
    form = LateForm({"name": " ", "version": event.version}, event=event)
    assert not form.is_valid() and form.errors["name"] == ["Geç gelenin adını yazın."]
    assert "player_1" not in render_crispy_form(form)
    teams, _secret = new_event(4, partners=True)
    form = LateForm({"player_1": "Zeynep", "version": teams.version}, event=teams)
    assert not form.is_valid() and form.errors["player_2"] == ["Bu oyuncunun adını yazın."]
    form = LateForm({"player_1": "Zeynep", "player_2": "Tuna", "note": "x" * 201}, event=teams)
    assert not form.is_valid() and list(form.errors) == ["note"]
    form = LateForm({"player_1": "Zeynep", "player_2": "Tuna"}, event=teams)
    assert form.is_valid() and form.kwargs()["name"] == "Zeynep – Tuna"


def test_a_withdrawal_names_an_active_entrant_of_the_event():
    event, _secret = new_event(8)
    active = list(event.entrants.all())
    form = WithdrawForm({"entrant": "999999", "reason": "withdrawn"}, event=event, active=active)
    assert not form.is_valid() and list(form.errors) == ["entrant"]
    form = WithdrawForm({"entrant": str(active[2].pk), "reason": "no_show"}, event=event, active=active)
    assert form.is_valid() and form.kwargs()["no_show"] and form.kwargs()["entrant_id"] == active[2].pk


def test_a_tie_break_plays_one_hand_unless_the_organizer_chooses_more():
    event, _view, table = tied_table()
    form = TieBreakForm(event=event, table=table, hand_counts=(1, 2, 3, 5))
    assert form["hands"].value() == 1
    form = TieBreakForm({"hands": "4"}, event=event, table=table, hand_counts=(1, 2, 3, 5))
    assert not form.is_valid() and list(form.errors) == ["hands"]


def test_the_timer_starts_and_adds_only_with_minutes():
    event, _secret = new_event(8)
    form = TimerForm({"action": "start"}, event=event)
    assert not form.is_valid() and form.errors["minutes"] == ["Kaç dakika?"]
    assert TimerForm({"action": "pause"}, event=event).is_valid()
    assert not TimerForm({"action": "explode"}, event=event).is_valid()
