"""Lighthouse (mobile) Performance and Best Practices of the main pages, served like production.

Run: ``make bench-lighthouse`` (or ``.venv/bin/python bench/lighthouse.py``).

Starts the same production-like server as ``bench/web.py`` (make serve's ASGI server, DEBUG off, manifest
static, a table of 11 hands) and runs npm's ``lighthouse`` (12.2.3, through ``npx`` unless
``LIGHTHOUSE`` names an installed one) against Chromium (``CHROME_PATH``, default
/usr/bin/chromium), headless, with Lighthouse's default mobile emulation and simulated
throttling. The hand entry page is audited with the editor's session cookie.
Goal: 100 and 100 on every page.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import Client, make_table, manage, server_env, start_server  # noqa: E402

LIGHTHOUSE_VERSION = "12.2.3"
CATEGORIES = ("performance", "best-practices")


ATTEMPTS = 3


def lighthouse_command() -> list[str]:
    installed = os.environ.get("LIGHTHOUSE")
    if installed:
        return [installed]
    if not shutil.which("npx"):
        sys.exit("bench/lighthouse.py needs Node.js (npx) or LIGHTHOUSE=/path/to/lighthouse")
    return ["npx", "--yes", f"lighthouse@{LIGHTHOUSE_VERSION}"]


def audit(url: str, cookie: str | None, out: Path) -> dict[str, int]:
    chrome_flags = "--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu"
    command = [*lighthouse_command(), url, "--quiet", "--output=json", f"--output-path={out}"]
    command += [f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={chrome_flags}"]
    if cookie:
        command.append(f"--extra-headers={json.dumps({'Cookie': cookie})}")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for attempt in range(1, ATTEMPTS + 1):
        # Lighthouse sometimes loses the trace of a load (NO_NAVSTART, "please run Lighthouse
        # again"): that run says nothing about the page, so it is run again, and said so.
        if subprocess.run(command, env=env, stdout=subprocess.DEVNULL).returncode == 0:
            break
        print(f"  Lighthouse failed on {url} (attempt {attempt} of {ATTEMPTS})", file=sys.stderr)
    else:
        sys.exit(f"Lighthouse failed {ATTEMPTS} times on {url}")
    report = json.loads(out.read_text())
    scores = {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}
    failed = [
        audit["id"]
        for audit in report["audits"].values()
        if audit.get("score") is not None
        and audit["score"] < 0.9
        and audit.get("scoreDisplayMode") == "binary"
    ]
    metrics = report["audits"]
    scores["fcp"] = metrics["first-contentful-paint"]["numericValue"]
    scores["lcp"] = metrics["largest-contentful-paint"]["numericValue"]
    scores["failed"] = failed
    return scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8161)
    parser.add_argument("--reports", default="", help="keep each page's JSON report in this folder")
    args = parser.parse_args()
    args.workers, args.database_url, args.redis_url = 2, "", ""
    tmp = Path(tempfile.mkdtemp(prefix="okeycalc-lighthouse-"))
    env = server_env(tmp, args)
    try:
        manage(env, "migrate", "--no-input", "-v", "0")
        manage(env, "collectstatic", "--no-input", "-v", "0")
        public_id, secret = make_table(env)
        server = start_server(env, args)
        try:
            editor = Client(args.port)
            editor.request("GET", f"/masa/{public_id}/anahtar/{secret}/")
            base = f"http://127.0.0.1:{args.port}"
            pages = [
                ("home", "/", None),
                ("board, 11 hands (viewer)", f"/masa/{public_id}/", None),
                ("hand entry page (editor)", f"/masa/{public_id}/el/yeni/", editor.cookie_header()),
                ("calculator /hesap/", "/hesap/", None),
                ("rules (LOCA 101)", "/kurallar/loca/", None),
            ]
            print("| page | Performance | Best Practices | FCP | LCP |")
            print("|---|---|---|---|---|")
            met = True
            for name, path, cookie in pages:
                report = (
                    Path(args.reports or tmp)
                    / f"lighthouse-{len(name)}-{path.strip('/').replace('/', '_') or 'home'}.json"
                )
                report.parent.mkdir(parents=True, exist_ok=True)
                scores = audit(base + path, cookie, report)
                met &= scores["performance"] == 100 and scores["best-practices"] == 100
                print(
                    f"| {name} | {scores['performance']} | {scores['best-practices']} "
                    f"| {scores['fcp'] / 1000:.1f} s | {scores['lcp'] / 1000:.1f} s |"
                )
                if scores["failed"]:
                    print(f"  failed audits: {', '.join(scores['failed'])}")
        finally:
            server.terminate()
            server.wait(timeout=30)
        print(f"\ngoal (100 and 100 on every page) {'met' if met else 'NOT met'}")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
