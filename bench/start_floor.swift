// What any static Swift program pays to list an empty directory: start,
// open and read the directory, exit. BENCHMARKS's start-up verdict sets
// lsrows beside it and ls; built as `make build` links lsrows:
//
//   swiftc -O -static-stdlib -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
//     -Xfrontend -disable-concrete-type-metadata-mangled-name-accessors \
//     -L .build/static-libstdc++ -Xclang-linker -static-libgcc \
//     -o /tmp/start_floor bench/start_floor.swift
//   LC_ALL=C hyperfine -N --warmup 50 --runs 600 '/tmp/start_floor DIR' 'ls DIR' 'lsrows DIR'
//
// (`.build/static-libstdc++` is made by `make build`.)
import Glibc

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
if let directory = opendir(path) {
  while readdir(directory) != nil {}
  closedir(directory)
}
