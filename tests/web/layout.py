"""What a player would see wrong on a screen, measured in the browser: text cut, text covered,
text off the screen, controls on top of one another.

Owns `layout_problems(page)`: every piece of text shown on the page's screen (each line of
each text node, as the browser laid it out), and every control, checked against
- the screen: nothing reaches past the viewport's edges;
- its boxes: a box that clips what overflows it (overflow other than visible) must hold the
  text whole, and a box cut with an ellipsis is cut;
- one another: no two lines of text of different elements overlap, no card (its ring counted)
  lies on a line of text, no two controls overlap.
What floats over the table on purpose (a chat bubble, a banner, a sheet, the choice of sets, a
question, a toast) must be on the screen, and is not counted as covering what is under it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.web.browser import Page

SCRIPT = Path(__file__).with_name("layout_problems.js")


def layout_problems(page: Page) -> list[str]:
    """What is wrong with the screen shown, as layout_problems.js finds it (empty: nothing)."""
    script = SCRIPT.read_text(encoding="utf-8") + "\nreturn layoutProblems();"
    return [str(problem) for problem in page.run(script)]
