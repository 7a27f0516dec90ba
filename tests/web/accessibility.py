"""What axe-core (npm's, pinned in package-lock.json; put into the page by the tests only, never
served to players) finds wrong on the screen shown: its serious and critical findings.

Owns `axe_findings(page)`: axe run over the whole document (the shown screen and the bar over
it; the hidden screens are skipped by axe itself), each finding as "rule: what, where".
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.web.browser import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ["violations"] }).then(
  (result) => done(result.violations
    .filter((v) => arguments[0].includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} (${n.target.join(" ")})`))),
  (error) => done([`axe failed: ${error}`]),
);
"""


@cache
def _axe_source() -> str:
    if not AXE.exists():
        raise AssertionError(f"no {AXE}: run npm ci (make test does) for the accessibility checks")
    return AXE.read_text(encoding="utf-8")


def axe_findings(page: Page) -> list[str]:
    """axe's serious and critical findings on the page as it is shown now."""
    if not page.run("return typeof window.axe === 'object'"):
        page.run(_axe_source() + "\nwindow.axe = axe;")
    page.driver.set_script_timeout(60)
    return [str(finding) for finding in page.driver.execute_async_script(RUN, list(SERIOUS))]
