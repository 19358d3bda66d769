"""PNG bytes of a finished picture: palette encoding, scaling and shrinking to an upload limit."""

from __future__ import annotations

import io
import struct
import zlib
from types import ModuleType

from PIL import Image

from .indexed import indexed

_deflater: ModuleType
try:  # zlib-ng deflates a board ~2.5x faster than zlib at the same size (docs/render.md)
    from zlib_ng import zlib_ng as _deflater
except ImportError:  # a platform without its wheel: the same files, a little slower
    _deflater = zlib


PNG_COLORS = 256
PNG_LEVEL = 2  # deflate level: zlib-ng's 2 is as small as zlib's 3 on a board, at 1.3 ms instead of 3.4
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_SCALE = 0.2  # shrink() gives up below this
SCALE_STEP = 0.15


def encode(im: Image.Image, palette: bytes | None = None) -> bytes:
    """PNG bytes of an RGB picture in 256 colours (the art is flat colours, so this is invisible), which makes the
    file ~3x smaller and the encoding ~2x faster than RGB. With a fixed `palette` (768 bytes, see
    render/palette.py) the pixels are mapped to it (~3.5 ms for a whole board; of a picture whose drawing was
    noted, only what was blended in: render/indexed.py); without, a palette is built for the picture (~8 ms)."""
    if palette is None:
        pal = im.quantize(colors=PNG_COLORS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        pal = indexed(im, palette)
    return write(pal)


def write(pal: Image.Image) -> bytes:
    """The bare PNG of a finished palette picture (what encode costs at least): 8-bit indexed colour, no row
    filters (they do not pay on flat palette art), deflated by zlib-ng. Pillow's own writer would do, but it runs
    zlib at ~2.5x the time; everything but the deflate is a few chunk headers."""
    if pal.mode != "P" or "transparency" in pal.info:
        buf = io.BytesIO()
        pal.save(buf, "PNG", compress_level=PNG_LEVEL)
        return buf.getvalue()
    width, height = pal.size
    # Each row: filter type 0 ("none"), then its palette indices: the picture pasted one column in, in C (P onto P
    # copies the indices as they are; no copy of the picture's bytes in between, which a board pays ~3 ms for).
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(pal, (1, 0))
    rows = framed.tobytes()
    palette = bytes(pal.getpalette("RGB") or [])[: 3 * 256]
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", _deflater.compress(rows, PNG_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def scaled(im: Image.Image, scale: float) -> Image.Image:
    """im resized by scale (clamped to 0.1-4); the same image at scale 1."""
    if scale == 1.0:
        return im
    scale = min(max(scale, 0.1), 4.0)
    return im.resize((max(round(im.width * scale), 1), max(round(im.height * scale), 1)), Image.Resampling.LANCZOS)


def scales() -> list[float]:
    """The scales shrink() tries, largest first: 1, 0.85, 0.7, ... down to MIN_SCALE."""
    out = [1.0]
    while out[-1] > MIN_SCALE:
        out.append(round(out[-1] - SCALE_STEP, 2))
    return out


def shrink(im: Image.Image, max_bytes: int, palette: bytes | None = None) -> tuple[bytes, bool]:
    """(PNG of im at the largest of scales() whose size is at most max_bytes, True); (the smallest, False) if none
    fits. The fixed palette serves scale 1 only: it was learned on full-size pictures, and resizing makes new
    blends (adaptive is 1-2 dB closer on them; shrinking is rare, so its speed matters less)."""
    data = b""
    for scale in scales():
        data = encode(im, palette) if scale == 1.0 else encode(scaled(im, scale))
        if len(data) <= max_bytes:
            return data, True
    return data, False
