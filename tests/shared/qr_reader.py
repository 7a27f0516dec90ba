"""A small QR code reader for the tests: modules in, text out, written from the standard's
layout alone (ISO/IEC 18004), without segno, so that a test can check that the codes segno
draws really say the join URL.

It reads versions 1 to 5 in byte mode, the sizes a join URL needs, and does no error
correction: a code drawn from a matrix has no damage, so its data codewords are read as they
are and the error-correction ones are left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Modules = Sequence[Sequence[bool]]

# (error level, version) -> (blocks, data codewords per block), group by group.
_BLOCKS: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {
    ("L", 1): ((1, 19),),
    ("M", 1): ((1, 16),),
    ("Q", 1): ((1, 13),),
    ("H", 1): ((1, 9),),
    ("L", 2): ((1, 34),),
    ("M", 2): ((1, 28),),
    ("Q", 2): ((1, 22),),
    ("H", 2): ((1, 16),),
    ("L", 3): ((1, 55),),
    ("M", 3): ((1, 44),),
    ("Q", 3): ((2, 17),),
    ("H", 3): ((2, 13),),
    ("L", 4): ((1, 80),),
    ("M", 4): ((2, 32),),
    ("Q", 4): ((2, 24),),
    ("H", 4): ((4, 9),),
    ("L", 5): ((1, 108),),
    ("M", 5): ((2, 43),),
    ("Q", 5): ((2, 15), (2, 16)),
    ("H", 5): ((2, 11), (2, 12)),
}
_TOTAL_CODEWORDS = {1: 26, 2: 44, 3: 70, 4: 100, 5: 134}
_LEVEL_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
_ALIGNMENT = {1: (), 2: (6, 18), 3: (6, 22), 4: (6, 26), 5: (6, 30)}
_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def format_bits(level: str, mask: int) -> int:
    """The 15 format bits of an error level and mask (BCH code, then the fixed XOR)."""
    data = _LEVEL_BITS[level] << 3 | mask
    remainder = data
    for _ in range(10):
        remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
    return (data << 10 | remainder) ^ 0x5412


def read_format(modules: Modules) -> tuple[str, int]:
    """The error level and mask, from the format bits beside the top-left finder."""
    bit = [
        *(modules[i][8] for i in range(6)),
        modules[7][8],
        modules[8][8],
        modules[8][7],
        *(modules[8][14 - i] for i in range(9, 15)),
    ]
    seen = sum(1 << i for i, dark in enumerate(bit) if dark)
    for level in _LEVEL_BITS:
        for mask in range(8):
            if format_bits(level, mask) == seen:
                return level, mask
    raise ValueError(f"no format matches the bits {seen:015b}")


def _function_modules(size: int, version: int) -> list[list[bool]]:
    """Where the finders, separators, timing, alignment, format and dark module are."""
    used = [[False] * size for _ in range(size)]

    def mark(top: int, left: int, height: int, width: int) -> None:
        for y in range(max(top, 0), min(top + height, size)):
            for x in range(max(left, 0), min(left + width, size)):
                used[y][x] = True

    mark(0, 0, 9, 9)  # finder, separator and format bits, top left
    mark(0, size - 8, 9, 8)  # top right, with its format bits below
    mark(size - 8, 0, 8, 9)  # bottom left, with its format bits beside
    mark(6, 0, 1, size)  # timing row
    mark(0, 6, size, 1)  # timing column
    centres = _ALIGNMENT[version]
    for cy in centres:
        for cx in centres:
            if not used[cy][cx]:
                mark(cy - 2, cx - 2, 5, 5)
    return used


def read_qr(modules: Modules) -> str:
    """The text a QR code (without its quiet zone) holds in byte mode."""
    size = len(modules)
    version = (size - 17) // 4
    if version not in _TOTAL_CODEWORDS or size != 17 + 4 * version:
        raise ValueError(f"a {size}×{size} code is not version 1 to 5")
    level, mask = read_format(modules)
    used = _function_modules(size, version)
    flip = _MASKS[mask]
    bits: list[int] = []
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5  # the timing column is skipped
        upward = ((right + 1) & 2) == 0
        for step in range(size):
            y = size - 1 - step if upward else step
            for x in (right, right - 1):
                if not used[y][x]:
                    bits.append(int(modules[y][x]) ^ int(flip(x, y)))
        right -= 2
    codewords = [
        int("".join(map(str, bits[i : i + 8])), 2)
        for i in range(0, _TOTAL_CODEWORDS[version] * 8, 8)
    ]
    return _data_text(_deinterleave(codewords, _BLOCKS[(level, version)]))


def _deinterleave(codewords: list[int], groups: tuple[tuple[int, int], ...]) -> list[int]:
    lengths = [length for count, length in groups for _ in range(count)]
    blocks: list[list[int]] = [[] for _ in lengths]
    position = 0
    for i in range(max(lengths)):
        for block, length in zip(blocks, lengths, strict=True):
            if i < length:
                block.append(codewords[position])
                position += 1
    return [codeword for block in blocks for codeword in block]


def _data_text(data: list[int]) -> str:
    stream = "".join(f"{codeword:08b}" for codeword in data)
    mode, count = int(stream[:4], 2), int(stream[4:12], 2)
    if mode != 0b0100:
        raise ValueError(f"mode {mode:04b} is not byte mode")
    payload = bytes(int(stream[12 + 8 * i : 20 + 8 * i], 2) for i in range(count))
    return payload.decode("utf-8")
