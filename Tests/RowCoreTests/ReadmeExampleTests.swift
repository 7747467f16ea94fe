import RowCore
import Testing

// README example begin (after `import RowCore`)
struct Planet {
  var name: String
  var moons: Int
}

struct Collector: RowSink {
  var bytes: [UInt8] = []
  mutating func write(_ chunk: UnsafeRawBufferPointer) { bytes += chunk }
}

func planetTable() -> String {
  let planets = [Planet(name: "Mars", moons: 2), Planet(name: "Venus", moons: 0)]
  var store = RowStore()
  store.append("name\tmoons") { cell, header in cell.append(header) }
  store.append(contentsOf: planets) { cell, planet in
    cell.append("\(planet.name)\t\(planet.moons)")
  }
  store.append(planets.count) { cell, count in cell.append("\(count) planets") }
  var writer = RowWriter(sink: Collector())
  writer.write(store)
  writer.flush()
  return String(decoding: writer.sink.bytes, as: UTF8.self)
  // "name\tmoons\nMars\t2\nVenus\t0\n2 planets\n"
}
// README example end

/// The README's example of RowCore used by another package: this file
/// compiles it, and the README must show it unchanged.
@Suite struct ReadmeExampleTests {
  @Test func theExampleWorks() {
    #expect(planetTable() == "name\tmoons\nMars\t2\nVenus\t0\n2 planets\n")
  }

  @Test func theReadmeShowsThisCode() throws {
    let here = #filePath
    let root = here.split(separator: "/").dropLast(3).joined(separator: "/")
    let readme = try textOfFile("/" + root + "/README.md")
    let source = try textOfFile(here)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let marker = "// README example begin (after `import RowCore`)"
    let begin = try #require(lines.firstIndex { $0 == marker })
    let end = try #require(lines.firstIndex(of: "// README example end"))
    let example = "import RowCore\n\n" + lines[(begin + 1)..<end].joined(separator: "\n")
    #expect(readme.contains(example))
  }
}
