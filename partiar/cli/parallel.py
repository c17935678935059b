"""`convert` and `check` (its task is `partiar.cli.rules`'s) in worker processes (`--workers N`, by default one per processor) or on a Dask
cluster (`--scheduler ADDRESS`): the same output as one process.

The input's chunks (`split_games`) are grouped into batches of about `BATCH_GAMES` games, cut only where
reading the batches apart reads every game as the whole text would: before a chunk with tag pairs, or after
a chunk that is a game of its own (a chunk that is no game, a heading, is read with the chunk after it).
Each batch is read in a task that returns what the batch writes and tells; this process writes the batches
in input order, numbering the games across them, with at most a few batches in flight. An input of one
batch is read in this process.

Dask (`distributed`) is imported only when a client is made (`partiar.ocr.batch.dask_client`, shared with
`partiar batch`), inside `_workers`.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any, Protocol, TextIO

from ..notation.errors import ExitStatus
from ..notation.locales import get_locale
from ..notation.text.reader import Chunk, read_chunks, split_games
from ..notation.text.render import Style
from ..notation.text.writers import JsonDocumentWriter, game_json, write_pgn, write_text
from .notices import notices, stopped, tell_lines
from .options import processors

# Games (chunks) in a batch: enough to outweigh a task's cost, few enough to keep the workers busy.
BATCH_GAMES = 200


@dataclass
class Batch:
    """What one batch writes and tells: each game's first line and the lines told about it (without their
    head, see `notices`), the output text (PGN, locale text) or entries (JSON entries, audits), and the
    exit status."""

    games: list[tuple[int, list[str]]] = field(default_factory=list)
    text: str = ""
    entries: list[Any] = field(default_factory=list)
    status: ExitStatus = ExitStatus.OK


def batches(lines: Iterable[str], locale: str, size: int | None = None) -> Iterator[list[Chunk]]:
    """The input's chunks in runs of at least `size` (default `BATCH_GAMES`; the last run may be shorter),
    each run readable apart."""
    size = size or BATCH_GAMES
    batch: list[Chunk] = []
    for chunk in split_games(lines):
        if len(batch) >= size and (chunk.headers or next(read_chunks(batch[-1:], locale), None) is not None):
            yield batch
            batch = []
        batch.append(chunk)
    if batch:
        yield batch


# --- the tasks (run on the workers) ------------------------------------------------------------------------


def convert_batch(chunks: list[Chunk], locale: str, target: str, style: Style, quiet: bool) -> Batch:
    """`partiar convert` of one batch, `target` being pgn, json or a locale's code."""
    writer_locale = None if target in ("pgn", "json") else get_locale(target)
    done = Batch()
    out = io.StringIO()
    for game in read_chunks(chunks, locale):
        done.games.append((game.line, notices(game, quiet=quiet)))
        if target == "json":
            done.entries.append(game_json(game))
        elif writer_locale is None:
            write_pgn(stopped(game), out)
        else:
            write_text(stopped(game), out, writer_locale, style)
        if game.error is not None:
            done.status = ExitStatus.NOTATION
    done.text = out.getvalue()
    return done


class _Pending(Protocol):
    """A batch handed to a worker (a `concurrent.futures` or a Dask future)."""

    def result(self) -> Batch: ...


@contextmanager
def _workers(workers: int, scheduler: str | None) -> Iterator[tuple[Callable[..., _Pending], int]]:
    """How to hand a batch to a worker, and how many work at once: the Dask cluster at `scheduler`, or
    `workers` local processes. They are forked, which starts them at once with everything imported, where
    this process runs no other thread (forking one that does may copy a lock another thread holds)."""
    if scheduler is not None:
        from ..ocr.batch import dask_client

        with dask_client(None, scheduler) as client:
            width = sum(client.nthreads().values())
            yield (lambda task, *arguments: client.submit(task, *arguments, pure=False)), width
        return
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor

    forked = threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if forked else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield pool.submit, workers


def run_batches(
    workers: int,
    scheduler: str | None,
    runs: Iterator[list[Chunk]],
    task: Callable[..., Batch],
    arguments: tuple[Any, ...],
    write: Callable[[Batch], None],
) -> None:
    """Every batch through `task` on the workers, each result given to `write` in input order; an input of
    one batch is read here, where starting workers would only cost time."""
    first = list(islice(runs, 2))
    if len(first) < 2:
        for chunks in first:
            write(task(chunks, *arguments))
        return
    with _workers(workers, scheduler) as (submit, width):
        window = max(2, 2 * width)
        pending: deque[_Pending] = deque()
        for chunks in chain(first, runs):
            pending.append(submit(task, chunks, *arguments))
            if len(pending) >= window:
                write(pending.popleft().result())
        while pending:
            write(pending.popleft().result())


def convert(
    args: Any, lines: Iterable[str], target: str, style: Style, out: TextIO, json: JsonDocumentWriter | None
) -> tuple[int, ExitStatus]:
    """`partiar convert` in workers: the games written to `out` (or `json`); the count and the exit status."""
    locale = get_locale(args.locale).code
    code = target if target in ("pgn", "json") else get_locale(target).code
    count, status = 0, ExitStatus.OK

    def write(batch: Batch) -> None:
        nonlocal count, status
        for line, told in batch.games:
            count += 1
            tell_lines(count, line, told)
        if json is not None:
            for entry in batch.entries:
                json.add(entry)
        out.write(batch.text)
        status = max(status, batch.status)

    arguments = (locale, code, style, args.quiet)
    run_batches(
        args.workers or processors(), args.scheduler, batches(lines, locale), convert_batch, arguments, write
    )
    return count, status
