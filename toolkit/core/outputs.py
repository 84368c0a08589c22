"""Where commands write: checked before any work, and written whole or not at all.

`check_folder` and `check_file` take an output place from the command line (`-o`,
`--log`, `--failures`) and refuse, with one sentence (exit 2), a place that is a file
where a folder must go (or the reverse), lies below a file, is a device such as
/dev/null, has a name the file system cannot hold, is an input of the command, or cannot
be written (read-only, /proc, /sys). They run before any work, so a refused command has
written nothing.

`Transaction` is how a command writes: every file goes first into a hidden temporary
sibling (`.pnp-…`), and only when the command has done all its work are they moved into
place (`commit`). A command that fails half way (`rollback`, also on any exception)
removes its temporaries and the folders it created, so nothing of the run is left
behind; files that were already there stay as they were.

`safe_name` turns a deck or sheet name into a bounded file name that cannot escape its
folder, and two different names never get the same file name.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from toolkit.core.errors import InputError
from toolkit.core.text import plain

MAX_NAME_BYTES = 120
"""A file name made from a deck name is at most this long (UTF-8), before its suffix."""
MAX_COMPONENT_BYTES = 255
MAX_PATH_BYTES = 4000
RESERVED = frozenset({"con", "prn", "aux", "nul", "clock$", *(f"com{i}" for i in range(10)),
                      *(f"lpt{i}" for i in range(10))})
"""Names Windows gives to devices: a file may not be called that, whatever its suffix."""
_UNSAFE = re.compile(r'[\x00-\x1f\x7f-\x9f<>:"/\\|?*\u061c\u200e\u200f\u2028\u2029'
                     r"\u202a-\u202e\u2066-\u2069]")
_HASHED = re.compile(r"-[0-9a-f]{8}$")
STAGE_PREFIX = ".pnp-"


# ---------------------------------------------------------------- file names

def safe_name(name: str) -> str:
    """A deck or sheet name as a file or folder name.

    A name that is already safe (no path separators or characters Windows forbids, no
    control characters, no leading or trailing dots, dashes or spaces, not a device
    name, at most `MAX_NAME_BYTES`) is kept as it is. Any other name is cleaned and gets 8 hex digits of its own hash,
    so `Deck`, `.Deck` and `Deck ` become `Deck`, `Deck-1c4f…` and `Deck-93d0…`: never
    the same file, never outside the folder.
    """
    text = unicodedata.normalize("NFC", str(name))
    cleaned = _UNSAFE.sub("-", text)
    cleaned = " ".join(cleaned.split()).strip(" .-")
    data = cleaned.encode("utf-8")
    if len(data) > MAX_NAME_BYTES:
        cleaned = data[:MAX_NAME_BYTES].decode("utf-8", "ignore").rstrip(" .-")
    if cleaned.split(".")[0].strip().casefold() in RESERVED:
        cleaned = f"_{cleaned}"
    if cleaned and cleaned == name and not _HASHED.search(cleaned):
        return cleaned
    digest = hashlib.sha1(str(name).encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{cleaned or 'deck'}-{digest}"


# ---------------------------------------------------------------- places

def _shown(path: Path) -> str:
    return plain(path)


def _too_long(path: Path) -> str | None:
    if len(os.fsencode(path)) > MAX_PATH_BYTES:
        return "the path is longer than the file system allows"
    for part in path.parts:
        if len(os.fsencode(part)) > MAX_COMPONENT_BYTES:
            return f"the name '{part[:40]}…' is longer than the file system allows"
    return None


def _existing_ancestor(path: Path) -> Path:
    """The nearest of `path`'s parents that exists (the path itself excluded)."""
    for parent in path.absolute().parents:
        if os.path.lexists(parent):
            return parent
    return Path(path.absolute().anchor)


def _probe(folder: Path, option: str, target: Path) -> None:
    """Refuse when nothing can be created in `folder` (read-only, permissions, /proc)."""
    try:
        made = tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}probe-", dir=folder)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"{option} {_shown(target)}: cannot write in {_shown(folder)} "
                         f"({reason.lower()})") from None
    os.rmdir(made)


def _check_parents(path: Path, option: str) -> None:
    """Everything above `path` that exists is a folder we may write in."""
    above = _existing_ancestor(path)
    if not above.is_dir():
        raise InputError(f"{option} {_shown(path)}: {_shown(above)} is a file, so nothing "
                         "can be written below it")
    _probe(above, option, path)


def check_folder(path: Path, option: str = "-o") -> Path:
    """The output folder `path`, if the command may write into it; else InputError.

    It may exist (a folder we can write in) or not (it is created when the command
    writes, below folders we can write in).
    """
    path = Path(path)
    why = _too_long(path)
    if why:
        raise InputError(f"{option} {_shown(path)}: {why}")
    if os.path.lexists(path):
        if not path.is_dir():
            kind = "a file" if path.is_file() else "not a folder"
            raise InputError(f"{option} {_shown(path)}: is {kind}; give a folder for the output")
        _probe(path, option, path)
    else:
        _check_parents(path, option)
    return path


def check_file(path: Path, option: str, inputs: Iterable[Path] = ()) -> Path:
    """The output file `path`, if the command may write it; else InputError.

    An existing regular file is replaced (never one of the command's `inputs`); a
    folder, a device (/dev/null) or a place that cannot be written is refused.
    """
    path = Path(path)
    why = _too_long(path)
    if why:
        raise InputError(f"{option} {_shown(path)}: {why}")
    if os.path.lexists(path):
        if path.is_dir():
            raise InputError(f"{option} {_shown(path)}: is a folder; give a file name")
        if not path.is_file():
            raise InputError(f"{option} {_shown(path)}: is not a regular file (a device or "
                             "a broken link); give a file name")
        for source in inputs:
            try:
                same = Path(source).exists() and os.path.samefile(path, source)
            except OSError:
                same = False
            if same:
                raise InputError(f"{option} {_shown(path)}: is an input of this command; "
                                 "it is never written over, choose another file")
        _probe(path.absolute().parent, option, path)
    else:
        _check_parents(path, option)
    return path


# ---------------------------------------------------------------- writing

class Transaction:
    """Files written into temporaries and moved into place together (see the module
    docstring). Use as a context manager: it commits on success, rolls back on error."""

    def __init__(self) -> None:
        self._files: list[tuple[Path, Path]] = []
        self._folders: list[tuple[Path, Path]] = []
        self._created: list[Path] = []

    def _make(self, folder: Path) -> None:
        """Create `folder` and its missing parents, remembering each one made."""
        missing = []
        for candidate in (folder, *folder.parents):
            if os.path.lexists(candidate):
                break
            missing.append(candidate)
        for candidate in reversed(missing):
            candidate.mkdir()
            self._created.append(candidate)

    def file(self, final: Path) -> Path:
        """A temporary path beside `final`; `commit` moves it onto `final`."""
        final = Path(final)
        self._make(final.absolute().parent)
        fd, tmp = tempfile.mkstemp(prefix=f"{STAGE_PREFIX}{final.name[:40]}.", suffix=".tmp",
                                   dir=final.absolute().parent)
        os.close(fd)
        self._files.append((Path(tmp), final))
        return Path(tmp)

    def folder(self, final: Path) -> Path:
        """A temporary folder inside `final`; `commit` moves its contents into `final`
        (replacing files of the same name, keeping the others)."""
        final = Path(final)
        self._make(final.absolute())
        stage = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=final.absolute()))
        self._folders.append((stage, final))
        return stage

    def commit(self) -> None:
        """Move everything into place."""
        for tmp, final in self._files:
            os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are ordinary shareable files
            os.replace(tmp, final)
        for stage, final in self._folders:
            _merge(stage, final)
            shutil.rmtree(stage, ignore_errors=True)
        self._files, self._folders, self._created = [], [], []

    def rollback(self) -> None:
        """Remove every temporary and every folder this transaction created."""
        for tmp, _ in self._files:
            Path(tmp).unlink(missing_ok=True)
        for stage, _ in self._folders:
            shutil.rmtree(stage, ignore_errors=True)
        for folder in reversed(self._created):
            try:
                folder.rmdir()
            except OSError:
                pass
        self._files, self._folders, self._created = [], [], []

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.commit()
        else:
            self.rollback()


def _merge(stage: Path, final: Path) -> None:
    """Move the tree under `stage` into `final`, file by file."""
    for folder, dirs, files in os.walk(stage):
        rel = Path(folder).relative_to(stage)
        target = final / rel
        target.mkdir(exist_ok=True)
        for name in files:
            os.replace(Path(folder) / name, target / name)
        dirs.sort()
