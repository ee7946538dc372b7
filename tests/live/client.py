"""A small HTTP client of the hand forms, for the concurrency tests and bench/concurrency.py.

Standard library only: it talks to a live server (pytest-django's, or gunicorn in the bench) like
a phone without JavaScript does — GET the form for a CSRF token, POST it, never follow redirects.
"""

import http.client
import re
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from tests.support.posts import E2_HAND, NEW_TABLE

TIMEOUT = 60


@dataclass(frozen=True)
class Reply:
    status: int
    location: str
    body: str


class Phone:
    """One device: its own connection and cookies (the device cookie carries the edit grant)."""

    def __init__(self, base_url: str, cookies: dict[str, str] | None = None) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        self.cookies = dict(cookies or {})

    def request(self, method: str, path: str, body: str | None = None, headers: dict | None = None) -> Reply:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            sent = dict(headers or {})
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _eq, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return Reply(response.status, response.headers.get("Location", ""), text)
        finally:
            connection.close()

    def get(self, path: str) -> Reply:
        return self.request("GET", path)

    def post(self, path: str, data: dict) -> Reply:
        form = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **data}
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, urlencode(form), headers)

    def open_table(self, **fields: str) -> str:
        """Open a table through the new-table form (``NEW_TABLE`` with ``fields``); its public id.

        This phone then holds the table's edit grant, as the phone that opens a table does.
        """
        self.get("/masa/yeni/")  # the CSRF cookie
        created = self.post("/masa/yeni/", NEW_TABLE | fields)
        assert created.status == 302, created
        return created.location.rstrip("/").split("/")[-1]

    def claim(self, claim_path: str) -> None:
        """Open the edit link, then a form page for the CSRF cookie."""
        reply = self.get(claim_path)
        assert reply.status == 302, reply
        self.get(reply.location)


def hands_before(html: str) -> int:
    match = re.search(r'name="hands_before" value="(\d+)"', html)
    assert match, "the hand form has no hands_before field"
    return int(match[1])


def hand_form(points: int, before: int | None) -> dict:
    """Example E2 of the spec as the hand form posts it, with Bora's points varied per hand."""
    data = E2_HAND | {"p1-points": str(points)}
    return data if before is None else data | {"hands_before": str(before)}


def save_new_hand(phone: Phone, path: str, points: int, *, attempts: int) -> Reply:
    """Save a different hand as a person does: open the form (its ``hands_before``), save it, and
    when told another phone saved that number meanwhile, open the form anew and save again. Each
    refusal means another writer's hand was stored, so ``attempts`` = every writer's hands + 1
    always suffices."""
    for _ in range(attempts):
        reply = phone.post(path, hand_form(points, hands_before(phone.get(path).body)))
        if reply.status != 200 or "data-saved-meanwhile" not in reply.body:
            return reply
    return reply
