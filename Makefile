# okeycalc — `make run` serves the app on SQLite, `make test` runs the whole suite.
# Both do every set-up step themselves on a fresh machine.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Python >= 3.12: the first candidate that really runs and is new enough (pyenv shims that
# fail to start are skipped).
PY_CANDIDATES := python3.14 python3.13 python3.12 \
	/root/.pyenv/versions/3.13.0/bin/python3.13 /root/.pyenv/versions/3.12.1/bin/python3.12 \
	/usr/local/bin/python3.13 /usr/bin/python3.13 /usr/bin/python3.12 python3
PYTHON_FOUND := $(shell for p in $(PY_CANDIDATES); do \
	if "$$p" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then \
	command -v "$$p"; break; fi; done)

VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
export DJANGO_SETTINGS_MODULE := okeycalc.settings

.PHONY: help run test lint check-python install static messages migrate chromium test-postgres bench bench-instructions bench-web bench-lighthouse clean

help:
	@echo "make run            install, migrate and serve okeycalc on http://$(HOST):$(PORT) (SQLite)"
	@echo "make test           install everything the tests need (Chromium too) and run the suite"
	@echo "make test-postgres  the same suite against DATABASE_URL (PostgreSQL)"
	@echo "make bench          scoring-engine benchmark (wall time)"
	@echo "make bench-instructions  the same, counted in instructions under valgrind"
	@echo "make bench-web      pages vs a minimal view under gunicorn (needs wrk), bytes on the wire"
	@echo "make bench-lighthouse  Lighthouse mobile Performance and Best Practices of the main pages"

check-python:
	@if [ -z "$(PYTHON_FOUND)" ]; then \
		echo "ERROR: okeycalc needs Python >= 3.12 (Django 6). None found among: $(PY_CANDIDATES)" >&2; \
		echo "Install python3.12 or python3.13, or put one on PATH." >&2; exit 1; fi

$(STAMPS)/venv: requirements.txt | check-python
	@mkdir -p $(STAMPS)
	@if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $(PYTHON_FOUND)"; "$(PYTHON_FOUND)" -m venv $(VENV); fi
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

install: $(STAMPS)/venv

# Bootstrap, htmx and axe-core come from npm and are served from our own static files.
$(STAMPS)/static: package.json package-lock.json
	@mkdir -p $(STAMPS) static/vendor
	npm ci --no-audit --no-fund --silent
	cp node_modules/bootstrap/dist/css/bootstrap.min.css node_modules/bootstrap/dist/css/bootstrap.min.css.map static/vendor/
	cp node_modules/bootstrap/dist/js/bootstrap.bundle.min.js node_modules/bootstrap/dist/js/bootstrap.bundle.min.js.map static/vendor/
	cp node_modules/htmx.org/dist/htmx.min.js static/vendor/
	cp node_modules/axe-core/axe.min.js static/vendor/
	@touch $@

static: $(STAMPS)/static

messages: $(STAMPS)/venv
	$(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules -v 0

migrate: $(STAMPS)/venv
	$(PY) manage.py migrate --no-input -v 0

run: install static messages migrate
	OKEYCALC_DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: $(STAMPS)/venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Chromium for the browser tests: Debian's package (Playwright cannot download browsers here).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi; \
	if [ ! -x "$(CHROMIUM)" ]; then \
		if [ -n "$$CI" ]; then echo "ERROR: $(CHROMIUM) is missing and could not be installed; CI needs it" >&2; exit 1; fi; \
		echo "WARNING: no Chromium at $(CHROMIUM); browser tests will be reported as skipped" >&2; fi

test: install static messages chromium lint
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest $(PYTEST_ARGS)

test-postgres: install static messages chromium
	@if [ -z "$$DATABASE_URL" ]; then echo "ERROR: set DATABASE_URL=postgres://..." >&2; exit 1; fi
	DJANGO_ALLOW_ASYNC_UNSAFE=true OKEYCALC_REQUIRE_POSTGRES=1 $(VENV)/bin/pytest $(PYTEST_ARGS)

bench: install
	$(PY) bench/engine.py

bench-instructions: install
	$(PY) bench/instructions.py

# Web benchmark: starts its own gunicorn on 127.0.0.1:8160 (BENCH_WEB_ARGS="--rounds 5 ...").
bench-web: install static
	$(PY) bench/web.py $(BENCH_WEB_ARGS)

# Lighthouse 12 from npm (npx) against Debian's Chromium, on the same production-like server.
bench-lighthouse: install static chromium
	$(PY) bench/lighthouse.py

clean:
	rm -rf $(VENV) $(STAMPS) node_modules static/vendor staticfiles .pytest_cache .ruff_cache
