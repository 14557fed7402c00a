import Glibc

/// Standard output, buffered: a listing is written in large pieces, whatever the number of lines, and a
/// write that fails (a full disk) is remembered, so the command ends with an error instead of success. A
/// reader that has gone (`cal list | head`) ends the command at once and quietly, as SIGPIPE ends other
/// programs: nothing more can be shown, and a listing of decades need not be made for nobody.
public final class TextOutput {
  private let sink: ([UInt8], _ patience: Int32?) -> Int32?
  private let readerIsGone: () -> Void
  private var buffer: [UInt8] = []
  /// Why the first write failed, such as "No space left on device"; `nil` while every write succeeded.
  public private(set) var failure: String?
  /// How long, in milliseconds, a write waits for the reader to take anything before it fails; `nil`: as long
  /// as it takes. A command that writes while it holds the calendar's lock sets it, so that a reader that stops
  /// reading (a full pipe) cannot keep every other cal from changing the calendar.
  public var patience: Int32?

  /// Buffers bytes to hand to `sink`, which writes them all and returns `nil`, or returns why it could not
  /// (an `errno`: `ETIMEDOUT` when the reader took nothing for `patience` milliseconds, when that is not
  /// `nil`); `readerIsGone` is called when that is `EPIPE`.
  public init(
    sink: @escaping ([UInt8], _ patience: Int32?) -> Int32?, whenReaderIsGone readerIsGone: @escaping () -> Void = {}
  ) {
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
    if failure == nil, let code = sink(buffer, patience) {
      if code == EPIPE { readerIsGone() }
      failure =
        code == ETIMEDOUT
        ? "the reader took none of it for \((patience ?? 0) / 1000) s" : String(cString: strerror(code))
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
