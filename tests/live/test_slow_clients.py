"""Sockets trickling their headers or body must not block other requests. Against the server as
``make serve`` runs it, 16 slow sockets of all five kinds of bench/slowclients.py (trickled
headers; a body trickled after a short or a long Content-Length, in chunks, or after Expect:
100-continue) are held open while a normal client's requests are all answered. Small and bounded
(a few seconds); bench/slowclients.py runs 40 sockets for 20 s and measures the latencies."""

import http.client

from bench.slowclients import SlowSockets

SLOW, SECONDS = 16, 4.0


def test_normal_requests_are_answered_while_slow_sockets_hold_on(make_serve):
    host, port = make_serve
    slow = SlowSockets(host, port, SLOW, trickle=0.5)
    threads = slow.start()
    try:
        answered = []
        for k in range(12):
            connection = http.client.HTTPConnection(host, port, timeout=SECONDS)
            connection.request("GET", "/" if k % 2 else "/healthz")
            answered.append(connection.getresponse().status)
            connection.close()
    finally:
        slow.stop.set()
        for thread in threads:
            thread.join(timeout=5)
    assert answered == [200] * 12
    assert slow.opened >= SLOW
