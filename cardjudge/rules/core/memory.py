"""How much memory this process holds, and the memory limit of searches.

A search stops, like at its node or time limit, once the process's resident memory reaches
its limit (by default half of the machine's memory), and says it was cut short by the
memory limit: a long search then never takes the machine down.
"""

from __future__ import annotations

import os
import re

DEFAULT_FRACTION = 0.5  # of the machine's physical memory
_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def machine_bytes() -> int | None:
    """The machine's physical memory in bytes, if the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


_chosen_default: list = []  # the default set by ``set_default_limit`` (the command line's --limit-memory)


def set_default_limit(limit_bytes: int | None) -> None:
    """Make ``limit_bytes`` the default memory limit of this process's searches (None: half the machine's)."""
    _chosen_default[:] = [limit_bytes] if limit_bytes is not None else []


def default_limit() -> int | None:
    """The default memory limit of a search: as set, else half the machine's memory (None if unknown)."""
    if _chosen_default:
        return _chosen_default[0]
    total = machine_bytes()
    return int(total * DEFAULT_FRACTION) if total else None


def resident_bytes() -> int | None:
    """The resident memory of this process now, in bytes (None where it cannot be read)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def parse_size(text: str) -> int:
    """Bytes from a size like ``4G``, ``512M``, ``800000K`` or ``1000000`` (ValueError otherwise).

    >>> parse_size("1.5G") == 3 * 1024**3 // 2
    True
    """
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*", str(text), re.IGNORECASE)
    if not found:
        raise ValueError(f"{text!r} is not a size like 4G, 512M or 800000K")
    size = int(float(found.group(1)) * _UNITS[found.group(2).upper()])
    if size <= 0:
        raise ValueError(f"{text!r} is not a size above 0")
    return size


def describe(size: int) -> str:
    """A size in bytes for people: ``1.5 GB``, ``300 MB``."""
    if size >= 1024**3:
        return f"{size / 1024**3:.1f} GB"
    if size >= 1024**2:
        return f"{size / 1024**2:.0f} MB"
    return f"{size / 1024:.0f} KB"


class MemoryLimit:
    """A limit on the process's resident memory: ``reached()`` says whether it is reached."""

    def __init__(self, limit_bytes: int | None):
        if limit_bytes is not None and (not isinstance(limit_bytes, int) or limit_bytes <= 0):
            raise ValueError("limit_memory must be a number of bytes above 0")
        self.limit = limit_bytes if limit_bytes is not None else default_limit()

    def reached(self) -> bool:
        """Whether the process holds at least the limit now."""
        if self.limit is None:
            return False
        held = resident_bytes()
        return held is not None and held >= self.limit
