"""Reading `convert`'s and `check`'s input in worker processes (`--workers N`, by default one per processor) or
on a Dask cluster (`--scheduler ADDRESS`), with the same output as one process; each command's task (what
one batch writes and tells) lives with the command.

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

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any, Protocol

from ..notation.errors import ExitStatus
from ..notation.text.chunks import Chunk, split_games
from ..notation.text.lexer import grammar_for
from ..notation.text.reader import read_chunks
from .options import processors

# Games (chunks) in a batch: enough to outweigh a task's cost, few enough to keep the workers busy to the end
# (with 200, the last batches of 1,110 games left one of two workers idle for a tenth of the run).
BATCH_GAMES = 50


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


class _Pending(Protocol):
    """A batch handed to a worker (a `concurrent.futures` or a Dask future)."""

    def result(self) -> Batch: ...


@contextmanager
def _workers(workers: int, scheduler: str | None) -> Iterator[tuple[Callable[..., _Pending], int]]:
    """How to hand a batch to a worker, and how many work at once: the Dask cluster at `scheduler`, or
    `workers` local processes. They are forked, which starts them at once with everything imported (and
    what this process built, the locale's grammar), where this process runs no other thread (forking one
    that does may copy a lock another thread holds)."""
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
    args: Any,
    lines: Iterable[str],
    locale: str,
    task: Callable[..., Batch],
    arguments: tuple[Any, ...],
    write: Callable[[Batch], None],
) -> None:
    """Every batch of `lines` through `task` (with `arguments` after the batch) on the workers that `args`
    ask for (`--workers`, by default one per processor; `--scheduler`), each result given to `write` in
    input order; an input of one batch is read here, where starting workers would only cost time."""
    runs = batches(lines, locale)
    first = list(islice(runs, 2))
    if len(first) < 2:
        for chunks in first:
            write(task(chunks, *arguments))
        return
    if args.scheduler is None:
        grammar_for(locale)  # built once here, not again in every forked worker (tens of milliseconds each)
    with _workers(args.workers or processors(), args.scheduler) as (submit, width):
        window = max(2, 2 * width)
        pending: deque[_Pending] = deque()
        for chunks in chain(first, runs):
            pending.append(submit(task, chunks, *arguments))
            if len(pending) >= window:
                write(pending.popleft().result())
        while pending:
            write(pending.popleft().result())
