"""Services of tables: the one place views and commands call to store (Django-Styleguide style),
one module per concern: a table's own writes (``games``), its hands (``hands``), its edit and watch grants
and its edit link (``links``), its version, which every write moves (``versions``), and retention
(``purge``).

Writes are atomic and validate through the engine first: nothing invalid is ever stored.
"""
