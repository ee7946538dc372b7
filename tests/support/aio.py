"""Run a coroutine to its end from a test, whatever loop the test's thread already has (the
browser tests' Playwright keeps one running in the main thread of their process)."""

import asyncio
import threading
from collections.abc import Awaitable, Callable


def run_apart(main: Callable[[], Awaitable]):
    """``asyncio.run(main())`` in a thread of its own; its result, or its exception raised here."""
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(main())
        except BaseException as exc:  # noqa: BLE001 (raised again in the test's thread)
            outcome["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
