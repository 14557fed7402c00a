import CalCore
import Glibc

/// The user's text editor, run on a temporary file as `git commit` runs it: `VISUAL`, else `EDITOR`, else
/// `vi`, through `/bin/sh` so that the variable may hold options (`code --wait`), on this terminal.
struct TextEditor {
  /// The command line of the editor, the file's path added as its last word.
  let command: String

  /// The editor `environment` names.
  init(environment: [String: String]) {
    let named = [environment["VISUAL"], environment["EDITOR"]].lazy.compactMap { $0 }.first {
      !$0.allSatisfy(\.isWhitespace)
    }
    command = named ?? "vi"
  }

  /// The folder the editor's file goes in: `$TMPDIR`, else `/tmp`.
  static func folder(_ environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// `text` as the user left it after editing it in a file named `cal-NAME-XXXXXX.txt` in `folder`, and the
  /// file's path, which the caller removes (or names, when what the file holds cannot be used).
  ///
  /// - Parameter environment: the editor's environment, `NAME=value` entries.
  /// - Throws: `CalError` when the file cannot be written or read back, the editor cannot be started, or
  ///   ends with a failure or a signal (the file is then removed).
  func edit(_ text: String, name: String, in folder: String, environment: [String]) throws(CalError) -> (
    text: String, path: String
  ) {
    var template = Array("\(folder)/cal-\(name)-XXXXXX.txt".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard descriptor >= 0 else {
      // errno read first: what the message is made of may set it.
      let reason = Self.reason()
      throw CalError("cannot make a file for the editor in \(TerminalText.sanitized(folder)): \(reason)")
    }
    // The template as mkstemps filled it in, without its terminating NUL.
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bytes = Array(text.utf8)
    let failure = bytes.withUnsafeBytes { DescriptorOutput.writeAll($0, to: descriptor) }
    close(descriptor)
    if let failure {
      unlink(path)
      throw CalError(
        "cannot write \(TerminalText.sanitized(path)) for the editor: \(String(cString: strerror(failure)))")
    }
    do {
      try run(on: path, environment: environment)
      // What it was given and a megabyte more: an event with a long note (imported) can be edited too.
      return (try Self.read(path, atMost: bytes.count + EventForm.maximumSize), path)
    } catch {
      unlink(path)
      throw error
    }
  }

  /// Runs the editor on `path` and waits for it, cal ignoring the terminal's interrupt and quit keys
  /// meanwhile (they are the editor's), as `system()` does.
  private func run(on path: String, environment: [String]) throws(CalError) {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var interrupt = sigaction()
    var quit = sigaction()
    sigaction(SIGINT, &ignore, &interrupt)
    sigaction(SIGQUIT, &ignore, &quit)
    defer {
      sigaction(SIGINT, &interrupt, nil)
      sigaction(SIGQUIT, &quit, nil)
    }
    let pid = try ShellCommand.spawn(
      ["-c", command + " \"$1\"", "cal-editor", path], environment: environment, inputFromNull: false)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw CalError("lost the editor: \(Self.reason())") }
    }
    // WIFEXITED and WEXITSTATUS, WTERMSIG by hand: glibc's are macros Swift does not import.
    let signal = status & 0x7F
    let exit = (status >> 8) & 0xFF
    let editor = TerminalText.sanitized(command)
    if signal != 0 { throw CalError("the editor (\(editor)) was killed by signal \(signal); nothing was changed") }
    if exit != 0 { throw CalError("the editor (\(editor)) ended with exit status \(exit); nothing was changed") }
  }

  /// What the file at `path` holds, as UTF-8 (invalid bytes repaired), refused when over `limit` bytes. An
  /// editor that left something else there (a FIFO, which reading would wait on for ever, a directory, a device) is refused.
  private static func read(_ path: String, atMost limit: Int) throws(CalError) -> String {
    // Not blocking: opening a FIFO for reading waits for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason = reason()
      throw CalError("cannot read \(TerminalText.sanitized(path)) back: \(reason)")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw CalError(
        "the editor left \(TerminalText.sanitized(path)) as something other than a file; nothing was changed")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        let reason = reason()
        throw CalError("cannot read \(TerminalText.sanitized(path)) back: \(reason)")
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      guard bytes.count <= limit else {
        throw CalError(
          "\(TerminalText.sanitized(path)) grew by over a megabyte in the editor: no change is that long; nothing was "
            + "changed")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `errno` in words.
  private static func reason() -> String { String(cString: strerror(errno)) }
}
