"""Form profiles: how the move grid of a printed scoresheet is laid out.

A profile says how many blocks of rows stand side by side, how many rows each block has and the column order
inside a block. Moves are numbered down the first block, then down the next (a 2 × 30 form has moves 1–30
on the left and 31–60 on the right). The layout finder works without a profile; given one, it only accepts
grids of that shape. The drawing hints (`ruled_numbers`, `shaded_numbers`) let the synthetic generator draw
forms that look like the printed ones: the HCS form shades its number column instead of ruling it off.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UnknownFormError

COLUMNS = ("number", "white", "black")


@dataclass(frozen=True)
class Form:
    """One printed scoresheet layout."""

    name: str
    blocks: int
    rows: int
    description: str
    columns: tuple[str, ...] = COLUMNS
    ruled_numbers: bool = True
    shaded_numbers: bool = False

    @property
    def moves(self) -> int:
        """How many moves fit on one sheet."""
        return self.blocks * self.rows


FORMS: dict[str, Form] = {
    form.name: form
    for form in (
        Form(
            "hcs",
            2,
            30,
            "the US 2 × 30 form of the HCS scans: shaded number column, no rule",
            ruled_numbers=False,
            shaded_numbers=True,
        ),
        Form("fide-2x30", 2, 30, "FIDE-style 2 × 30 form, every column ruled"),
        Form("2x25", 2, 25, "2 × 25 form"),
        Form("3x20", 3, 20, "3 × 20 form"),
        Form("3x25", 3, 25, "3 × 25 form"),
    )
}


def get_form(name: str | Form) -> Form:
    """Look a profile up by name (`hcs`, `fide-2x30`, `2x25`, `3x20`, `3x25`), case and `×` insensitive."""
    if isinstance(name, Form):
        return name
    key = name.strip().lower().replace("×", "x").replace(" ", "")
    found = FORMS.get(key) or FORMS.get(f"fide-{key}")
    if found is None:
        raise UnknownFormError(f"unknown form {name!r}; known forms: {', '.join(FORMS)}")
    return found
