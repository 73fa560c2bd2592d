# Understudy — every target installs what it needs first.
# swift without the variables that name this checkout, so SwiftPM's manifest cache serves it (scripts/swiftpm).
SWIFT ?= $(CURDIR)/scripts/swiftpm
HOST ?= 127.0.0.1
PORT ?= 8080
SCENARIO ?= happy

.PHONY: deps build release run-build helper openapi run install uninstall record test check validate bench docker clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	scripts/build.sh

## The upstream helper that `proxy:` routes and `understudy record` run (it links AsyncHTTPClient,
## which most of a first build is): built only by the targets that need it.
helper: deps
	scripts/build.sh understudy understudy-upstream understudy-openapi-gate

## The OpenAPI gate that `--openapi` documents and scenario files' `openapi:` pass (it links OpenAPIKit, whose
## release compile would otherwise be most of a first `make run`): built only by the targets that need it.
openapi: deps
	scripts/build.sh understudy-openapi-gate

## What `make run` builds: `understudy` alone, on the toolchain's Swift runtime and without the Swift code's debug
## information (a first build about 40 s shorter than the self-contained binary of `make release`, which the Docker
## image ships and `make bench` measures; scripts/build.sh says why each).
run-build: deps
	scripts/build.sh --dynamic

SCENARIOS ?= scenarios
# `make run` builds the helpers too (and `understudy` with its full package, GraphQLSwift included) when a scenario
# file proxies (a `proxy:` key) or answers GraphQL from a schema (a `schema:` key), and the OpenAPI gate when a
# document is served (an `openapi:` key, or UNDERSTUDY_OPENAPI).
RUN_NEEDS = $(if $(shell grep -rlsE '^[[:space:]-]*(proxy|schema):' $(SCENARIOS) --include='*.yaml' --include='*.yml' --include='*.json'),helper,run-build \
	$(if $(or $(UNDERSTUDY_OPENAPI),$(shell grep -rlsE '^"?openapi"?:' $(SCENARIOS) --include='*.yaml' --include='*.yml' --include='*.json')),openapi))

## Serve the bundled scenarios on http://127.0.0.1:8080 (HOST, PORT, SCENARIO, SCENARIOS override;
## HTTPS=1 answers https:// on the same port too, docs/https.md).
run: $(RUN_NEEDS)
	.build/release/understudy serve --host $(HOST) --port $(PORT) --scenarios $(SCENARIOS) --scenario $(SCENARIO) $(if $(HTTPS),--tls)

PREFIX ?= /usr/local
## Install understudy, its two helpers and the bundled scenarios: PREFIX/bin, PREFIX/share/understudy/scenarios
## (PREFIX defaults to /usr/local; DESTDIR for packaging). Then `understudy serve` works from any folder.
## BINARIES=.build/debug installs the debug build instead (make test, which has built it).
BINARIES ?= .build/release
install: $(if $(filter .build/release,$(BINARIES)),helper,deps)
	BINARIES=$(BINARIES) scripts/install.sh "$(DESTDIR)$(PREFIX)"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

## Record an upstream into a scenario: make record ARGS="--upstream https://api.example.com --prefix /myapi --into scenarios/mine.yaml"
record: helper
	.build/release/understudy record $(ARGS)

## Build and run every test. Chromium (for the dashboard browser tests; certutil of libnss3-tools makes it trust
## the development CA for the https one) is optional:
## without it that one test is skipped with a message saying so.
test: deps
	@scripts/install-deps.sh chromium fonts-dejavu-core libnss3-tools || echo "make test: Chromium could not be installed; the dashboard browser tests will be skipped" >&2
	$(SWIFT) build --build-tests
	# What a newcomer's `make run` builds (release, without the default trait), so CI builds it as they will. Every
	# check below runs the debug build, `understudy` and its two helpers side by side in .build/debug: a release
	# build of the helpers (AsyncHTTPClient's swift-nio and BoringSSL, OpenAPIKit) was 10 of make test's minutes here.
	scripts/build.sh --dynamic
	.build/release/understudy validate scenarios
	# The code style of .swift-format (scripts/lint.sh says how to fix what it finds).
	SWIFT=$(SWIFT) scripts/lint.sh
	# Each module's tests that need no socket (the engine through the in-process router) run in parallel.
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --skip "UnderstudyWireTests|IntegrationTests|RobustnessTests|RemoteTests|RecordTests"
	# The wire tests (sockets, connection load, processes, a browser) one at a time: several put thousands
	# of connections through a server, and on 2 cores their loose time bounds should measure the server,
	# not a client starved by the others.
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --no-parallel --filter UnderstudyWireTests
	# Record, proxy, derive and faults on custom routes; every upstream is local (another Understudy in the process).
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --no-parallel --filter RecordTests
	# The integration suite runs its tests concurrently against one shared server, isolated by sessions.
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --filter IntegrationTests
	# Every ```swift snippet of README.md, docs/*.md, SECURITY.md and CONTRIBUTING.md type-checks against the modules just built.
	scripts/check-doc-snippets.sh
	# Every repository path the documentation names (links, and paths in backticks) exists.
	scripts/check-doc-paths.sh
	# As an iOS test target would: a target linking only the client products drives a separate `understudy serve`.
	SWIFT=$(SWIFT) scripts/remote-tests.sh
	# `serve --tls` end to end, checked by openssl, curl, Python's ssl and zbarimg (docs/https.md).
	@scripts/install-deps.sh zbar-tools || echo "make test: zbar-tools could not be installed; the QR code check will be skipped" >&2
	scripts/tls-tests.sh
	# The package a team writes from the README, as a package of its own (only Understudy's public API),
	# against `understudy serve`, with UNDERSTUDY_SESSION unset and set.
	scripts/consumer-tests.sh
	# `make install` (of the debug build) into a temporary PREFIX, then `validate` and `serve --openapi` from a folder with no scenarios/.
	scripts/install-tests.sh
	# OpenAPI, checked by Python's jsonschema (openapi-schema-validator): every body UnderstudyOpenAPI synthesises,
	# every example and decode-breaker of the fixtures; then every operation served by `understudy serve --openapi`
	# and called over HTTP under every scenario, against the documents as Python reads them.
	scripts/validate-openapi-bodies.sh
	scripts/openapi-e2e.sh
	# Server-sent events read by httpx-sse (PyPI): the bundled streams under their faults, Last-Event-ID, a 10 MB
	# Last-Event-ID, 300 clients that never read, SIGTERM with a stream open (docs/streams.md).
	scripts/streams-e2e.sh
	# WebSockets read by Python's websockets (PyPI, a strict RFC 6455 client): ws:// and wss:// on one port, the faults,
	# a session's socket, unmasked and oversized frames, 10,000 sockets opening, clients that never read, SIGTERM (docs/websockets.md).
	scripts/websockets-e2e.sh
	# Resources (a scenario file's resources:) against a model of their contract, by Hypothesis's stateful testing (PyPI):
	# random writes across sessions, 100 sessions at once, the memory ended sessions give back, the hostile cases.
	scripts/resources-e2e.sh
	# GraphQL judged by graphql-core (PyPI): answers re-executed over the schema, errors' locations, introspection, APQ, faults, the hostile cases.
	scripts/graphql-e2e.sh
	# Replicas sharing their state in Redis: real redis-server and nginx (installed here) in front of real
	# `understudy serve --redis` processes; a global switch, sessions through kills and restarts, Redis stopped and back.
	scripts/replicas-e2e.sh

## Robustness: malformed HTTP, strict HTTP, admin abuse, a 60 s soak, SIGTERM drain, loader fuzzing;
## then 60 s of coverage-guided fuzzing per target (request path, scenario loader; scripts/fuzz.sh);
## then the whole suite under AddressSanitizer and under ThreadSanitizer (scripts/sanitized-tests.sh runs each
## suite as `make test` does). CI runs it after make test.
## LeakSanitizer stays off: it misreads Swift's indirect-enum payloads (tagged pointers) and XCTest's
## runner objects as leaks; ASan's memory-error checks are all on.
check: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --no-parallel --filter RobustnessTests
	SWIFT=$(SWIFT) scripts/fuzz.sh 60
	# Under ASan the servers run on the event loop and hang-up detection macOS uses (poll), so that path is
	# tested on Linux too (make test and TSan run epoll's). Both builds recompile only this package's targets in .build.
	# A 32 MB quarantine, not ASan's 256 MB: with the default, freed memory stayed out of reuse so long that the poll
	# loop's allocations kept taking fresh pages, and the page faults and TLB shootdowns (perf: 45% of the workers'
	# time) held the integration suite's requests past their timeouts on a fast two-core machine.
	ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=32 UNDERSTUDY_EVENT_LOOP=poll SWIFT=$(SWIFT) scripts/sanitized-tests.sh address
	SWIFT=$(SWIFT) scripts/sanitized-tests.sh thread

## Check the bundled scenario files.
validate: release
	.build/release/understudy validate scenarios

## Understudy vs nginx on the same bytes; writes BENCHMARKS.md.
bench: release openapi
	@scripts/install-deps.sh wrk nginx redis-server python3 procps gcc
	scripts/bench.py

## Build the image (needs a Docker engine).
docker:
	docker build -f docker/Dockerfile -t understudy .

clean:
	rm -rf .build
