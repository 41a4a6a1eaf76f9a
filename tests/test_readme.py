"""The README's Python examples run as they are written."""

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def test_the_readme_has_python_examples():
    assert BLOCKS


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_block_runs(index):
    printed = io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)  # the examples name files relative to the checkout
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(BLOCKS[index], f"README.md python block {index + 1}", "exec"), {})
    finally:
        os.chdir(here)
    assert printed.getvalue().strip(), "a README example prints what it shows"
