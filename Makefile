# Vireo build. OpenBench workers run "make -j EXE=<name> CC=<compiler>";
# for a Go engine CC is "go", and since Vireo needs no cgo, CC is not used
# by the build at all: any value works.
EXE     ?= vireo
GO      ?= go
# TUNE=1 builds with the "tune" tag: the engine then advertises every
# search parameter that 'vireo spsa' lists as a UCI spin option, which
# SPSA needs (OpenBench, fastchess, 'vireo spsa run'). OpenBench passes
# no variables, so a tuning branch changes this one line to TUNE ?= 1
# (README.md, "Testing and tuning with OpenBench and fastchess").
TUNE    ?= 0
# STATS=1 builds with the "stats" tag: the search counts the statistics
# that 'vireo bench --stats' prints (docs/bench-stats.md). The release
# build leaves them out, which saves about 1% of the search's time.
STATS   ?= 0
comma   := ,
BUILDTAGS := $(strip $(if $(filter 1,$(TUNE)),tune) $(if $(filter 1,$(STATS)),stats))
TAGS    := $(if $(BUILDTAGS),-tags $(subst $(eval) ,$(comma),$(BUILDTAGS)))
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

# Like C engines built with -march=native, the build targets the machine
# it runs on: on an x86-64 CPU with the v3 feature set (AVX2, BMI1/2,
# LZCNT, MOVBE, FMA, F16C; Haswell, Zen and later) the compiler may use
# them, POPCNT and TZCNT among them: 8% more nodes per second on the bench
# (docs/performance.md). "make GOAMD64=v1" builds a binary for any x86-64;
# a v3 binary on an older CPU stops at once with Go's own message saying so.
V3FLAGS  := avx avx2 bmi1 bmi2 f16c fma abm movbe
HOSTV3   := $(shell f=/proc/cpuinfo; [ -r $$f ] || exit 0; for x in $(V3FLAGS); do grep -qw $$x $$f || exit 0; done; echo v3)
GOAMD64  ?= $(or $(HOSTV3),v1)
export GOAMD64

# The race detector needs cgo and a C compiler; CC may hold "go".
RACECC  := $(if $(filter go,$(CC)),gcc,$(CC))

.PHONY: all build test test-short race fuzz bench speed pgo perft-full perft-vs-stockfish clean data release check-release

all: build

build:
	CGO_ENABLED=0 $(GO) build -trimpath $(TAGS) -ldflags "$(LDFLAGS)" -o $(EXE) ./cmd/vireo

# Every test: the words check of the docs (scripts/check-words.sh), unit
# tests, perft suites, the tuning page in headless Chromium (tune/web),
# the race detector on the concurrent packages, and a bounded run of each
# fuzz target.
test: build
	@[ -f ../shared/data/perftsuite.epd ] || echo "make test: ../shared/data is missing, so the tests of the perft suites, test positions, books and Syzygy tables skip (go test -v names each)" >&2
	scripts/check-words.sh
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -tags stats -run 'Stats|Wired|BenchSet' ./search/ ./cmd/vireo/
	CGO_ENABLED=1 CC=$(RACECC) $(GO) test -race -short -timeout 30m ./search/ ./uci/ ./tune/web/
	$(MAKE) fuzz

test-short:
	$(GO) test -short ./...

# A count, not a duration: Go 1.26's fuzzing coordinator can report a
# spurious "context deadline exceeded" when a duration ends while a worker
# is mid-call on a busy machine (golang/go#75804, fixed in Go 1.27). A
# count has no deadline to race; on an idle machine 150,000 calls took
# 8 s (FuzzParseFEN) and 23 s (FuzzParseMove). The file formats' targets
# (docs/testing.md) took 7 to 18 s each, build included, on a machine
# loaded far beyond its two cores.
FUZZTIME ?= 150000x
# A UCI session (uci/fuzz_test.go) runs a live engine through up to 40
# commands with searches: 3,000 sessions took 20 to 45 s on this shared
# two-core machine.
UCIFUZZTIME ?= 3000x
fuzz:
	$(GO) test ./chess/ -run XXX -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./chess/ -run XXX -fuzz '^FuzzParseMove$$' -fuzztime $(FUZZTIME)
	$(GO) test ./data/ -run XXX -fuzz '^FuzzEPD$$' -fuzztime $(FUZZTIME)
	$(GO) test ./data/ -run XXX -fuzz '^FuzzPGNReader$$' -fuzztime $(FUZZTIME)
	$(GO) test ./eval/ -run XXX -fuzz '^FuzzParams$$' -fuzztime $(FUZZTIME)
	$(GO) test ./book/ -run XXX -fuzz '^FuzzBook$$' -fuzztime $(FUZZTIME)
	$(GO) test ./uci/ -run XXX -fuzz '^FuzzUCICommands$$' -fuzztime $(UCIFUZZTIME)

bench: build
	$(abspath $(EXE)) bench

# Bench nps against Ethereal's in one run, alternating, medians of RUNS
# runs each, and their ratio (docs/performance.md).
RUNS ?= 5
speed: build
	VIREO=$(abspath $(EXE)) scripts/speed.sh $(RUNS)

# The profile that guides the build (cmd/vireo/default.pgo): two bench
# runs and perft 6 from the start position, merged. Rebuild it after a
# change to a hot path; the next build uses it.
PGOTMP := $(shell mktemp -u /tmp/vireo-pgo.XXXXXX)
pgo: build
	$(abspath $(EXE)) bench -cpuprofile $(PGOTMP).b1 > /dev/null
	$(abspath $(EXE)) bench -cpuprofile $(PGOTMP).b2 > /dev/null
	$(abspath $(EXE)) perft -cpuprofile $(PGOTMP).p 6 > /dev/null
	$(GO) tool pprof -proto $(PGOTMP).b1 $(PGOTMP).b2 $(PGOTMP).p > $(PGOTMP).pgo
	mv $(PGOTMP).pgo cmd/vireo/default.pgo
	rm -f $(PGOTMP).b1 $(PGOTMP).b2 $(PGOTMP).p
	$(MAKE) build

# Every depth of both perft suites (takes a long time).
perft-full: build
	$(abspath $(EXE)) perft --suite ../shared/data/perftsuite.epd
	$(abspath $(EXE)) perft --suite ../shared/data/perft960.epd

clean:
	rm -f $(EXE)
	rm -rf dist

# Release binaries, version-stamped, into dist/ with SHA256SUMS: Linux,
# Windows and macOS on amd64 (portable v1 and x86-64-v3) and arm64
# (docs/release.md). check-release verifies them: checksums, file
# formats, and "uci" answered by the ones this machine runs.
release:
	VERSION=$(VERSION) GO=$(GO) scripts/release.sh

check-release:
	scripts/check-release.sh

# Perft 6 timed against Debian's stockfish in the same run (ratio <= 1.3).
perft-vs-stockfish:
	$(GO) test ./chess/ -run XXX -bench Perft6VsStockfish -benchtime 1x

# Training data (docs/data.md): at least DATA_POSITIONS labelled quiet
# positions from self-play at DATA_NODES nodes a move, into $(GEN). Run it
# again after an interruption: it resumes where it stopped.
GEN            ?= ../gen
DATA_POSITIONS ?= 1000000
DATA_NODES     ?= 3000
data: build
	mkdir -p $(GEN)
	nice -n 19 $(abspath $(EXE)) datagen -out $(GEN)/selfplay.epd -positions $(DATA_POSITIONS) -nodes $(DATA_NODES) -progress 60s
