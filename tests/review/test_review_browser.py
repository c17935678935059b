"""The review page in a real browser: `partiar review --no-browser` on the bundled handwritten sheet, driven in
headless Chromium (Debian's `chromium`, which `make install` installs) through Playwright. Nothing downloads a
browser: Playwright launches the system one. Skipped only where Chromium is not installed.

With PARTIAR_REVIEW_SCREENSHOT=PATH the page is also photographed there (the README's docs/review.png)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator

import chess.pgn
import pytest
from conftest import ROOT
from review_data import HANDWRITTEN, true_texts

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make install installs it)"),
]
# A correction decodes the rest of the game again: seconds on a slow machine.
WAIT_MS = 90_000


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """`partiar review` running; its URL (the first line it prints)."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "partiar.cli.main",
            "review",
            str(HANDWRITTEN),
            "--locale",
            "sk",
            "--no-browser",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    reader.join(timeout=120)
    try:
        assert lines and lines[0].startswith("http://127.0.0.1:"), (
            process.stderr.read() if process.poll() else ""
        )
        yield lines[0].strip()
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_reviewer_confirms_the_game_by_keyboard_and_by_click(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 860}, accept_downloads=True)
            page.set_default_timeout(WAIT_MS)
            expect.set_options(timeout=WAIT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server)
            flagged = page.locator("#moves .move.flagged")
            expect(flagged.first).to_be_visible()
            total = flagged.count()
            assert total >= 3
            progress = page.locator("#progress")
            expect(progress).to_have_text(f"0 of {total} flagged moves confirmed")
            # The first flagged move is selected: its cell image and both boards are shown.
            first = int(flagged.first.get_attribute("data-ply") or 0)
            expect(page.locator(f'#moves .move.selected[data-ply="{first}"]')).to_be_visible()
            expect(page.locator("#cells img")).to_have_count(1)
            expect(page.locator("#before")).to_have_attribute("src", f"/api/boards/{first}/before.svg?v=0")
            if os.environ.get("PARTIAR_REVIEW_SCREENSHOT"):
                page.wait_for_function("document.querySelector('#cells img').complete")
                page.screenshot(path=os.environ["PARTIAR_REVIEW_SCREENSHOT"])

            # By keyboard: accept the first flagged move (Enter); the page moves on to the next flagged one.
            page.keyboard.press("Enter")
            expect(progress).to_have_text(f"1 of {total} flagged moves confirmed")
            expect(page.locator(f'#moves .move.confirmed[data-ply="{first}"]')).to_be_visible()
            second = int(page.locator("#moves .move.selected").get_attribute("data-ply") or 0)
            assert second > first
            # n and p walk the flagged moves; 1 chooses the first alternative (a wrong move here).
            page.keyboard.press("n")
            page.keyboard.press("p")
            expect(page.locator(f'#moves .move.selected[data-ply="{second}"]')).to_be_visible()
            right = page.locator(f'#moves .move[data-ply="{second}"]').inner_text().rstrip("?")
            wrong = page.locator("#alternatives button").first.get_attribute("data-san")
            page.keyboard.press("1")
            expect(page.locator(f'#moves .move.confirmed[data-ply="{second}"]')).not_to_have_text(right)

            # By click: select that move again, type the right one in the text box; then an illegal one.
            page.locator(f'#moves .move[data-ply="{second}"]').click()
            page.locator("#move-input").fill("Kxe8")
            page.locator("#move-input").press("Enter")
            expect(page.locator("#error")).to_contain_text("illegal move")
            page.locator("#move-input").fill(right)
            page.locator("#enter button[type=submit]").click()
            expect(page.locator(f'#moves .move.confirmed[data-ply="{second}"]')).to_have_text(right)
            # Every other flagged move: clicked, then accepted with the button.
            while flagged.count():
                ply = flagged.first.get_attribute("data-ply")
                flagged.first.click()
                expect(page.locator(f'#moves .move.selected[data-ply="{ply}"]')).to_be_visible()
                page.locator("#accept").click()
                expect(page.locator(f'#moves .move.confirmed[data-ply="{ply}"]')).to_be_visible()
            expect(progress).to_have_text(f"{total} of {total} flagged moves confirmed")
            assert wrong

            with page.expect_download() as download:
                page.locator("#export").click()
            pgn = download.value.path().read_text(encoding="utf-8")
            assert errors == []
        finally:
            browser.close()
    # The exported game is the game written on the sheet, with nothing left to check.
    exported = chess.pgn.read_game(io.StringIO(pgn))
    assert exported is not None and "{?}" not in pgn
    texts = _sk_texts(list(exported.mainline_moves()), exported.board())
    assert len(texts) > 60 and texts == true_texts()[: len(texts)]


def _sk_texts(moves: list[chess.Move], board: chess.Board) -> list[str]:
    from partiar.notation import render

    texts = []
    for move in moves:
        texts.append(render(board.san(move), move, "sk", en_passant=board.is_en_passant(move)))
        board.push(move)
    return texts
