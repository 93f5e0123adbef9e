"""numba's disk cache of the kernel follows every file of the kernel, not only the file of a
compiled function: an edited helper of another file is compiled again, an unchanged kernel is
loaded from the cache."""

import os
import subprocess
import sys
from pathlib import Path

from belote.solver import kernel
from belote.solver.kernel.cache import STAMP_NAME, index_files, keep_fresh, sources_hash

HELPER = "from numba import njit\n\n\n@njit(cache=True, inline='always')\ndef step(x):\n" \
         "    return x + {}\n"
CALLER = """from pathlib import Path

from numba import njit

from .cache import keep_fresh
from .helpers import step


@njit(cache=True)
def once(x):
    return step(x)

{}
"""


def _run(root: Path) -> dict[str, tuple[int, int]]:
    """``once(1)`` of the modules ``fresh`` and ``stale`` in a fresh process, each with how
    many times numba loaded it from its cache."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root)] + [p for p in sys.path if p])
    env.pop("NUMBA_CACHE_DIR", None)
    code = ("from pkg import fresh, stale\n"
            "for m in (fresh, stale):\n"
            "    print(m.once(1), sum(m.once.stats.cache_hits.values()))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                         text=True, check=True, timeout=300).stdout.split()
    return {"fresh": (int(out[0]), int(out[1])), "stale": (int(out[2]), int(out[3]))}


def test_an_edited_helper_of_another_file_is_compiled_again(tmp_path):
    """``fresh`` calls :func:`keep_fresh` at import, ``stale`` does not; both call the helper
    of ``helpers.py``."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "cache.py").write_text(Path(kernel.cache.__file__).read_text(encoding="utf-8"))
    (pkg / "helpers.py").write_text(HELPER.format(1))
    (pkg / "fresh.py").write_text(CALLER.format(
        "keep_fresh((once,), Path(__file__).parent)"))
    (pkg / "stale.py").write_text(CALLER.format(""))
    assert _run(tmp_path) == {"fresh": (2, 0), "stale": (2, 0)}  # compiled, then cached
    (pkg / "helpers.py").write_text(HELPER.format(2))
    # the helper changed: compiled again; numba alone checks the caller's file only, so
    # without keep_fresh the old code is loaded
    assert _run(tmp_path) == {"fresh": (3, 0), "stale": (2, 1)}
    assert _run(tmp_path) == {"fresh": (3, 1), "stale": (2, 1)}  # unchanged: loaded


def test_the_hash_covers_each_python_file_by_name_and_bytes(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    first = sources_hash(tmp_path)
    (tmp_path / "notes.txt").write_text("not a source")
    assert sources_hash(tmp_path) == first
    (tmp_path / "a.py").write_text("x = 2\n")
    second = sources_hash(tmp_path)
    assert second != first
    (tmp_path / "a.py").rename(tmp_path / "b.py")
    assert sources_hash(tmp_path) not in (first, second)


def test_nothing_is_dropped_without_a_disk_cache(tmp_path):
    class Uncached:  # a dispatcher numba caches nowhere (``cache=False``, no writable place)
        class stats:
            cache_path = None

    assert keep_fresh([Uncached()], tmp_path) == 0
    assert not (tmp_path / STAMP_NAME).exists()


def test_every_compiled_function_of_the_kernel_has_the_index_files_it_deletes():
    """The names :func:`index_files` looks for are numba's own: after the kernel is compiled
    (or loaded) from the disk cache, each of its compiled functions has exactly the index file
    ``keep_fresh`` would delete (a numba that named them otherwise fails here, not silently)."""
    from belote.solver import warm_up

    warm_up()
    for dispatcher in kernel.COMPILED:
        folder = Path(dispatcher.stats.cache_path)
        found = index_files(dispatcher, folder)
        assert [p.name.split("-")[0] for p in found] == [
            f"{dispatcher.py_func.__module__.rsplit('.', 1)[-1]}.{dispatcher.__name__}"], found
