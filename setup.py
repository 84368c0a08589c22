"""Build hook for the optional compiled engines (see toolkit/sim/native.py).

A plain install (``pip install -e .``) builds nothing here. ``python -m toolkit.sim.native
build`` (run by ``make install``) calls this once per group with ``PNP_COMPILE=<group>``
and ``build_ext --inplace``, from the folder holding the group's package (the game's
`PlaySpec.compiled` names its modules): mypyc compiles them beside their sources.
"""

import os
import sys

from setuptools import setup

ext_modules = []
group = os.environ.get("PNP_COMPILE")
if group:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from mypyc.build import mypycify

    from toolkit.sim.native import MYPY_FLAGS, groups

    # (run from the folder holding the group's package: toolkit's, or an add-on game's)
    compiled = groups()[group]
    ext_modules = mypycify([*MYPY_FLAGS, *compiled.paths()], group_name=compiled.library,
                           opt_level="3")

setup(ext_modules=ext_modules)
