"""A candidate job whose worker process is killed once, for the worker tests (importable by
worker processes that start afresh, as Ray's do)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from cardjudge.solver.generate import make_candidate


def dies_once(marker: str, request, number):
    """make_candidate, except that the process judging candidate 2 is killed the first time."""
    if number == 2 and not os.path.exists(marker):
        Path(marker).write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return make_candidate(request, number)
