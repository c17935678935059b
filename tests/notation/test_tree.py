"""The whole annotated tree survives writing: variations (nested), comments, starting comments and NAGs.

Random game trees are built with python-chess; partiar reads python-chess's PGN, and then
- python-chess's own parser reads partiar's PGN back to the same tree;
- partiar reads its own text in every locale back to the same tree;
- the JSON carries the same tree.
"""

from __future__ import annotations

import io
import random
from typing import Any

import chess
import chess.pgn
import pytest
from partiar.notation import LOCALES, Game, Ply, parse_games
from partiar.notation.text.writers import game_json, write_pgn, write_text

WORDS = ("good", "a mistake", "Better is", "the only move", "White wins", "unclear", "see game 12", "zeitnot")
NAGS = (1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 132, 146)
Tree = list[tuple[str, tuple[int, ...], str, str, list[Any]]]


def _annotate(rng: random.Random, node: chess.pgn.ChildNode, first_of_variation: bool) -> None:
    if rng.random() < 0.25:
        node.nags = set(rng.sample(NAGS, rng.randint(1, 2)))
    if rng.random() < 0.2:
        node.comment = " ".join(rng.sample(WORDS, rng.randint(1, 2)))
    if first_of_variation and rng.random() < 0.3:
        node.starting_comment = rng.choice(WORDS)


def _grow(rng: random.Random, parent: chess.pgn.GameNode, length: int, depth: int, first: bool) -> None:
    node = parent
    for index in range(length):
        board = node.board()
        moves = list(board.legal_moves)
        if not moves:
            return
        rng.shuffle(moves)
        child = node.add_variation(moves[0])
        _annotate(rng, child, first and index == 0)
        if depth < 3 and len(moves) > 1 and rng.random() < 0.25:
            for alternative in moves[1 : 1 + rng.randint(1, 2)]:
                side = node.add_variation(alternative)
                _annotate(rng, side, True)
                _grow(rng, side, rng.randint(0, 5), depth + 1, False)
        node = child


def random_tree(seed: int) -> chess.pgn.Game:
    rng = random.Random(seed)
    game = chess.pgn.Game()
    if rng.random() < 0.3:
        game.comment = rng.choice(WORDS)
    _grow(rng, game, rng.randint(1, 40), 0, False)
    game.headers["Result"] = "*"
    return game


def _norm(text: str) -> str:
    return " ".join(text.split())


def chess_tree(node: chess.pgn.GameNode) -> Tree:
    """A python-chess line from `node` as (uci, NAGs, starting comment, comment, variations) per ply."""
    line: Tree = []
    while node.variations:
        main, *others = node.variations
        line.append(
            (
                main.move.uci(),
                tuple(sorted(main.nags)),
                _norm(main.starting_comment),
                _norm(main.comment),
                [chess_tree_from(other) for other in others],
            )
        )
        node = main
    return line


def chess_tree_from(first: chess.pgn.ChildNode) -> Tree:
    """A variation: its first move, then its own main line."""
    head = (
        first.move.uci(),
        tuple(sorted(first.nags)),
        _norm(first.starting_comment),
        _norm(first.comment),
        [],
    )
    return [head, *chess_tree(first)]


def partiar_tree(plies: tuple[Ply, ...] | list[Ply]) -> Tree:
    return [
        (
            ply.move.uci(),
            tuple(sorted(ply.nags)),
            _norm(ply.starting_comment),
            _norm(ply.comment),
            [partiar_tree(variation) for variation in ply.variations],
        )
        for ply in plies
    ]


def json_tree(moves: list[dict[str, Any]]) -> Tree:
    return [
        (
            move["uci"],
            tuple(sorted(move.get("nags", ()))),
            _norm(move.get("starting_comment", "")),
            _norm(move.get("comment", "")),
            [json_tree(variation) for variation in move.get("variations", ())],
        )
        for move in moves
    ]


def read_partiar(text: str, locale: str) -> Game:
    (game,) = parse_games(text, locale)
    assert game.error is None, (locale, game.error, text)
    return game


SEEDS = range(60)


@pytest.mark.parametrize("seed", SEEDS)
def test_python_chess_reads_partiar_pgn_back_to_the_same_tree(seed: int) -> None:
    original = random_tree(seed)
    game = read_partiar(str(original), "en")
    expected = chess_tree(original)
    assert partiar_tree(game.plies) == expected
    assert _norm(game.comment) == _norm(original.comment)
    out = io.StringIO()
    write_pgn(game, out)
    back = chess.pgn.read_game(io.StringIO(out.getvalue()))
    assert back is not None and not back.errors, back.errors if back else None
    assert chess_tree(back) == expected, out.getvalue()
    assert _norm(back.comment) == _norm(original.comment)
    assert json_tree(game_json(game)["moves"]) == expected


@pytest.mark.parametrize("locale", [locale.code for locale in LOCALES])
def test_partiar_reads_its_own_text_back_to_the_same_tree(locale: str) -> None:
    for seed in range(0, 60, 3):
        original = random_tree(seed)
        game = read_partiar(str(original), "en")
        out = io.StringIO()
        write_text(game, out, locale)
        back = read_partiar(out.getvalue(), locale)
        assert partiar_tree(back.plies) == partiar_tree(game.plies), out.getvalue()
        assert _norm(back.comment) == _norm(game.comment)


def test_a_black_move_after_a_variation_or_comment_has_its_number() -> None:
    (game,) = parse_games("1. e4 e5 (1... c5 {Sicilian}) 2. Nf3 {develops} Nc6 *", "en")
    out = io.StringIO()
    write_pgn(game, out)
    assert "1. e4 e5 (1... c5 {Sicilian}) 2. Nf3 {develops} 2... Nc6 *" in out.getvalue()
    text = io.StringIO()
    write_text(game, text, "sk")
    assert "1. e4 e5 (1... c5 {Sicilian}) 2. Jf3 {develops} 2... Jc6 *" in text.getvalue()
