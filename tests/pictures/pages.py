"""What the browser tests read of a report page (docs/pictures.md is the
contract): the console's errors, the cells a figure lights, and a PNG's
colours, decoded by hand (zlib and struct: no imaging library needed)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def open_page(driver, path: Path) -> list[str]:
    """Load a report from disk; the console's errors while it loaded."""
    driver.get_log("browser")              # drop what earlier pages logged
    driver.get(Path(path).resolve().as_uri())
    return console_errors(driver)


def console_errors(driver) -> list[str]:
    """The SEVERE console entries since the last look (a script's uncaught
    exception, console.error, a resource refused)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def cell_key(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def keys(cells) -> set[str]:
    return {cell_key(c) for c in cells}


def cells(driver, root, selector: str) -> set[str]:
    """The ``data-cell`` values of the elements under ``root`` that match
    ``selector`` (one round trip, not one per cell)."""
    return set(driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll(arguments[1]))"
        ".map(function (e) { return e.getAttribute('data-cell'); });", root, selector))


# A figure as the page shows it, to compare the two sides of a section.
DIGEST_JS = """
var fig = arguments[0];
function all(sel, f) { return Array.from(fig.querySelectorAll(sel)).map(f).sort(); }
function text(sel) { var e = fig.querySelector(sel); return e ? e.textContent : null; }
return {
  kind: fig.getAttribute("data-kind"),
  summary: text("p.summary"),
  members: all(":scope > svg.board g[data-member]", function (g) { return g.getAttribute("data-cell"); }),
  shares: all(":scope > svg.board g[data-p]",
              function (g) { return g.getAttribute("data-cell") + "=" + g.getAttribute("data-p"); }),
  nop: all(":scope > svg.board g.nop", function (g) { return g.getAttribute("data-cell"); }),
  relation: text("script.relation-data"),
  family: all(".members .member > span", function (s) { return s.textContent; }),
  text: text("details.as-text pre")
};
"""


def digest(driver, figure) -> dict:
    return driver.execute_script(DIGEST_JS, figure)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_colours(data: bytes) -> set[bytes]:
    """The distinct colours of an 8-bit RGB or RGBA, non-interlaced PNG (what
    Chromium's screenshots are)."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length                   # length, type, body, CRC
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    bpp = 3 if colour_type == 2 else 4
    stride = width * bpp
    raw = zlib.decompress(b"".join(chunks))
    previous = bytearray(stride)
    colours: set[bytes] = set()
    for row in range(height):
        start = row * (stride + 1)
        line = bytearray(raw[start + 1:start + 1 + stride])
        _unfilter(raw[start], line, previous, bpp)
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp))
        previous = line
    return colours


def _unfilter(kind: int, line: bytearray, up: bytearray, bpp: int) -> None:
    """Undo one scanline's PNG filter in place (RFC 2083, section 6)."""
    if kind == 0:
        return
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = up[i]
        if kind == 1:
            add = a
        elif kind == 2:
            add = b
        elif kind == 3:
            add = (a + b) // 2
        elif kind == 4:
            c = up[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            add = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        else:
            raise AssertionError(f"PNG filter {kind}")
        line[i] = (line[i] + add) & 0xFF
