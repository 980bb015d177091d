"""A process's peak resident memory, read the same way by the app and by the floors that
`starbridge bench app` launches beside it (this module imports nothing but the standard
library's sys, so that reading it adds next to nothing to a floor's memory)."""

from __future__ import annotations

import sys


def peak_rss_kb() -> int | None:
    """This process's peak resident memory in KiB; None where the system cannot say."""
    try:   # Linux: this process's own high-water mark (ru_maxrss keeps the parent's across exec)
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:   # Windows
        return None
    kb = int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return kb // 1024 if sys.platform == "darwin" else kb   # macOS counts bytes
