# The README's two set-up commands are `make demo` and `make test`; CI runs `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Installs remi-sheet (as users get it) and scores the bundled club notebook into a new file.
demo: $(BIN)/python
	$(BIN)/python -m pip install --quiet .
	$(BIN)/remi score samples/klub.xlsx --output klub-pontozva.xlsx

# Installs the test tools and runs lint, format check, type check and the whole test suite.
test: $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[test]'
	$(MAKE) lint
	$(BIN)/pytest

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[test]'
	for script in bench/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info klub-pontozva.xlsx klub-pontozva.xlsx.bak
