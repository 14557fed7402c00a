import Glibc

/// Standard output, buffered: a listing is written in large pieces, whatever the number of lines, and a
/// write that fails (a full disk) is remembered, so the command ends with an error instead of success. A
/// reader that has gone (`cal list | head`) ends the command at once and quietly, as SIGPIPE ends other
/// programs: nothing more can be shown, and a listing of decades need not be made for nobody.
public final class TextOutput {
  private let sink: ([UInt8]) -> Int32?
  private let readerIsGone: () -> Void
  private var buffer: [UInt8] = []
  /// Why the first write failed, such as "No space left on device"; `nil` while every write succeeded.
  public private(set) var failure: String?

  /// Buffers bytes to hand to `sink`, which writes them all and returns `nil`, or returns why it could not
  /// (an `errno`); `readerIsGone` is called when that is `EPIPE`.
  public init(sink: @escaping ([UInt8]) -> Int32?, whenReaderIsGone readerIsGone: @escaping () -> Void = {}) {
    self.sink = sink
    self.readerIsGone = readerIsGone
    buffer.reserveCapacity(1 << 16)
  }

  /// Appends `text`; the buffer is handed on once it holds 64 KiB.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends `bytes`, handing the buffer on as ``write(_:)`` does.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Hands on what is buffered.
  public func flush() {
    guard !buffer.isEmpty else { return }
    if failure == nil, let code = sink(buffer) {
      if code == EPIPE { readerIsGone() }
      failure = String(cString: strerror(code))
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
