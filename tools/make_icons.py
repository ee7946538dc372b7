"""Draw the PNG and ICO app icons from static/icons/okeycalc.svg with the system Chromium.

Run after changing the SVG: ``.venv/bin/python tools/make_icons.py`` (needs /usr/bin/chromium).
The ICO holds PNG images (16, 32 and 48 px), which every current browser reads.
"""

import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
PNGS = {"favicon-16.png": 16, "favicon-32.png": 32, "favicon-48.png": 48, "apple-touch-icon.png": 180}
PNGS |= {"icon-192.png": 192, "icon-512.png": 512}
MASKABLE = {"icon-maskable-512.png": 512}
"""Maskable: the artwork inside the central 80 % safe zone, on the full-bleed green."""


def page_html(svg: str, size: int, maskable: bool) -> str:
    inner = int(size * 0.8) if maskable else size
    return (
        f"<html><body style='margin:0;width:{size}px;height:{size}px;display:grid;place-items:center;"
        f"background:{'#14532d' if maskable else 'transparent'}'>"
        f"<img src='data:image/svg+xml;utf8,{svg}' width='{inner}' height='{inner}'></body></html>"
    )


def ico(images: list[tuple[int, bytes]]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in images:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def main() -> None:
    svg = (ICONS / "okeycalc.svg").read_text().replace("#", "%23").replace("\n", "")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"])
        for names, maskable in ((PNGS, False), (MASKABLE, True)):
            for name, size in names.items():
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(page_html(svg, size, maskable))
                page.screenshot(path=str(ICONS / name), omit_background=not maskable)
                page.close()
        browser.close()
    images = [(size, (ICONS / f"favicon-{size}.png").read_bytes()) for size in (16, 32, 48)]
    (ICONS / "favicon.ico").write_bytes(ico(images))
    for size in (16, 48):
        (ICONS / f"favicon-{size}.png").unlink()  # only inside the ICO


if __name__ == "__main__":
    main()
