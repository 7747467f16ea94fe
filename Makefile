# lsrows: build, test and install with the Swift toolchain alone.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
ARGS ?= .
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all build run test lint bench install uninstall clean

all: build

## build: compile lsrows (release)
build:
	@$(SWIFT) build -c release --product lsrows >&2

## run: build, then list ARGS (default: the current directory)
run: build
	@$(RELEASE_BIN)/lsrows $(ARGS)

## test: unit tests, and end-to-end tests against the release binary (the
## one that ships; the debug build is tens of times slower on deep trees)
test: build
	LSROWS_BINARY=$(RELEASE_BIN)/lsrows $(SWIFT) test

## lint: swift format, strict, with the committed .swift-format
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## bench: timings against ls and find on generated trees under .bench/
bench: build
	python3 bench/bench.py --lsrows $(RELEASE_BIN)/lsrows $(BENCH)

## install: copy lsrows to $(DESTDIR)$(PREFIX)/bin
install: build
	install -d $(BINDIR)
	install -m 0755 $(RELEASE_BIN)/lsrows $(BINDIR)/lsrows

## uninstall: remove what install copied
uninstall:
	rm -f $(BINDIR)/lsrows

## clean: remove build products (the bench trees in .bench/ stay)
clean:
	rm -rf .build
