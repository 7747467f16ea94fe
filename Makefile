# lsrows: build, test and install with the Swift toolchain alone.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
ARGS ?= .
# Release builds carry the Swift runtime inside, so the binary runs where
# no toolchain is installed; nor does it look for one next to itself.
# The C++ library that runtime needs goes inside too when the toolchain's
# clang finds its archive (the linker then meets libstdc++.a first):
# loading libstdc++.so would take longer than all of ls.
CXX_ARCHIVE := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX_DIR = $(CURDIR)/.build/static-libstdc++
STATIC_CXX = $(if $(filter /%,$(CXX_ARCHIVE)),-Xswiftc -L -Xswiftc $(STATIC_CXX_DIR))
# So does libgcc's unwinder, when clang finds its archive: without
# libgcc_s.so the loader maps and relocates one library fewer.
GCC_EH_ARCHIVE := $(shell clang -print-file-name=libgcc_eh.a 2>/dev/null)
STATIC_GCC = $(if $(filter /%,$(GCC_EH_ARCHIVE)),-Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
# Start-up: types are reached through their metadata accessors rather
# than by demangling their names at first use, and with the toolchain's
# lld the relative relocations are packed (RELR, glibc 2.36, which the
# binary needs already) instead of read from a table of their own.
FAST_START = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# lld also places the functions a short listing runs side by side
# (packaging/startup-order.txt, from `make startup-order`), so fewer pages
# of the text are faulted in.
LLD := $(shell command -v ld.lld 2>/dev/null)
STARTUP_ORDER = $(CURDIR)/packaging/startup-order.txt
LLD_LINK = $(if $(LLD),-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering)
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath $(STATIC_CXX) \
	$(STATIC_GCC) $(FAST_START) $(LLD_LINK)
RELEASE_BIN = $(shell $(RELEASE_BUILD) --show-bin-path)
# The binary install-files copies; make install builds it first.
LSROWS = $(RELEASE_BIN)/lsrows

.PHONY: all build run test test-sanitize fuzz lint bench startup-order install install-files uninstall dist \
	dist-files clean

all: build

## build: compile lsrows (release)
build:
ifneq ($(STATIC_CXX),)
	@mkdir -p $(STATIC_CXX_DIR) && ln -sf $(CXX_ARCHIVE) $(STATIC_CXX_DIR)/libstdc++.a
endif
	@$(RELEASE_BUILD) --product lsrows >&2

## run: build, then list ARGS (default: the current directory)
run: build
	@$(RELEASE_BIN)/lsrows $(ARGS)

## test: unit tests, and end-to-end tests against the release binary (the
## one that ships; the debug build is tens of times slower on deep trees)
test: build
	LSROWS_BINARY=$(RELEASE_BIN)/lsrows $(SWIFT) test

## test-sanitize: the tests against lsrows built with AddressSanitizer, then
## ThreadSanitizer (swiftc on Linux has no -sanitize=undefined)
SANITIZERS ?= address thread
test-sanitize:
	set -e; for sanitizer in $(SANITIZERS); do \
	  $(SWIFT) build -c release --product lsrows --sanitize=$$sanitizer --build-path .build/$$sanitizer >&2; \
	  bin=$$($(SWIFT) build -c release --sanitize=$$sanitizer --build-path .build/$$sanitizer --show-bin-path); \
	  LSROWS_SANITIZER=$$sanitizer LSROWS_BINARY=$$bin/lsrows \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/lsan.supp \
	    $(SWIFT) test --sanitize=$$sanitizer --build-path .build/$$sanitizer; \
	done

## fuzz: every libFuzzer target for FUZZ_SECONDS (60) each; crashes go to
## Tests/fuzz-corpus/, which make test replays. Then the input guard runs
## the release binary over GUARD_VALUES (20000) seeded option values
FUZZ_SECONDS ?= 60
GUARD_VALUES ?= 20000
fuzz: build
	Tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	LSROWS_GUARD_VALUES=$(GUARD_VALUES) LSROWS_BINARY=$(RELEASE_BIN)/lsrows \
	  $(SWIFT) test --filter InputGuardTests

## lint: swift format, strict, with the committed .swift-format
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## startup-order: record the functions short listings run (valgrind),
## for the release link; commit the result
startup-order: build
	python3 packaging/startup_order.py $(RELEASE_BIN)/lsrows $(STARTUP_ORDER)
	@# The package manager does not see the list change: unlinked, the
	@# binary is linked again with it by the next build.
	rm -f $(RELEASE_BIN)/lsrows

## bench: timings against ls and find on generated trees under .bench/
bench: build
	python3 bench/bench.py --lsrows $(RELEASE_BIN)/lsrows $(BENCH)

## install: build, then install the binary, the man page and completions
## under $(DESTDIR)$(PREFIX)
install: build install-files

## install-files: install without building (LSROWS=path picks the binary)
install-files:
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 0755 $(LSROWS) $(BINDIR)/lsrows
	install -m 0644 docs/lsrows.1 $(MANDIR)/lsrows.1
	install -m 0644 completions/lsrows.bash $(BASHDIR)/lsrows
	install -m 0644 completions/_lsrows $(ZSHDIR)/_lsrows
	install -m 0644 completions/lsrows.fish $(FISHDIR)/lsrows.fish

## uninstall: remove exactly what install put there
uninstall:
	rm -f $(BINDIR)/lsrows $(MANDIR)/lsrows.1 $(BASHDIR)/lsrows $(ZSHDIR)/_lsrows \
		$(FISHDIR)/lsrows.fish

## dist: build, then make dist/lsrows-VERSION-linux-ARCH.tar.gz, the .deb
## and SHA256SUMS (VERSION is what lsrows --version prints)
DIST ?= dist
dist: build dist-files

## dist-files: package without building (LSROWS=path picks the binary)
dist-files:
	packaging/dist.sh $(LSROWS) $(DIST)

## clean: remove build products (the bench trees in .bench/ stay)
clean:
	rm -rf .build dist
