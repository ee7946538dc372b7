# okeycalc — `make run` serves the app on SQLite, `make test` runs the whole suite, `make serve`
# serves it production-like (an ASGI server: uvicorn workers under gunicorn, DEBUG off). Each does every set-up step itself on a fresh
# machine. `make help` lists every target.
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
# The suite runs in this many pytest-xdist processes (each its own test database and memory
# cache); PYTEST_WORKERS=0 runs it in one process. PYTEST_ARGS adds pytest options. A process
# that runs out of tests takes some from the other's queue (worksteal): the long browser tests do
# not leave one core idle at the end.
# Three on two cores: the browser tests wait on the browser and the server part of the time, and
# the third process fills those waits (two left a quarter of the CPU idle; four gain nothing).
PYTEST_WORKERS ?= 3
PYTEST_DIST := $(if $(filter 0,$(PYTEST_WORKERS)),,--dist worksteal)
# The browser tests run Debian's Chromium headless shell (the same Chromium without its windowed
# browser, as Playwright runs headless): half the CPU of the full browser for the same pages.
# OKEYCALC_CHROMIUM=/usr/bin/chromium runs them in the full one.
CHROMIUM ?= /usr/bin/chromium-headless-shell
export DJANGO_SETTINGS_MODULE := okeycalc.settings

.PHONY: help run serve test lint check-python check-npm check-secret-key install install-dev static \
	messages messages-update migrate collectstatic chromium bytecode test-deep test-postgres test-multi bench bench-instructions bench-web bench-web-inprocess bench-web-instructions bench-servers bench-event bench-club bench-parts bench-push bench-savefloor bench-lighthouse screenshots clean

help:
	@echo "make run            install, migrate and serve okeycalc on http://$(HOST):$(PORT) (SQLite, DEBUG on, uvicorn --reload)"
	@echo "make serve          production-like: DEBUG off, collectstatic, migrate, uvicorn workers under gunicorn on $(HOST):$(PORT)"
	@echo "                    (needs OKEYCALC_SECRET_KEY; DATABASE_URL, REDIS_URL, WEB_CONCURRENCY optional)"
	@echo "make install        create .venv with what the server runs (requirements.txt), compile translations"
	@echo "make install-dev    the same plus tests and lint (requirements-dev.txt)"
	@echo "make static         Bootstrap (purged of unused rules), htmx, axe-core and Workbox from npm into static/vendor (needs npm)"
	@echo "make messages       compile the translations (locale/*/LC_MESSAGES/django.mo)"
	@echo "make messages-update  collect new translatable text into locale/*/LC_MESSAGES/django.po"
	@echo "make migrate        apply the database migrations"
	@echo "make collectstatic  hashed, compressed static files into staticfiles/ (manifest storage)"
	@echo "make test           install everything the tests need (Chromium too) and run the suite"
	@echo "                    (in $(PYTEST_WORKERS) pytest-xdist processes: PYTEST_WORKERS=0 for one; PYTEST_ARGS adds options)"
	@echo "make test-deep      the same suite with every generated (Hypothesis, seeded-loop) test at its full count"
	@echo "make test-postgres  the same suite against DATABASE_URL (PostgreSQL)"
	@echo "make test-multi     two server instances on one PostgreSQL + Redis, concurrent scorekeepers, a small event,"
	@echo "                    and 50 open streams that must get every change once, in order, across a restart (CI)"
	@echo "make screenshots    retake the docs' screenshots (docs/screenshots/) with the browser tests"
	@echo "make lint           ruff check and format check, and the layer contracts (lint-imports)"
	@echo "make chromium       install Debian's Chromium for the browser tests (as root)"
	@echo "make bytecode       compile the app's modules once, for the processes the tests start"
	@echo "make bench          scoring-engine benchmark (wall time)"
	@echo "make bench-instructions  the same, counted in instructions under valgrind"
	@echo "make bench-web      pages vs a minimal view under make serve's server (needs wrk), bytes on the wire"
	@echo "make bench-web-inprocess  the pages' own work through Django's handler vs /healthz (--other: another checkout beside)"
	@echo "make bench-web-instructions  the same pages counted in instructions under valgrind (--other: another checkout beside)"
	@echo "make bench-servers  the ASGI servers compared: uvicorn workers under gunicorn vs granian (needs wrk)"
	@echo "make bench-event    a 64-player event on two app servers (PostgreSQL + Redis): saves, standings, display"
	@echo "make bench-club     a club of 200 members and 20,000 games: manage.py rate, leaderboard, member page"
	@echo "make bench-parts    the pages whose rendered parts are shared (board, standings, display, club), in-process"
	@echo "make bench-push     1,000 open streams on two app servers: save-to-arrival, memory and CPU per stream,"
	@echo "                    saves against the polling code (BENCH_PUSH_ARGS=\"--baseline DIR\");"
	@echo "                    BENCH_PUSH_ARGS=--burst: 100 tables saving within one second, each change within 2 s"
	@echo "make bench-savefloor  a save's floor (INSERT + UPDATE in a transaction, one publish) beside a whole save"
	@echo "make bench-lighthouse  Lighthouse mobile Performance and Best Practices of the main pages"
	@echo "make clean          remove what the build and the tests create (.venv, vendor files, staticfiles, caches)"
	@echo "make help           this list"

check-python:
	@if [ -z "$(PYTHON_FOUND)" ]; then \
		echo "ERROR: okeycalc needs Python >= 3.12 (Django 6). None found among: $(PY_CANDIDATES)" >&2; \
		echo "Install python3.12 or python3.13, or put one on PATH." >&2; exit 1; fi

check-npm:
	@if ! command -v npm >/dev/null 2>&1; then \
		echo "ERROR: okeycalc needs npm (Node.js) to install Bootstrap, htmx and axe-core into static/vendor." >&2; \
		echo "Install it (Debian/Ubuntu: apt-get install npm) or put it on PATH." >&2; exit 1; fi

# A production-like server never runs on the development key committed to the repository.
check-secret-key:
	@if [ -z "$$OKEYCALC_SECRET_KEY" ]; then \
		echo "ERROR: make serve needs OKEYCALC_SECRET_KEY (a long random value); it will not serve with the" >&2; \
		echo "development key committed to the repository. For example:" >&2; \
		echo "  OKEYCALC_SECRET_KEY=\"\$$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')\" make serve" >&2; \
		echo "See docs/deploy.md." >&2; exit 1; fi

# The virtual environment, made with the Python found unless one new enough is there.
define make_venv
	@mkdir -p $(STAMPS)
	@if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $(PYTHON_FOUND)"; "$(PYTHON_FOUND)" -m venv $(VENV); fi
endef

# What the server runs (requirements.txt); the tests add requirements-dev.txt on top.
$(STAMPS)/venv: requirements.txt | check-python
	$(make_venv)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

# requirements-dev.txt includes requirements.txt: one pip run installs both, and so makes
# $(STAMPS)/venv too (a fresh machine's `make test` resolves and installs once, not twice).
$(STAMPS)/venv-dev: requirements.txt requirements-dev.txt | check-python
	$(make_venv)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $(STAMPS)/venv $@

install: $(STAMPS)/venv messages

install-dev: $(STAMPS)/venv-dev messages

# Bootstrap, htmx, axe-core and Workbox come from npm and are served from our own static files.
# Workbox: the production builds the service worker imports (templates/sw.js), with their maps.
WORKBOX_MODULES := core routing strategies cacheable-response expiration precaching background-sync
$(STAMPS)/static: package.json package-lock.json | check-npm
	@mkdir -p $(STAMPS) static/vendor/workbox
	npm ci --include=dev --no-audit --no-fund --silent
	cp node_modules/htmx.org/dist/htmx.min.js node_modules/htmx-ext-sse/dist/sse.min.js static/vendor/
	cp node_modules/axe-core/axe.min.js static/vendor/
	for module in $(WORKBOX_MODULES); do \
		cp node_modules/workbox-$$module/build/workbox-$$module.prod.js \
			node_modules/workbox-$$module/build/workbox-$$module.prod.js.map static/vendor/workbox/; done
	@touch $@

# Bootstrap's CSS without the rules of classes nothing here names (purgecss.config.mjs: the
# templates, the Python modules, the scripts and crispy-forms' templates in the venv): 66 KB of
# 232 KB. Made again whenever one of those files changes; a running `make run` serves the one
# made when it started.
PURGE_SOURCES := $(shell find templates scorer okeycalc static/js -type f \( -name '*.html' -o -name '*.py' -o -name '*.js' \) 2>/dev/null)
static/vendor/bootstrap.min.css: $(STAMPS)/static $(STAMPS)/venv purgecss.config.mjs $(PURGE_SOURCES)
	npx --no-install purgecss --config purgecss.config.mjs

static: $(STAMPS)/static static/vendor/bootstrap.min.css

messages: $(STAMPS)/venv
	$(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules -v 0

# After changing translatable text: update the catalogues (no source locations, so that parallel
# changes merge), then translate the new entries in locale/*/LC_MESSAGES/django.po.
messages-update: $(STAMPS)/venv
	$(PY) manage.py makemessages -l tr -l en --no-location --ignore=.venv --ignore=node_modules \
		--ignore=staticfiles -v 0

migrate: $(STAMPS)/venv
	$(PY) manage.py migrate --no-input -v 0

# uvicorn restarts when a Python file changes; WhiteNoise serves the static files as they change.
run: install static messages migrate
	OKEYCALC_DEBUG=1 exec $(VENV)/bin/uvicorn okeycalc.asgi:application --reload --host $(HOST) --port $(PORT) \
		--reload-dir okeycalc --reload-dir scorer --reload-dir templates

# Again only when a static file changed (compressing them takes a while).
$(STAMPS)/collectstatic: $(STAMPS)/venv $(STAMPS)/static static/vendor/bootstrap.min.css $(shell find static -type f 2>/dev/null)
	OKEYCALC_STATIC_MANIFEST=1 $(PY) manage.py collectstatic --no-input --clear -v 0
	@touch $@

collectstatic: $(STAMPS)/collectstatic

# Production-like on this machine: DEBUG off, hashed and compressed static files served by
# WhiteNoise, migrations first, then gunicorn running uvicorn's ASGI worker (okeycalc/gunicorn.conf.py:
# workers from the CPU count or WEB_CONCURRENCY, access log without edit-link secrets). SQLite
# unless DATABASE_URL. bench/appserver.py's SERVE_COMMAND is the same command, for the tests.
serve: check-secret-key install static collectstatic
	OKEYCALC_DEBUG=0 $(PY) manage.py migrate --no-input -v 0
	OKEYCALC_DEBUG=0 OKEYCALC_STATIC_MANIFEST=1 HOST=$(HOST) PORT=$(PORT) \
		exec $(VENV)/bin/gunicorn -c okeycalc/gunicorn.conf.py okeycalc.asgi:application

# The layer contracts are in pyproject.toml ([tool.importlinter]).
lint: $(STAMPS)/venv-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache --no-logo

# Chromium for the browser tests: Debian's package (Playwright cannot download browsers here).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium-headless-shell for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; fi; \
	if [ ! -x "$(CHROMIUM)" ]; then \
		if [ -n "$$CI" ]; then echo "ERROR: $(CHROMIUM) is missing and could not be installed; CI needs it" >&2; exit 1; fi; \
		echo "WARNING: no Chromium at $(CHROMIUM); browser tests will be reported as skipped" >&2; fi

# The app's modules compiled once, before the suite starts its processes: each test process, app
# server and manage.py command the tests start reads them instead of compiling the same sources
# again (PYTHONDONTWRITEBYTECODE does not stop this). The test modules are pytest's to compile: it
# rewrites their asserts, and writes what it rewrote only where bytecode may be written. Collecting
# the suite once here, in two halves side by side, writes them for every pytest process after it
# (each would otherwise rewrite every test module again: about 6 s of CPU a process). A collection
# error is not hidden: the run that follows reports it.
bytecode: $(STAMPS)/venv
	$(PY) -m compileall -q -j 0 -x '(/test_[^/]*|/conftest)\.py$$' scorer okeycalc bench tests manage.py
	@dirs=(tests/*/); odd=(); even=(); \
	for i in "$${!dirs[@]}"; do if ((i % 2)); then odd+=("$${dirs[i]}"); else even+=("$${dirs[i]}"); fi; done; \
	PYTHONDONTWRITEBYTECODE= $(VENV)/bin/pytest --collect-only -q -p no:xdist "$${odd[@]}" >/dev/null 2>&1 & \
	PYTHONDONTWRITEBYTECODE= $(VENV)/bin/pytest --collect-only -q -p no:xdist "$${even[@]}" >/dev/null 2>&1; \
	wait

test: install-dev static messages chromium lint bytecode
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_DIST) $(PYTEST_ARGS)

# The same suite with every generated test at its full count of examples (tests/support/depth.py).
test-deep: install-dev static messages chromium bytecode
	DJANGO_ALLOW_ASYNC_UNSAFE=true OKEYCALC_TEST_DEEP=1 $(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_DIST) $(PYTEST_ARGS)

# On PostgreSQL, every test that reaches the database through the app: the views, services,
# events, clubs, API, live servers (the fuzz of every form and query string among them), and the
# browser tests of what two phones or a lost answer do to stored hands (a test folder left out says
# why in tests/platform/test_production.py). The engine's and the docs' tests touch no database,
# and the other browser tests look at pages whose queries the view tests already run: they run
# once, in `make test`.
# POSTGRES_TESTS=tests runs the whole suite there.
POSTGRES_TESTS ?= scorer tests/access tests/api tests/calculator tests/clubs tests/events tests/formkit tests/houses tests/live tests/platform \
	tests/shell tests/support tests/tables tests/teaching tests/browser/test_saved_meanwhile.py \
	tests/browser/test_offline.py tests/browser/test_push.py tests/browser/test_corrections.py \
	tests/browser/test_event_guard_e2e.py
test-postgres: install-dev static messages chromium bytecode
	@if [ -z "$$DATABASE_URL" ]; then echo "ERROR: set DATABASE_URL=postgres://..." >&2; exit 1; fi
	DJANGO_ALLOW_ASYNC_UNSAFE=true OKEYCALC_REQUIRE_POSTGRES=1 $(VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PYTEST_DIST) $(PYTEST_ARGS) $(POSTGRES_TESTS)

# Two `make serve`-style instances on one PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).
test-multi: install static collectstatic
	$(PY) tests/multi/run.py
	$(PY) tests/multi/event.py
	$(PY) tests/multi/push.py

# The docs' screenshots (docs/screenshots/): the browser tests that take them, then a copy. A deep
# run (or OKEYCALC_SCREENSHOTS=1) writes pictures under test-artifacts/ only; make test takes none.
screenshots: install-dev static messages chromium
	DJANGO_ALLOW_ASYNC_UNSAFE=true OKEYCALC_TEST_DEEP=1 $(VENV)/bin/pytest -q -p no:randomly tests/browser/test_corrections.py tests/browser/test_saved_meanwhile.py tests/browser/test_outlook.py tests/browser/test_club_e2e.py tests/browser/test_event_night.py tests/browser/test_knockout_night.py tests/browser/test_table_cards.py tests/browser/test_houses.py
	DJANGO_ALLOW_ASYNC_UNSAFE=true OKEYCALC_TEST_DEEP=1 $(VENV)/bin/pytest -q -p no:randomly tests/browser/test_hand_entry.py -k one_screen tests/browser/test_table_facts.py
	cp test-artifacts/docs-screenshots/*.png docs/screenshots/

bench: install
	$(PY) bench/engine.py

bench-instructions: install
	$(PY) bench/instructions.py

# Web benchmark: starts make serve's server on 127.0.0.1:8160 (BENCH_WEB_ARGS="--rounds 5 ...").
bench-web: install static
	$(PY) bench/web.py $(BENCH_WEB_ARGS)

# The pages' own work through Django's handler, no HTTP, against /healthz (bench/web_inprocess.py):
# BENCH_WEB_ARGS="--other ../base" measures another checkout beside this one, "--profile 'live preview POST'" profiles one.
bench-web-inprocess: install static
	$(PY) bench/web.py --in-process $(BENCH_WEB_ARGS)

# The same requests counted in instructions under valgrind's callgrind (bench/web_instructions.py),
# which the machine's load does not change: BENCH_WEB_ARGS="--other ../base" counts another checkout too.
bench-web-instructions: install static
	$(PY) bench/web_instructions.py $(BENCH_WEB_ARGS)

# The ASGI servers compared on pages, slow clients and idle connections (BENCH_SERVERS_ARGS="--seconds 10").
bench-servers: install-dev static
	$(PY) bench/servers.py $(BENCH_SERVERS_ARGS)

# A tournament at scale (bench/event.py): two `make serve` instances on PostgreSQL (DATABASE_URL) and
# Redis (REDIS_URL), 16 scorekeepers, 128 viewers, 2 venue displays (BENCH_EVENT_ARGS="--tables 8 ...").
bench-event: install static collectstatic
	$(PY) bench/event.py $(BENCH_EVENT_ARGS)

# A club at scale (bench/club.py): 20,000 complete games of 200 members on a temporary SQLite
# database: manage.py rate, the leaderboard and a member page warm (BENCH_CLUB_ARGS="--clock cpu ...").
bench-club: install
	$(PY) bench/club.py $(BENCH_CLUB_ARGS)

# The pages whose rendered parts the one shared-part cache keeps (bench/parts.py), in-process
# against /healthz (BENCH_PARTS_ARGS="--redis-url redis://… --repo ../other-checkout").
bench-parts: install
	$(PY) bench/parts.py $(BENCH_PARTS_ARGS)

# Pushed changes at scale (bench/push.py): two app servers on PostgreSQL + Redis, 1,000 open streams
# over 16 boards and a display, 16 scorekeepers; with --baseline DIR the same saves against the polling
# code checked out in DIR (BENCH_PUSH_ARGS="--streams 200 --baseline /tmp/okeycalc-poll"). Not in CI.
bench-push: install static collectstatic
	$(PY) bench/push.py $(BENCH_PUSH_ARGS)

# The floor of a save on this machine, beside a whole save (DATABASE_URL, REDIS_URL as the app's).
bench-savefloor: install static
	$(PY) bench/savefloor.py $(BENCH_SAVEFLOOR_ARGS)

# Lighthouse 12 from npm (npx) against Debian's Chromium, on the same production-like server.
bench-lighthouse: install static chromium
	$(PY) bench/lighthouse.py

# db.sqlite3 (with its -wal and -shm) is data, not a build product: make clean keeps it.
clean:
	rm -rf $(VENV) $(STAMPS) node_modules static/vendor staticfiles test-artifacts \
		.pytest_cache .ruff_cache .hypothesis .test-db*.sqlite3*
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.mo' \) -print0 | xargs -0 rm -rf
