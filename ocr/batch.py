"""Archives at scale: the scoresheets under a folder, paired into games, each game scanned as a Dask task.

- `find_games(directory, pair)` → `BatchGame`s: the PNG/JPEG/TIFF/PDF files under `directory`, the copies of
  one game paired by name (`NAME_0.jpg`, `NAME_1.jpg` → game `NAME`; `pair` is another regular expression
  with a `name` group and an optional `copy` group, or a CSV manifest with the columns `game` and `file`).
- `scan_game(game, locale, engine, form)` → `GameResult`: one game's copies scanned and decoded together, on
  a Dask worker. The recogniser is built once per worker process (`worker_engine`), not once per task. Any
  failure (an unreadable file, no grid on a page) becomes a failed result: the batch goes on.
- `dask_client(workers, scheduler)`: a `LocalCluster` of worker processes on this machine, or a client of an
  existing cluster (`tcp://host:8786`).
- `run_batch(games, out, options, client)` → `BatchSummary`: every game submitted; as each one finishes,
  `OUT/NAME.pgn` and `OUT/NAME.json` written atomically (temporary file, then rename) and a line appended to
  `OUT/report.jsonl`; with `resume`, games whose outputs exist are not scanned again. The last line of the
  report is the triage summary, worst games first.

Dask (`distributed`) is imported only when a client is made, so importing this module costs nothing and the
notation commands never load it. The workers must see the input files at the same paths as the client (one
machine, or storage that every node mounts); the outputs are written by the client only.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shlex
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..notation.errors import ExitStatus, InputError, NotationError, UsageError

if TYPE_CHECKING:
    from distributed import Client

    from .engines.base import Engine

SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".tif", ".tiff", ".pdf"})
# `NAME_0.jpg`, `NAME_1.jpg`, ... are the copies of game `NAME`; any other file is a game of its own.
DEFAULT_PAIR = r"(?P<name>.+)_(?P<copy>\d+)"
REPORT = "report.jsonl"

# Triage: a game with at most FEW_FLAGS flagged moves (and nothing else wrong) needs a quick look; more
# flags, copies that disagree on DISAGREEING plies or more, a decoding that stopped, or a file that could not
# be read need a person.
FEW_FLAGS = 3
DISAGREEING = 2
NO_REVIEW, FEW, PERSON = "no-review", "few-flags", "needs-person"
TRIAGE = (PERSON, FEW, NO_REVIEW)  # worst first


class BatchError(UsageError):
    """A batch that cannot start: Dask missing, a bad pairing pattern or manifest, a bad game name."""


@dataclass(frozen=True)
class BatchGame:
    """One game of the batch: its name (a path relative to the output folder, without suffix) and the files
    of its copies, in copy order."""

    name: str
    files: tuple[str, ...]


@dataclass(frozen=True)
class BatchOptions:
    locale: str
    engine: str = "auto"
    form: str | None = None


# --- finding the games ------------------------------------------------------------------------------------


def _safe_name(name: str, where: str) -> str:
    path = Path(name)
    if not name or path.is_absolute() or ".." in path.parts:
        raise BatchError(f"{where}: game name {name!r} must be a relative path without '..'")
    return path.as_posix()


def _scoresheets(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise InputError(f"{directory}: not a directory")
    return sorted(path for path in directory.rglob("*") if path.suffix.lower() in SUFFIXES and path.is_file())


def _copy_key(copy: str | None) -> tuple[int, int | str]:
    if copy is None:
        return (0, 0)
    return (0, int(copy)) if copy.isdecimal() else (1, copy)


def _from_manifest(directory: Path, manifest: Path) -> list[BatchGame]:
    try:
        with manifest.open(newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{manifest}: cannot read the manifest ({error})") from None
    if rows and not {"game", "file"} <= set(rows[0]):
        raise BatchError(f"{manifest}: a manifest needs the columns 'game' and 'file'")
    games: dict[str, list[str]] = {}
    for line, row in enumerate(rows, 2):
        name = _safe_name((row["game"] or "").strip(), f"{manifest}:{line}")
        file = Path((row["file"] or "").strip())
        games.setdefault(name, []).append(str(file if file.is_absolute() else directory / file))
    return [BatchGame(name, tuple(files)) for name, files in sorted(games.items())]


def find_games(directory: Path, pair: str | None = None) -> list[BatchGame]:
    """The games under `directory`, sorted by name. `pair`: a regular expression matched against each file's
    name without its suffix (a `name` group names the game, an optional `copy` group orders the copies), or
    a `.csv` manifest (columns `game`, `file`; files relative to `directory`). A game's name keeps the
    sub-folder its files are in."""
    if pair is not None and pair.lower().endswith(".csv") and Path(pair).is_file():
        return _from_manifest(directory, Path(pair))
    try:
        pattern = re.compile(pair or DEFAULT_PAIR)
    except re.error as error:
        raise BatchError(f"--pair {pair!r}: not a regular expression ({error})") from None
    if "name" not in pattern.groupindex:
        raise BatchError(f"--pair {pair!r}: the pattern needs a (?P<name>...) group")
    games: dict[str, list[tuple[tuple[int, int | str], str]]] = {}
    for path in _scoresheets(directory):
        match = pattern.fullmatch(path.stem)
        name = match.group("name") if match else path.stem
        copy = match.group("copy") if match and "copy" in pattern.groupindex else None
        folder = path.parent.relative_to(directory)
        key = _safe_name((folder / name).as_posix(), str(path))
        games.setdefault(key, []).append((_copy_key(copy), str(path)))
    return [
        BatchGame(name, tuple(file for _, file in sorted(files))) for name, files in sorted(games.items())
    ]


# --- one game, on a worker ----------------------------------------------------------------------------------

_ENGINES: dict[str, Engine] = {}
_ENGINES_LOCK = threading.Lock()
_LOADS = 0  # how many engines this process has built (the tests check: one per worker)


def worker_engine(name: str) -> Engine:
    """The engine called `name`, built on its first use in this process and kept for every later task."""
    global _LOADS
    from .engines.base import get_engine

    with _ENGINES_LOCK:
        engine = _ENGINES.get(name)
        if engine is None:
            engine = _ENGINES[name] = get_engine(name)
            _LOADS += 1
        return engine


def warm(name: str) -> str:
    """Build the engine on this worker ahead of its first task (`Client.run`)."""
    return worker_engine(name).name


@dataclass
class GameResult:
    """What a worker sends back for one game: the report's fields, and the PGN and JSON to write."""

    name: str
    files: list[str]
    locale: str
    status: str  # scanned, flagged, stopped or failed
    plies: int = 0
    flagged: int = 0
    disagreements: int = 0
    pages: int = 0
    error: str | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # the worker process's processor time: the cost of the game without contention
    worker: str = ""
    engine_loads: int = 0
    pgn: str = field(default="", repr=False)
    json: str = field(default="", repr=False)


def scan_game(game: BatchGame, locale: str, engine: str = "auto", form: str | None = None) -> GameResult:
    """Scan one game's copies together (the Dask task). Never raises for the game's own input: a failure is
    a result with status `failed` and the error's one-line message."""
    import socket

    start, cpu = time.perf_counter(), time.process_time()
    result = GameResult(
        game.name, list(game.files), locale, "failed", worker=f"{socket.gethostname()}:{os.getpid()}"
    )
    try:
        from ..notation.text.writers import JsonWriter, write_pgn
        from .forms import get_form
        from .pipeline import scan

        (scanned,) = scan(
            [Path(file) for file in game.files],
            locale,
            worker_engine(engine),
            copies=True,
            form=get_form(form) if form else None,
        )
        pgn, document = io.StringIO(), io.StringIO()
        write_pgn(scanned.game, pgn)
        writer = JsonWriter(document)
        writer.write(scanned.game, scanned.move_fields())
        writer.close()
        decoded = scanned.decoded
        result.pgn, result.json = pgn.getvalue(), document.getvalue()
        result.plies, result.flagged = len(decoded.moves), decoded.flagged
        result.disagreements = len(set().union(*scanned.disagreeing))
        cells = [source for ply in scanned.sources for source in ply if source is not None]
        result.pages = sum(
            max((cell.page for cell in cells if cell.file == file), default=1) for file in game.files
        )
        if decoded.error is not None:
            result.status, result.error = "stopped", str(decoded.error)
        else:
            result.status = "flagged" if decoded.flagged else "scanned"
    except NotationError as error:
        result.error = str(error)
    except Exception as error:  # the batch goes on whatever one game's files do
        result.error = f"{', '.join(game.files)}: {type(error).__name__}: {error}"
    result.seconds = round(time.perf_counter() - start, 3)
    result.cpu_seconds = round(time.process_time() - cpu, 3)
    result.engine_loads = _LOADS
    return result


# --- triage -------------------------------------------------------------------------------------------------


def triage(record: dict[str, Any]) -> tuple[str, list[str]]:
    """A report line's triage class and its reasons."""
    reasons = []
    if record["status"] == "failed":
        reasons.append(f"failed: {record['error']}")
    if record["status"] == "stopped":
        reasons.append(f"stopped: {record['error']}")
    if record.get("disagreements", 0) >= DISAGREEING:
        reasons.append(f"copies disagree on {record['disagreements']} plies")
    if record["flagged"] > FEW_FLAGS:
        reasons.append(f"{record['flagged']} flagged moves")
    if reasons:
        return PERSON, reasons
    if record["flagged"]:
        return FEW, [f"{record['flagged']} flagged moves"]
    return NO_REVIEW, []


def severity(record: dict[str, Any]) -> tuple[int, int, int, str]:
    """Worst first: failed, then stopped, then by flagged moves and disagreements."""
    return (
        -(record["status"] == "failed"),
        -(record["status"] == "stopped"),
        -(record["flagged"] + record.get("disagreements", 0)),
        record["game"],
    )


def review_command(record: dict[str, Any]) -> str:
    """The `partiar review` command line that opens this game's copies."""
    words = ["partiar", "review", *record["files"], "--locale", record["locale"]]
    return shlex.join([*words, "--copies"] if len(record["files"]) > 1 else words)


def report_record(result: GameResult) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": result.name,
        "files": result.files,
        "locale": result.locale,
        "copies": len(result.files) > 1,
        "status": result.status,
        "plies": result.plies,
        "flagged": result.flagged,
        "disagreements": result.disagreements,
        "pages": result.pages,
        "error": result.error,
        "seconds": result.seconds,
        "cpu_seconds": result.cpu_seconds,
        "worker": result.worker,
    }
    if result.status != "failed":
        record["pgn"], record["json"] = f"{result.name}.pgn", f"{result.name}.json"
    record["triage"], record["reasons"] = triage(record)
    record["review"] = review_command(record)
    return record


# --- outputs ------------------------------------------------------------------------------------------------


def write_atomically(path: Path, text: str) -> None:
    """`path` replaced by `text` only once all of it is written (a temporary file beside it, renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - renamed or removed below
        "w", encoding="utf-8", dir=path.parent, prefix=".partiar-", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(text)
        os.chmod(handle.name, 0o644)
        os.replace(handle.name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _outputs(out: Path, name: str) -> tuple[Path, Path]:
    return out / f"{name}.pgn", out / f"{name}.json"


def complete(out: Path, game: BatchGame) -> dict[str, Any] | None:
    """The JSON document of a game whose outputs both exist and are whole, else None."""
    pgn, document = _outputs(out, game.name)
    try:
        if pgn.stat().st_size == 0:
            return None
        data = json.loads(document.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("games"), list) else None


def _previous_report(out: Path) -> dict[str, dict[str, Any]]:
    records: dict[str, dict[str, Any]] = {}
    with contextlib.suppress(OSError), (out / REPORT).open(encoding="utf-8") as handle:
        for line in handle:
            with contextlib.suppress(ValueError):
                record = json.loads(line)
                if isinstance(record, dict) and "game" in record:
                    records[record["game"]] = record
    return records


def _resumed_record(
    game: BatchGame, locale: str, data: dict[str, Any], previous: dict[str, Any] | None
) -> dict[str, Any]:
    """The report line of a game done by an earlier run: its old line, or one rebuilt from its JSON."""
    if previous is not None and previous.get("status") != "failed":
        return {**previous, "resumed": True}
    moves = [move for entry in data["games"] for move in entry.get("moves", [])]
    errors = [error for entry in data["games"] for error in entry.get("errors", [])]
    flagged = sum(bool(move.get("flagged")) for move in moves)
    status = "stopped" if errors else "flagged" if flagged else "scanned"
    result = GameResult(
        game.name, list(game.files), locale, status, len(moves), flagged, error=errors[0] if errors else None
    )
    return {**report_record(result), "resumed": True}


# --- the batch ----------------------------------------------------------------------------------------------


@contextlib.contextmanager
def dask_client(workers: int | None = None, scheduler: str | None = None) -> Iterator[Client]:
    """A Dask client: of `scheduler` (an address such as `tcp://host:8786`), or of a `LocalCluster` of
    `workers` single-threaded worker processes on 127.0.0.1 (default: one per core), closed on exit."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise BatchError("--workers and --scheduler need Dask: pip install 'partiar[batch]'") from None
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as error:
            raise InputError(f"{scheduler}: cannot reach the Dask scheduler ({error})") from None
        with client:
            yield client
        return
    count = workers or os.cpu_count() or 1
    if count < 1:
        raise BatchError(f"--workers {count}: needs at least one worker")
    with (
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            worker_dashboard_address=None,
            # No dashboard; the scheduler's small HTTP server takes any free port rather than 8787, which
            # another Dask on the machine may hold (Dask then warns on standard error).
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@dataclass
class BatchSummary:
    """The end of a batch: every game's report line, the triage, the pages scanned and the time taken."""

    records: list[dict[str, Any]]
    seconds: float
    pages: int  # pages scanned in this run (resumed games not counted)

    def count(self, status: str) -> int:
        return sum(record["status"] == status for record in self.records)

    @property
    def triage(self) -> dict[str, list[dict[str, Any]]]:
        """Each triage class's report lines, worst first."""
        classes: dict[str, list[dict[str, Any]]] = {name: [] for name in TRIAGE}
        for record in sorted(self.records, key=severity):
            classes[record["triage"]].append(record)
        return classes

    @property
    def exit_status(self) -> ExitStatus:
        """3 when a game failed, 1 when a game is flagged or stopped, 0 when every game scanned clean."""
        if self.count("failed"):
            return ExitStatus.INPUT
        if self.count("flagged") or self.count("stopped"):
            return ExitStatus.FLAGGED
        return ExitStatus.OK

    def as_json(self) -> dict[str, Any]:
        return {
            "summary": {
                "games": len(self.records),
                **{status: self.count(status) for status in ("scanned", "flagged", "stopped", "failed")},
                "resumed": sum(bool(record.get("resumed")) for record in self.records),
                "pages": self.pages,
                "seconds": round(self.seconds, 3),
                "pages_per_second": round(self.pages / self.seconds, 3) if self.seconds else None,
                "triage": {
                    name: [record["game"] for record in records] for name, records in self.triage.items()
                },
            }
        }


def run_batch(
    games: Sequence[BatchGame],
    out: Path,
    options: BatchOptions,
    client: Client,
    *,
    resume: bool = False,
    on_result: Callable[[dict[str, Any], int, int], None] | None = None,
) -> BatchSummary:
    """Scan `games` on `client`'s cluster, writing each game's outputs and report line as it finishes.
    `on_result(record, done, total)` is told of every game, the resumed ones first."""
    from distributed import as_completed

    start = time.perf_counter()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"{out}: cannot write: {error.strerror}") from None
    previous = _previous_report(out) if resume else {}
    records: list[dict[str, Any]] = []
    todo: list[BatchGame] = []
    for game in games:
        data = complete(out, game) if resume else None
        if data is None:
            todo.append(game)
        else:
            records.append(_resumed_record(game, options.locale, data, previous.get(game.name)))
    pages = 0
    with (out / REPORT).open("w", encoding="utf-8") as report:

        def told(record: dict[str, Any]) -> None:
            report.write(json.dumps(record, ensure_ascii=False) + "\n")
            report.flush()
            if on_result is not None:
                on_result(record, len(records), len(games))

        for index, record in enumerate(records, 1):
            report.write(json.dumps(record, ensure_ascii=False) + "\n")
            if on_result is not None:
                on_result(record, index, len(games))
        report.flush()
        if todo:  # the recogniser built on every worker now: an engine that cannot run stops the batch here
            client.run(warm, options.engine)
        futures = client.map(
            scan_game, todo, locale=options.locale, engine=options.engine, form=options.form, pure=False
        )
        by_key = {future.key: game for future, game in zip(futures, todo, strict=True)}
        for future in as_completed(futures):
            game = by_key.pop(future.key)
            try:
                result: GameResult = future.result()
            except Exception as error:  # a worker that died, a task that could not run
                result = GameResult(game.name, list(game.files), options.locale, "failed")
                result.error = f"{', '.join(game.files)}: {type(error).__name__}: {error}"
            future.release()
            if result.status != "failed":
                pgn, document = _outputs(out, game.name)
                try:
                    write_atomically(pgn, result.pgn)
                    write_atomically(document, result.json)
                except OSError as error:
                    raise InputError(f"{error.filename or out}: cannot write: {error.strerror}") from None
                pages += result.pages
            record = report_record(result)
            records.append(record)
            told(record)
        summary = BatchSummary(records, time.perf_counter() - start, pages)
        report.write(json.dumps(summary.as_json(), ensure_ascii=False) + "\n")
    return summary
