"""The optional compiled build of the engines: which modules, building them, choosing them.

A group is a set of modules compiled together by mypyc: the shared harness (`HARNESS`,
group ``sim``), and one per game whose `PlaySpec.compiled` names its engine's hot
modules (the group is named after the game; `groups` reads them from the registry, so an
add-on game declares its own). ``make install`` builds every group when a C compiler and
mypyc are present. The pure-Python modules stay the reference and the fallback: a group
that fails to build is left pure (and the build says so), and the same games come out
either way (tests/sim/test_sim_native.py plays them both).

A build leaves, beside the group's library (``<top package>/native_<group>__mypyc.*``),
its manifest ``native_<group>.json``: the modules compiled and every source whose edit
makes the build stale. Which code runs is settled from the manifests, without importing
any game: a group's compiled modules are used unless ``PNP_PURE=1`` is set, or one of its
sources is newer than its library (an edited engine runs as pure Python until ``make``
builds it again, so a stale build never hides an edit). The manifests of ``toolkit`` are
read when it is imported (`select`), an add-on's when its package is first imported.

    make native    # compile every group again (`make install` compiles when stale)
    make pure      # remove every compiled module (pure Python until `make native`)
    python -c "import toolkit.sim.native as n; n.main(['build', 'banners'])"  # one group
    python -c "import toolkit.sim.native as n; n.main(['status'])"   # which run compiled
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The folder holding ``toolkit/`` (and setup.py, in a checkout)."""

HARNESS: tuple[str, ...] = ("toolkit.sim.draws", "toolkit.sim.harness", "toolkit.sim.mcts",
                            "toolkit.sim.evaluation")
"""The shared harness's compiled modules (group ``sim``)."""


@dataclass(frozen=True)
class Group:
    """Modules compiled together: their dotted names (all in one top-level package),
    the modules they inline constants from, and the folder holding that package."""

    name: str
    modules: tuple[str, ...]
    inlined: tuple[str, ...] = ()
    root: Path = ROOT

    @property
    def top(self) -> str:
        """The top-level package holding the modules (and the group's library)."""
        return self.modules[0].split(".", 1)[0]

    @property
    def library(self) -> str:
        """The dotted name of the group's mypyc library (``<top>.native_<group>``)."""
        return f"{self.top}.native_{self.name}"

    def paths(self) -> list[str]:
        """The compiled modules' source files, relative to `root`."""
        return [module_path(m) for m in self.modules]

    def sources(self) -> list[str]:
        """Every source whose edit makes the build stale, relative to `root`."""
        return self.paths() + [module_path(m) for m in self.inlined]


def module_path(name: str) -> str:
    """``toolkit.a.b`` -> ``toolkit/a/b.py``."""
    return name.replace(".", "/") + ".py"


def module_name(path: str) -> str:
    """``toolkit/a/b.py`` -> ``toolkit.a.b``."""
    return path.removesuffix(".py").replace("/", ".")


def _import_root(top: str) -> Path:
    """The folder holding the installed package ``top``."""
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"package {top} is not installed")
    return Path(next(iter(spec.submodule_search_locations))).resolve().parent


def groups() -> dict[str, Group]:
    """Every group: the harness, then each registered game that names compiled modules
    (`PlaySpec.compiled`), in the registry's order. Imports the games."""
    from toolkit.core.registry import games  # noqa: PLC0415 - only builds need the games

    out = {"sim": Group("sim", HARNESS)}
    for game in games().values():
        spec = game.playing
        if spec is not None and spec.compiled:
            out[game.id] = Group(game.id, spec.compiled, spec.inlined,
                                 _import_root(spec.compiled[0].split(".", 1)[0]))
    return out


MYPY_FLAGS = ("--follow-imports=silent", "--ignore-missing-imports")
"""mypy options for the compiled modules (the modules they import are read, not judged)."""


def _built(root: Path, name: str) -> Path | None:
    """The compiled file of module ``name`` under ``root``, if there is one."""
    base = root / name.replace(".", "/")
    for suffix in EXTENSION_SUFFIXES:
        if (found := base.with_name(base.name + suffix)).exists():
            return found
    return None


def _manifest(root: Path, top: str, name: str) -> Path:
    return root / top / f"native_{name}.json"


def _write_manifest(group: Group) -> None:
    doc = {"modules": list(group.modules), "sources": group.sources()}
    _manifest(group.root, group.top, group.name).write_text(json.dumps(doc, indent=1) + "\n")


def _fresh(root: Path, top: str, name: str, doc: dict) -> bool:
    """True if the group's library and modules are built and no source is newer."""
    lib = _built(root, f"{top}.native_{name}__mypyc")
    if lib is None or any(_built(root, m) is None for m in doc["modules"]):
        return False
    built = lib.stat().st_mtime  # (the modules are shims, copied unchanged)
    try:
        return all((root / p).stat().st_mtime <= built for p in doc["sources"])
    except OSError:  # a source gone: rebuild
        return False


def _manifests(root: Path, top: str) -> dict[str, dict]:
    """The manifests of the groups built in package ``top`` under ``root``, by group."""
    out = {}
    for path in sorted((root / top).glob("native_*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            out[path.stem.removeprefix("native_")] = {
                "modules": [str(m) for m in doc["modules"]],
                "sources": [str(p) for p in doc["sources"]]}
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a broken manifest: its group runs pure (its modules' sources load)
    return out


def compiled_groups(root: Path | None = None, top: str = "toolkit") -> list[str]:
    """The groups built in package ``top`` (toolkit's by default) whose compiled modules
    are not older than their sources."""
    root = ROOT if root is None else root
    return [name for name, doc in _manifests(root, top).items()
            if _fresh(root, top, name, doc)]


class _PureFinder:
    """Imports a module of a package that holds compiled groups from its source, ahead of
    a compiled file beside it, unless the module is in a fresh group's manifest (a
    compiled file no manifest vouches for, left by an older build, is never run). Reads
    an add-on package's manifests on the import of its first submodule."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure
        self.compiled: set[str] = set()
        """The modules of the groups running compiled."""
        self.native: set[str] = set()
        """The top-level packages that hold compiled groups."""
        self.seen: set[str] = set()

    def read(self, root: Path, top: str) -> list[str]:
        """Take in the manifests of package ``top``; returns the groups running compiled."""
        self.seen.add(top)
        folder = root / top
        if top == "toolkit" or any(folder.glob("native_*")):
            self.native.add(top)
        active = []
        for name, doc in _manifests(root, top).items():
            if not self.pure and _fresh(root, top, name, doc):
                active.append(name)
                self.compiled.update(doc["modules"])
        return active

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        top, dot, _ = fullname.partition(".")
        if not dot or not path:
            return None
        if top not in self.seen:  # an add-on package's first submodule
            package = sys.modules.get(top)
            where = list(getattr(package, "__path__", ()) or ())
            self.seen.add(top)
            if where:
                global ACTIVE
                ACTIVE += tuple(self.read(Path(where[0]).resolve().parent, top))
        if top not in self.native or fullname in self.compiled:
            return None
        folder = Path(next(iter(path)))  # type: ignore[call-overload]
        leaf = fullname.rpartition(".")[2]
        source = folder / f"{leaf}.py"
        if not any((folder / (leaf + suffix)).exists() for suffix in EXTENSION_SUFFIXES) \
                or not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


ACTIVE: tuple[str, ...] = ()
"""The groups running compiled in this process (set by `select`, added to as add-on
packages are imported)."""


def select() -> tuple[str, ...]:
    """Use the compiled groups that are built and fresh, unless ``PNP_PURE=1``; every
    other built module is imported from its source. Returns toolkit's compiled groups."""
    global ACTIVE
    pure = os.environ.get("PNP_PURE", "") not in ("", "0")
    finder = next((f for f in sys.meta_path if isinstance(f, _PureFinder)), None)
    if finder is None:
        finder = _PureFinder(pure)
        sys.meta_path.insert(0, finder)
    ACTIVE = tuple(finder.read(ROOT, "toolkit"))
    return ACTIVE


def clean(names: list[str] | None = None) -> None:
    """Remove the compiled files and manifests of groups ``names`` (all by default)."""
    known = groups()
    for name in names or list(known):
        group = known[name]
        for module in [group.library + "__mypyc", *group.modules]:
            while (found := _built(group.root, module)) is not None:
                found.unlink()
        _manifest(group.root, group.top, group.name).unlink(missing_ok=True)


def build(names: list[str] | None = None) -> list[str]:
    """Compile groups ``names`` (every group by default), each on its own, so one failure
    leaves the others; a group that fails is cleaned and stays pure. Prints one line per
    group; returns the built."""
    if os.environ.get("PNP_PURE", "") not in ("", "0"):
        clean()
        print("native build: PNP_PURE is set, the engines run as pure Python")
        return []
    try:
        import mypyc  # noqa: F401
    except ImportError:
        clean()
        print("native build: mypyc is not installed, the engines run as pure Python")
        return []
    known = groups()
    done = []
    for name in names or list(known):
        group = known[name]
        clean([name])
        env = dict(os.environ, PNP_COMPILE=name)
        # setup.py compiles in place from the folder holding the group's package
        run = subprocess.run([sys.executable, str(ROOT / "setup.py"), "build_ext",
                              "--inplace"], cwd=group.root, env=env, capture_output=True,
                             text=True)
        lib = _built(group.root, group.library + "__mypyc")
        if run.returncode == 0 and lib is not None:
            os.utime(lib)  # built now (a copy from build/ keeps an older time)
            _write_manifest(group)
        check = run.returncode == 0 and lib is not None and subprocess.run(
            [sys.executable, "-c", f"import toolkit.sim.native as n, importlib; "
                                   f"importlib.import_module({group.modules[0]!r}); "
                                   f"raise SystemExit({name!r} not in n.ACTIVE)"],
            cwd=ROOT, capture_output=True).returncode == 0
        if check:
            done.append(name)
            print(f"native build: {name} compiled with mypyc ({len(group.modules)} modules)")
        else:
            clean([name])
            lines = (run.stderr + run.stdout).strip().splitlines()
            tail = [line for line in lines if "error" in line.lower()][-3:] or lines[-3:]
            print(f"native build: {name} failed to compile, it runs as pure Python"
                  + "".join(f"\n    {line}" for line in tail))
    return done


def main(argv: list[str]) -> int:
    """``build [GROUP ...]``, ``clean [GROUP ...]`` or ``status``."""
    command, names = (argv[0], argv[1:]) if argv else ("status", [])
    known = groups()
    if unknown := [g for g in names if g not in known]:
        print(f"unknown group(s) {', '.join(unknown)}; the groups: {', '.join(known)}",
              file=sys.stderr)
        return 2
    if command == "build":
        build(names)
    elif command == "clean":
        clean(names)
    elif command == "status":
        for name, group in known.items():
            fresh = name in compiled_groups(group.root, group.top)
            print(f"{name}: {'compiled' if fresh else 'pure Python'}")
    else:
        print("usage: native.main([build|clean [GROUP ...]|status])",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
