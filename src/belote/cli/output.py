"""Where the CLI writes, and how a command ends: the two consoles (standard output and
error), the exit codes, the error line and the output failures.

Exit codes: 0 success (a regular deal), 1 an irregular deal (``check``), 2 bad input (malformed
record, bad card, unknown option, usage error), 3 an internal error (a bug), 4 the output not
written (a full disk, a closed stream), 141 the output closed early (``belote … | head``).
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import stat
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from ..engine import BeloteError
from ..engine.errors import errno_name
from ..i18n import os_error_reason
from .messages import TEXT, _lang_of, say, words

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
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


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


class _StdoutClosed(OSError):
    """Writing to a standard output that was closed when the command started (``>&-``)."""


class _ClosedStdout(io.TextIOBase):
    """``sys.stdout`` when the command started with standard output closed: writing there
    raises :class:`_StdoutClosed` (the command ends with exit 4, "output not written"); a
    command that does not write there (``deal --out``, an error on standard error) is not
    stopped."""

    def write(self, text: str) -> int:
        raise _StdoutClosed(errno.EBADF, "standard output is closed")

    def fileno(self) -> int:
        raise io.UnsupportedOperation("standard output is closed")


def _hold_closed_stdout() -> None:
    """Standard output was closed at start (``sys.stdout`` is None): put the null device on its
    descriptor (so that no file the command opens takes it) and :class:`_ClosedStdout` in
    ``sys.stdout``."""
    with contextlib.suppress(OSError):
        fd = os.open(os.devnull, os.O_WRONLY)
        if fd != 1:
            os.dup2(fd, 1)
            os.close(fd)
    sys.stdout = _ClosedStdout()


def json_text(data: object, indent: int | None = None) -> str:
    """``data`` as JSON text for standard output or a file: non-ASCII characters as they are
    (``"cœur"``), except when a text holds what UTF-8 cannot encode (a lone surrogate read from
    a record's ``"\\ud800"``): then every non-ASCII character is escaped, so the output is still
    JSON and can be written."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, indent=indent)
    return text


def write_stdout(text: str) -> None:
    """Write ``text`` (UTF-8) to standard output whole: its bytes through ``sys.stdout.buffer``
    until every one is written. A text write to an unbuffered stream (``PYTHONUNBUFFERED=1``)
    drops what a short write leaves (a reader gone after the first bytes: ``… | head -c 1``)
    without an error, and the command would end 0; here the next write raises
    ``BrokenPipeError``, which :func:`belote.cli.app.main` ends with 141. Raises OSError."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a stream without bytes (a test's capture, a closed stdout)
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    view = memoryview(text.encode("utf-8"))
    while view:
        n = buffer.write(view)
        if not n:  # (a stream that takes nothing would loop forever)
            raise OSError(errno.EIO, "standard output took no bytes")
        view = view[n:]
    buffer.flush()


def _fail(error: BaseException, lang: str = "fr", code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error`` as an error line, worded by :func:`belote.cli.messages.say` (the
    catalog) in ``lang`` (French by default), and exit ``code`` (2: bad input)."""
    message = say(error, lang)
    try:
        tl = TEXT.get(lang, TEXT['fr'])
        err.print(f"[bold red]{tl['error']}{tl['colon']}[/] {escape(message)}",
                  markup=True, highlight=False)
    except OSError:  # standard error closed: the exit code still tells
        pass
    raise typer.Exit(code)


def fail_command(error: BeloteError, as_json: bool, lang: str = "fr") -> None:
    """A command's input could not be used (``error``): under ``--json``, first print
    ``{"error": words, "code": error.code}`` on standard output (one line: the words as
    :func:`belote.cli.messages.say` gives them in ``lang``, the error's stable catalog code),
    then the error line and exit 2 (:func:`_fail`)."""
    if as_json:
        print(json_text({"error": say(error, lang), "code": error.code}))
    _fail(error, lang)


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
    failure = BeloteError(f"cannot write {path}: {e.strerror or e}", code="cli.cannot_write",
                          params={"path": path, "errno": errno_name(e),
                                  "reason": e.strerror or str(e)})
    _fail(failure, lang, EXIT_OUTPUT if e.errno in _OUTPUT_ERRNOS else EXIT_BAD_INPUT)


def write_out(path: str, text: str | bytes) -> None:
    """Write ``text`` (UTF-8; bytes as they are: a PDF) to ``--out path``: a regular file (or
    a new one) atomically, through :func:`belote.table.store.write_durably` (a temporary
    file in the same folder, fsynced,
    renamed over it: a failed write leaves the old file whole), its mode kept (a new file's:
    0666 less the umask), a symbolic link's target replaced, not the link; a device or a pipe
    (``/dev/stdout``, ``/dev/full``) written in place. Creates no folder. Raises OSError
    (``FileNotFoundError`` when the folder does not exist, ``IsADirectoryError`` for a folder,
    the write's own error)."""
    from ..table.store import write_durably  # (the table layer, loaded when writing only)

    try:
        mode = os.stat(path).st_mode  # (through links: /dev/stdout is a pipe's)
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if mode is not None and not stat.S_ISREG(mode):  # a device, a pipe: no rename there
        with open(path, "wb") as f:
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
        return
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    write_durably(Path(target), text)
    os.chmod(target, stat.S_IMODE(mode))


def write_file_out(path: str, text: str | bytes, lang: str) -> None:
    """``--out path``: write ``text`` (:func:`write_out`) and say so on standard error
    ("écrit : path"); a failed write ends the command as :func:`_write_failed` says (exit 4,
    141 or 2)."""
    try:
        write_out(path, text)
    except OSError as e:
        _write_failed(path, e, lang)
    err.print(escape(words("wrote", lang, path=path)), highlight=False)


def _output_failed(failure: OSError | None) -> None:
    """The output could not be written (``failure``; None: standard output is closed): say so if
    standard error still works (in the language asked with ``--lang``, French by default),
    exit 4."""
    lang = _lang_of(sys.argv)
    reason = (words("stdout_closed", lang) if failure is None
              or isinstance(failure, _StdoutClosed) else
              os_error_reason(failure, lang))
    text = words("output_failed", lang, reason=reason)
    try:  # stderr may be the stream that failed
        tl = TEXT[lang]
        err.print(f"{tl['error']}{tl['colon']} {escape(text)}", highlight=False)
    except OSError:
        pass
    _silence_stdout()
    sys.exit(EXIT_OUTPUT)


def _internal(e: BaseException) -> None:
    """An unexpected failure (a bug): one line and exit 3; ``BELOTE_DEBUG=1`` re-raises."""
    if os.environ.get("BELOTE_DEBUG"):
        raise e
    lang = _lang_of(sys.argv)
    text = words("internal_error_text", lang, kind=type(e).__name__, message=str(e))
    err.print(f"[bold red]{escape(words('internal_error', lang))}[/] {escape(text)}",
              highlight=False)
    sys.exit(EXIT_INTERNAL)

