"""The ``fragments`` cache's backend: Django's local-memory cache without its memcached key check.

Django's ``LocMemCache`` checks every key at every read and write for what memcached would refuse
(longer than 250 characters, spaces, control characters) and warns: a third of its own read of
a kept part (``{% sharedpart %}``; a live preview reads four cards). The ``fragments`` cache is always
this process's memory (never memcached nor Redis), and its keys are ``shared_part``'s, made of
key-safe words and digests (scorer/platform/sharedpart.py), so the check is left out. Everything
else is Django's: the values pickled, the least recently used culled past ``MAX_ENTRIES``.
"""

from django.core.cache.backends.locmem import LocMemCache


class FragmentsLocMemCache(LocMemCache):
    def validate_key(self, key: str) -> None:
        """Nothing to check: the keys never reach memcached."""
