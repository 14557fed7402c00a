/// Room for the texts bound to a statement that SQLite reads where they are (`SQLITE_STATIC`) instead of
/// copying each into memory of its own: an import binds four texts an event. Texts are copied in one after
/// the other; `removeAll` makes the room free again, to be called only once the statement that reads them
/// has run (and before it is bound anew).
final class TextArena {
  private static let blockSize = 1 << 16
  private var blocks: [UnsafeMutableRawPointer] = []
  /// The block being filled (an index into `blocks`), and its free room.
  private var current = -1
  private var free: UnsafeMutableRawPointer?
  private var end: UnsafeMutableRawPointer?
  /// Texts too long to share a block, each in memory of its own until `removeAll`.
  private var large: [UnsafeMutableRawPointer] = []

  /// A copy of `bytes` (not empty), kept until `removeAll`.
  func store(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
    let count = bytes.count
    let start: UnsafeMutableRawPointer
    if let free, let end, count <= end - free {
      start = free
      self.free = free + count
    } else if count > Self.blockSize / 4 {
      start = .allocate(byteCount: count, alignment: 1)
      large.append(start)
    } else {
      current += 1
      if current == blocks.count { blocks.append(.allocate(byteCount: Self.blockSize, alignment: 1)) }
      start = blocks[current]
      free = start + count
      end = start + Self.blockSize
    }
    start.copyMemory(from: bytes.baseAddress!, byteCount: count)
    return UnsafePointer(start.assumingMemoryBound(to: CChar.self))
  }

  /// Makes all the room free again (the blocks are kept for the next texts).
  func removeAll() {
    for memory in large { memory.deallocate() }
    large.removeAll(keepingCapacity: true)
    current = -1
    free = nil
    end = nil
  }

  deinit {
    removeAll()
    for block in blocks { block.deallocate() }
  }
}
