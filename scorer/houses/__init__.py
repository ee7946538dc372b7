"""House rule sets in the app (HOUSE_RULES.md, docs/house-rules.md): a published rule set with a
table's own numbers, made on the house rules page, shared by a short code, and played by tables,
events and clubs, each of which keeps a frozen copy of the version it plays."""
