"""Changes pushed as server-sent events (scorer/platform/push/): what a stream sends, when, to
whom, rendered how often, and how the processes learn of changes (Redis, PostgreSQL, stamps).

The streams here are read in the test's own thread (the test client iterates the WSGI generator):
a change is made, announced with ``push.send`` (a test's transaction never commits, so its
on-commit publish never runs: that is checked apart), and the next event is read.
"""

import re
import threading
import time

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorer.engine import InvalidInput
from scorer.events.models import EventGame, EventGrant
from scorer.models import Grant
from scorer.platform import push
from scorer.tables import push as table_push
from scorer.tables.services.games import game_plan
from scorer.tables.services.hands import hand_delete, hand_record
from scorer.tables.services.links import game_link_rotate
from tests.support.aio import run_apart
from tests.support.eventdb import new_event, play
from tests.support.factories import claim, finisher_alone, new_table
from tests.support.services import redis_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_heartbeat(monkeypatch):
    """A stream with nothing to send says so at once (": ping") instead of in 15 s."""
    monkeypatch.setattr(push.stream, "HEARTBEAT_SECONDS", 0.05)


def capture_sends(monkeypatch, record) -> None:
    """``push.send`` as the tables and events call it, and as the push's own modules do."""
    monkeypatch.setattr(push, "send", record)
    monkeypatch.setattr(push.changes, "send", record)


class Stream:
    """The events of one open stream, read one at a time."""

    def __init__(self, response) -> None:
        assert response.status_code == 200, response.status_code
        self.response = response
        self.chunks = iter(response.streaming_content)

    def next(self) -> dict:
        text = next(self.chunks).decode()
        if text.startswith(":"):
            return {"comment": text.strip()}
        fields: dict = {"data": []}
        for line in text.strip("\n").split("\n"):
            name, _, value = line.partition(": ")
            if name == "data":
                fields["data"].append(value)
            else:
                fields[name.rstrip(":")] = value
        fields["data"] = "\n".join(fields["data"])
        return fields

    def next_part(self) -> dict:
        """The next event that is not a heartbeat."""
        for _ in range(50):
            event = self.next()
            if "comment" not in event:
                return event
        raise AssertionError("no event after 50 heartbeats")

    def close(self) -> None:
        self.response.close()


def open_stream(client: Client, path: str, **headers) -> Stream:
    stream = Stream(client.get(path, **headers))
    hello = stream.next()
    assert hello == {"data": "", "retry": "1000", "event": "hello"}
    return stream


def board_stream_url(game) -> str:
    return reverse("scorer:board_stream", args=[game.public_id])


def version_of(event: dict) -> int:
    return int(event["id"].split("-")[0])


def test_a_board_stream_sends_the_current_board_then_each_change_with_its_version():
    game, _secret = new_table(hands_planned=3)
    stream = open_stream(Client(), board_stream_url(game))
    first = stream.next_part()
    assert first["event"] == "board"
    assert first["id"] == f"{game.version}-tr-view"
    assert 'id="board-live"' in first["data"] and "data-live-poll" in first["data"]
    assert 'data-hands-played="0"' in first["data"]

    hand_record(game=game, data=finisher_alone())
    push.send([table_push.topic(game.pk)])
    second = stream.next_part()
    assert version_of(second) == version_of(first) + 1
    assert 'data-hands-played="1"' in second["data"]
    stream.close()


def test_the_stream_is_never_cached_nor_buffered_by_a_proxy():
    game, _secret = new_table()
    response = Client().get(board_stream_url(game))
    assert response["Content-Type"] == "text/event-stream; charset=utf-8"
    assert response["Cache-Control"] == "no-store"
    assert response["X-Accel-Buffering"] == "no"
    response.close()


@pytest.mark.parametrize("how", ["header", "query"])
def test_a_reconnect_showing_the_current_state_gets_nothing_until_the_next_change(how):
    game, _secret = new_table(hands_planned=3)
    shown = f"{game.version}-tr-view"
    client = Client()
    if how == "header":
        stream = open_stream(client, board_stream_url(game), HTTP_LAST_EVENT_ID=shown)
    else:
        stream = open_stream(client, f"{board_stream_url(game)}?v={shown}")
    assert stream.next() == {"comment": ": ping"}
    before = game.version
    hand_record(game=game, data=finisher_alone())
    push.send([table_push.topic(game.pk)])
    assert version_of(stream.next_part()) == before + 1
    stream.close()


def test_a_reconnect_that_missed_changes_gets_the_current_state_at_once():
    game, _secret = new_table(hands_planned=3)
    before = game.version
    shown = f"{before}-tr-view"
    hand_record(game=game, data=finisher_alone())
    hand_record(game=game, data=finisher_alone(1))
    stream = open_stream(Client(), board_stream_url(game), HTTP_LAST_EVENT_ID=shown)
    current = stream.next_part()
    assert version_of(current) == before + 2
    assert 'data-hands-played="2"' in current["data"]
    stream.close()


def test_viewers_of_one_table_share_one_render_per_change(monkeypatch):
    from scorer.tables.views import board

    # Only this test's changes wake the streams (no listener, no stamp reads of its own).
    monkeypatch.setattr(push.hub, "_hub", push.Hub("poll", poll=False))
    game, _secret = new_table(hands_planned=3)
    renders = []
    real = board.viewer_part
    monkeypatch.setattr(
        board, "viewer_part", lambda *args, **kwargs: renders.append(args[2]) or real(*args, **kwargs)
    )
    streams = [open_stream(Client(), board_stream_url(game)) for _ in range(3)]
    firsts = [stream.next_part() for stream in streams]
    assert len({event["data"] for event in firsts}) == 1
    assert len(renders) == 1
    hand_record(game=game, data=finisher_alone())
    push.send([table_push.topic(game.pk)])
    seconds = [stream.next_part() for stream in streams]
    assert len({(event["id"], event["data"]) for event in seconds}) == 1
    assert len(renders) == 2
    for stream in streams:
        stream.close()


def test_a_language_gets_its_own_part():
    game, _secret = new_table()
    turkish = open_stream(Client(), board_stream_url(game)).next_part()
    english = open_stream(Client(HTTP_ACCEPT_LANGUAGE="en"), board_stream_url(game)).next_part()
    assert turkish["id"].endswith("-tr-view") and "Oynanan el" in turkish["data"]
    assert english["id"].endswith("-en-view") and "Hands played" in english["data"]


def test_the_scorekeepers_phones_get_the_edit_controls_with_a_token_the_page_replaces():
    game, secret = new_table(hands_planned=3)
    hand_record(game=game, data=finisher_alone())
    game.refresh_from_db()
    phone = claim(Client(), game, secret)
    part = open_stream(phone, board_stream_url(game)).next_part()
    assert part["id"].endswith("-edit")
    assert reverse("scorer:hand_edit", args=[game.public_id, 1]) in part["data"]
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', part["data"])
    assert tokens and set(tokens) == {push.PUSHED_CSRF_TOKEN}


def test_a_phone_whose_edit_link_was_replaced_gets_the_viewers_board():
    game, secret = new_table(hands_planned=3)
    phone = claim(Client(), game, secret)
    claim(Client(), game, secret)  # another phone
    stream = open_stream(phone, board_stream_url(game))
    assert stream.next_part()["id"].endswith("-edit")
    device = Grant.objects.filter(game=game, kind=Grant.EDIT).order_by("-pk")[0].device  # the other phone's
    game_link_rotate(game=game, device=device)
    push.send([table_push.topic(game.pk)])
    part = stream.next_part()
    assert part["id"].endswith("-view")
    assert "csrfmiddlewaretoken" not in part["data"]
    stream.close()


def test_an_unknown_table_has_no_stream_and_a_purged_one_ends_it():
    assert Client().get("/masa/xxxxxxxxxxxxxxxx/akis/").status_code == 404
    game, _secret = new_table()
    stream = open_stream(Client(), board_stream_url(game))
    stream.next_part()
    game.delete()
    push.send([table_push.topic(game.pk)])
    with pytest.raises(StopIteration):
        stream.next_part()


def test_every_write_of_a_table_publishes_it_once_committed(django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    capture_sends(monkeypatch, lambda names: sent.append(list(names)))
    game, _secret = new_table(hands_planned=3)
    with django_capture_on_commit_callbacks(execute=True):
        stored = hand_record(game=game, data=finisher_alone())
    assert sent == [[table_push.topic(game.pk)]]
    with django_capture_on_commit_callbacks(execute=True):
        hand_delete(hand=stored)
        game_plan(game=game, hands_planned=2, version=None)
    assert sent[1:] == [[table_push.topic(game.pk)]] * 2


def test_a_failed_write_publishes_nothing(django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    capture_sends(monkeypatch, lambda names: sent.append(list(names)))
    game, _secret = new_table(hands_planned=1, hands=[finisher_alone()])
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(InvalidInput):
        hand_record(game=game, data=finisher_alone())  # the game is complete
    assert sent == []


# --- events -------------------------------------------------------------------------------------


def first_link(event) -> EventGame:
    return (
        EventGame.objects.filter(table__round__event=event)
        .select_related("game")
        .order_by("table__number")[0]
    )


def started_event():
    from scorer.events.services.rounds import round_start

    event, secret = new_event(8, hands=2)
    round_start(event=event)
    event.refresh_from_db()
    return event, secret


def test_a_hand_at_an_event_table_also_publishes_the_event(django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    capture_sends(monkeypatch, lambda names: sent.append(sorted(names)))
    event, _secret = started_event()
    link = first_link(event)
    with django_capture_on_commit_callbacks(execute=True):
        play(link, (-101, 40, 12, 202))
    assert sent == [sorted([table_push.topic(link.game.pk), f"event:{event.pk}"])]


@pytest.mark.parametrize("name", ["standings", "display"])
def test_the_events_public_streams_follow_its_tables(name):
    event, _secret = started_event()
    stream = open_stream(Client(), reverse(f"scorer:event_{name}_stream", args=[event.public_id]))
    first = stream.next_part()
    assert first["event"] == name
    assert first["id"].endswith("-tr")
    link = first_link(event)
    play(link, (-101, 40, 12, 202))
    push.send([f"event:{event.pk}"])
    second = stream.next_part()
    assert second["id"] != first["id"]
    assert second["data"] != first["data"]
    stream.close()


def organizer(event, secret) -> Client:
    client = Client()
    assert client.get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 302
    return client


def test_only_the_organizer_gets_the_progress_stream_with_a_token_the_page_replaces():
    event, secret = started_event()
    path = reverse("scorer:event_progress_stream", args=[event.public_id])
    assert Client().get(path).status_code == 403
    part = open_stream(organizer(event, secret), path).next_part()
    assert part["event"] == "progress" and 'id="progress"' in part["data"]
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', part["data"])
    assert tokens and set(tokens) == {push.PUSHED_CSRF_TOKEN}


def test_a_replaced_organizer_link_ends_the_progress_stream():
    from scorer.events.services.links import organizer_link_rotate

    event, secret = started_event()
    phone = organizer(event, secret)
    stream = open_stream(phone, reverse("scorer:event_progress_stream", args=[event.public_id]))
    stream.next_part()
    organizer(event, secret)
    device = EventGrant.objects.filter(event=event).order_by("-pk")[0].device  # another organizer's
    organizer_link_rotate(event=event, device=device)
    push.send([f"event:{event.pk}"])
    with pytest.raises(StopIteration):
        stream.next_part()


# --- limits, and how processes learn of changes --------------------------------------------------


def test_more_streams_than_a_process_allows_are_refused_and_the_page_polls(settings):
    settings.OKEYCALC_PUSH_MAX_STREAMS = 1
    game, _secret = new_table()
    stream = open_stream(Client(), board_stream_url(game))
    refused = Client().get(board_stream_url(game))
    assert refused.status_code == 503 and refused["Retry-After"] == "30"
    stream.close()


def test_without_a_message_the_hub_finds_a_changed_version_by_its_stamps():
    """The embedded default (SQLite, no Redis): another process's save is found by the version."""
    game, _secret = new_table(hands_planned=3)
    hub = push.Hub("poll", poll=False)
    try:
        woken = push.Subscriber(None)
        hub.subscribe(table_push.KIND, game.pk, woken)
        hub.check_stamps()  # the first read: a wake, in case of a change since the stream's render
        woken.wait(0)
        hub.check_stamps()
        assert not woken.wait(0)
        game.__class__.objects.filter(pk=game.pk).update(version=game.version + 1)
        hub.check_stamps()
        assert woken.wait(0)
    finally:
        hub.stop()


def wait_for(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_with_redis_one_subscription_per_process_wakes_its_streams(settings):
    import redis

    settings.REDIS_URL = redis_url()
    hub = push.Hub("redis", poll=False)
    try:
        assert wait_for(lambda: hub.listening)
        client = redis.Redis.from_url(settings.REDIS_URL)
        assert client.pubsub_numsub(push.backends.REDIS_CHANNEL)[0][1] >= 1
        woken = [push.Subscriber(None) for _ in range(3)]
        for subscriber in woken:
            hub.subscribe(table_push.KIND, 424242, subscriber)
        client.publish(push.backends.REDIS_CHANNEL, table_push.topic(424242))  # as another process would
        assert all(subscriber._event.wait(5) for subscriber in woken)
    finally:
        hub.stop()


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's LISTEN/NOTIFY: the PostgreSQL run"
)
def test_on_postgresql_without_redis_listen_notify_wakes_the_streams():
    hub = push.Hub("postgresql", poll=False)
    try:
        assert wait_for(lambda: hub.listening)
        woken = push.Subscriber(None)
        hub.subscribe(table_push.KIND, 434343, woken)
        notifier = threading.Thread(target=_notify_from_another_connection, args=[table_push.topic(434343)])
        notifier.start()
        notifier.join()
        assert woken._event.wait(5)
    finally:
        hub.stop()


def _notify_from_another_connection(name: str) -> None:
    from django.db import connections

    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [push.backends.PG_CHANNEL, name])
    finally:
        connections.close_all()


def test_a_save_never_waits_for_a_redis_that_is_down(settings, monkeypatch):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    monkeypatch.setattr(push.backends, "_redis_client", None)
    monkeypatch.setattr(push.backends, "_redis_down_until", 0.0)
    started = time.monotonic()
    push.send(["table:1"])  # logged, not raised
    push.send(["table:1"])  # not tried again for a while
    assert time.monotonic() - started < 2
    assert push.backends._redis_down_until > time.monotonic()


def test_the_message_text_keeps_every_line_of_the_part():
    part = push.Part("7-tr-view", "board", "<p>\n  a\n</p>")
    assert push.message_text(part) == "id: 7-tr-view\nevent: board\ndata: <p>\ndata:   a\ndata: </p>\n\n"


def test_under_asgi_the_streams_of_a_process_await_one_render_without_holding_threads():
    """Fifty streams of one topic on the event loop ask at once: one render runs (in a thread),
    the others await it; after a wake the next asks render again, once."""
    import asyncio

    topic = push.Topic("table:1", table_push.KIND, 1)
    renders = []
    started = threading.Event()

    def render(variant: str) -> push.Part:
        renders.append(variant)
        started.wait(5)  # slow: every other stream asks meanwhile
        return push.Part(f"{len(renders)}-tr-view", "board", "<section></section>")

    async def crowd() -> list[push.Part]:
        asks = [asyncio.ensure_future(topic.shared_async("tr:view", render)) for _ in range(50)]
        await asyncio.sleep(0.05)
        started.set()
        first = await asyncio.gather(*asks)
        topic.generation += 1  # a change
        second = await asyncio.gather(*[topic.shared_async("tr:view", render) for _ in range(50)])
        return first + second

    parts = run_apart(crowd)
    assert renders == ["tr:view", "tr:view"]
    assert {part.id for part in parts[:50]} == {"1-tr-view"} and {part.id for part in parts[50:]} == {
        "2-tr-view"
    }
    assert topic.rendering == {}


def test_under_asgi_a_topic_gone_ends_every_stream_that_asked():
    import asyncio

    topic = push.Topic("table:2", table_push.KIND, 2)

    def render(variant: str) -> push.Part:
        raise push.Gone()

    async def ask() -> list:
        return await asyncio.gather(
            *[topic.shared_async("tr:view", render) for _ in range(3)], return_exceptions=True
        )

    assert all(isinstance(outcome, push.Gone) for outcome in run_apart(ask))


def test_a_shared_part_is_rendered_by_one_process_and_the_others_are_told_to_wait(settings, monkeypatch):
    """With Redis every process's streams wake at once: the one holding the flag renders, the
    others get Elsewhere (no render, no thread waiting) and are woken when the part is stored."""
    from django.core.cache import cache

    from scorer.platform import sharedpart

    sent = []
    capture_sends(monkeypatch, lambda names: sent.append(list(names)))
    settings.REDIS_URL = "redis://stands-for-a-shared-cache"
    part = ("board", 9, "tr", "viewer", "live")
    key = sharedpart.part_key(*part)
    cache.delete(key)
    cache.add(f"{key}:rendering", 1, 10)  # another process is rendering
    with pytest.raises(push.Elsewhere):
        sharedpart.shared_part(*part, lambda: pytest.fail("rendered twice"), topic="table:9")
    cache.delete(f"{key}:rendering")
    assert sharedpart.shared_part(*part, lambda: ("<p>", True), topic="table:9") == (("<p>", True), key)
    # The others take it from the message (no change: the others keep their part).
    assert sent == [[f'again|table:9\n{key}\n["<p>",true]']]
    assert cache.get(f"{key}:rendering") is None
    assert sharedpart.shared_part(*part, lambda: pytest.fail("rendered twice"), topic="table:9")
    assert len(sent) == 1  # a hit announces nothing


def test_a_ready_message_names_its_topic_its_key_and_its_value(settings):
    settings.REDIS_URL = "redis://stands-for-a-shared-cache"
    message = push.changes.ready_message("event:3", "k:1", ("<p>\n</p>", False, 2, "e3-1"))
    assert push.hub.read_ready(message.removeprefix("again|")) == (
        "event:3",
        "k:1",
        ["<p>\n</p>", False, 2, "e3-1"],
    )
    assert push.hub.read_ready("event:3") == ("event:3", "", None)  # a message naming only its topic
    settings.OKEYCALC_PUSH_BACKEND = "postgresql"  # a notification holds 8,000 bytes: no value
    assert push.changes.ready_message("event:3", "k:1", ("<p>",)) == "again|event:3"


def test_under_asgi_a_part_rendered_elsewhere_comes_with_its_announcement(settings):
    """The streams of a process told Elsewhere keep awaiting their one render; the renderer's
    message gives it the value (no second read of the table or the cache), and the streams that
    already have their part are not woken by it."""
    import asyncio

    settings.REDIS_URL = "redis://stands-for-a-shared-cache"
    hub = push.Hub("messages only", poll=False)  # no listener: the test hands it the message
    try:
        renders = []

        def render(variant: str) -> push.Part:
            renders.append(variant)
            elsewhere = push.Elsewhere("k:7")
            elsewhere.finish = lambda value: push.Part("7-tr-view", "board", value[0])
            raise elsewhere

        async def crowd() -> tuple[list[push.Part], list[bool]]:
            subscribers = [push.Subscriber(asyncio.get_running_loop()) for _ in range(20)]
            for subscriber in subscribers:
                topic = hub.subscribe(table_push.KIND, 7, subscriber)
            asks = [asyncio.ensure_future(topic.shared_async("tr:view", render)) for _ in subscribers]
            while not topic.waiting:
                await asyncio.sleep(0.01)
            message = push.changes.ready_message("table:7", "k:7", ("<section>7</section>", False))
            await asyncio.to_thread(hub.heard, message)  # the listener thread hears it
            parts = await asyncio.wait_for(asyncio.gather(*asks), 5)
            woken = [await subscriber.wait_async(0.05) for subscriber in subscribers]
            for subscriber in subscribers:
                hub.unsubscribe(topic, subscriber)
            return parts, woken

        parts, woken = run_apart(crowd)
        assert renders == ["tr:view"]
        assert set(parts) == {push.Part("7-tr-view", "board", "<section>7</section>")}
        assert not any(woken)
    finally:
        hub.stop()


def test_under_asgi_a_part_announced_before_its_render_waits_is_taken_too():

    topic = push.Topic("table:8", table_push.KIND, 8)
    topic.ready("k:8", ["<section>8</section>", False])  # announced while the render was reading

    def render(variant: str) -> push.Part:
        elsewhere = push.Elsewhere("k:8")
        elsewhere.finish = lambda value: push.Part("8-tr-view", "board", value[0])
        raise elsewhere

    part = run_apart(lambda: topic.shared_async("tr:view", render))
    assert part == push.Part("8-tr-view", "board", "<section>8</section>")


def test_under_asgi_a_part_never_announced_is_rendered_again(monkeypatch):
    """Its renderer died, or the message was lost: the render is tried again, and finds the part."""
    import asyncio

    monkeypatch.setattr(push.topics, "ELSEWHERE_RETRY_SECONDS", 0.05)
    topic = push.Topic("table:9", table_push.KIND, 9)
    asked = []

    def render(variant: str) -> push.Part:
        asked.append(variant)
        if len(asked) == 1:
            raise push.Elsewhere("k:9")
        return push.Part("9-tr-view", "board", "<section>9</section>")

    part = run_apart(lambda: asyncio.wait_for(topic.shared_async("tr:view", render), 5))
    assert part.id == "9-tr-view" and asked == ["tr:view", "tr:view"]


def test_a_stream_told_elsewhere_sends_the_part_once_it_is_there(monkeypatch):
    from django.core.cache import cache

    from scorer.tables.views import board as board_views

    # Only the renderer's announcement wakes it.
    monkeypatch.setattr(push.stream, "ELSEWHERE_RETRY_SECONDS", 30)
    game, _secret = new_table(hands_planned=3)
    key = board_views.viewer_key(game, "tr", "live")
    cache.add(f"{key}:rendering", 1, 10)  # another process renders this version
    stream = open_stream(Client(), board_stream_url(game))

    def rendered_elsewhere() -> None:
        cache.set(key, ("<section id='board-live'>from the other process</section>", False), 60)
        cache.delete(f"{key}:rendering")
        push.send([table_push.topic(game.pk)])  # the renderer announces it

    threading.Timer(0.2, rendered_elsewhere).start()
    started = time.monotonic()
    part = stream.next_part()
    assert part["data"] == "<section id='board-live'>from the other process</section>"
    assert time.monotonic() - started < 5
    stream.close()


def test_an_events_changes_of_one_moment_wake_its_streams_once(monkeypatch):
    """Sixteen tables saving at the end of a hand: the event's pages render once for all."""
    monkeypatch.setitem(push.KINDS, "settling", push.Kind("settling", lambda keys: {}, settle=0.2))
    timers = []

    class HeldTimer:
        """The settle timer, fired by the test itself: no race with the machine's load."""

        def __init__(self, seconds, function, args):
            timers.append((seconds, function, args))

        def start(self):
            pass

    monkeypatch.setattr(push.hub.threading, "Timer", HeldTimer)
    hub = push.Hub("poll", poll=False)
    try:
        woken = push.Subscriber(None)
        topic = hub.subscribe("settling", 5, woken)
        for _ in range(5):
            hub.wake("settling:5")
        assert not woken.wait(0)  # nothing yet: more may come
        assert [seconds for seconds, *_ in timers] == [0.2]  # one wait for the five
        _, function, args = timers[0]
        function(*args)
        assert woken.wait(0)  # then one wake for the five
        assert not woken.wait(0)
        assert topic.generation == 6
    finally:
        hub.stop()
