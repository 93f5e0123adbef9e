"""Where the CLI writes, and how a command ends: the two consoles (standard output and
error), the exit codes, the error line and the output failures.

Exit codes: 0 success (a regular deal), 1 an irregular deal (``check``), 2 bad input (malformed
record, bad card, unknown option, usage error), 3 an internal error (a bug), 4 the output not
written (a full disk, a closed stream), 141 the output closed early (``belote … | head``).
"""

from __future__ import annotations

import errno
import os
import sys

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.sources import name_sources
from .messages import TEXT, _in_french, _lang_of

EXIT_OK, EXIT_IRREGULAR, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


#: the output was closed before the command finished writing (``belote … | head``): the
#: status of a Unix tool stopped by SIGPIPE (128 + 13), not click's 1 (an irregular deal here)
EXIT_PIPE = 141


#: the output could not be written (a full disk, a closed stream): not a bug of ours
EXIT_OUTPUT = 4


class _Out(Console):
    """Standard output: when its reader is gone (``belote … | head``), stop writing and exit
    141, the status of a Unix tool stopped by SIGPIPE (rich's own handler exits 1, which here
    means an irregular deal)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        _silence_stdout()
        raise SystemExit(EXIT_PIPE)


class _Err(Console):
    """Standard error: when nobody reads it any more, the messages are dropped and the command
    ends with its own exit code."""

    def on_broken_pipe(self) -> None:
        self.quiet = True


def _silence_stdout() -> None:
    """Point standard output at the null device (nothing more is written, and the interpreter's
    last flush cannot fail)."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


out = _Out()


# messages are single lines: not cut at 80 columns when they go to a file or a pipe (a
# terminal still wraps them between words)
out.soft_wrap = not out.is_terminal


if not out.is_terminal and not os.environ.get("COLUMNS"):
    # tables too: in a file or a pipe they take the width they need (up to 200 columns)
    # instead of cutting words at rich's default of 80 (COLUMNS still sets a width)
    out.width = 200


err = _Err(stderr=True, soft_wrap=True)


for _console in (out, err):
    if _console.width < 1:  # COLUMNS=0: rich would print nothing at all
        _console.width = 80


def _fail(message: str, lang: str = "fr", code: int = EXIT_BAD_INPUT) -> None:
    """Print ``message`` as an error (in French by default) and exit ``code`` (2: bad input)."""
    if lang == "fr":
        message = _in_french(message)
    message = name_sources(message, lang)  # "(002 §IV.C)" -> "(règlement FFB §IV.C)"
    try:
        tl = TEXT.get(lang, TEXT['fr'])
        err.print(f"[bold red]{tl['error']}{tl['colon']}[/] {escape(message)}",
                  markup=True, highlight=False)
    except OSError:  # standard error closed: the exit code still tells
        pass
    raise typer.Exit(code)


#: errors of a stream that cannot take what is written (not a wrong path): exit 4
_OUTPUT_ERRNOS = {getattr(errno, n) for n in ("ENOSPC", "EBADF", "EIO", "EFBIG", "EDQUOT")
                  if hasattr(errno, n)}  # (not every system has them all)


def _write_failed(path: str, e: OSError, lang: str) -> None:
    """``--out path`` could not be written: a full disk or a failing device exits 4 (output not
    written), a pipe closed early 141 (``--out /dev/stdout | head``), a wrong path (no such
    folder, no permission, a folder) 2 (bad input)."""
    if e.errno == errno.EPIPE:
        _silence_stdout()
        raise typer.Exit(EXIT_PIPE)
    _fail(f"cannot write {path}: {e.strerror or e}", lang,
          EXIT_OUTPUT if e.errno in _OUTPUT_ERRNOS else EXIT_BAD_INPUT)


def _output_failed(reason: str) -> None:
    """The output could not be written: say so if standard error still works (in the language
    asked with ``--lang``, French by default), exit 4."""
    en = _lang_of(sys.argv) == "en"
    text = (f"cannot write the output: {reason}" if en else
            f"la sortie n'a pas pu être écrite : {_in_french(reason)}")
    try:  # stderr may be the stream that failed
        tl = TEXT['en' if en else 'fr']
        err.print(f"{tl['error']}{tl['colon']} {text}", highlight=False)
    except OSError:
        pass
    _silence_stdout()
    sys.exit(EXIT_OUTPUT)


def _internal(e: BaseException) -> None:
    """An unexpected failure (a bug): one line and exit 3; ``BELOTE_DEBUG=1`` re-raises."""
    import os
    if os.environ.get("BELOTE_DEBUG"):
        raise e
    err.print(f"[bold red]internal error:[/] {type(e).__name__}: {e} — please report it "
              "(BELOTE_DEBUG=1 shows the traceback)", highlight=False)
    sys.exit(EXIT_INTERNAL)

