"""Where commands write: checked before any work, written whole or not at all, and
never over anything pnp did not write.

`check_folder` and `check_file` take an output place from the command line (`-o`,
`--log`, `--failures`, `--results`) and refuse, with one sentence (exit 2), a place that
is a file where a folder must go (or the reverse), lies below a file, is a device such as
/dev/null, has a name the file system cannot hold, is an input of the command, or cannot
be written (read-only, /proc, /sys). They run before any work, so a refused command has
written nothing.

A command never deletes or replaces anything it did not create, nor any of its inputs.
pnp records what it wrote in each output folder, in a small JSON manifest `.pnp-written`
(`MANIFEST`): per entry it wrote there (a file, or a folder such as a deck's print or a
report's `png/`), its size and SHA-256, file by file. A command first plans every name it
will write (`Transaction.claim`) and checks them all before any work: a name that is free,
an empty folder, or an entry the manifest records and that is unchanged since (the same
files, sizes and contents) may be replaced; anything else there (the user's own file or
folder, or one of pnp's outputs the user edited) and any input of the command (`inputs`),
or a folder holding one, makes the command refuse with one sentence naming the place and
suggesting another `-o` (`refusal`). So running the same print or tournament again into
the same folder replaces its own previous outputs, and nothing else.

`Transaction` is how a command writes: every file goes first into a hidden temporary
sibling (`.pnp-…`), a folder written whole (`tree`) into a temporary folder beside it, and
only when the command has done all its work are they moved into place (`commit`), with the
manifests brought up to date; each replaced entry is set aside until everything is in
place, and put back if a move fails. A command that fails half way (`rollback`, also on
any exception) removes its temporaries and the folders it created, so nothing of the run
is left behind; files that were already there stay as they were. A write error (a full
disk, a quota, a read-only file system) becomes one sentence naming the output (`no space
left on device writing out/report.json`, exit 2) instead of an internal error.
`write_bytes` writes one file atomically on its own.

`safe_name` turns a deck or sheet name into a bounded file name that cannot escape its
folder, and two different names never get the same file name.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

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
"""Temporaries (staged files and folders, entries set aside) start so."""
MANIFEST = ".pnp-written"
"""In each output folder: the entries pnp wrote there, with their sizes and SHA-256."""
MAX_MANIFEST_BYTES = 64 * 1024 * 1024
"""A bigger manifest is not read (nothing in that folder counts as pnp's)."""
WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})
"""Errors that can only come from writing: always told as one sentence."""


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


# ---------------------------------------------------------------- what pnp wrote

def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def record(path: Path, contents: bool = True) -> dict[str, Any] | None:
    """What is at `path` now, as a manifest records it: a regular file's size and SHA-256
    (``{"file": [size, sha]}``), or a folder's files (each so, by relative path) and
    sub-folders; None for nothing, a link, a device or a folder holding one. Without
    `contents` the hashes are left out (None), to compare sizes cheaply first."""
    def one(file: Path, size: int) -> list:
        return [size, _sha256(file) if contents else None]

    try:
        info = path.lstat()
        if stat.S_ISREG(info.st_mode):
            return {"file": one(path, info.st_size)}
        if not stat.S_ISDIR(info.st_mode):
            return None
        files: dict[str, list] = {}
        folders: list[str] = []
        for root, dirs, names in os.walk(path, onerror=_raise):
            for name in (*dirs, *names):
                entry = Path(root) / name
                mode = entry.lstat()
                relative = entry.relative_to(path).as_posix()
                if stat.S_ISDIR(mode.st_mode):
                    folders.append(relative)
                elif stat.S_ISREG(mode.st_mode):
                    files[relative] = one(entry, mode.st_size)
                else:  # a link or a device: not something pnp writes
                    return None
        return {"folder": {"files": dict(sorted(files.items())), "folders": sorted(folders)}}
    except OSError:
        return None  # unreadable: not known to be pnp's, so never replaced


def _raise(error: OSError) -> None:
    raise error


def _sizes(recorded: Any) -> Any:
    """A manifest record with its hashes left out (see `record`)."""
    if not isinstance(recorded, dict):
        return None
    if "file" in recorded and isinstance(recorded["file"], list) and recorded["file"]:
        return {"file": [recorded["file"][0], None]}
    tree = recorded.get("folder")
    if isinstance(tree, dict) and isinstance(tree.get("files"), dict):
        return {"folder": {"files": {k: [v[0] if isinstance(v, list) and v else None, None]
                                     for k, v in tree["files"].items()},
                           "folders": tree.get("folders")}}
    return None


def manifest(folder: Path) -> dict[str, Any]:
    """The entries `folder`'s manifest (`MANIFEST`) records: name → `record`; none when
    it is missing, too big or damaged."""
    path = Path(folder) / MANIFEST
    try:
        if not path.is_file() or path.stat().st_size > MAX_MANIFEST_BYTES:
            return {}
        entries = json.loads(path.read_text(encoding="utf-8")).get("entries")
    except (OSError, ValueError, AttributeError):
        return {}
    return entries if isinstance(entries, dict) else {}


def written_by_pnp(path: Path) -> bool:
    """Whether `path` is an entry pnp wrote (its folder's manifest records it) and that
    is unchanged since: the same files, sizes and contents."""
    path = Path(path)
    recorded = manifest(path.parent).get(path.name)
    if recorded is None or record(path, contents=False) != _sizes(recorded):
        return False
    return record(path) == recorded


def _resolved(path: Path) -> Path:
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))


def _holds_input(path: Path, inputs: Iterable[Path]) -> bool:
    """Whether `path` is one of `inputs` (resolved), or a folder holding one."""
    here = _resolved(path)
    return any(source == here or here in source.parents for source in inputs)


def _empty_folder(path: Path) -> bool:
    try:
        return path.is_dir() and not path.is_symlink() and not any(path.iterdir())
    except OSError:
        return False


def refusal(path: Path, kind: str, inputs: Iterable[Path] = ()) -> str | None:
    """Why pnp may not put a `kind` ("file" or "folder") at `path`, or None when it may:
    nothing is there, an empty folder is (for a folder), or an entry pnp wrote and that
    is unchanged since. Never an input of the command (`inputs`, resolved paths)."""
    path = Path(path)
    name = plain(path.name)
    if _holds_input(path, inputs):  # even one not there yet (a results file to create)
        return f"'{name}' is an input of this command and is never written over"
    if not os.path.lexists(path):
        return None
    if kind == "folder" and _empty_folder(path):
        return None
    if written_by_pnp(path):
        return None
    return (f"'{name}' is already there and was not written by pnp (or was changed since), "
            "so it is left as it is")


# ---------------------------------------------------------------- writing

def write_bytes(path: Path, data: bytes) -> Path:
    """Write `data` to `path` atomically (a temporary sibling, then a rename), creating
    its folder. A failure leaves the old file as it was and no temporary; its OSError
    names `path`, so a `Transaction` can say which output it was writing."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{STAGE_PREFIX}{path.name[:40]}.", suffix=".tmp",
                                   dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are ordinary shareable files
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            exc.filename, exc.filename2 = str(path), None
        raise
    return path


def _key(path: Path) -> Path:
    """A place as an absolute path, `..` folded, links not followed."""
    return Path(os.path.abspath(path))


def _remove(path: Path) -> None:
    """Remove a file or a folder tree (nothing raised: used to clean up)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


class Transaction:
    """How a command writes (see the module docstring): plan with `claim`, stage with
    `file`, `tree`, `folder` or `writable`, and `commit` at the end. Use as a context
    manager: it commits on success and rolls back on any error; a write error (a full
    disk, a read-only place) becomes one sentence (InputError) naming the output.

    `inputs` are the command's input files, which no output may be or hold; `option` is
    the command-line option named in a refusal ("-o")."""

    def __init__(self, inputs: Iterable[Path] = (), option: str = "-o") -> None:
        self.option = option
        self.inputs = [_resolved(Path(p)) for p in inputs]
        self._claims: dict[Path, str] = {}
        self._shown: dict[Path, Path] = {}
        self._above: set[Path] = set()  # every folder holding a claimed place
        self._files: dict[Path, Path] = {}
        self._trees: dict[Path, Path] = {}
        self._merges: list[tuple[Path, Path]] = []
        self._created: list[Path] = []
        self._records: dict[Path, Path] = {}
        self._pending: list[Callable[[], None]] = []

    # ------------------------------------------------ planning

    def claim(self, final: Path, kind: str = "file") -> Path:
        """Plan to write a `kind` ("file" or "folder") at `final`, replacing what is there
        only if `refusal` allows it; else InputError, one sentence naming the place. Call
        it for every output before any work. A claimed output is recorded in its folder's
        manifest when it is written."""
        key = _key(final)
        if key in self._claims:
            return key
        if key in self._above or any(parent in self._claims for parent in key.parents):
            raise InputError(f"{self.option} {_shown(Path(final).parent)}: two outputs "
                             f"would be written at '{plain(key.name)}'; choose another "
                             f"{self.option} folder")
        self._shown[key] = Path(final).parent
        self._refuse(key, kind)
        self._claims[key] = kind
        self._above.update(key.parents)
        return key

    def _refuse(self, key: Path, kind: str) -> None:
        """InputError when `refusal` forbids a `kind` at `key` (named as the user wrote it)."""
        why = refusal(key, kind, self.inputs)
        if why:
            folder = self._shown.get(key, key.parent)
            raise InputError(f"{self.option} {_shown(folder)}: {why}; choose another "
                             f"{self.option} folder")

    # ------------------------------------------------ staging

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
        """A temporary file beside `final`; `commit` moves it onto `final` (an unclaimed
        `final` is replaced as it is: a `--log` file the user named)."""
        key = _key(final)
        if key in self._files:
            return self._files[key]
        self._make(key.parent)
        fd, tmp = tempfile.mkstemp(prefix=f"{STAGE_PREFIX}{key.name[:40]}.", suffix=".tmp",
                                   dir=key.parent)
        os.close(fd)
        self._files[key] = Path(tmp)
        return Path(tmp)

    def tree(self, final: Path) -> Path:
        """A temporary folder beside `final` (claimed first if it was not); `commit`
        replaces `final` with it whole, so no stale file stays behind. Asked again for the
        same `final`, a fresh empty one (the last write wins)."""
        key = self.claim(final, "folder")
        if key in self._trees:
            shutil.rmtree(self._trees[key], ignore_errors=True)
        self._make(key.parent)
        stage = Path(tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}{key.name[:40]}.",
                                      dir=key.parent))
        os.chmod(stage, 0o755)
        self._trees[key] = stage
        return stage

    def folder(self, final: Path) -> Path:
        """A temporary folder inside `final`; `commit` moves its contents into `final`
        (replacing files of the same name, keeping the others)."""
        final = Path(final)
        self._make(final.absolute())
        stage = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=final.absolute()))
        self._merges.append((stage, final))
        return stage

    def writable(self, final: Path) -> Path:
        """Where to write `final` now: its place inside a staged `tree` that holds it
        (a claimed folder holding it is staged now), else a staged `file`, claimed first
        (`claim`) if it was not."""
        key = _key(final)
        for claimed, kind in self._claims.items():
            if kind == "folder" and claimed in key.parents and claimed not in self._trees:
                self.tree(claimed)
        for done, stage in self._trees.items():
            if done in key.parents:
                target = stage / key.relative_to(done)
                target.parent.mkdir(parents=True, exist_ok=True)
                return target
        self.claim(final)
        return self.file(final)

    # ------------------------------------------------ the end

    def commit(self) -> None:
        """Check the claimed places again (nothing appeared there meanwhile), record the
        claimed outputs in their folders' manifests, then move everything into place; on
        any failure put back what was there and remove every temporary."""
        moved: list[list] = []  # [final, where the old entry went or None, placed]
        try:
            self._recheck()
            self._records = self._manifests()
            staged = [*self._files.items(), *self._trees.items(), *self._records.items()]
            for final, tmp in staged:
                if not tmp.is_dir():
                    os.chmod(tmp, 0o644)  # mkstemp makes 0600; outputs are shareable
                old = None
                if os.path.lexists(final):
                    old = final.parent / f"{STAGE_PREFIX}old-{secrets.token_hex(6)}"
                    os.replace(final, old)
                moved.append([final, old, False])
                os.replace(tmp, final)
                moved[-1][2] = True
            for stage, final in self._merges:
                _merge(stage, final)
        except BaseException as exc:
            error = self.failure(exc) if isinstance(exc, OSError) else None
            for final, old, placed in reversed(moved):  # put back what was there
                if placed:
                    _remove(final)
                if old is not None:
                    try:
                        os.replace(old, final)
                    except OSError:  # kept aside under its .pnp-old- name, never removed
                        pass
            self.rollback()
            if error is not None:
                raise error from None
            raise
        for _, old, _ in moved:
            if old is not None:
                _remove(old)
        for stage, _ in self._merges:
            shutil.rmtree(stage, ignore_errors=True)
        self._reset()

    def _recheck(self) -> None:
        """Refuse, at the last moment, a claimed place someone filled meanwhile."""
        for key in (*self._files, *self._trees):
            if key in self._claims:
                self._refuse(key, self._claims[key])

    def _manifests(self) -> dict[Path, Path]:
        """Each folder's updated manifest, staged: its manifest path → a temporary."""
        by_folder: dict[Path, dict[str, Any]] = {}
        for key, tmp in (*self._files.items(), *self._trees.items()):
            if key in self._claims:
                by_folder.setdefault(key.parent, {})[key.name] = record(tmp)
        out = self._records = {}
        for folder, fresh in by_folder.items():
            entries = {name: value for name, value in manifest(folder).items()
                       if isinstance(name, str) and os.path.lexists(folder / name)}
            entries.update(fresh)
            doc = {"written_by": "pnp", "note": "the files and folders pnp wrote here; pnp "
                   "replaces only these, and only while they are unchanged",
                   "entries": dict(sorted(entries.items()))}
            fd, tmp = tempfile.mkstemp(prefix=f"{STAGE_PREFIX}{MANIFEST[1:]}.", suffix=".tmp",
                                       dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(doc, handle, indent=1, ensure_ascii=False)
                handle.write("\n")
            out[folder / MANIFEST] = Path(tmp)
        return out

    def rollback(self) -> None:
        """Remove every temporary and every folder this transaction created."""
        for tmp in (*self._files.values(), *self._records.values()):
            Path(tmp).unlink(missing_ok=True)
        for stage in (*self._trees.values(), *(s for s, _ in self._merges)):
            shutil.rmtree(stage, ignore_errors=True)
        for folder in reversed(self._created):
            try:
                folder.rmdir()
            except OSError:
                pass
        self._reset()

    def _reset(self) -> None:
        self._files, self._trees, self._merges, self._created = {}, {}, [], []
        self._records = {}

    def failure(self, exc: OSError) -> InputError | None:
        """A write error as one sentence naming the output (`no space left on device
        writing out/report.json`): for a full disk, a quota, a read-only file system, or
        any error on one of this transaction's places; None for other errors."""
        where = self._output_of(exc.filename) or self._output_of(exc.filename2)
        if where is None and exc.errno not in WRITE_ERRORS:
            return None
        if where is None:
            places = [*self._claims, *self._files, *self._trees, *(f for _, f in self._merges)]
            where = places[0] if places else None
        reason = exc.strerror or str(exc) or type(exc).__name__
        reason = reason[:1].lower() + reason[1:]
        return InputError(f"{reason} writing {_shown(self._as_given(where))}"
                          if where is not None else f"{reason} while writing the output")

    def _as_given(self, key: Path) -> Path:
        """An output's path as the command line gave its folder (`out/report.json`)."""
        for claimed in (key, *key.parents):
            if claimed in self._shown:
                return self._shown[claimed] / claimed.name / key.relative_to(claimed)
        return key

    def _output_of(self, name: Any) -> Path | None:
        """The output a file name of the run belongs to (a temporary maps to its final)."""
        if not isinstance(name, (str, os.PathLike)):
            return None
        path = _key(Path(name))
        pairs = [*((tmp, key) for key, tmp in self._files.items()),
                 *((stage, key) for key, stage in self._trees.items()),
                 *((_key(stage), _key(final)) for stage, final in self._merges)]
        for tmp, final in pairs:
            if path == tmp or path == final:
                return final
            if tmp in path.parents:
                return final / path.relative_to(tmp)
            if final in path.parents:
                return path
        return None

    def later(self, finish: Callable[[], None]) -> None:
        """Work to finish before the commit (an image drawn meanwhile on a worker, written
        into its staged place): `finish()` runs when the block ends without error, in the
        order given; an error there rolls everything back like any other."""
        self._pending.append(finish)

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            try:
                while self._pending:
                    self._pending.pop(0)()
            except BaseException as exc:
                self._pending.clear()
                self.__exit__(type(exc), exc, exc.__traceback__)
                raise
            self.commit()
            return
        error = self.failure(value) if isinstance(value, OSError) else None
        self.rollback()
        if error is not None:
            raise error from None


def _merge(stage: Path, final: Path) -> None:
    """Move the tree under `stage` into `final`, file by file."""
    for folder, dirs, files in os.walk(stage):
        rel = Path(folder).relative_to(stage)
        target = final / rel
        target.mkdir(exist_ok=True)
        for name in files:
            os.replace(Path(folder) / name, target / name)
        dirs.sort()
