# Packdesk. `make help` lists the targets.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export QT_API := pyside6

# Debian packages: what the app needs at run time (`make run`; also the .deb's Depends), and what
# only the tests and the packaging need (`make install`/`make test`/`make package`).
APT_RUNTIME := $(shell grep -v '^\#' packaging/linux/runtime-packages.txt)
# nsis, osslsigncode: the Windows installer (makensis, the embeddable Python's signatures); wine,
# wine64 and MinGW: its smoke test under Wine (MinGW builds the test-only shims of tests/packaging)
APT_TEST := xvfb xauth openbox xdotool x11-utils poppler-utils cups cups-client cups-bsd postgresql haproxy desktop-file-utils appstream \
	nsis osslsigncode wine wine64 gcc-mingw-w64-x86-64

.DEFAULT_GOAL := help

# translations: .ts sources (edited with pyside6-linguist or by hand) compiled to .qm; both are
# committed so a checkout and the packaging find them without Qt's tools
TS_FILES := $(wildcard resources/translations/packdesk_*.ts)
QM_FILES := $(TS_FILES:.ts=.qm)
# Qt-free code whose words the GUI shows, marked with QT_TRANSLATE_NOOP (the printer transports' names,
# the shop platforms' credential fields)
TRANSLATED_NON_GUI := desktop_app/printing/transports desktop_app/shops

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-14s %s\n", $$1, $$2}'

# a system step is recorded (its stamp touched) only once every package is really installed
.stamps/system-runtime: packaging/linux/runtime-packages.txt
	@bash packaging/linux/ensure-apt-packages.sh $@ $(APT_RUNTIME)

.stamps/system-test: .stamps/system-runtime Makefile
	@bash packaging/linux/ensure-apt-packages.sh $@ $(APT_TEST)

# `make run`: the app and its optional ZPL preview only
.stamps/venv-run: pyproject.toml .stamps/system-runtime
	@mkdir -p .stamps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[preview]'
	@touch $@

.stamps/venv: pyproject.toml .stamps/system-test .stamps/venv-run
	$(PY) -m pip install -q -e '.[test,preview,package]'
	@touch $@

install: .stamps/venv $(QM_FILES) ## set up system packages, .venv and the project with its test and packaging extras

run: .stamps/venv-run ## start the app on the Local sandbox (installs only what it needs to run)
	$(VENV)/bin/packdesk

serve: .stamps/venv-run ## run the local Shipping Service alone (port 8443)
	$(VENV)/bin/packdesk serve --port 8443

lint: install ## ruff and mypy (every package, the GUI too)
	$(VENV)/bin/ruff check desktop_app tests bench tools packaging
	$(VENV)/bin/ruff format --check desktop_app tests bench tools packaging
	$(VENV)/bin/mypy desktop_app

format: install ## apply ruff's fixes and formatting
	$(VENV)/bin/ruff check --fix desktop_app tests bench tools packaging
	$(VENV)/bin/ruff format desktop_app tests bench tools packaging

test: lint ## the whole suite: lint, types, pytest offscreen (the benchmarks in their --quick size too)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --max-worker-restart=0

# the quick tier: what most edits need checked, in under 3 minutes on 2 cores. The GUI, the real
# desk, the installed app and the benchmarks (everything that needs Qt or builds a package) and
# the end-to-end tests marked slow stay for `make test` (and CI).
CHECK_IGNORE := --ignore=tests/gui --ignore=tests/desk --ignore=tests/packaging \
	--ignore=tests/test_benchmarks_quick.py
check: lint ## the quick tier: lint, types and the Qt-free tests (under 3 minutes); `make test` runs the whole
	@start=$$(date +%s); \
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --max-worker-restart=0 \
		$(CHECK_IGNORE) -m "not slow" || exit 1; \
	echo "== make check: pytest took $$(( $$(date +%s) - start )) s"

package: install ## build the wheel, the bundle, the .deb and the Windows setup.exe into dist/
	rm -rf dist/packdesk build/pyinstaller
	$(PY) -m build --wheel --outdir dist .
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/packdesk.spec
	$(PY) packaging/linux/build_deb.py --bundle dist/packdesk --out dist --validate
	$(PY) packaging/windows/build_installer.py --out dist --compression lzma
	@du -sh dist/packdesk dist/*.deb dist/*.whl dist/*-setup.exe

windows-lock: .stamps/venv ## resolve the Windows installer's wheels (cp313, win_amd64) into packaging/windows/requirements.txt
	$(VENV)/bin/uv pip compile pyproject.toml --extra preview --extra win32 --python-platform x86_64-pc-windows-msvc \
		--python-version 3.13 --generate-hashes --no-header --quiet -o packaging/windows/requirements.txt

bench: install ## the benchmarks under bench/ at full size, with their targets (every one, even after a miss)
	@failed=""; start=$$(date +%s); \
	for b in bench/*.py; do echo "== $$b"; \
		QT_QPA_PLATFORM=offscreen $(PY) $$b || failed="$$failed $$b"; done; \
	echo "== make bench: $$(( $$(date +%s) - start )) s"; \
	if [ -n "$$failed" ]; then echo "== exit status not 0:$$failed"; exit 1; fi

screenshots: install ## render the main window to docs/screenshots/ (and in German to de/) under Xvfb; every page at a 1024x600 desk to desk/en, desk/de
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.window docs/screenshots
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.operations docs/screenshots
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.scan docs/screenshots
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.window docs/screenshots/de --language de
	xvfb-run -a -s "-screen 0 1024x600x24" $(PY) -m tools.screenshots.station_join docs/screenshots/people/en
	xvfb-run -a -s "-screen 0 1024x600x24" $(PY) -m tools.screenshots.station_join docs/screenshots/people/de --language de
	$(PY) -m tools.screenshots.desk docs/screenshots/desk
	xvfb-run -a -s "-screen 0 1400x900x24" $(PY) -m tools.screenshots.operations docs/screenshots/de --language de

translations: $(QM_FILES) ## compile resources/translations/*.ts to the .qm files the app loads

translations-extract: .stamps/venv ## add new GUI strings to the .ts files (then translate them)
	$(VENV)/bin/pyside6-lupdate -extensions py -locations none -no-obsolete desktop_app/gui $(TRANSLATED_NON_GUI) \
		-target-language de_DE -ts resources/translations/packdesk_de.ts
	$(VENV)/bin/pyside6-lupdate -extensions py -locations none -no-obsolete -pluralonly $(TRANSLATED_NON_GUI) \
		desktop_app/gui -target-language en -ts resources/translations/packdesk_en.ts

resources/translations/%.qm: resources/translations/%.ts | .stamps/venv
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

clean: ## remove the virtualenv and caches
	rm -rf $(VENV) .stamps .pytest_cache .mypy_cache .ruff_cache

.PHONY: help install run serve lint format test check package windows-lock bench screenshots clean translations translations-extract
