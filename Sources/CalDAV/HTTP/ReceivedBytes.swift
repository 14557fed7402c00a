import Glibc

/// A body as it arrives, in address space reserved for the largest one allowed: nothing is ever moved to
/// grow it, and only the pages written take memory.
///
/// An array that doubles held the body twice at each growth, and the smaller arrays it left behind stayed in
/// the heap: an endless body peaked at 1.7 times the bound before it was refused. Handing the bytes over as
/// an array copies them, and gives back each stretch once copied, so that they are never in memory twice.
final class ReceivedBytes {
  /// Why bytes could not be appended.
  enum Refusal: Error {
    /// They would go past the capacity.
    case full
    /// The system refused the address space.
    case noMemory
  }

  /// The reserved space, mapped at the first byte (many answers have none).
  private var start: UnsafeMutableRawPointer?
  private let capacity: Int
  /// How many bytes arrived.
  private(set) var count = 0

  /// Space for up to `capacity` bytes.
  init(capacity: Int) {
    self.capacity = capacity
  }

  deinit {
    if let start { munmap(start, capacity) }
  }

  /// Appends `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) throws(Refusal) {
    guard bytes.count <= capacity - count else { throw .full }
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if start == nil {
      // Without a reservation of swap: untouched pages cost nothing.
      let space = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      guard let space, space != MAP_FAILED else { throw .noMemory }
      start = space
    }
    (start! + count).copyMemory(from: base, byteCount: bytes.count)
    count += bytes.count
  }

  /// The bytes as an array, which leaves this empty: each stretch copied is handed back to the system at
  /// once.
  func take() -> [UInt8] {
    guard let start, count > 0 else { return [] }
    let stretch = 1 << 20
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var offset = 0
      while offset < count {
        let length = min(stretch, count - offset)
        UnsafeMutableRawPointer(buffer.baseAddress! + offset).copyMemory(from: start + offset, byteCount: length)
        madvise(start + offset, length, MADV_DONTNEED)
        offset += length
      }
      initialized = count
    }
    count = 0
    return bytes
  }
}
