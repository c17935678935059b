"""Games in = games out: every game of a file of mixed damage comes out, in order, with its own heading.

The files hold a forfeit (a result and no moves), an unterminated variation, an unterminated comment, two
games glued on one line, a game stopped by an illegal move, a comment before the first move followed by a
blank line, and sound games around them. Every command that reads many games gets the same count out.
"""

from __future__ import annotations

from pathlib import Path

from partiar.notation import open_lines, read_games

DAMAGED = Path(__file__).resolve().parent.parent / "data" / "damaged"


def test_every_game_of_a_damaged_pgn_file_comes_out() -> None:
    games = list(read_games(open_lines(str(DAMAGED / "mixed.pgn")), "en"))
    assert [g.headers.get("Event") for g in games] == [
        "Forfeit",
        "Unterminated variation",
        "Unterminated comment",
        "Glued",
        None,  # the game glued after "Glued" on its line
        "Broken",
        "Comment first",
        "Last",
    ]
    assert [len(g.plies) for g in games] == [0, 2, 2, 4, 3, 2, 7, 1]
    # The unclosed comment swallows the third game's result: its Result tag stands in.
    assert [g.result for g in games] == ["1-0", "1-0", "0-1", "1/2-1/2", "*", "1-0", "1-0", "*"]
    assert [g.error is not None for g in games] == [False] * 5 + [True, False, False]
    assert games[6].comment.startswith("A comment before the first move")
    assert any("bracket not closed" in w for w in games[1].warnings)
    assert any("comment not closed" in w for w in games[2].warnings)


def test_every_game_of_a_damaged_bulletin_comes_out() -> None:
    games = list(read_games(open_lines(str(DAMAGED / "mixed-sk.txt")), "sk"))
    assert [(g.headers.get("White"), g.headers.get("Black")) for g in games] == [
        ("Novák", "Kováč"),
        ("Horváth", "Tóth"),  # a forfeit: a heading and a result, no moves
        ("Varga", "Baláž"),
        ("Kollár", "Molnár"),
        ("Blaho", "Šimko"),
        (None, None),  # glued after Blaho – Šimko on its line
        ("Mráz", "Lukáč"),
        ("Bartoš", "Šťastný"),
    ]
    assert [len(g.plies) for g in games] == [6, 0, 4, 4, 4, 4, 2, 2]
    assert [g.result for g in games] == ["1-0", "1-0", "0-1", "*", "1-0", "0-1", "1-0", "0-1"]
    assert [g.error is not None for g in games] == [False] * 6 + [True, False]
    assert any("bracket not closed" in w for w in games[2].warnings)
    assert any("comment not closed" in w for w in games[3].warnings)
