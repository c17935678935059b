"""`convert` and `check` with `--scheduler` (a LocalCluster of two workers made here), with `--workers` and
by default (local worker processes): the same standard output, byte for byte, the same standard error and
the same exit status as in one process (`--workers 1`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES
from partiar.notation.errors import ExitStatus

from partiar.cli import options, parallel
from partiar.cli.main import main

pytest.importorskip("distributed")

DATA = Path(__file__).resolve().parents[1] / "data" / "damaged"


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        worker_dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches of a few games, so that even a small input is cut into many."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)


def repeated(path: Path, times: int, into: Path) -> Path:
    text = path.read_text(encoding="utf-8")
    into.write_text("\n".join([text] * times), encoding="utf-8")
    return into


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The damaged games (broken tags, unterminated comments and variations, glued games), four times."""
    return repeated(DATA / "mixed.pgn", 4, tmp_path_factory.mktemp("parallel") / "mixed.pgn")


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few hundred games."""
    return repeated(DATA / "mixed.pgn", 40, tmp_path_factory.mktemp("parallel") / "many.pgn")


@pytest.fixture(scope="module")
def slovak(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Slovak text without tag pairs: headings on lines of their own, games after blank lines."""
    folder = tmp_path_factory.mktemp("parallel")
    text = "\n".join(
        [(EXAMPLES / "sk-2018-sample.txt").read_text(encoding="utf-8")] * 3
        + [(DATA / "mixed-sk.txt").read_text(encoding="utf-8")] * 3
    )
    (folder / "slovak.txt").write_text(text, encoding="utf-8")
    return folder / "slovak.txt"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def same_as_one_process(argv: list[str], extra: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    alone = run([*argv, "--workers", "1"], capsys)
    spread = run([*argv, *extra], capsys)
    assert spread == alone
    return alone


@pytest.mark.parametrize(
    "options",
    [
        ["convert", "--from", "en"],
        ["convert", "--from", "en", "--to", "json"],
        ["convert", "--from", "en", "--to", "sk", "--style", "long", "--figurines"],
        ["convert", "--from", "en", "-q"],
        ["check", "--from", "en"],
        ["check", "--from", "en", "--lang", "sk"],
        ["check", "--from", "en", "--json"],
    ],
)
@pytest.mark.parametrize("data", ["mixed", "many"])
def test_the_damaged_games_read_the_same_on_dask(
    options: list[str],
    data: str,
    address: str,
    request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path: Path = request.getfixturevalue(data)
    assert len(list(parallel.batches(path.read_text().splitlines(), "en"))) > 3
    status, out, err = same_as_one_process(
        [options[0], str(path), *options[1:]], ["--scheduler", address], capsys
    )
    assert out and err  # warnings and errors told, with game numbers running on across the batches
    told = [int(number) for number in re.findall(r"^partiar: game (\d+) \(line", err, re.MULTILINE)]
    assert max(told) > (20 if data == "mixed" else 200)
    assert status == (ExitStatus.NOTATION if options[0] == "convert" else ExitStatus.OK)


@pytest.mark.parametrize(
    "options",
    [
        ["convert", "--from", "sk"],
        ["convert", "--from", "sk", "--to", "json"],
        ["convert", "--from", "sk", "--to", "cs"],
        ["check", "--from", "sk", "--json"],
        ["check", "--from", "sk", "--lang", "cs"],
    ],
)
@pytest.mark.parametrize("size", [1, 3])
def test_text_without_tags_reads_the_same_on_dask(
    options: list[str],
    size: int,
    slovak: Path,
    address: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A heading in a chunk of its own is never cut from the game after it."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", size)
    assert len(list(parallel.batches(slovak.read_text(encoding="utf-8").splitlines(), "sk"))) > 1
    same_as_one_process([options[0], str(slovak), *options[1:]], ["--scheduler", address], capsys)


def test_local_worker_processes(mixed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    same_as_one_process(["convert", str(mixed), "--from", "en", "--to", "json"], ["--workers", "2"], capsys)


def test_by_default_an_input_of_several_batches_is_read_in_one_worker_per_processor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    many = repeated(DATA / "mixed.pgn", 6, tmp_path / "several.pgn")  # 42 games: three batches of 20
    monkeypatch.setattr(parallel, "BATCH_GAMES", 20)
    monkeypatch.setattr(parallel, "processors", lambda: 2)
    monkeypatch.setattr(options, "processors", lambda: 2)
    started: list[int] = []
    workers = parallel._workers

    def spied(count: int, scheduler: str | None) -> Any:
        started.append(count)
        return workers(count, scheduler)

    monkeypatch.setattr(parallel, "_workers", spied)
    for command in ("convert", "check"):
        alone = run([command, str(many), "--from", "en", "--workers", "1"], capsys)
        assert run([command, str(many), "--from", "en"], capsys) == alone
    assert started == [2, 2]
    # One batch is read here; so is `--lenient`, which reads the text as a whole.
    run(["convert", str(EXAMPLES / "sk-2018-sample.txt"), "--from", "sk"], capsys)
    run(["convert", str(many), "--from", "en", "--lenient"], capsys)
    assert started == [2, 2]


def test_output_files_are_the_same(mixed: Path, address: str, tmp_path: Path) -> None:
    main(["check", str(mixed), "--from", "en", "-o", str(tmp_path / "one.txt")])
    main(["check", str(mixed), "--from", "en", "-o", str(tmp_path / "dask.txt"), "--scheduler", address])
    assert (tmp_path / "one.txt").read_bytes() == (tmp_path / "dask.txt").read_bytes()


def test_no_game_and_bad_options(tmp_path: Path, address: str, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty.txt").write_text("\n\n", encoding="utf-8")
    status, _, err = same_as_one_process(
        ["convert", str(tmp_path / "empty.txt"), "--from", "en"], ["--scheduler", address], capsys
    )
    assert status == ExitStatus.INPUT and "no game found" in err
    sample = str(EXAMPLES / "sk-2018-sample.txt")
    assert main(["convert", sample, "--from", "sk", "--lenient", "--workers", "2"]) == ExitStatus.USAGE
    assert "--lenient" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["check", sample, "--from", "sk", "--workers", "0"])
    assert stopped.value.code == ExitStatus.USAGE and "at least 1" in capsys.readouterr().err
