# Understudy — every target installs what it needs first.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
SCENARIO ?= happy

.PHONY: deps build release run test validate bench clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product understudy

## Serve the bundled scenarios on http://127.0.0.1:8080 (HOST, PORT, SCENARIO override).
run: release
	.build/release/understudy serve --host $(HOST) --port $(PORT) --scenarios scenarios --scenario $(SCENARIO)

## Build and run every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

## Check the bundled scenario files.
validate: release
	.build/release/understudy validate scenarios

## Understudy vs nginx on the same bytes; writes BENCHMARKS.md.
bench: release
	@scripts/install-deps.sh wrk nginx python3 procps
	scripts/bench.py

clean:
	rm -rf .build
