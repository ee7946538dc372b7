"""Services of tournaments: every write of the organizer's pages, each ``<noun>_<verb>`` with
keyword-only arguments, one module per stage of an event's life: ``creation`` (a new event, an
import), ``entrants`` (late arrivals, withdrawals), ``rounds`` (seating), ``tables`` (a round's tables:
closing, decisions at the cut, a match's next game) and ``finish``; the event's rights: its organizer
link (``links``) and its table cards (``cards``); ``base`` is what they share.
"""
