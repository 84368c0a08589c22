"""The optional compiled build of the engines: which modules, building them, choosing them.

`COMPILED` lists, per group (one game's engine, or the shared harness), the modules that
``make install`` compiles with mypyc when a C compiler is present. The pure-Python
modules stay the reference and the fallback: a group that fails to build is left pure
(and the build says so), and the same games come out either way (tests/sim/
test_sim_native.py plays them both). Adding a game is one line in `COMPILED`.

Which code runs is settled once, when ``toolkit`` is imported (`select`): a group's
compiled modules are used unless ``PNP_PURE=1`` is set, or one of its sources is newer
than its compiled library (an edited engine runs as pure Python until ``make`` builds it
again, so a stale build never hides an edit).

    make native    # compile every group again (`make install` compiles when stale)
    make pure      # remove every compiled module (pure Python until `make native`)
    python -c "import toolkit.sim.native as n; n.main(['build', 'banners'])"  # one group
    python -c "import toolkit.sim.native as n; n.main(['status'])"   # which run compiled
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The project root (the folder holding ``toolkit/``)."""


def _modules(folder: str, *names: str) -> tuple[str, ...]:
    """The paths of modules ``names`` in ``folder`` (from the project root)."""
    return tuple(f"{folder}/{name}.py" for name in names)


COMPILED: dict[str, tuple[str, ...]] = {
    "sim": _modules("toolkit/sim", "draws", "harness", "mcts", "evaluation"),
    "warbadge": _modules("toolkit/games/warbadge/engine", "rulings", "state", "features",
                         "rules", "agents"),
    "battlegate": _modules("toolkit/games/battlegate/engine", "rulings", "state", "rules",
                           "agents"),
    "valiantwars": _modules("toolkit/games/valiantwars/engine", "rulings", "state", "lines",
                            "rules", "agents"),
    "banners": _modules("toolkit/games/banners/engine", "state", "moves", "rules", "checks",
                        "counting", "agents", "features"),
    "warblitz": _modules("toolkit/games/warblitz/engine", "rulings", "state", "basics", "base",
                         "invariants", "narrate", "resolve", "rules", "agents"),
}
"""group -> the modules it compiles (paths from the project root): the harness, then one
line per engine, its group named after the game."""

INLINED: dict[str, tuple[str, ...]] = {
    "warblitz": ("toolkit/games/warblitz/effects.py",),
}
"""group -> modules it imports without compiling them whose ``Final`` numbers its compiled
code holds as constants: editing one makes the group stale, as editing its own does."""


def sources(group: str) -> tuple[str, ...]:
    """Every file whose edit makes ``group``'s build stale (`COMPILED`, `INLINED`)."""
    return COMPILED[group] + INLINED.get(group, ())


MYPY_FLAGS = ("--follow-imports=silent", "--ignore-missing-imports")
"""mypy options for the compiled modules (the modules they import are read, not judged)."""


def module_name(path: str) -> str:
    """``toolkit/a/b.py`` -> ``toolkit.a.b``."""
    return path.removesuffix(".py").replace("/", ".")


def library(group: str) -> str:
    """The dotted name of a group's mypyc library (``toolkit.native_<group>``)."""
    return f"toolkit.native_{group}"


def _built(name: str) -> Path | None:
    """The compiled file of module ``name`` in the source tree, if there is one."""
    base = ROOT / name.replace(".", "/")
    for suffix in EXTENSION_SUFFIXES:
        if (found := base.with_name(base.name + suffix)).exists():
            return found
    return None


def compiled_groups() -> list[str]:
    """The groups whose compiled modules are built and not older than their sources."""
    out = []
    for group, paths in COMPILED.items():
        lib = _built(library(group) + "__mypyc")
        mods = [_built(module_name(p)) for p in paths]
        if lib is None or any(m is None for m in mods):
            continue
        built = lib.stat().st_mtime  # (the modules are shims, copied unchanged)
        if all((ROOT / p).stat().st_mtime <= built for p in sources(group)):
            out.append(group)
    return out


class _PureFinder:
    """Finds the pure-Python source of the listed modules, ahead of a compiled file."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, ROOT / (fullname.replace(".", "/") + ".py"))


ACTIVE: tuple[str, ...] = ()
"""The groups running compiled in this process (set by `select`)."""


def select() -> tuple[str, ...]:
    """Use the compiled groups that are built and fresh, unless ``PNP_PURE=1``; every
    other listed module is imported from its source. Returns the compiled groups."""
    global ACTIVE
    pure = os.environ.get("PNP_PURE", "") not in ("", "0")
    active = () if pure else tuple(compiled_groups())
    names = {module_name(p) for group, paths in COMPILED.items() if group not in active
             for p in paths}
    if names and not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder(names))
    ACTIVE = active
    return active


def clean(groups: list[str] | None = None) -> None:
    """Remove the compiled files of ``groups`` (all by default)."""
    for group in groups or list(COMPILED):
        for name in [library(group) + "__mypyc", *map(module_name, COMPILED[group])]:
            while (found := _built(name)) is not None:
                found.unlink()


def build(groups: list[str] | None = None) -> list[str]:
    """Compile ``groups`` (every group by default), each on its own, so one failure leaves
    the others; a group that fails is cleaned and stays pure. Prints one line per group;
    returns the built."""
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
    done = []
    for group in groups or list(COMPILED):
        clean([group])
        env = dict(os.environ, PNP_COMPILE=group)
        run = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                             cwd=ROOT, env=env, capture_output=True, text=True)
        lib = _built(library(group) + "__mypyc")
        if run.returncode == 0 and lib is not None:
            os.utime(lib)  # built now (a copy from build/ keeps an older time)
        check = run.returncode == 0 and subprocess.run(
            [sys.executable, "-c", f"import toolkit.sim.native as n; "
                                   f"raise SystemExit({group!r} not in n.ACTIVE)"],
            cwd=ROOT, capture_output=True).returncode == 0
        if check:
            done.append(group)
            print(f"native build: {group} compiled with mypyc ({len(COMPILED[group])} modules)")
        else:
            clean([group])
            lines = (run.stderr + run.stdout).strip().splitlines()
            tail = [line for line in lines if "error" in line.lower()][-3:] or lines[-3:]
            print(f"native build: {group} failed to compile, it runs as pure Python"
                  + "".join(f"\n    {line}" for line in tail))
    return done


def main(argv: list[str]) -> int:
    """``build [GROUP ...]``, ``clean [GROUP ...]`` or ``status``."""
    command, groups = (argv[0], argv[1:]) if argv else ("status", [])
    if unknown := [g for g in groups if g not in COMPILED]:
        print(f"unknown group(s) {', '.join(unknown)}; the groups: {', '.join(COMPILED)}",
              file=sys.stderr)
        return 2
    if command == "build":
        build(groups)
    elif command == "clean":
        clean(groups)
    elif command == "status":
        active = compiled_groups()
        for group in COMPILED:
            print(f"{group}: {'compiled' if group in active else 'pure Python'}")
    else:
        print("usage: native.main([build|clean [GROUP ...]|status])",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
