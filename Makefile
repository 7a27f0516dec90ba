# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test lint bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

play: $(VENV)/.installed
	$(PY) run_client.py --practice

test: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -q

bench: $(VENV)/.installed
	$(PY) bench/engine_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
