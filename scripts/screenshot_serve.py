"""Screenshots of the workbench's views for the docs: ``python scripts/screenshot_serve.py``.

Starts ``sevens serve`` on a free loopback port, drives headless Chromium with Selenium
(Debian's ``chromium`` and ``chromium-driver``) through the views and writes
``docs/serve-library.png``, ``serve-completion.png``, ``serve-error.png``,
``serve-sheet.png``, ``serve-diff.png``, ``serve-fairness.png`` and ``serve-play.png``.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

DOCS = Path(__file__).resolve().parent.parent / "docs"
WAIT = 60


def until(driver: webdriver.Chrome, condition: Callable[[Any], Any]) -> Any:
    """Wait for ``condition`` to hold in the page."""
    return WebDriverWait(driver, WAIT).until(condition)


def shoot(driver: webdriver.Chrome, name: str) -> None:
    """Save the window as ``docs/serve-NAME.png``."""
    path = DOCS / f"serve-{name}.png"
    driver.save_screenshot(str(path))
    print(f"wrote {path}")


def start_server() -> tuple[subprocess.Popen[str], str]:
    """``sevens serve`` on a free port, and the address it printed."""
    command = [sys.executable, "-m", "sevens", "serve", "--no-browser", "--port", "0"]
    server = subprocess.Popen(
        [*command, "--fairness-games", "2000"], stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    return server, server.stdout.readline().split(": ", 1)[1].strip()


def browser() -> webdriver.Chrome:
    """Headless Chromium at a desktop window's size."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(argument)
    options.add_argument("--lang=en")
    return webdriver.Chrome(
        options=options, service=webdriver.ChromeService("/usr/bin/chromedriver")
    )


def tour(driver: webdriver.Chrome, address: str) -> None:
    """Every view, as a person would reach it."""
    driver.get(address)
    until(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    driver.find_element(By.ID, "library-search").send_keys("parl")
    shoot(driver, "library")
    row = driver.find_element(By.CSS_SELECTOR, "#library tr[data-id='parliament']")
    row.find_element(By.CSS_SELECTOR, "button.start-house-rule").click()
    status = driver.find_element(By.ID, "status")
    until(driver, lambda d: status.get_attribute("class") == "valid")
    content = driver.find_element(By.CSS_SELECTOR, "#editor .cm-content")
    content.click()
    content.send_keys(Keys.CONTROL, Keys.END)
    content.send_keys("passing:", Keys.ENTER, "  vol")
    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".cm-tooltip-autocomplete"))
    shoot(driver, "completion")
    content.send_keys(Keys.ESCAPE, Keys.HOME, Keys.SHIFT, Keys.END)
    content.send_keys("  volontary: true")
    until(driver, lambda d: "volontary" in d.find_element(By.ID, "problems").text)
    shoot(driver, "error")
    content.send_keys(Keys.HOME, Keys.SHIFT, Keys.END)
    content.send_keys("  voluntary: true", Keys.ENTER, "voluntary_cost: 2")  # the indent is kept
    until(driver, lambda d: status.get_attribute("class") == "valid")
    shoot(driver, "sheet")
    driver.find_element(By.CSS_SELECTOR, "button.subtab[data-panel='diff']").click()
    shoot(driver, "diff")
    driver.find_element(By.CSS_SELECTOR, "button.subtab[data-panel='fairness']").click()
    # the panel of the text as typed (one of an earlier text may be showing for a moment)
    until(driver, lambda d: "passing on purpose" in d.find_element(By.ID, "fairness").text)
    shoot(driver, "fairness")
    driver.find_element(By.CSS_SELECTOR, "button.tab[data-view='play']").click()
    driver.find_element(By.ID, "play-start").click()
    until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#play-hand button.card"))
    shoot(driver, "play")


def main() -> None:
    server, address = start_server()
    driver = browser()
    try:
        tour(driver, address)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
