"""Find the move grid on a photographed or scanned scoresheet, without being told where it is.

1. Straighten the page: the skew is the angle at which the horizontal projection of the ink is sharpest.
2. Binarise against the local background and keep the long horizontal and long vertical runs: the rules.
   Inside a dark fill (a heading printed white on black, the table round a photographed sheet) only the
   fill's edges count.
3. Find column rules strip by strip down the page, and row rules piece by piece across the sections between
   column rules, and link them. A rule is straight or quadratic, so perspective and a bent sheet are
   followed rather than averaged away.
4. Parse the sections into blocks of number | White | Black; a number column without a rule of its own
   (the HCS form shades it instead) ends where its printed numbers and its shading end.
5. A block's rows are its longest run of rules one pitch apart. The blocks settle on one row count and on
   rows that continue each other from block to block, so a header of any height, a heading row or a footer
   never count as moves, and a rule one block lacks is taken over from its neighbour.
6. A cell is empty when almost none of its inside is darker than its own paper.

Everything is measured at a working resolution of at most `WORK_SIZE` pixels on the long side, so 150 and
600 dpi scans behave alike; cell boxes are returned in the pixels of the straightened page.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter

from ..errors import LayoutError
from ..forms import FORMS, Form

Box = tuple[int, int, int, int]
Quad = tuple[float, float, float, float, float, float, float, float]

WORK_SIZE = 1800
MIN_SIZE = 200  # pixels on the short side: less cannot hold a grid of legible rows
MIN_ROWS = 5
ANGLE_LIMIT = 8.0
INK_CONTRAST = 12.0  # grey levels below the cell's paper a pixel must reach to count as ink, at the least
TIE = 0.05  # row-fit costs this close count as equal (a fifth of a pitch off in one row)
EMPTY_INK = 0.015  # inked fraction of a cell's inside below which it counts as empty

_KNOWN_ROWS = frozenset(form.rows for form in FORMS.values())


@dataclass(frozen=True)
class Cell:
    """One move cell: where it is on the straightened page and whether anything is written in it.

    `quad` is the cell's outline (upper-left, lower-left, lower-right, upper-right corners, the order of
    Pillow's QUAD transform), which follows perspective; `box` is its bounding box (x0, y0, x1, y1).
    `ink` is the inked fraction of the cell's inside, rules excluded.
    """

    number: int
    side: str
    box: Box
    quad: Quad
    ink: float
    empty: bool


@dataclass(frozen=True)
class MoveRow:
    """The two cells of one move number."""

    number: int
    white: Cell
    black: Cell


@dataclass(frozen=True)
class Layout:
    """The move grid of one page."""

    page: Image.Image  # the straightened page the boxes refer to
    angle: float  # degrees the source image was turned (counter-clockwise) to straighten it
    blocks: int
    rows_per_block: int
    rows: tuple[MoveRow, ...]
    source_size: tuple[int, int]

    def crop(self, cell: Cell, height: int | None = None) -> Image.Image:
        """The cell's image, perspective removed; `height` rescales it keeping its aspect."""
        x0, y0, x1, y1 = cell.box
        size = (max(1, x1 - x0), max(1, y1 - y0))
        if height is not None:
            size = (max(1, round(size[0] * height / size[1])), height)
        return self.page.transform(size, Image.Transform.QUAD, cell.quad, resample=Image.Resampling.BICUBIC)

    def from_source(self, x: float, y: float) -> tuple[float, float]:
        """Where a point of the source image lies on the straightened page."""
        width, height = self.source_size
        turn = math.radians(self.angle)
        dx, dy = x - width / 2, y - height / 2
        return (
            self.page.width / 2 + dx * math.cos(turn) + dy * math.sin(turn),
            self.page.height / 2 - dx * math.sin(turn) + dy * math.cos(turn),
        )

    def written(self) -> tuple[MoveRow, ...]:
        """The rows up to the first empty cell: an empty cell ends the game."""
        kept = []
        for row in self.rows:
            if row.white.empty:
                break
            kept.append(row)
            if row.black.empty:
                break
        return tuple(kept)


def find_layout(image: Image.Image, form: Form | None = None) -> Layout:
    """The move grid of a scoresheet page; with `form`, only a grid of that form's shape is accepted.

    Raises `LayoutError` when the page shows no grid of blocks of number | White | Black rows.
    """
    gray = image.convert("L")
    if min(gray.size) < MIN_SIZE:
        raise LayoutError(f"no move grid found: a {gray.width} × {gray.height} image is too small")
    angle, paper = _skew(gray)
    page = gray.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=paper)
    scale = min(1.0, WORK_SIZE / max(gray.size))
    source = _scaled(gray, scale)
    # Binarised before turning, so the corners the rotation fills in cannot make edges that look like rules.
    ink, faint, solid = (_turned(mask, angle) for mask in _binarise(source))
    work = source.rotate(angle, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=paper)
    values = np.asarray(work, dtype=np.float32)
    horizontal = _line_mask(faint, solid, axis=1, length=max(values.shape) // 60)
    vertical = _line_mask(faint, solid, axis=0, length=max(values.shape) // 30)
    columns = _column_rules(vertical)
    blocks = _blocks(columns, horizontal, ink, values, form)

    def to_page(x: float, y: float) -> tuple[float, float]:
        return (
            (x - work.width / 2) / scale + page.width / 2,
            (y - work.height / 2) / scale + page.height / 2,
        )

    smooth = np.asarray(work.filter(ImageFilter.BoxBlur(1)), dtype=np.float32)
    rows = _cells(blocks, smooth, horizontal | vertical, to_page)
    return Layout(page, angle, len(blocks), len(blocks[0].rules) - 1, rows, gray.size)


def _turned(mask: np.ndarray, angle: float) -> np.ndarray:
    image = Image.fromarray(mask.astype(np.uint8) * 255)
    return np.asarray(image.rotate(angle, resample=Image.Resampling.NEAREST, expand=True)) > 0


def _scaled(image: Image.Image, scale: float) -> Image.Image:
    if scale == 1.0:
        return image
    return image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.BOX)


def _radius(image: Image.Image) -> int:
    """The radius of the local background window: about a row's height at any resolution."""
    return max(7, max(image.size) // 120)


def _skew(gray: Image.Image) -> tuple[float, int]:
    """The rotation (degrees) that makes the horizontal projection of the ink sharpest, and the paper's grey.

    For angles this small a rotation is, to the projection, a shear: each ink pixel moves to row
    y·cos − x·sin, so every candidate angle is one histogram of the same ink pixels.
    """
    factor = min(1.0, 700 / max(gray.size))
    small = gray.resize((max(1, round(gray.width * factor)), max(1, round(gray.height * factor))))
    ink, _, solid = _binarise(small)
    # Leave out what borders a dark area: the edges of the table round a photographed sheet are long and
    # straight but need not run with the rows.
    border = Image.fromarray(solid.astype(np.uint8) * 255).filter(ImageFilter.BoxBlur(2 * _radius(small)))
    rows, columns = np.nonzero(ink & (np.asarray(border) == 0))
    xs = columns - small.width / 2
    ys = rows - small.height / 2
    reach = small.width + small.height

    def sharpness(angle: float) -> float:
        # Each pixel is shared between the two rows it falls between, so that the pixel grid itself makes
        # no pattern in the profile at any angle.
        turn = math.radians(angle)
        place = ys * math.cos(turn) - xs * math.sin(turn) + reach
        low = np.floor(place).astype(np.int64)
        share = place - low
        size = 2 * reach + 2
        profile = np.bincount(low, 1 - share, size) + np.bincount(low + 1, share, size)
        return float(np.square(np.diff(profile)).sum())

    best = 0.0
    for step, span in ((0.5, ANGLE_LIMIT), (0.1, 0.5), (0.02, 0.1)):
        candidates = np.arange(best - span, best + span + step / 2, step)
        scores = np.array([sharpness(angle) for angle in candidates])
        best = float(np.median(candidates[scores == scores.max()]))  # the middle of a plateau of ties
    return round(best, 2), int(np.percentile(np.asarray(small), 90))


def _binarise(gray: Image.Image) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ink (clearly darker than the local background, or dark outright), faint ink, and solid areas.

    Faint ink is enough for a rule, whose long run averages the noise away. Solid areas are dark all round
    (a heading printed white on black, the table round a photographed sheet): inside them no ink makes a
    rule, only their edges do.
    """
    local = np.asarray(gray.filter(ImageFilter.BoxBlur(_radius(gray))), dtype=np.float32)
    values = np.asarray(gray, dtype=np.float32)
    below = local - values
    paper = float(np.percentile(values, 90))
    dark = values < 0.45 * paper
    ink = (below > np.maximum(12.0, 0.12 * local)) | dark
    near = np.asarray(gray.filter(ImageFilter.BoxBlur(2)), dtype=np.float32)
    return ink, (below > np.maximum(6.0, 0.05 * local)) | dark, near < 0.45 * paper


def _runs(mask: np.ndarray, axis: int, length: int, fill: float) -> np.ndarray:
    """Pixels of `mask` on a window of `length` along `axis` that is at least `fill` set (an opening that
    bridges small breaks)."""
    moved = np.moveaxis(mask, axis, -1)
    total = np.concatenate([np.zeros((*moved.shape[:-1], 1), np.int32), moved.cumsum(-1, dtype=np.int32)], -1)
    full = (total[..., length:] - total[..., :-length]) >= fill * length
    starts = np.concatenate([np.zeros((*full.shape[:-1], 1), np.int32), full.cumsum(-1, dtype=np.int32)], -1)
    index = np.arange(moved.shape[-1])
    high = np.minimum(index + 1, full.shape[-1])
    low = np.maximum(index - length + 1, 0)
    covered = (starts[..., high] - starts[..., low]) > 0
    return np.moveaxis(covered & moved, -1, axis)


def _shift(mask: np.ndarray, offset: int, axis: int) -> np.ndarray:
    out = np.zeros_like(mask)
    if axis == 0:
        if offset > 0:
            out[offset:] = mask[:-offset]
        else:
            out[:offset] = mask[-offset:]
    elif offset > 0:
        out[:, offset:] = mask[:, :-offset]
    else:
        out[:, :offset] = mask[:, -offset:]
    return out


def _line_mask(ink: np.ndarray, solid: np.ndarray, axis: int, length: int) -> np.ndarray:
    """Long runs of ink along `axis` (1: horizontal rules, 0: vertical rules), not inside a solid area.

    The ink is first thickened across the rule so that a slightly tilted rule still makes a long run.
    """
    across = 1 - axis
    thick = ink | _shift(ink, 1, across) | _shift(ink, -1, across)
    reach = 4
    padded = np.pad(solid, [(reach, reach) if dim == across else (0, 0) for dim in (0, 1)], mode="edge")
    before = padded[: solid.shape[0]] if across == 0 else padded[:, : solid.shape[1]]
    after = padded[2 * reach :] if across == 0 else padded[:, 2 * reach :]
    lines: np.ndarray = _runs(thick, axis, length, 0.85) & ~(before & after)
    return lines


@dataclass(frozen=True)
class _Rule:
    """A printed rule as a low-degree polynomial: y(x) for a row rule, x(y) for a column rule (working
    pixels). A quadratic follows a sheet that bends in the camera's view; beyond the span it was fitted
    on (`low` to `high`) the rule runs straight on, since a quadratic extrapolated soon runs wild."""

    coef: tuple[float, ...]  # highest power first
    low: float = -math.inf
    high: float = math.inf

    def at(self, t: float) -> float:
        end = min(max(t, self.low), self.high)
        value = slope = 0.0
        for coefficient in self.coef:  # Horner's rule, carrying the derivative along
            slope = slope * end + value
            value = value * end + coefficient
        return value + slope * (t - end)

    def along(self, ts: np.ndarray) -> np.ndarray:
        ends = np.clip(ts, self.low, self.high)
        slope = np.polyval(np.polyder(self.coef), ends) if len(self.coef) > 1 else 0.0
        return np.asarray(np.polyval(self.coef, ends) + slope * (ts - ends), dtype=np.float64)

    def shifted(self, offset: float) -> _Rule:
        return _Rule((*self.coef[:-1], self.coef[-1] + offset), self.low, self.high)

    def between(self, other: _Rule) -> _Rule:
        """The rule halfway between two rules."""
        size = max(len(self.coef), len(other.coef))
        ours = np.pad(self.coef, (size - len(self.coef), 0))
        theirs = np.pad(other.coef, (size - len(other.coef), 0))
        coef = tuple(float(c) for c in (ours + theirs) / 2)
        return _Rule(coef, max(self.low, other.low), min(self.high, other.high))


@dataclass
class _Block:
    columns: list[_Rule]  # left edge, number|White, White|Black, right edge
    rules: list[_Rule]  # row rules, top to bottom
    centre: float  # x of the block's middle, where row spacing is measured


@dataclass(frozen=True)
class _Column:
    rule: _Rule
    top: float
    bottom: float


@dataclass(frozen=True)
class _Section:
    left: _Column
    right: _Column
    pieces: list[tuple[float, list[float]]]  # (x of a piece, y of the row rules it crosses)


def _peaks(profile: np.ndarray, floor: float, spacing: int) -> list[float]:
    """Centres of the profile's maxima that reach `floor`, at least `spacing` apart."""
    found: list[float] = []
    taken = np.zeros(profile.size, bool)
    for index in np.argsort(-profile):
        if profile[index] < floor:
            break
        if taken[max(0, index - spacing) : index + spacing + 1].any():
            continue
        taken[index] = True
        low, high = max(0, index - spacing // 2), min(profile.size, index + spacing // 2 + 1)
        weights = profile[low:high]
        found.append(float((np.arange(low, high) * weights).sum() / weights.sum()))
    return sorted(found)


def _fit(points: Sequence[tuple[float, float]], spread: float = math.inf) -> _Rule:
    """Least-squares rule through (t, value) points: straight, or quadratic (from five points) where a
    straight rule misses a point by more than two pixels.

    Points more than `spread` pixels off the rule (a pen stroke taken for a rule in one piece) are dropped
    one by one, worst first, as long as three quarters of the points remain.
    """
    ts = np.array([p[0] for p in points], dtype=np.float64)
    vs = np.array([p[1] for p in points], dtype=np.float64)
    while True:
        if ts.size < 2 or np.ptp(ts) == 0:
            return _Rule((float(vs.mean()),))
        coef = np.polyfit(ts, vs, 1)
        errors = np.abs(np.polyval(coef, ts) - vs)
        if ts.size >= 5 and errors.max() > 2.0:
            coef = np.polyfit(ts, vs, 2)
            errors = np.abs(np.polyval(coef, ts) - vs)
        worst = int(np.argmax(errors))
        if errors[worst] <= spread or ts.size - 1 < 0.75 * len(points):
            return _Rule(tuple(float(c) for c in coef), float(ts.min()), float(ts.max()))
        ts, vs = np.delete(ts, worst), np.delete(vs, worst)


def _track(
    pieces: list[tuple[float, list[float]]], tolerance: float, reach: float
) -> list[list[tuple[float, float]]]:
    """Link the peaks of successive pieces (position along the rule, peaks across it) into rules.

    Each rule last seen within `reach` extrapolates its last points straight on; peaks and rules are paired
    closest first, within `tolerance`; a peak left over starts a rule of its own.
    """
    tracks: list[list[tuple[float, float]]] = []
    for position, peaks in pieces:
        pairs: list[tuple[float, int, float]] = []
        for index, track in enumerate(tracks):
            if position - track[-1][0] > reach:
                continue
            guess = _straight(track[-6:], position)
            pairs.extend((abs(guess - peak), index, peak) for peak in peaks if abs(guess - peak) < tolerance)
        used_tracks: set[int] = set()
        used_peaks: set[float] = set()
        for _, index, peak in sorted(pairs):
            if index not in used_tracks and peak not in used_peaks:
                tracks[index].append((position, peak))
                used_tracks.add(index)
                used_peaks.add(peak)
        tracks.extend([(position, peak)] for peak in peaks if peak not in used_peaks)
    return tracks


def _straight(points: list[tuple[float, float]], t: float) -> float:
    """The least-squares straight line through the points (flat for fewer than three), at `t`."""
    if len(points) < 3:
        return points[-1][1]
    count = len(points)
    mean_t = sum(p[0] for p in points) / count
    mean_v = sum(p[1] for p in points) / count
    spread = sum((p[0] - mean_t) ** 2 for p in points)
    slope = sum((p[0] - mean_t) * (p[1] - mean_v) for p in points) / spread if spread else 0.0
    return mean_v + slope * (t - mean_t)


def _join(tracks: list[list[tuple[float, float]]], tolerance: float) -> list[list[tuple[float, float]]]:
    """Join tracks that continue one another: one rule interrupted where a strip missed it."""
    tracks = sorted(tracks, key=lambda track: track[0][0])
    joined = True
    while joined:
        joined = False
        for first, second in itertools.permutations(range(len(tracks)), 2):
            a, b = tracks[first], tracks[second]
            if b[0][0] <= a[-1][0]:
                continue
            ahead = _straight(a[-4:], b[0][0])
            behind = _straight(b[3::-1], a[-1][0])
            if abs(ahead - b[0][1]) < tolerance and abs(behind - a[-1][1]) < tolerance:
                tracks[first] = a + b
                del tracks[second]
                joined = True
                break
    return tracks


def _column_rules(vertical: np.ndarray) -> list[_Column]:
    """Every long vertical rule, with the top and bottom of where it is printed."""
    height, width = vertical.shape
    wide = vertical.copy()
    for offset in (-2, -1, 1, 2):
        wide |= _shift(vertical, offset, 1)
    strips = 20
    edges = np.linspace(0, height, strips + 1).astype(int)
    pieces = [
        ((top + bottom) / 2, _peaks(wide[top:bottom].mean(0), 0.5, 12))
        for top, bottom in itertools.pairwise(edges)
    ]
    strip = height / strips
    columns = []
    for track in _join(_track(pieces, tolerance=width * 0.008, reach=2.5 * strip), tolerance=width * 0.008):
        if len(track) >= 4:
            rule = _fit(track)
            top, bottom = _extent(rule, wide, track[0][0] - strip, track[-1][0] + strip)
            columns.append(_Column(rule, top, bottom))
    return columns


def _extent(rule: _Rule, vertical: np.ndarray, low: float, high: float) -> tuple[float, float]:
    """Top and bottom of the longest stretch of a column rule, followed through small breaks."""
    height, width = vertical.shape
    ys = np.arange(max(0, int(low)), min(height, int(high)))
    xs = np.clip(np.round(rule.along(ys)).astype(int), 0, width - 1)
    found = np.flatnonzero(vertical[ys, xs])
    if not found.size:
        return low, low
    breaks = np.flatnonzero(np.diff(found) > max(8, height // 60))
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [found.size - 1]])
    longest = int(np.argmax(found[ends] - found[starts]))
    return float(ys[found[starts[longest]]]), float(ys[found[ends[longest]]])


def _blocks(
    columns: list[_Column], horizontal: np.ndarray, ink: np.ndarray, values: np.ndarray, form: Form | None
) -> list[_Block]:
    """Parse the column rules and the row rules between them into blocks of number | White | Black."""
    if len(columns) < 3:
        raise LayoutError(f"no move grid found: {len(columns)} long vertical rules on the page")
    longest = max(column.bottom - column.top for column in columns)
    grid = [column for column in columns if column.bottom - column.top >= 0.35 * longest]
    middle = float(np.median([(column.top + column.bottom) / 2 for column in grid]))
    grid.sort(key=lambda column: column.rule.at(middle))
    totals = np.concatenate(
        [np.zeros((horizontal.shape[0], 1), np.int32), horizontal.cumsum(1, dtype=np.int32)], 1
    )
    sections = [
        _Section(left, right, _section_rules(totals, left, right)) for left, right in itertools.pairwise(grid)
    ]
    pitch = _pitch(sections)
    counts = [float(np.median([len(ys) for _, ys in section.pieces] or [0])) for section in sections]
    typical = float(np.median([count for count in counts if count >= 4] or [0]))
    runs: list[list[_Section]] = [[]]
    for section, count in zip(sections, counts, strict=True):
        if count >= max(4.0, 0.6 * typical):
            runs[-1].append(section)
        elif runs[-1]:
            runs.append([])
    blocks = [block for run in runs for block in _parse_run(run, pitch, ink, values, middle)]
    # A block with far fewer regular rows than the best is no block of the grid but, say, the edge of the
    # sheet against the table with the header's lines beside it.
    lengths = [len(_regular(block.rules, pitch, block.centre)) for block in blocks]
    blocks = [
        block
        for block, length in zip(blocks, lengths, strict=True)
        if length >= 0.6 * max(lengths, default=0)
    ]
    if not blocks:
        raise LayoutError("no move grid found: no block of number, White and Black columns")
    if form is not None and len(blocks) != form.blocks:
        raise LayoutError(f"found {len(blocks)} blocks of rows, form {form.name!r} has {form.blocks}")
    rows = form.rows if form is not None else _agree_rows(blocks, pitch)
    _settle_rows(blocks, rows, pitch, middle)
    return blocks


def _section_rules(totals: np.ndarray, left: _Column, right: _Column) -> list[tuple[float, list[float]]]:
    """The row rules crossing the section between two column rules, found in pieces ≤ 100 pixels wide.

    The pieces follow the column rules, which perspective may tilt against the rows; `totals` holds the
    running sums of the horizontal-rule mask along each row, so a piece's share of a row is one difference.
    Each piece is placed at its centre halfway down.
    """
    height = totals.shape[0]
    slack = 6
    y0 = max(0, int(min(left.top, right.top)) - slack)
    y1 = min(height, int(max(left.bottom, right.bottom)) + slack)
    if y1 - y0 < 6:
        return []
    ys = np.arange(y0, y1)
    lows = left.rule.along(ys.astype(np.float64)) + 3
    highs = right.rule.along(ys.astype(np.float64)) - 3
    middle = (y0 + y1) // 2 - y0
    span = highs[middle] - lows[middle]
    if span < 6:
        return []
    count = max(1, math.ceil(span / 100))
    last = totals.shape[1] - 1
    pieces = []
    for index in range(count):
        starts = np.clip(np.round(lows + (highs - lows) * index / count).astype(int), 0, last)
        stops = np.clip(np.round(lows + (highs - lows) * (index + 1) / count).astype(int), 0, last)
        profile = (totals[ys, stops] - totals[ys, starts]) / np.maximum(stops - starts, 1)
        centre = (starts[middle] + stops[middle]) / 2
        pieces.append((float(centre), [y0 + y for y in _peaks(profile, 0.5, 8)]))
    return pieces


def _pitch(sections: list[_Section]) -> float:
    """The row pitch: the commonest spacing of successive row rules within a piece."""
    gaps = [gap for section in sections for _, ys in section.pieces for gap in np.diff(ys) if gap > 8]
    if len(gaps) < 6:
        raise LayoutError("no move grid found: too few row rules")
    histogram = np.convolve(np.bincount(np.round(gaps).astype(int)), np.ones(5), mode="same")
    mode = int(np.argmax(histogram))
    return float(np.median([gap for gap in gaps if abs(gap - mode) <= 0.15 * mode]))


def _parse_run(
    run: list[_Section], pitch: float, ink: np.ndarray, values: np.ndarray, middle: float
) -> list[_Block]:
    """Adjacent ruled sections into blocks: [number, White, Black], or [number+White, Black] when the
    number column has no rule of its own."""
    widths = [section.right.rule.at(middle) - section.left.rule.at(middle) for section in run]
    blocks = []
    index = 0
    while index + 1 < len(run):
        narrow = widths[index] < 0.6 * max(widths)
        parts = run[index : index + (3 if narrow else 2)]
        if len(parts) < (3 if narrow else 2):
            break
        left, right = parts[0].left.rule, parts[-1].right.rule
        centre = (left.at(middle) + right.at(middle)) / 2
        rules = _row_rules([piece for part in parts for piece in part.pieces], pitch, centre)
        rules = _drop_fills(rules, (parts[-1].left.rule.at(middle), right.at(middle)), values, pitch)
        if narrow:
            columns = [left, parts[1].left.rule, parts[2].left.rule, right]
        else:
            first = parts[0]
            split = _number_split(
                first.left.rule, first.right.rule, _regular(rules, pitch, centre), ink, values
            )
            columns = [left, split, parts[1].left.rule, right]
        blocks.append(_Block(columns, rules, centre))
        index += len(parts)
    return blocks


def _row_rules(pieces: list[tuple[float, list[float]]], pitch: float, centre: float) -> list[_Rule]:
    """Row rules of one block: peaks linked left to right, kept where they cross most of the block."""
    tracks = _track(sorted(pieces), tolerance=0.3 * pitch, reach=math.inf)
    rules = [_fit(track, spread=2.5) for track in tracks if len(track) >= max(2, 0.6 * len(pieces))]
    return sorted(rules, key=lambda rule: rule.at(centre))


def _drop_fills(
    rules: list[_Rule], span: tuple[float, float], values: np.ndarray, pitch: float
) -> list[_Rule]:
    """Rules less the upper edge of every dark-filled band (a heading printed white on black), which would
    otherwise bound a row that holds no move. The band is judged over the middle half of the Black column
    (`span`, from its left to its right rule), where writing never covers most of the paper."""
    paper = float(np.percentile(values, 90))
    x0, x1 = (
        int(np.clip(x, 0, values.shape[1]))
        for x in (0.75 * span[0] + 0.25 * span[1], 0.25 * span[0] + 0.75 * span[1])
    )
    centre = (x0 + x1) / 2
    kept = []
    for upper, lower in itertools.pairwise(rules):
        y0, y1 = upper.at(centre), lower.at(centre)
        top, bottom = (
            int(np.clip(y, 0, values.shape[0])) for y in (y0 + 0.25 * (y1 - y0), y1 - 0.25 * (y1 - y0))
        )
        inside = values[top : bottom + 1, x0 : x1 + 1]
        if y1 - y0 < 0.3 * pitch or not (inside.size and float(np.median(inside)) < 0.6 * paper):
            kept.append(upper)
    return [*kept, *rules[-1:]]


def _number_split(
    left: _Rule, right: _Rule, rules: list[_Rule], ink: np.ndarray, values: np.ndarray
) -> _Rule:
    """Where a number column without a rule ends: after its printed numbers and the shading behind them.

    Both are measured across the section's rows, from the left rule on: the numbers as the first columns
    inked in at least half the rows (handwriting wanders, printed numbers do not), the shading as the first
    columns whose median grey stays below the paper, the paper being the grey of the section's right half
    carried leftwards in a straight line (a photograph's light falls off across the sheet).
    """
    bands: list[np.ndarray] = []
    shades: list[np.ndarray] = []
    for upper, lower in itertools.pairwise(rules):
        (x0, y0), (_, y1) = _cross(upper, left, 0.0), _cross(lower, left, 0.0)
        y0, y1 = int(y0 + (y1 - y0) / 5), int(y1 - (y1 - y0) / 5)
        x0, x1 = int(left.at((y0 + y1) / 2)) + 3, int(right.at((y0 + y1) / 2)) - 3
        if y1 > y0 and x1 - x0 > 20 and x0 >= 0 and x1 <= ink.shape[1] and y0 >= 0 and y1 <= ink.shape[0]:
            bands.append(np.asarray(ink[y0:y1, x0:x1].any(0)))
            shades.append(np.median(values[y0:y1, x0:x1], 0))
    if len(bands) < 4:
        return left.shifted(0.15 * (right.at(0) - left.at(0)))
    span = min(band.size for band in bands)
    limit = int(0.45 * span)
    coverage = np.asarray(np.mean([band[:span] for band in bands], 0))
    end = _first_run(coverage[:limit] >= 0.5, gap=max(2, span // 40)) or int(0.12 * span)
    level = np.median([shade[:span] for shade in shades], 0)
    across = np.arange(span, dtype=np.float64)
    paper = np.polyval(np.polyfit(across[span // 2 :], level[span // 2 :], 1), across[:limit])
    end = max(end, _first_run(level[:limit] < paper - 12, gap=2))
    return left.shifted(3 + end + span // 50)


def _first_run(flags: np.ndarray, gap: int) -> int:
    """The end of the first run of set flags, bridging holes of up to `gap` (0 when none is set)."""
    hits = np.flatnonzero(flags)
    if not hits.size:
        return 0
    breaks = np.flatnonzero(np.diff(hits) > gap)
    return int(hits[breaks[0]] if breaks.size else hits[-1]) + 1


def _agree_rows(blocks: list[_Block], pitch: float) -> int:
    """How many move rows the blocks have: the regular run most blocks agree on, less a heading row as tall
    as a move row when that makes a known form's count."""
    counts = [len(_regular(block.rules, pitch, block.centre)) - 1 for block in blocks]
    count = max(set(counts), key=lambda n: (counts.count(n), n))
    if count not in _KNOWN_ROWS and count - 1 in _KNOWN_ROWS:
        count -= 1
    if count < MIN_ROWS:
        raise LayoutError(f"no move grid found: {max(count, 0)} regular rows at most")
    return count


def _regular(rules: list[_Rule], pitch: float, centre: float) -> list[_Rule]:
    """The longest run of rules one pitch apart (measured at x = `centre`), a missing rule filled in; of
    equally long runs, the one with the evenest rows."""
    if not rules:
        return []
    ys = [rule.at(centre) for rule in rules]
    best: list[tuple[int, float, list[int]]] = [(0, 0.0, [index]) for index in range(len(rules))]
    for j in range(len(rules)):
        for i in range(j):
            gap = (ys[j] - ys[i]) / pitch
            steps = round(gap)
            if steps not in (1, 2) or abs(gap - steps) > 0.25:
                continue
            rows, uneven, chain = best[i]
            candidate = (rows + steps, uneven + (gap - steps) ** 2 + 0.25 * (steps - 1), [*chain, j])
            if (candidate[0], -candidate[1]) > (best[j][0], -best[j][1]):
                best[j] = candidate
    chain = max(best, key=lambda entry: (entry[0], -entry[1]))[2]
    out: list[_Rule] = []
    for i, j in itertools.pairwise(chain):
        out.append(rules[i])
        if ys[j] - ys[i] > 1.5 * pitch:
            out.append(rules[i].between(rules[j]))
    out.append(rules[chain[-1]])
    return out


def _settle_rows(blocks: list[_Block], rows: int, pitch: float, middle: float) -> None:
    """Give every block the same `rows` move rows, aligned with its neighbours' rows.

    Each window of `rows + 1` rules from a block's regular run is tried as the reference; the other blocks
    take, rule by rule, the rule of their own regular run that continues the neighbour's across their
    common edge, and a rule a block does not show (faint, cut off, written over) is filled in one row from
    its neighbour. The choice with the most regular rows, the fewest filled-in rules and the best matches
    wins; of choices that cost about the same (within `TIE`), the lowest, since a heading row above the
    grid is commoner than a ruled footer below it.
    """
    runs = [_regular(block.rules, pitch, block.centre) for block in blocks]
    edges = [
        (left.columns[-1].at(middle) + right.columns[0].at(middle)) / 2
        for left, right in itertools.pairwise(blocks)
    ]
    choices: list[tuple[float, list[list[_Rule]]]] = []
    for index, run in enumerate(runs):
        for start in range(len(run) - rows):
            settled = _propagate(runs, edges, index, run[start : start + rows + 1], pitch)
            if settled is not None:
                cost = settled[0] + sum(
                    ((lower.at(block.centre) - upper.at(block.centre)) / pitch - 1) ** 2
                    for block, rules in zip(blocks, settled[1], strict=True)
                    for upper, lower in itertools.pairwise(rules)
                )
                choices.append((cost, settled[1]))
    if not choices:
        found = max(len(run) - 1 for run in runs)
        raise LayoutError(f"no move grid found: {found} regular rows at most in a block, expected {rows}")
    least = min(cost for cost, _ in choices)
    near = [rules for cost, rules in choices if cost <= least + TIE]
    chosen = max(near, key=lambda rules: rules[0][0].at(blocks[0].centre))
    for block, rules in zip(blocks, chosen, strict=True):
        block.rules = rules


def _propagate(
    runs: list[list[_Rule]], edges: list[float], reference: int, window: list[_Rule], pitch: float
) -> tuple[float, list[list[_Rule]]] | None:
    """Every block's rules following the reference block's window outwards, block by block, and the cost
    of the filled-in and of the ill-matching rules."""
    settled: dict[int, list[_Rule]] = {reference: window}
    cost = 0.0
    for index in [*range(reference + 1, len(runs)), *range(reference - 1, -1, -1)]:
        neighbour = index - 1 if index > reference else index + 1
        followed = _follow(runs[index], settled[neighbour], edges[min(index, neighbour)], pitch)
        if followed is None:
            return None
        settled[index], penalty = followed
        cost += penalty
    return cost, [settled[index] for index in range(len(runs))]


def _follow(
    rules: list[_Rule], guide: list[_Rule], edge: float, pitch: float
) -> tuple[list[_Rule], float] | None:
    """For each guide rule, the rule of `rules` that meets it at x = `edge` (missing ones filled in), and a
    cost that grows with every filled-in rule and every mismatch at the edge."""
    ys = np.array([rule.at(edge) for rule in rules])
    found: dict[int, _Rule] = {}
    cost = 0.0
    for index, target in enumerate(guide):
        gaps = np.abs(ys - target.at(edge))
        best = int(np.argmin(gaps)) if gaps.size else -1
        if best >= 0 and gaps[best] < 0.3 * pitch:
            found[index] = rules[best]
            cost += 0.5 * (gaps[best] / (0.3 * pitch)) ** 2
    missing = len(guide) - len(found)
    if missing > len(guide) // 4:
        return None
    out = []
    for index, target in enumerate(guide):
        if index not in found:
            near = min(found, key=lambda other: abs(other - index))
            out.append(found[near].shifted(target.at(edge) - guide[near].at(edge)))
        else:
            out.append(found[index])
    return out, cost + 0.5 * missing


def _cross(row: _Rule, column: _Rule, near: float) -> tuple[float, float]:
    """Where a row rule y(x) meets a column rule x(y), starting the search at x = `near`."""
    x = near
    for _ in range(5):
        x = column.at(row.at(x))
    return x, row.at(x)


def _cells(
    blocks: list[_Block],
    values: np.ndarray,
    rules: np.ndarray,
    to_page: Callable[[float, float], tuple[float, float]],
) -> tuple[MoveRow, ...]:
    rows = []
    per_block = len(blocks[0].rules) - 1
    for index, block in enumerate(blocks):
        _, number_edge, divider, right = block.columns
        for row, (upper, lower) in enumerate(itertools.pairwise(block.rules)):
            number = index * per_block + row + 1
            cells = [
                _cell(
                    number,
                    side,
                    [_cross(rule, column, block.centre) for rule, column in corners],
                    values,
                    rules,
                    to_page,
                )
                for side, corners in (
                    (
                        "white",
                        ((upper, number_edge), (lower, number_edge), (lower, divider), (upper, divider)),
                    ),
                    ("black", ((upper, divider), (lower, divider), (lower, right), (upper, right))),
                )
            ]
            rows.append(MoveRow(number, cells[0], cells[1]))
    return tuple(sorted(rows, key=lambda row: row.number))


def _cell(
    number: int,
    side: str,
    corners: list[tuple[float, float]],
    values: np.ndarray,
    rules: np.ndarray,
    to_page: Callable[[float, float], tuple[float, float]],
) -> Cell:
    """A cell from its corners (upper-left, lower-left, lower-right, upper-right, working pixels)."""
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    height, width = values.shape
    margin_x, margin_y = 0.06 * (max(xs) - min(xs)), 0.17 * (max(ys) - min(ys))
    x0, x1 = max(0, int(max(xs[0], xs[1]) + margin_x)), min(width, int(min(xs[2], xs[3]) - margin_x))
    y0, y1 = max(0, int(max(ys[0], ys[3]) + margin_y)), min(height, int(min(ys[1], ys[2]) - margin_y))
    ink = _ink(values[y0:y1, x0:x1], rules[y0:y1, x0:x1])
    points = [to_page(x, y) for x, y in corners]
    quad = tuple(value for point in points for value in point)
    box = (
        round(min(x for x, _ in points)),
        round(min(y for _, y in points)),
        round(max(x for x, _ in points)),
        round(max(y for _, y in points)),
    )
    return Cell(number, side, box, quad, ink, ink < EMPTY_INK)  # type: ignore[arg-type]


def _ink(inside: np.ndarray, rules: np.ndarray) -> float:
    """The inked fraction of a cell's inside (slightly smoothed grey values), rules excluded.

    Ink is measured against the cell's own paper and noise (median and median deviation), so faint pencil
    on a clean scan counts and JPEG noise on a dark photo does not; a pixel counts only with two inked
    neighbours, which drops specks of dust and noise.
    """
    paper_pixels = inside[~rules]
    if inside.size == 0 or paper_pixels.size == 0:
        return 0.0
    paper = float(np.median(paper_pixels))
    noise = 1.4826 * float(np.median(np.abs(paper_pixels - paper)))
    marked = (inside < paper - max(4.0 * noise, INK_CONTRAST)) & ~rules
    padded = np.pad(marked, 1).astype(np.int8)
    neighbours = sum(
        padded[1 + dy : padded.shape[0] - 1 + dy, 1 + dx : padded.shape[1] - 1 + dx]
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
    )
    return float((marked & (neighbours >= 3)).mean())
