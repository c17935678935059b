"""`convert` and `check` on Dask (`--workers N`, `--scheduler ADDRESS`): the same output as one process.

The input's chunks (`split_games`) are grouped into batches of about `BATCH_GAMES` games, cut only where
reading the batches apart reads every game as the whole text would: before a chunk with tag pairs, or after
a chunk that is a game of its own (a chunk that is no game, a heading, is read with the chunk after it).
Each batch is read in a Dask task that returns what the batch writes and tells; the client writes the
batches in input order, numbering the games across them, with at most a few batches in flight.

Dask (`distributed`) is imported only when a client is made (`partiar.ocr.batch.dask_client`, shared with
`partiar batch`), inside the command's handler.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from ..notation.errors import ExitStatus
from ..notation.locales import get_locale
from ..notation.rules.claims import GameAudit, KeyedGameBuilder, audit
from ..notation.rules.editions import get_edition
from ..notation.rules.report import describe_audit
from ..notation.text.reader import Chunk, read_chunks, split_games
from ..notation.text.render import Style
from ..notation.text.writers import JsonDocumentWriter, game_json, write_pgn, write_text
from ..ocr.batch import dask_client
from .notices import notices, stopped, tell_lines

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


def check_batch(chunks: list[Chunk], locale: str, edition: int, json: bool) -> Batch:
    """`partiar check` of one batch: its audits numbered from 1 (the client numbers them on), as JSON
    entries or as `GameAudit`s to be told in words once numbered."""
    rules = get_edition(edition)
    done = Batch()
    for index, keyed in enumerate(read_chunks(chunks, locale, KeyedGameBuilder), 1):
        result = audit(keyed.game, rules, index, keyed.positions)
        done.games.append((keyed.game.line, notices(keyed.game, error=False)))
        done.entries.append(result.to_json() if json else result)
    return done


def _run(
    workers: int | None,
    scheduler: str | None,
    runs: Iterator[list[Chunk]],
    task: Callable[..., Batch],
    arguments: tuple[Any, ...],
    write: Callable[[Batch], None],
) -> None:
    """Every batch through `task` on Dask, each result given to `write` in input order."""
    with dask_client(workers, scheduler) as client:
        window = max(2, 2 * sum(client.nthreads().values()))
        pending: deque[Any] = deque()
        for chunks in runs:
            pending.append(client.submit(task, chunks, *arguments, pure=False))
            if len(pending) >= window:
                write(pending.popleft().result())
        while pending:
            write(pending.popleft().result())


def convert(
    args: Any, lines: Iterable[str], target: str, style: Style, out: TextIO, json: JsonDocumentWriter | None
) -> tuple[int, ExitStatus]:
    """`partiar convert` on Dask: the games written to `out` (or `json`); the count and the exit status."""
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
    _run(args.workers, args.scheduler, batches(lines, locale), convert_batch, arguments, write)
    return count, status


def check(args: Any, lines: Iterable[str], out: TextIO, json: JsonDocumentWriter | None) -> int:
    """`partiar check` on Dask: the audits written to `out` (or `json`); the count of games."""
    locale = get_locale(args.locale)
    edition = get_edition(args.edition)
    count = 0

    def write(batch: Batch) -> None:
        nonlocal count
        for (line, told), entry in zip(batch.games, batch.entries, strict=True):
            count += 1
            tell_lines(count, line, told)
            if json is not None:
                json.add({**entry, "index": count})
            else:
                numbered: GameAudit = replace(entry, index=count)
                out.write(describe_audit(numbered, edition, args.lang, locale))

    arguments = (locale.code, edition.year, json is not None)
    _run(args.workers, args.scheduler, batches(lines, locale.code), check_batch, arguments, write)
    return count
