import CalService

/// A listing written as it is found, line by line or as one JSON array, so that memory does not grow with
/// the number of events listed (the output is buffered and written in large pieces).
struct EventListing {
  let json: Bool
  /// The user's own line for each event (`--format`), instead of the listing's.
  let format: EventFormat?
  let context: CommandContext
  private var lines: EventLineWriter
  private var count = 0
  private var warnings = OverlapWarnings()
  private var buffer = TextBuffer(capacity: 1 << 16)

  /// `styled` says whether titles take their calendars' colours (`--color`); without it, on a terminal.
  init(_ options: ListingOptions, context: CommandContext, styled: Bool? = nil) {
    json = options.json
    format = options.format
    self.context = context
    lines = EventLineWriter(context: context, styled: styled)
  }

  /// Writes one more item.
  mutating func append(_ item: AgendaItem) {
    warnings.check(item, context: context)
    if json {
      buffer.append(byte: UInt8(ascii: count == 0 ? "[" : ","))
      EventPresenter.writeJSON(item, context: context, into: &buffer)
    } else if let format {
      format.write(item, context: context, now: now, lines: &lines, into: &buffer)
    } else {
      lines.write(item, into: &buffer)
    }
    if buffer.count >= 1 << 16 { flushBuffer() }
    count += 1
  }

  /// The instant `{running}` is asked at, read once.
  private lazy var now = context.now()

  /// Ends the listing: the closing bracket, or `emptyMessage` when nothing was listed (a format prints
  /// nothing then: a status bar shows no event as an empty line, not as a sentence).
  mutating func finish(emptyMessage: String) {
    if json {
      if count == 0 { buffer.append(byte: UInt8(ascii: "[")) }
      buffer.append(literal: "]\n")
      flushBuffer()
    } else if count == 0 {
      if format == nil { context.print(emptyMessage) }
    } else {
      flushBuffer()
    }
  }

  private mutating func flushBuffer() {
    buffer.withBytes { context.output.write($0) }
    buffer.removeAll()
  }
}
