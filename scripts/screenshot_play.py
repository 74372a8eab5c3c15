"""Save screenshots of ``sevens play`` mid-deal under docs/ (Textual's SVG, and a PNG of it
rendered by headless Chromium).

    python scripts/screenshot_play.py [--variant parliament] [--seed 11] [--moves 5]

Drives the game with Textual's pilot (your first legal card, ``--moves`` times) on a
terminal of 80×24 in English, German and Japanese and of 120×40 in English, and writes
``docs/play-<cols>x<rows>-<lang>.svg`` and ``.png``.  Without ``chromium`` only the SVG files are written.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from sevens.compiler.output import write_text
from sevens.loading.registry import load_rules
from sevens.play.table_session import PlaySession
from sevens.play.terminal import SevensApp

DOCS = Path(__file__).resolve().parent.parent / "docs"
SHOTS = [((80, 24), "en"), ((80, 24), "de"), ((80, 24), "ja"), ((120, 40), "en")]


async def shoot(variant: str, seed: int, moves: int, size: tuple[int, int], lang: str) -> str:
    """The SVG of the screen after ``moves`` of your moves."""
    session = PlaySession(
        load_rules(variant), 4, 0, ["heuristic", "search", "random"], seed, 3, lang=lang
    )
    app = SevensApp(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(moves):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        return app.export_screenshot(title=f"sevens play {variant} --lang {lang}")


def to_png(browser: str, svg: str, png: Path) -> None:
    """Render ``svg`` to ``png`` at its own size with headless Chromium."""
    width, height = (
        int(float(v))
        for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()  # type: ignore[union-attr]
    )
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(f'<html><body style="margin:0">{svg}</body></html>', encoding="utf-8")
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--screenshot={png}",
                f"--window-size={width},{height}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--variant", default="parliament")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--moves", type=int, default=5)
    args = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    for (cols, rows), lang in SHOTS:
        svg = asyncio.run(shoot(args.variant, args.seed, args.moves, (cols, rows), lang))
        name = f"play-{cols}x{rows}-{lang}"
        write_text(DOCS / f"{name}.svg", svg, what="the screenshot")
        print(f"wrote docs/{name}.svg")
        if browser is not None:
            to_png(browser, svg, DOCS / f"{name}.png")
            print(f"wrote docs/{name}.png")


if __name__ == "__main__":
    main()
