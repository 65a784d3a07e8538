# The attention visualizer.
#
#   make run     build the site and serve it on http://localhost:8080
#   make build   write the deployable site to static/
#   make test    every check CI runs: gofmt, go vet (host and wasm), go test
#                (which includes the end-to-end tests in headless Chromium;
#                their package is the long pole, hence the 27-minute timeout
#                inside CI's 30 minutes)
#   make bench   the benchmarks (cmd/bench; BENCHFLAGS=-quick for a rough run,
#                BASELINE=main to measure the site at that git revision beside)
#
# PREFIX=/attention builds for a sub-path of the host; ADDR changes where
# `make run` listens.

GO     ?= go
ADDR   ?= :8080
PREFIX ?=

# The packages that are compiled to WebAssembly (the rest, such as the
# chromedp-based tests and tools, run only natively).
WASM_PKGS = ./attention/... ./app/... ./cmd/wasm/ ./cmd/trainworker/ ./bench/bare/ ./bench/runforward/ ./bench/forward/ ./bench/runtrain/ ./bench/train/

.PHONY: run build test bench setup

# npm ci, again whenever package.json or package-lock.json changes.
setup: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

run: setup
	$(GO) run ./cmd/build -prefix "$(PREFIX)" -serve "$(ADDR)"

build: setup
	$(GO) run ./cmd/build -prefix "$(PREFIX)"

test: setup
	@echo 'gofmt -l .'; unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt wants to change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet $(WASM_PKGS)
	$(GO) test -timeout 27m ./...
	@echo 'go test -run "^$$" ./... -update  (every package takes the golden files flag)'
	@$(GO) test -short -run '^$$' ./... -update > /dev/null

# bench/setup.sh installs NumPy (on OpenBLAS) and PyTorch where they are
# missing and it may (root); the bench says what it could not measure.
bench: setup
	sh bench/setup.sh
	$(GO) run ./cmd/bench $(if $(BASELINE),-baseline $(BASELINE)) $(BENCHFLAGS)
