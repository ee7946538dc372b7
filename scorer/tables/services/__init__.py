"""Services of tables: the one place views and commands call to store (Django-Styleguide style),
one module per concern: a table's own writes (``games``), its hands (``hands``), its facts
(``facts``), its edit and watch grants and its edit link (``links``), and retention (``purge``).
Each write names what it changed to scorer/tables/freshness.py, which moves the versions of the
pages it makes stale.

Writes are atomic and validate through the engine first: nothing invalid is ever stored.
"""
