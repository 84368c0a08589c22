# The two commands a newcomer needs: `make demo` and `make test`. Both install first when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test bench lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/pnp demo

test: $(STAMP)
	$(BIN)/python -m pytest

# The play bench compares with OpenSpiel's C++ goofspiel when open_spiel installs here.
bench: $(STAMP)
	-$(BIN)/python -c "import pyspiel" 2>/dev/null || $(BIN)/pip install -q open_spiel \
		|| echo "open_spiel unavailable: the play bench skips its OpenSpiel comparison"
	$(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check toolkit tests bench

clean:
	rm -rf $(VENV) output .pytest_cache .hypothesis build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
