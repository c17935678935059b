"""`partiar batch` on a small folder: pairing by name, pattern and manifest; a LocalCluster of two workers;
outputs and report lines; a broken file; copies that disagree; resume; the command line."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from partiar.notation import Style, parse_games, render
from partiar.notation.errors import ExitStatus
from partiar.ocr import batch
from partiar.ocr.forms import get_form
from partiar.ocr.training.fonts import PRINTED_FONT, find_font
from partiar.ocr.training.synth import draw_scoresheet

from partiar.cli.main import main

GAME = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. O-O Se7"
OTHER = "1. d4 d5 2. c4 e6 3. Jc3 Jf6 4. Sg5 Se7 5. e3 O-O"
ENGINE = "ctc"  # the shipped model: no system binary needed


@cache
def rows(text: str) -> list[tuple[str, str]]:
    (game,) = parse_games(text, "sk")
    texts = [render(ply.san, ply.move, "sk", Style()) for ply in game.plies] + [""]
    return [(texts[i], texts[i + 1]) for i in range(0, len(texts) - 1, 2)]


def sheet(path: Path, text: str, seed: int) -> Path:
    drawn = draw_scoresheet(
        rows(text), get_form("fide-2x30"), "sk", find_font(PRINTED_FONT), random.Random(seed), dpi=150
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    drawn.image.save(path)
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two games with two copies each (one in a sub-folder), a game whose copies are different games, one
    single sheet, and a file that is not an image."""
    root = tmp_path_factory.mktemp("archive")
    sheet(root / "a_0.png", GAME, 1)
    sheet(root / "a_1.png", GAME, 2)
    sheet(root / "box" / "b_0.png", GAME, 3)
    sheet(root / "box" / "b_1.png", GAME, 4)
    sheet(root / "mixed_0.png", GAME, 5)
    sheet(root / "mixed_1.png", OTHER, 6)
    sheet(root / "single.png", OTHER, 7)
    (root / "broken_0.jpg").write_bytes(b"not a JPEG at all")
    (root / "notes.txt").write_text("not a scoresheet")
    return root


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with batch.dask_client(workers=2) as made:
        yield made


def test_copies_are_paired_by_name_in_their_folder(folder: Path) -> None:
    games = {game.name: [Path(file).name for file in game.files] for game in batch.find_games(folder)}
    assert games == {
        "a": ["a_0.png", "a_1.png"],
        "box/b": ["b_0.png", "b_1.png"],
        "broken": ["broken_0.jpg"],
        "mixed": ["mixed_0.png", "mixed_1.png"],
        "single": ["single.png"],
    }


def test_another_pattern_and_a_manifest_pair_copies(folder: Path, tmp_path: Path) -> None:
    by_pattern = batch.find_games(folder, r"(?P<name>[a-z]+)_(?P<copy>1|0)")
    assert {game.name for game in by_pattern} >= {"a", "box/b", "single"}
    manifest = tmp_path / "games.csv"
    manifest.write_text("game,file\nfirst,a_1.png\nfirst,box/b_0.png\nsecond,single.png\n", encoding="utf-8")
    games = batch.find_games(folder, str(manifest))
    assert [(game.name, [Path(f).name for f in game.files]) for game in games] == [
        ("first", ["a_1.png", "b_0.png"]),
        ("second", ["single.png"]),
    ]
    with pytest.raises(batch.BatchError, match="name"):
        batch.find_games(folder, r"(?P<game>.+)_\d")
    manifest.write_text("game,file\n../escape,a_0.png\n", encoding="utf-8")
    with pytest.raises(batch.BatchError, match=r"\.\."):
        batch.find_games(folder, str(manifest))


def report(out: Path) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    lines = [json.loads(line) for line in (out / batch.REPORT).read_text(encoding="utf-8").splitlines()]
    *games, summary = lines
    return {line["game"]: line for line in games}, summary["summary"]


def test_a_batch_writes_each_game_and_goes_on_past_a_broken_file(
    folder: Path, client: Any, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    seen: list[int] = []
    summary = batch.run_batch(
        batch.find_games(folder),
        out,
        batch.BatchOptions("sk", ENGINE),
        client,
        on_result=lambda record, done, total: seen.append(done),
    )
    assert seen == [1, 2, 3, 4, 5] and summary.exit_status == ExitStatus.INPUT
    games, totals = report(out)
    assert set(games) == {"a", "box/b", "broken", "mixed", "single"}
    assert games["broken"]["status"] == "failed" and "broken_0.jpg" in games["broken"]["error"]
    assert games["broken"]["triage"] == batch.PERSON and not (out / "broken.json").exists()
    for name in ("a", "box/b"):
        assert games[name]["status"] in ("scanned", "flagged") and games[name]["plies"] == 10
        assert games[name]["pages"] == 2 and games[name]["copies"] and games[name]["disagreements"] == 0
        assert "1. e4 e5 2. Nf3 Nc6" in (out / f"{name}.pgn").read_text(encoding="utf-8")
        document = json.loads((out / f"{name}.json").read_text(encoding="utf-8"))
        assert len(document["games"][0]["moves"]) == 10
        assert games[name]["review"].endswith("--locale sk --copies")
    # Copies of two different games: they disagree, and a person looks at them first.
    assert games["mixed"]["disagreements"] >= batch.DISAGREEING and games["mixed"]["triage"] == batch.PERSON
    assert totals["games"] == 5 and totals["failed"] == 1 and totals["pages"] == 7
    assert totals["triage"]["needs-person"][0] == "broken" and "mixed" in totals["triage"]["needs-person"]
    assert not list(out.rglob(".partiar-*"))
    # The recogniser was built once on each worker, however many games it scanned.
    assert set(client.run(lambda: batch._LOADS).values()) == {1}


def test_resume_scans_only_what_is_missing(folder: Path, client: Any, tmp_path: Path) -> None:
    games = [game for game in batch.find_games(folder) if game.name in ("a", "single", "broken")]
    out = tmp_path / "out"
    options = batch.BatchOptions("sk", ENGINE)
    batch.run_batch(games, out, options, client)
    first = (out / "a.pgn").read_text(encoding="utf-8")
    (out / "single.json").unlink()  # as if the run died between the two files of this game
    summary = batch.run_batch(games, out, options, client, resume=True)
    records, totals = report(out)
    assert records["a"].get("resumed") and not records["single"].get("resumed")
    assert not records["broken"].get("resumed") and records["broken"]["status"] == "failed"
    assert (
        totals["resumed"] == 1 and (out / "single.json").exists() and summary.exit_status == ExitStatus.INPUT
    )
    assert (out / "a.pgn").read_text(encoding="utf-8") == first


def test_triage_is_worst_first() -> None:
    def record(game: str, status: str, flagged: int, disagreements: int = 0) -> dict[str, Any]:
        line = {
            "game": game,
            "status": status,
            "flagged": flagged,
            "disagreements": disagreements,
            "error": "x",
        }
        line["triage"] = batch.triage(line)[0]
        return line

    records = [
        record("clean", "scanned", 0),
        record("few", "flagged", 2),
        record("many", "flagged", 9),
        record("stop", "stopped", 1),
        record("dead", "failed", 0),
        record("copies", "scanned", 0, 3),
    ]
    summary = batch.BatchSummary(records, 1.0, 0)
    assert [line["game"] for line in summary.triage[batch.PERSON]] == ["dead", "stop", "many", "copies"]
    assert [line["game"] for line in summary.triage[batch.FEW]] == ["few"]
    assert summary.exit_status == ExitStatus.INPUT
    assert batch.BatchSummary(records[:3], 1.0, 0).exit_status == ExitStatus.FLAGGED
    assert batch.BatchSummary(records[:1], 1.0, 0).exit_status == ExitStatus.OK


def test_the_command_scans_a_folder(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    only = tmp_path / "in"
    for name in ("a_0.png", "a_1.png"):
        (only / name).parent.mkdir(exist_ok=True)
        (only / name).write_bytes((folder / name).read_bytes())
    out = tmp_path / "out"
    argv = ["batch", str(only), "--out", str(out), "--locale", "sk", "--engine", ENGINE, "--workers", "1"]
    status = main(argv)
    printed = capsys.readouterr().out
    assert status in (ExitStatus.OK, ExitStatus.FLAGGED) and (out / "a.pgn").exists()
    assert printed.startswith("1 games (0 resumed)")
    assert main([*argv, "--resume"]) == status and "1 games (1 resumed)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--engine", "nope"], "unknown engine"),
        (["--locale", "klingon"], "unknown"),
        (["--form", "nope"], "unknown"),
        (["--pair", "(?P<oops"], "--pair"),
    ],
)
def test_bad_options_are_usage_errors_before_any_cluster(
    folder: Path, tmp_path: Path, options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["batch", str(folder), "--out", str(tmp_path / "out"), "--locale", "sk", *options]
    assert main(argv) == ExitStatus.USAGE
    assert message in capsys.readouterr().err and not (tmp_path / "out").exists()
