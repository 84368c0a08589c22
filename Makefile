# The two commands a newcomer needs: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The optional compiled engines (each game's PlaySpec.compiled; toolkit/sim/native.py): built
# by mypyc when a C compiler is present, rebuilt when an engine changes; `PNP_PURE=1 make`
# keeps pure Python. The sources are globbed, so a fresh clone needs no Python to list them.
NATIVE := $(VENV)/.native
NATIVE_RUN := $(BIN)/python -c "import sys, toolkit.sim.native as n; sys.exit(n.main(sys.argv[1:]))"
NATIVE_SOURCES := $(wildcard toolkit/sim/*.py toolkit/games/*/engine/*.py toolkit/games/*/effects.py)

.PHONY: install demo test bench lint clean native pure check-install wheel

install: $(STAMP) $(NATIVE)

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,native]' || $(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

$(NATIVE): $(STAMP) setup.py toolkit/sim/native.py $(NATIVE_SOURCES)
	$(NATIVE_RUN) build
	touch $(NATIVE)

native:
	rm -f $(NATIVE)
	$(MAKE) $(NATIVE)

pure: $(STAMP)
	$(NATIVE_RUN) clean
	touch $(NATIVE)

demo: install
	$(BIN)/pnp demo

test: install
	$(BIN)/python -m pytest

# What a user installs: the wheel (pure Python; `make install` compiles in place for development).
wheel: $(STAMP)
	$(BIN)/pip wheel -q --no-deps -w dist .

# The wheel in a fresh virtualenv, every game's main commands from an empty folder (CI runs it).
check-install:
	PYTHON=$(PYTHON) bash .ci/check-install

# The play bench compares with OpenSpiel's C++ goofspiel when open_spiel installs here.
bench: install
	-$(BIN)/python -c "import pyspiel" 2>/dev/null || $(BIN)/pip install -q open_spiel \
		|| echo "open_spiel unavailable: the play bench skips its OpenSpiel comparison"
	$(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check toolkit tests bench setup.py examples

clean:
	rm -rf $(VENV) output dist .pytest_cache .hypothesis .mypy_cache build *.egg-info
	find toolkit \( -name '*.so' -o -name '*.pyd' \) -delete
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
