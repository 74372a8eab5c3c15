"""Save a screenshot of ``sevens play`` mid-deal as docs/play.png (Textual's SVG, rendered by Chromium).

    python scripts/screenshot_play.py [--variant parliament] [--seed 11] [--moves 5]

Drives the game with Textual's pilot (your first legal card, ``--moves`` times),
saves Textual's SVG screenshot in a temporary folder and renders it to PNG
with headless ``chromium``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
import tempfile
from pathlib import Path

from sevens.loading.registry import load_rules
from sevens.play.table_session import PlaySession
from sevens.play.terminal import SevensApp

DOCS = Path(__file__).resolve().parent.parent / "docs"


async def shoot(variant: str, seed: int, moves: int, svg: Path) -> None:
    session = PlaySession(load_rules(variant), 4, 0, ["heuristic", "search", "random"], seed, 3)
    app = SevensApp(session)
    async with app.run_test(size=(132, 38)) as pilot:
        await pilot.pause()
        for _ in range(moves):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        app.save_screenshot(filename=svg.name, path=str(svg.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="parliament")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--moves", type=int, default=5)
    args = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("chromium not found (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / "play.svg"
        asyncio.run(shoot(args.variant, args.seed, args.moves, svg))
        page = Path(tmp) / "page.html"
        page.write_text(
            f'<html><body style="margin:0;background:#1e1e1e">{svg.read_text(encoding="utf-8")}</body></html>',
            encoding="utf-8",
        )
        png = DOCS / "play.png"
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--screenshot={png}",
                "--window-size=1640,1000",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        print(f"wrote {png}")


if __name__ == "__main__":
    main()
