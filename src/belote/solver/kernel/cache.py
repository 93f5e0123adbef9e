"""numba's disk cache kept in step with every file of the kernel.

numba checks a cached function against the hash of its own file only, so the search, compiled
with the helpers of the kernel's other files inlined into it, would be loaded stale after an
edit of a helper. :func:`keep_fresh` keeps the hash of all the kernel's files beside numba's
cache and empties the cache index of the compiled functions when that hash changes; numba then
compiles them again on their next call and caches the new code.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: the file beside numba's cache that holds the hash of the kernel's sources
STAMP_NAME = "belote-kernel.sha256"


def sources_hash(folder: Path) -> str:
    """SHA-256 (hex) of the ``*.py`` files of ``folder``: their names and bytes, by name."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def keep_fresh(dispatchers: Iterable[Any], folder: Path) -> int:
    """Empty numba's cache index of each of ``dispatchers`` (``@njit(cache=True)`` functions
    whose code inlines or calls helpers of other files of ``folder``) when the sources of
    ``folder`` changed since the hash in the cache's folder was written; then write it. Call it
    at import, before the first call compiles anything. Returns how many indexes it emptied.
    A cache folder that cannot be written, or another numba's cache internals, leave the cache
    as it is (numba itself then caches nothing there)."""
    stamp = sources_hash(folder)
    emptied = 0
    by_folder: dict[str, list[Any]] = {}
    for dispatcher in dispatchers:
        cache_path = dispatcher.stats.cache_path
        if cache_path is not None:
            by_folder.setdefault(cache_path, []).append(dispatcher)
    for cache_path, group in by_folder.items():
        stamp_file = Path(cache_path) / STAMP_NAME
        try:
            if stamp_file.is_file() and stamp_file.read_text(encoding="ascii") == stamp:
                continue
            for dispatcher in group:
                dispatcher._cache.flush()  # numba's private cache object: an empty index
                emptied += 1
            partial = stamp_file.with_name(f"{STAMP_NAME}.{os.getpid()}")
            partial.write_text(stamp, encoding="ascii")
            partial.replace(stamp_file)  # whole or absent, for concurrent imports
        except (AttributeError, OSError, UnicodeDecodeError):
            continue
    return emptied
