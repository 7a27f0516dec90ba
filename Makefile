# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test bench shots clean

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
	$(PY) -m bench.arena --a medium --b easy --players 2 --matches 200 --workers 2
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/client_frame.py

shots: $(VENV)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m client.shots shots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
