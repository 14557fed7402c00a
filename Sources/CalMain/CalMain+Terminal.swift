import CalCLI
import Glibc

extension CalMain {
  /// Writes all of `bytes` to `descriptor`, as ``DescriptorOutput/writeAll(_:to:patience:)`` says.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, patience: Int32? = nil) -> Int32? {
    bytes.withUnsafeBytes { DescriptorOutput.writeAll($0, to: descriptor, patience: patience) }
  }

  /// Writes to standard error.
  static func writeError(_ text: String) { _ = writeAll(Array(text.utf8), to: STDERR_FILENO) }

  /// The size of the terminal on standard output; a terminal that does not say is taken to be the
  /// traditional 24 by 80.
  static func terminalSize() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }
}
