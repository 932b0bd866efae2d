# Two commands set everything up on a fresh Debian machine: `make run`, `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench venv sysdeps clean screenshots dist dist-smoke

$(STAMP): pyproject.toml scripts/system-deps.sh
	@bash scripts/system-deps.sh
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { echo "error: could not create a virtual environment with $(PYTHON); on Debian: apt-get install python3-venv" >&2; exit 2; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/wargame gui

lint: $(STAMP)
	$(BIN)/ruff check wargame ui tests benchmarks
	$(BIN)/ruff format --check wargame ui tests benchmarks
	$(BIN)/lint-imports

test: $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 tests

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/wargame screenshot home --out docs/screenshot-home.png

# The standalone one-folder app (README, "Standalone build"): dist/wargame/.
DIST_STAMP := $(VENV)/.dist-installed
$(DIST_STAMP): $(STAMP)
	@bash scripts/system-deps.sh binutils
	$(BIN)/python -m pip install --quiet -e '.[dist]'
	@touch $(DIST_STAMP)

dist: $(DIST_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/wargame.spec
	cp packaging/pieces-of-eight.desktop packaging/install-linux.sh dist/wargame/

# Run the built program as a player's computer would (no venv, offscreen): CI does this.
dist-smoke:
	bash packaging/smoke.sh dist/wargame

clean:
	rm -rf $(VENV) build dist *.egg-info
