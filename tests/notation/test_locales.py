"""The locale registry: every language of the locale notes, found by any of its names."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
from partiar.notation import LOCALES, UnknownLocaleError, get_locale, open_lines, parse_games, read_games

REQUIRED = (
    "en",
    "sk",
    "cs",
    "sr",
    "sr-Cyrl",
    "hr",
    "sl",
    "de",
    "pl",
    "hu",
    "fr",
    "es",
    "it",
    "ca",
    "pt",
    "nl",
    "ru",
    "uk",
    "bg",
    "sv",
    "no",
    "da",
    "fi",
    "ro",
    "tr",
    "et",
    "is",
)


def test_every_required_locale_is_registered() -> None:
    assert {loc.code for loc in LOCALES} >= set(REQUIRED)


@pytest.mark.parametrize("name", ["sk", "SK", "slovak", "Slovak", "slovenčina", "slovencina"])
def test_slovak_by_any_name(name: str) -> None:
    assert get_locale(name).code == "sk"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("cz", "cs"),
        ("česky", "cs"),
        ("српски", "sr-Cyrl"),
        ("sr_cyrl", "sr-Cyrl"),
        ("Deutsch", "de"),
        ("nb", "no"),
    ],
)
def test_aliases(name: str, code: str) -> None:
    assert get_locale(name).code == code


def test_unknown_locale_lists_the_known_ones() -> None:
    with pytest.raises(UnknownLocaleError) as info:
        get_locale("klingon")
    message = str(info.value)
    assert "'klingon'" in message and "sk" in message and "sr-Cyrl" in message and "\n" not in message


def test_letters_of_the_three_main_languages() -> None:
    sk, sr, cyr = get_locale("sk"), get_locale("sr"), get_locale("sr-Cyrl")
    assert [sk.letter(p) for p in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)] == list(
        "KDVSJ"
    )
    assert [sr.letter(p) for p in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)] == list(
        "KDTLS"
    )
    assert [cyr.letter(p) for p in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)] == list(
        "КДТЛС"
    )


def test_same_letter_means_different_pieces() -> None:
    """S is a bishop in Slovak and a knight in Serbian and German: the locale decides."""
    (sk,) = parse_games("1. e4 e5 2. Sc4", "sk")
    (de,) = parse_games("1. e4 e5 2. Sf3", "de")
    assert sk.plies[-1].san == "Bc4" and de.plies[-1].san == "Nf3"


def test_russian_two_letter_king_and_cyrillic_lookalikes() -> None:
    (game,) = parse_games("1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. 0-0 Кf6 5. Крh1 d6", "ru")
    assert [ply.san for ply in game.plies][-2:] == ["Kh1", "d6"]
    # A Latin "K" typed for the Cyrillic knight letter, and a Cyrillic "е" typed for the file e.
    (typed,) = parse_games("1. е4 e5 2. Kf3", "ru")
    assert [ply.san for ply in typed.plies] == ["e4", "e5", "Nf3"]
    # OCR of a Russian book reads the file b as the soft sign it looks like ("СЬ4"), and the rank 3 as the
    # letter З ("5.gЗ"); in words they stay letters.
    (scanned,) = parse_games("1.d4 Кf6 2.с4 е6 3.Кс3 СЬ4 4.Кf3 Ке4. Очень редкий ход. Зачем? 5.gЗ", "ru")
    assert [ply.san for ply in scanned.plies] == ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4", "Nf3", "Ne4", "g3"]
    assert scanned.plies[-2].comment == "Очень редкий ход. Зачем?"


def test_ocr_of_a_ukrainian_book_reads_digits_as_the_letters_they_look_like(tmp_path: Path) -> None:
    # б for 6 (a move number, a rank), І and l for the rank 1, З for 3, Ь for the file b, Ы for the b1 of a
    # long form, and І, l and О in a move number of two digits ("ІО.", "ll."); in words, and in "було б."
    # ending a sentence, they stay letters.
    text = (
        "1.е2—е4 с7—с5 2.с2—сЗ d7—d5 3.e4:d5 Фd8:d5 4.d2—d4 e7—e5 5.d4:e5 Фd5:е5+ б.СсІ—еЗ Kg8—f6 "
        "7.Kgl—f3 Фе5—c7 8.КЫ—аЗ! Можна було б. Ігор КЬ8—d7? 9.КаЗ—Ь5 Фс7—Ь6 ІО.СеЗ—f4 Та8—Ь8 ll.Фd1—dб"
    )
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games(open_lines(str(path)), "uk")
    assert game.error is None
    assert [ply.san for ply in game.plies][10:] == [
        "Be3",
        "Nf6",
        "Nf3",
        "Qc7",
        "Na3",
        "Nbd7",
        "Nb5",
        "Qb6",
        "Bf4",
        "Rb8",
        "Qd6",
    ]
    assert game.plies[14].comment == "Можна було б. Ігор"


def test_serbian_cyrillic_files_are_transliterated() -> None:
    (game,) = parse_games("1. е4 д5 2. е:д5 Д:д5 3. Сц3", "sr-Cyrl")
    assert [ply.san for ply in game.plies] == ["e4", "d5", "exd5", "Qxd5", "Nc3"]


def test_cyrillic_lookalikes_in_latin_text() -> None:
    """The Czech 2009 seed has Cyrillic letters inside Czech words; notation may too."""
    (game,) = parse_games("1. е4 е5 2. Jf3 Jс6", "cs")
    assert [ply.san for ply in game.plies] == ["e4", "e5", "Nf3", "Nc6"]
