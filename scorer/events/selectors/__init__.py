"""Read side of tournaments, one module per kind of read: the event's rows and its event document
(``document``), where a table sits in its event (``place``), and the standings and tables' progress
the pages show (``standings``). Selectors never write.
"""
