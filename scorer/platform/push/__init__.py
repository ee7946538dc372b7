"""Changes pushed to every open page as server-sent events, rendered once per change.

A write publishes its topic (``"table:12"``, ``"event:3"``) once its transaction commits
(``changes.py``). Each app-server process holds one hub (``hub.py``): it learns of changes from
one listener for the whole process (``backends.py``: Redis pub/sub when ``REDIS_URL`` is set, else
PostgreSQL ``LISTEN/NOTIFY`` on PostgreSQL, else, on the embedded SQLite default, by reading the
stamps of the topics it has open) and wakes the streams of that topic in this process. A woken
stream (``stream.py``) asks its topic for the current part of its *variant* (language and role,
from its ``Feed``, ``parts.py``): the first asker renders it, every other stream of the topic in
this process gets the same bytes (``topics.py``; with Redis, one process of all renders a part
the viewers share: scorer/platform/sharedpart.py). Nothing here knows tables or events: they
register a ``Kind`` (scorer/tables/push.py, scorer/events/push.py).

What the rest of the app uses is re-exported here.
"""

from scorer.platform.push.changes import publish, send
from scorer.platform.push.hub import Hub, end_streams, shutdown
from scorer.platform.push.parts import (
    KINDS,
    PUSHED_CSRF_TOKEN,
    Elsewhere,
    Feed,
    Gone,
    Kind,
    Part,
    register,
    topic_name,
)
from scorer.platform.push.stream import message_text, stream_response
from scorer.platform.push.topics import Subscriber, Topic

__all__ = [
    "KINDS",
    "PUSHED_CSRF_TOKEN",
    "Elsewhere",
    "Feed",
    "Gone",
    "Hub",
    "Kind",
    "Part",
    "Subscriber",
    "Topic",
    "end_streams",
    "message_text",
    "publish",
    "register",
    "send",
    "shutdown",
    "stream_response",
    "topic_name",
]
