"""Views of tournaments: the organizer's pages (organizer.py), exports and import (exports.py), and
the public standings and venue display (public.py)."""
