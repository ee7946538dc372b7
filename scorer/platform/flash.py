"""Flash messages ("Hand 3 saved.") that can never grow a cookie without bound.

Django's default storage spills what does not fit its cookie into the session; the session is a
signed cookie too, so a device that created many tables without reading their messages grew its
cookies past what servers accept (gunicorn answers 431 to every request: the device is locked
out). Here the messages live in their own cookie only, and only the latest few are kept: older
unread ones, and repeats of the same message, are dropped.
"""

from django.contrib.messages.storage.cookie import CookieStorage

MAX_MESSAGES = 3


class LatestMessagesStorage(CookieStorage):
    """Cookie-only message storage keeping the latest :data:`MAX_MESSAGES` distinct messages."""

    max_cookie_size = 2048

    def _store(self, messages, response, *args, **kwargs):
        latest = []
        for message in reversed(messages):
            if len(latest) == MAX_MESSAGES:
                break
            if all(str(message) != str(kept) or message.level != kept.level for kept in latest):
                latest.append(message)
        latest.reverse()
        super()._store(latest, response, remove_oldest=True)
        return []  # what did not fit is dropped, never moved to the session
