"""The forms of tournaments: a new event and its import (``creation``), the organizer's actions
(``actions``), and the public side's card code and seat search (``public``). They validate and lay
out; the rules and the services decide.
"""
