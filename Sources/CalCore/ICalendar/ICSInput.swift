/// Where the bytes of an iCalendar file come from, read in pieces: a file is streamed, never held whole.
public protocol ICSInput {
  /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// Starts reading again from the first byte, for the next pass over the file.
  mutating func rewind() throws
}

/// Bytes already in memory, as an ``ICSInput``.
public struct ICSByteInput: ICSInput {
  private let bytes: [UInt8]
  private var offset = 0

  /// An input that reads `bytes`.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Copies the next bytes.
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    offset += count
    return count
  }

  /// Back to the first byte.
  public mutating func rewind() {
    offset = 0
  }
}
