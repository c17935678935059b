"""`partiar batch` on Dask: pages per second with 1 and 2 local workers, and with a scheduler and workers
started by hand (`dask scheduler`, `dask worker` on 127.0.0.1), and the speed-up. Prints JSON.

The folder: GAMES synthetic games of 25–35 random legal moves, each as two copies (`NAME_0.png`,
`NAME_1.png`) written in the printed font at 200 dpi with the capture's rotation, light and noise, so every
game is two pages; every copy is scanned (stages 1–4) and each pair decoded together (stage 5), as an
archive's run would. Each set-up starts its cluster once, runs one small batch to build the recogniser on
every worker (not timed), then REPEATS timed batches into fresh output folders; the figures are medians,
because other processes share the machine; each batch's one-minute load average (before and after) is reported
with it, and the workers' processor time per page, which contention does not inflate. A batch's time runs
from its first submission to its last report line (the cluster's start is reported apart).

    python bench/batch.py [--games 12] [--repeats 3] [--engine ctc]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import chess
from partiar.notation import Style, render
from partiar.ocr import batch
from partiar.ocr.forms import get_form
from partiar.ocr.training.fonts import PRINTED_FONT, find_font
from partiar.ocr.training.synth import draw_scoresheet

DASK = Path(sys.executable).with_name("dask")


def random_rows(rng: random.Random, moves: int) -> list[tuple[str, str]]:
    """A random legal game of up to `moves` moves, in Slovak, as the rows of a scoresheet."""
    board = chess.Board()
    texts = []
    while len(texts) < 2 * moves and not board.is_game_over():
        move = rng.choice(list(board.legal_moves))
        texts.append(render(board.san(move), move, "sk", Style()))
        board.push(move)
    texts += [""] * (len(texts) % 2)
    return [(texts[i], texts[i + 1]) for i in range(0, len(texts), 2)]


def make_folder(directory: Path, games: int) -> int:
    """GAMES games of two copies each under `directory`; returns the number of pages."""
    rng = random.Random(17)
    form, font = get_form("fide-2x30"), find_font(PRINTED_FONT)
    for number in range(games):
        rows = random_rows(rng, rng.randint(25, 30))
        for copy in range(2):
            sheet = draw_scoresheet(rows, form, "sk", font, random.Random(number * 2 + copy), dpi=200)
            sheet.image.save(directory / f"game{number:03d}_{copy}.png")
    return 2 * games


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def by_hand(workers: int) -> Iterator[Any]:
    """`dask scheduler` and `dask worker` started as processes on 127.0.0.1, and a client of them."""
    address = f"tcp://127.0.0.1:{free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", host, "--port", port, "--no-dashboard"], **quiet
    )
    worker = subprocess.Popen(
        [
            DASK,
            "worker",
            address,
            "--nworkers",
            str(workers),
            "--nthreads",
            "1",
            "--host",
            host,
            "--no-dashboard",
        ],
        **quiet,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                context = batch.dask_client(scheduler=address)
                client = context.__enter__()
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        try:
            client.wait_for_workers(workers, timeout=60)
            yield client
        finally:
            context.__exit__(None, None, None)
    finally:
        for process in (worker, scheduler):
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def measure(
    name: str,
    start: Callable[[], AbstractContextManager[Any]],
    folder: Path,
    warmup: Path,
    engine: str,
    repeats: int,
) -> dict[str, Any]:
    games = batch.find_games(folder)
    options = batch.BatchOptions("sk", engine)
    began = time.perf_counter()
    with start() as client:
        startup = time.perf_counter() - began
        with tempfile.TemporaryDirectory() as scratch:
            batch.run_batch(batch.find_games(warmup), Path(scratch), options, client)
        rates, seconds, cpu, load, pages = [], [], [], [], 0
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as scratch:
                before = os.getloadavg()[0]
                summary = batch.run_batch(games, Path(scratch), options, client)
                load.append(round((before + os.getloadavg()[0]) / 2, 1))
            cpu.append(sum(record["cpu_seconds"] for record in summary.records) / summary.pages)
            pages = summary.pages
            rates.append(summary.pages / summary.seconds)
            seconds.append(summary.seconds)
            failed = summary.count("failed")
            if failed:
                raise SystemExit(f"{name}: {failed} games failed")
    result = {
        "setup": name,
        "pages": pages,
        "cluster_start_seconds": round(startup, 2),
        "seconds": [round(value, 2) for value in seconds],
        "pages_per_second": [round(value, 3) for value in rates],
        "median_pages_per_second": round(statistics.median(rates), 3),
        "median_cpu_seconds_per_page": round(statistics.median(cpu), 3),
        "load_average": load,
    }
    print(json.dumps(result), file=sys.stderr)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=12, help="games of two pages each (default 12)")
    parser.add_argument("--repeats", type=int, default=3, help="timed batches per set-up (default 3)")
    parser.add_argument("--engine", default="ctc", help="recognition engine (default ctc)")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="partiar-bench-batch-"))
    try:
        folder, warmup = root / "sheets", root / "warmup"
        folder.mkdir()
        warmup.mkdir()
        pages = make_folder(folder, args.games)
        make_folder(warmup, 2)
        runs = [
            measure(
                "local, 1 worker",
                lambda: batch.dask_client(workers=1),
                folder,
                warmup,
                args.engine,
                args.repeats,
            ),
            measure(
                "local, 2 workers",
                lambda: batch.dask_client(workers=2),
                folder,
                warmup,
                args.engine,
                args.repeats,
            ),
            measure(
                "dask scheduler + dask worker --nworkers 2 (by hand)",
                lambda: by_hand(2),
                folder,
                warmup,
                args.engine,
                args.repeats,
            ),
        ]
    finally:
        shutil.rmtree(root, ignore_errors=True)
    one = runs[0]["median_pages_per_second"]
    report = {
        "benchmark": "partiar batch",
        "engine": args.engine,
        "cores": os.cpu_count(),
        "games": args.games,
        "pages": pages,
        "repeats": args.repeats,
        "runs": runs,
        "speed_up_2_workers": round(runs[1]["median_pages_per_second"] / one, 2),
        "speed_up_by_hand": round(runs[2]["median_pages_per_second"] / one, 2),
        "seconds_per_page_1_worker": round(1 / one, 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
