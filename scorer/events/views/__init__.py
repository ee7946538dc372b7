"""Views of tournaments: the organizer's pages, and the public standings and venue display (public.py)."""
