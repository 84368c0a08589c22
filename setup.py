"""Build hook for the optional compiled engines (see toolkit/sim/native.py).

A plain install (``pip install -e .``) builds nothing here. ``python -m toolkit.sim.native
build`` (run by ``make install``) calls this once per group with ``PNP_COMPILE=<group>``
and ``build_ext --inplace``: mypyc compiles that group's modules beside their sources.
"""

import os
import sys

from setuptools import setup

ext_modules = []
group = os.environ.get("PNP_COMPILE")
if group:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from mypyc.build import mypycify

    from toolkit.sim.native import COMPILED, MYPY_FLAGS, library

    ext_modules = mypycify([*MYPY_FLAGS, *COMPILED[group]], group_name=library(group),
                           opt_level="3")

setup(ext_modules=ext_modules)
