/// A progress bar on standard error, for work that takes longer than a moment, and only on a terminal.
struct Progress {
  /// How many there are in all; it may grow as work is found.
  var total: Int
  let context: CommandContext
  /// What is counted: `events`, `items`.
  let unit: String
  /// How many steps pass between looks at the clock (a look costs a system call).
  let stride: Int
  let started: Int64
  var shown = false
  var lastPercent = -1

  init(total: Int, context: CommandContext, unit: String = "events", stride: Int = 256) {
    self.total = total
    self.context = context
    self.unit = unit
    self.stride = max(1, stride)
    self.started = context.elapsedMilliseconds()
  }

  mutating func advance(to done: Int) {
    guard context.errorIsTerminal, total > 0, done % stride == 0 || done == total else { return }
    guard shown || context.elapsedMilliseconds() - started > 300 else { return }
    let percent = done * 100 / total
    guard percent != lastPercent else { return }
    shown = true
    lastPercent = percent
    let filled = percent * 30 / 100
    context.writeError(
      "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)% "
        + "(\(done) of \(total) \(unit))")
  }

  func finish() {
    if shown { context.writeError("\r\u{1B}[K") }
  }
}
