"""QR codes as inline-safe SVG (server-rendered: they work without JavaScript)."""

import io

import segno


def qr_svg(text: str) -> bytes:
    """An SVG QR code of ``text`` (error correction M, black on white, quiet zone of 2)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    return buffer.getvalue()
