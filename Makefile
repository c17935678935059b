# partiar: `make run` and `make test` are all a new machine needs.
VENV      := .venv
PY        := $(VENV)/bin/python
STAMP     := $(VENV)/.installed
# System packages: Tesseract for the OCR engine, fonts for the synthetic scoresheets, Chromium for the
# review page's browser test (driven by Playwright; nothing downloads a browser).
APT_PACKAGES := tesseract-ocr tesseract-ocr-eng fonts-dejavu-core fonts-dkg-handwriting fonts-breip \
	fonts-bwht fonts-femkeklaver fonts-humor-sans fonts-klee fonts-rufscript fonts-sjfonts fonts-dancingscript \
	fonts-kristi fonts-ecolier-court fonts-comic-neue \
	chromium

.PHONY: install system run test lint bench train-data train train-prior book clean

install: system $(STAMP)

system:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing system packages:" $$missing; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "partiar needs system packages; run: sudo apt-get install -y" $$missing >&2; exit 1; \
	  fi; \
	fi

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The bundled handwritten example, read by the default engine (the trained model). Exit status 1 (some
# moves flagged for review) still counts as a successful run.
run: install
	$(VENV)/bin/partiar scan examples/scoresheets/kasparov-deep-blue-1997-handwritten.png --locale sk; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

# mypy and import-linter read packages from disk, so they check a copy of the package as it is installed:
# partiar/ with notation/, ocr/ and grammars/ inside it (pyproject's package-dir).
TREE := build/tree
lint: install
	$(VENV)/bin/ruff check partiar notation ocr tests bench
	$(VENV)/bin/ruff format --check partiar notation ocr tests bench
	rm -rf $(TREE) && mkdir -p $(TREE) && cp -r partiar $(TREE)/partiar && \
	  for d in notation ocr grammars; do cp -r $$d $(TREE)/partiar/$$d; done
	MYPYPATH=$(TREE) $(VENV)/bin/mypy -p partiar
	cd $(TREE) && $(CURDIR)/$(VENV)/bin/lint-imports --config $(CURDIR)/pyproject.toml

# The tests run in one worker per processor (pytest-xdist): most of them are independent decodings.
test: lint
	$(PY) -m pytest -n auto

bench: install
	$(PY) bench/convert.py
	$(PY) bench/lenient_texts.py
	$(PY) bench/audit.py
	$(PY) bench/engine_tesseract.py
	$(PY) bench/scan.py
	$(PY) bench/batch.py

# The recogniser's training set as one small folder (build/train-data, about 46 MB): HCS train cells, synthetic
# sheets' cells, games and fonts, so training can run on a machine with neither (a lent GPU).
train-data: install
	$(PY) -m partiar.ocr.training.export --out build/train-data

# Rebuilds ocr/models/ctc.onnx from that folder: on a GPU when torch sees one, else on the CPU (the run's
# settings and time limit are in the model card). A run interrupted or stopped by `--budget` resumes from
# build/train/checkpoint.pt when started again.
train: train-data
	$(PY) -m partiar.ocr.training.train --data build/train-data

# The scan decoder's move prior (notation/prior.json), fitted on the Lichess games of the shared data
# in about a minute.
train-prior: install
	$(PY) -m partiar.ocr.training.prior

# The named openings' move counts (notation/book.tsv.gz), counted again from notation/openings.tsv.gz.
book: install
	$(PY) -c "from partiar.notation.openings import write_counts; write_counts()"

clean:
	rm -rf $(VENV) build dist *.egg-info
