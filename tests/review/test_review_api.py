"""The review session and its JSON API (schema 1), through Starlette's test client: no server, no browser."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest
from partiar.notation.errors import ExitStatus
from partiar.ocr.pipeline import ScannedGame
from review_data import HANDWRITTEN, text_game, true_texts
from starlette.testclient import TestClient

from partiar.cli.main import main
from partiar.review.app import create_app, local_hosts
from partiar.review.session import ReviewError, ReviewSession

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


@pytest.fixture(scope="module")
def scanned_example() -> ScannedGame:
    from partiar.ocr.engines.base import get_engine
    from partiar.ocr.pipeline import scan

    (scanned,) = scan([HANDWRITTEN], "sk", get_engine("auto"))
    return scanned


def client_for(session: ReviewSession, **options: object) -> TestClient:
    return TestClient(create_app(session, local_hosts(PORT), **options), base_url=BASE)  # type: ignore[arg-type]


def test_game_json_has_every_move_with_its_text_flags_and_cells(scanned_example: ScannedGame) -> None:
    client = client_for(ReviewSession(scanned_example, "sk", 0.99))
    game = client.get("/api/game").json()
    assert game["schema"] == 1
    moves = game["moves"]
    assert len(moves) == len(scanned_example.decoded.moves)
    first = moves[0]
    assert {
        "ply",
        "san",
        "uci",
        "text",
        "confidence",
        "flagged",
        "confirmed",
        "alternatives",
        "cells",
    } <= set(first)
    assert (first["ply"], first["san"], first["text"], first["uci"]) == (1, "Nf3", "Jf3", "g1f3")
    # The sheet's own notation: Slovak letters, captures as the locale writes them.
    texts = true_texts()
    assert [move["text"] for move in moves] == [text for text in texts[: len(moves)]]
    flagged = [move for move in moves if move["flagged"]]
    assert flagged and game["progress"] == {"confirmed": 0, "flagged": len(flagged)}
    assert all(alternative["text"] for move in flagged for alternative in move["alternatives"])
    assert first["cells"][0]["image"] == "/api/cells/1/0.png"
    assert game["pgn"].count("{?}") == len(flagged)


def test_cell_images_boards_and_export(scanned_example: ScannedGame) -> None:
    client = client_for(ReviewSession(scanned_example, "sk", 0.99))
    cell = client.get("/api/cells/1/0.png")
    assert cell.status_code == 200 and cell.content.startswith(b"\x89PNG")
    assert client.get("/api/cells/1/1.png").status_code == 404  # one copy only
    assert client.get("/api/cells/999/0.png").status_code == 404
    board = client.get("/api/boards/1/after.svg")
    assert board.status_code == 200 and board.text.startswith("<svg")
    assert client.get("/api/boards/1/sideways.svg").status_code == 404
    export = client.get("/api/export.pgn")
    assert export.status_code == 200 and "1. Nf3" in export.text
    page = client.get("/")
    assert page.status_code == 200 and "review.js" in page.text


def test_an_illegal_or_unreadable_move_is_422_and_changes_nothing(scanned_example: ScannedGame) -> None:
    client = client_for(ReviewSession(scanned_example, "sk", 0.99))
    before = client.get("/api/game").json()
    for body in ({"move": "Jf5"}, {"move": "zz"}, {"move": ""}, {"moves": "e4"}, [1]):
        answer = client.post("/api/moves/3", json=body)
        assert answer.status_code == 422
        assert "\n" not in answer.json()["error"]
    assert "illegal move" in client.post("/api/moves/3", json={"move": "Jf5"}).json()["error"]
    assert client.post("/api/moves/3", content=b"not json").status_code == 422
    assert client.post("/api/moves/500", json={"move": "e4"}).status_code == 422
    assert client.get("/api/game").json() == before


def test_requests_for_another_host_or_from_another_origin_are_refused(scanned_example: ScannedGame) -> None:
    session = ReviewSession(scanned_example, "sk", 0.99)
    client = client_for(session)
    assert client.get("/api/game", headers={"Host": "evil.example:8765"}).status_code == 403
    assert client.get("/api/game", headers={"Host": "127.0.0.1:9999"}).status_code == 403
    refused = client.post("/api/moves/1", json={"accept": True}, headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403 and not session.confirmed
    allowed = client.post("/api/moves/1", json={"accept": True}, headers={"Origin": BASE})
    assert allowed.status_code == 200 and allowed.json()["moves"][0]["confirmed"]
    assert client.get("/api/game", headers={"Host": f"localhost:{PORT}"}).status_code == 200


def test_accepting_a_flagged_move_counts_in_the_progress(scanned_example: ScannedGame) -> None:
    client = client_for(ReviewSession(scanned_example, "sk", 0.99))
    before = client.get("/api/game").json()
    ply = next(move["ply"] for move in before["moves"] if move["flagged"])
    game = client.post(f"/api/moves/{ply}", json={"accept": True}).json()
    total = game["progress"]["flagged"]
    assert game["progress"] == {"confirmed": 1, "flagged": total}
    assert game["moves"][ply - 1]["confirmed"] and game["moves"][ply - 1]["flagged"]
    # The accepted move is no longer marked for review in the PGN; the others still are.
    assert game["pgn"].count("{?}") == before["pgn"].count("{?}") - 1 > 0


def test_a_correction_redecodes_the_later_plies() -> None:
    # "Sb5" could be read as "Sb4" and the typed "Jf6" as "Jf3"-like noise: the correction decides.
    session = ReviewSession(text_game("e4 e5 Jf3 Jc6 Sb5 a6 Sa4 Jf6 0-0 Se7"), "sk", 0.99)
    assert [move.ply.san for move in session.moves][:5] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    session.correct(2, "Nc3")  # SAN works as well as the locale's notation
    assert session.moves[2].ply.san == "Nc3" and 2 in session.confirmed
    assert session.moves[4].ply.san == "Bb5"
    # A later confirmation holds through an earlier correction...
    session.correct(4, "Sc4")
    session.correct(0, "e3")
    assert session.moves[4].ply.san == "Bc4" and 4 in session.confirmed
    # ...unless the correction makes it illegal: then it is decoded again with the rest.
    session.correct(0, "d4")
    assert 4 not in session.confirmed
    assert session.moves[0].ply.san == "d4" and session.moves[2].ply.san == "Nc3"
    with pytest.raises(ReviewError):
        session.correct(1, "Kxe8")


def test_a_correction_through_the_api_returns_the_new_game() -> None:
    session = ReviewSession(text_game("d4 Jf6 c4 e6 Jc3 Sb4 e3 0-0"), "sk", 0.99)
    client = client_for(session)
    game = client.post("/api/moves/5", json={"move": "Jf3"}).json()
    assert [move["san"] for move in game["moves"]][4:6] == ["Nf3", "Bb4+"]
    assert game["moves"][4]["confirmed"] and game["moves"][4]["text"] == "Jf3"
    assert "5. Nf3" not in game["pgn"] and "3. Nf3 Bb4+" in game["pgn"]
    assert game["moves"][0]["cells"][0]["image"] is None  # read from text: no image
    assert client.get("/api/cells/1/0.png").status_code == 404


def test_save_writes_the_pgn_and_the_confirmations_beside_it(tmp_path: Path) -> None:
    from partiar.cli.review import _saver

    out = tmp_path / "game.pgn"
    beside, write = _saver(str(out), [])
    session = ReviewSession(text_game("e4 e5 Jf3 Jc6"), "sk", 0.99)
    client = client_for(session, save=write, save_name=str(out))
    assert client_for(session).post("/api/save").status_code == 409  # no --save: nothing to write to
    client.post("/api/moves/3", json={"move": "Jc3"})
    assert client.post("/api/save").status_code == 200
    assert "2. Nc3 Nc6" in out.read_text(encoding="utf-8")
    saved = json.loads(Path(beside).read_text(encoding="utf-8"))
    assert saved["schema"] == 1 and saved["locale"] == "sk"
    assert saved["confirmed"] == [{"ply": 3, "san": "Nc3", "uci": "b1c3", "was_flagged": False}]
    assert not list(tmp_path.glob(".partiar-*"))


def test_review_takes_one_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status = main(["review", str(HANDWRITTEN), str(HANDWRITTEN), "--locale", "sk", "--no-browser"])
    assert status == ExitStatus.USAGE
    assert "one game" in capsys.readouterr().err


def test_fixed_plies_constrain_the_decoder() -> None:
    game = text_game("e4 e5 Jf3 Jc6 Sb5")
    evidence = [[reading] for reading in game.sheets[0].readings]
    from partiar.notation.decode.beam import decode

    fixed = {2: chess.Move.from_uci("b1c3")}
    decoded = decode(evidence, "sk", fixed=fixed)
    assert [move.ply.san for move in decoded.moves] == ["e4", "e5", "Nc3", "Nc6", "Bb5"]
    assert decoded.moves[2].confidence == 1.0 and not decoded.moves[2].flagged
    impossible = decode(evidence, "sk", fixed={4: chess.Move.from_uci("a1a8")})
    assert impossible.error is not None and "confirmed move a1a8 is not legal" in str(impossible.error)


def test_where_decoding_stopped_the_reviewer_types_the_move_and_the_rest_is_read() -> None:
    # Two cells that fit no move and only one after them that does: the game ends after "a5" and says so.
    # (Off the named openings: after 1. e4 e5 the move prior reads two such cells as 2. Nf3 Nc6, flagged.)
    session = ReviewSession(text_game("h4 h5 a4 a5 qqq zzz Vh3"), "sk", 0.99)
    assert session.decoded.error is not None and len(session.moves) == 4
    client = client_for(session)
    game = client.get("/api/game").json()
    assert game["next"]["ply"] == 5 and game["next"]["read"] == ["qqq"]
    game = client.post("/api/moves/5", json={"move": "Jf3"}).json()
    assert game["next"] is None and game["stopped"] is None
    sans = [move["san"] for move in game["moves"]]
    assert len(sans) == 7 and sans[4] == "Nf3" and sans[6] == "Rh3"
    assert game["moves"][5]["flagged"]  # "zzz": nobody can read it, so it is decoded and flagged
