"""The rules of standings and seating are pure Python: importable without Django, like the engine."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHECK = """
import sys
import scorer.events.rules
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "django")
outside = sorted(
    name for name in sys.modules
    if name.startswith("scorer.") and not name.startswith(("scorer.engine", "scorer.events.rules"))
    and name != "scorer.events"
)
print(loaded, outside)
"""


def test_event_rules_import_neither_django_nor_the_web_app():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[] []"
