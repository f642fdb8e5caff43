# Packdesk. `make help` lists the targets.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export QT_API := pyside6

APT_PACKAGES := libgl1 libegl1 libxkbcommon0 libglib2.0-0 libfontconfig1 libdbus-1-3 libcups2 \
	xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 \
	libxcb-shape0 libxkbcommon-x11-0 libxcb-xinerama0 libxcb-randr0 poppler-utils cups cups-client cups-bsd \
	postgresql fonts-dejavu-core

.DEFAULT_GOAL := help

# translations: .ts sources (edited with pyside6-linguist or by hand) compiled to .qm; both are
# committed so a checkout and the packaging find them without Qt's tools
TS_FILES := $(wildcard resources/translations/packdesk_*.ts)
QM_FILES := $(TS_FILES:.ts=.qm)

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-14s %s\n", $$1, $$2}'

.stamps/system:
	@mkdir -p .stamps
	@if command -v apt-get >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO=none; fi; \
		if [ "$$SUDO" != none ]; then \
			missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
			if [ -n "$$missing" ]; then \
				echo "installing system packages:" $$missing; \
				$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
			fi; \
		else echo "note: cannot run apt-get (not root, no sudo); assuming system packages are there"; fi; \
	fi
	@touch $@

.stamps/venv: pyproject.toml .stamps/system
	@mkdir -p .stamps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,preview,package]'
	@touch $@

install: .stamps/venv $(QM_FILES) ## set up system packages, .venv and the project with its test extras

run: install ## start the app on the Local sandbox
	$(VENV)/bin/packdesk

serve: install ## run the local Shipping Service alone (port 8443)
	$(VENV)/bin/packdesk serve --port 8443

lint: install ## ruff and mypy (the Qt-free packages, and printing)
	$(VENV)/bin/ruff check desktop_app tests bench tools packaging
	$(VENV)/bin/ruff format --check desktop_app tests bench tools packaging
	$(VENV)/bin/mypy desktop_app/domain desktop_app/service desktop_app/client desktop_app/profiles desktop_app/batch desktop_app/printing desktop_app/scales desktop_app/control_file.py desktop_app/registry.py

format: install ## apply ruff's fixes and formatting
	$(VENV)/bin/ruff check --fix desktop_app tests bench tools packaging
	$(VENV)/bin/ruff format desktop_app tests bench tools packaging

test: lint ## the whole suite: lint, types, pytest offscreen
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

bench: install ## the benchmarks under bench/, printing their figures
	@for b in bench/*.py; do echo "== $$b"; QT_QPA_PLATFORM=offscreen $(PY) $$b || exit 1; done

screenshots: install ## render the main window to docs/screenshots/ under Xvfb
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.window docs/screenshots
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.operations docs/screenshots

translations: $(QM_FILES) ## compile resources/translations/*.ts to the .qm files the app loads

translations-extract: .stamps/venv ## add new GUI strings to the .ts files (then translate them)
	$(VENV)/bin/pyside6-lupdate -extensions py -locations none -no-obsolete desktop_app/gui \
		-target-language de_DE -ts resources/translations/packdesk_de.ts
	$(VENV)/bin/pyside6-lupdate -extensions py -locations none -no-obsolete -pluralonly \
		desktop_app/gui -target-language en -ts resources/translations/packdesk_en.ts

resources/translations/%.qm: resources/translations/%.ts | .stamps/venv
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

clean: ## remove the virtualenv and caches
	rm -rf $(VENV) .stamps .pytest_cache .mypy_cache .ruff_cache

.PHONY: help install run serve lint format test bench screenshots clean translations translations-extract
