"""numba's disk cache kept in step with every file of the kernel.

numba checks a cached function against the hash of its own file only, so the search, compiled
with the helpers of the kernel's other files inlined into it, would be loaded stale after an
edit of a helper. :func:`keep_fresh` keeps the hash of all the kernel's files beside numba's
cache and deletes the cache index files of the compiled functions when that hash changes (their
names are numba's documented cache layout, found from each function's public ``py_func``);
numba then compiles them again on their next call and caches the new code.
"""

from __future__ import annotations

import glob
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


def index_files(dispatcher: Any, cache_path: Path) -> list[Path]:
    """numba's cache index files (``MODULE.QUALNAME-LINE.pyXY*.nbi``) of ``dispatcher`` in
    ``cache_path``, named from its public ``py_func``; the compiled code they point to is read
    through them only, so a missing index is a cache miss."""
    func = dispatcher.py_func
    stem = f"{func.__module__.rsplit('.', 1)[-1]}.{func.__qualname__}-"
    return sorted(cache_path.glob(f"{glob.escape(stem)}*.nbi"))


def keep_fresh(dispatchers: Iterable[Any], folder: Path) -> int:
    """Delete numba's cache index of each of ``dispatchers`` (``@njit(cache=True)`` functions
    whose code inlines or calls helpers of other files of ``folder``) when the sources of
    ``folder`` changed since the hash in the cache's folder was written; then write it. Call it
    at import, before the first call compiles anything. Returns how many index files it
    deleted. A cache folder that cannot be written is left as it is (numba itself then caches
    nothing there)."""
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
                for index in index_files(dispatcher, Path(cache_path)):
                    index.unlink(missing_ok=True)
                    emptied += 1
            partial = stamp_file.with_name(f"{STAMP_NAME}.{os.getpid()}")
            partial.write_text(stamp, encoding="ascii")
            partial.replace(stamp_file)  # whole or absent, for concurrent imports
        except (OSError, UnicodeDecodeError):
            continue
    return emptied
