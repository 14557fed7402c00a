import CSQLite
import CSQLiteMemory
import Foundation
import Testing

@testable import CalStorage

/// SQLite's small blocks come from cal's own allocator (Debian's SQLite has no lookaside memory): sizes,
/// reallocation and blocks live at once on several threads must be what SQLite's contract says.
@Suite struct SQLiteMemoryTests {
  init() throws {
    // Opening a connection configures SQLite, allocator included, once for the process.
    let folder = try TemporaryFolder()
    _ = try Database(path: folder.file("cal.db"))
  }

  @Test(
    "a block holds what was asked, and keeps its bytes when it grows or shrinks",
    arguments: [1, 7, 8, 9, 100, 1000, 1016, 1017, 4096, 70000])
  func sizesAndReallocation(bytes: Int32) throws {
    var block = try #require(sqlite3_malloc(bytes)?.assumingMemoryBound(to: UInt8.self))
    var filled = Int(bytes)
    func fill(_ count: Int) { for index in 0..<count { block[index] = UInt8(truncatingIfNeeded: index &* 7) } }
    fill(filled)
    #expect(sqlite3_msize(block) >= UInt64(bytes))
    for size in [bytes * 3, bytes, max(bytes / 3, 1), bytes * 2] {
      block = try #require(sqlite3_realloc(block, size)?.assumingMemoryBound(to: UInt8.self))
      #expect(sqlite3_msize(block) >= UInt64(size))
      let kept = min(filled, Int(size))
      #expect((0..<kept).allSatisfy { block[$0] == UInt8(truncatingIfNeeded: $0 &* 7) }, "\(size)")
      filled = Int(size)
      fill(filled)
    }
    sqlite3_free(block)
  }

  @Test("blocks live at once never share a byte, on several threads, freed on others")
  func noSharing() throws {
    // GCD's threads, not the test runner's pool, which tests waiting on processes may hold.
    let collected = Collected()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      var blocks: [UnsafeMutablePointer<UInt8>] = []
      for index in 0..<2000 {
        let size = Int32(1 + (index * 37 + worker * 11) % 1500)
        guard let block = sqlite3_malloc(size)?.assumingMemoryBound(to: UInt8.self) else { continue }
        block.initialize(repeating: UInt8(truncatingIfNeeded: index), count: Int(size))
        blocks.append(block)
      }
      // Every block still holds its own pattern: none was handed out twice.
      let intact = blocks.enumerated().allSatisfy { index, block in
        (0..<(1 + (index * 37 + worker * 11) % 1500)).allSatisfy { block[$0] == UInt8(truncatingIfNeeded: index) }
      }
      collected.add(intact ? blocks.map { UInt(bitPattern: $0) } : [])
    }
    let handed = collected.blocks
    #expect(handed.count == 4 && handed.allSatisfy { $0.count == 2000 })
    // Freed on this thread, whichever made them; then made again here.
    for block in handed.joined() { sqlite3_free(UnsafeMutableRawPointer(bitPattern: block)) }
    let again = (0..<1000).compactMap { sqlite3_malloc(Int32(16 + $0 % 900)) }
    #expect(Set(again.map { UInt(bitPattern: $0) }).count == again.count)
    again.forEach { sqlite3_free($0) }
  }

  @Test("the blocks of a connection's statements come from the allocator")
  func inUse() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("cal.db"))
    _ = try database.fetch("SELECT 1 WHERE ? = 1", [1 as Int64]) { try $0[0] as Int64 }
    #expect(cal_sqlite3_small_block_bytes() > 0)
  }
}

/// The blocks each thread made, gathered under a lock.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var gathered: [[UInt]] = []

  func add(_ blocks: [UInt]) {
    lock.lock()
    gathered.append(blocks)
    lock.unlock()
  }

  var blocks: [[UInt]] {
    lock.lock()
    defer { lock.unlock() }
    return gathered
  }
}
