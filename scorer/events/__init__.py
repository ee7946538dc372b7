"""Tournaments (turnuva): events of many tables and rounds, their standings, seating and pages.

``rules/`` is pure Python (no Django): the rules of standings and seating behind EVENT_FORMAT.md.
The rest is the web app around it: models, services, selectors, views.
"""
