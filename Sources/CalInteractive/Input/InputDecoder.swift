/// Turns the bytes a terminal sends into keys, mouse reports and pastes. Bytes arrive in reads of any size:
/// an escape sequence or a UTF-8 character cut between two reads is kept until the rest arrives. A lone
/// ESC cannot be told from the start of a sequence until nothing follows it for a moment: the event loop
/// then calls `timeout()`.
struct InputDecoder {
  /// Bytes received but not yet decoded.
  private var pending: [UInt8] = []
  /// The text of a bracketed paste under way.
  private var paste: [UInt8]?
  /// Whether the paste under way went past `pasteLimit`: what it held then was handed on, and the rest of it
  /// is dropped up to its end, never read as keys (a newline in it would answer a prompt, a `d` then a `y`
  /// delete an event).
  private var pasteOverflowed = false

  /// The most a paste may hold: more is dropped.
  static let pasteLimit = 1 << 16

  /// Whether undecoded bytes, or a paste, wait for more (the event loop then polls with a timeout).
  var isWaiting: Bool { !pending.isEmpty || paste != nil }

  /// Whether a bracketed paste is under way: its end may be a while in coming (a long paste over a slow
  /// connection), so the event loop waits longer before it calls `timeout()`.
  var isPasting: Bool { paste != nil }

  /// The events in `bytes`, with whatever was pending before them.
  mutating func decode(_ bytes: [UInt8]) -> [InputEvent] {
    pending += bytes
    return drain(atTimeout: false)
  }

  /// Nothing followed the pending bytes: a lone ESC is the Escape key, an unfinished sequence is dropped, and
  /// a paste whose end never came ends with what it holds (else every key after it went into it).
  mutating func timeout() -> [InputEvent] {
    var events = drain(atTimeout: true)
    if paste != nil {
      appendToPaste(pending[...])
      pending = []
      if let text = endPaste() { events.append(text) }
    }
    return events
  }

  private mutating func drain(atTimeout: Bool) -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    defer { pending.removeFirst(index) }
    while index < pending.count {
      if paste != nil {
        guard let end = pasteEnd(from: index) else {
          // Keep the tail that may be the start of the closing sequence; the rest is text.
          let keep = min(pending.count - index, Self.pasteClose.count - 1)
          appendToPaste(pending[index..<(pending.count - keep)])
          index = pending.count - keep
          if paste!.count > Self.pasteLimit {
            events.append(.paste(String(decoding: paste!.prefix(Self.pasteLimit), as: UTF8.self)))
            paste = []
            pasteOverflowed = true
          }
          break
        }
        appendToPaste(pending[index..<end])
        if let text = endPaste() { events.append(text) }
        index = end + Self.pasteClose.count
        continue
      }
      guard let (event, length) = decodeOne(at: index, atTimeout: atTimeout) else { break }
      index += length
      if let event { events.append(event) }
    }
    return events
  }

  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    if !pasteOverflowed { paste! += bytes }
  }

  /// Ends the paste under way: its text, unless it was handed on when it overflowed.
  private mutating func endPaste() -> InputEvent? {
    defer {
      paste = nil
      pasteOverflowed = false
    }
    return pasteOverflowed ? nil : .paste(String(decoding: paste!.prefix(Self.pasteLimit), as: UTF8.self))
  }

  private static let pasteClose: [UInt8] = Array("\u{1B}[201~".utf8)

  private func pasteEnd(from start: Int) -> Int? {
    let close = Self.pasteClose
    guard pending.count - start >= close.count else { return nil }
    for position in start...(pending.count - close.count)
    where pending[position] == 0x1B && pending[position..<(position + close.count)].elementsEqual(close) {
      return position
    }
    return nil
  }

  /// The event at `index` and how many bytes it took (no event for a sequence that means nothing here);
  /// `nil` when more bytes are needed.
  private mutating func decodeOne(at index: Int, atTimeout: Bool) -> (InputEvent?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      return escape(at: index, atTimeout: atTimeout)
    case 0x0D, 0x0A: return (.key(.enter), 1)
    case 0x09: return (.key(.tab), 1)
    case 0x7F, 0x08: return (.key(.backspace), 1)
    case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(byte + 0x60)))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    default:
      return utf8Character(at: index, atTimeout: atTimeout)
    }
  }

  private func utf8Character(at index: Int, atTimeout: Bool) -> (InputEvent?, Int)? {
    let byte = pending[index]
    let length: Int
    switch byte {
    case 0x20..<0x80: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)  // a stray continuation byte or an invalid lead
    }
    guard pending.count - index >= length else { return atTimeout ? (nil, pending.count - index) : nil }
    let bytes = pending[index..<(index + length)]
    guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else { return (nil, length) }
    // C1 controls are not characters to type.
    if (0x80...0x9F).contains(scalar.value) { return (nil, length) }
    return (.key(.character(Character(scalar))), length)
  }

  private mutating func escape(at index: Int, atTimeout: Bool) -> (InputEvent?, Int)? {
    guard index + 1 < pending.count else { return atTimeout ? (.key(.escape), 1) : nil }
    switch pending[index + 1] {
    case UInt8(ascii: "["):
      return controlSequence(at: index, atTimeout: atTimeout)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return atTimeout ? (.key(.escape), 1) : nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "P"): .function(1),
        UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
      ]
      return (.key(keys[pending[index + 2]] ?? .unknown), 3)
    case 0x1B:
      return (.key(.escape), 1)
    default:
      // Alt with a key: the Escape key, then the key.
      return (.key(.escape), 1)
    }
  }

  /// `ESC [` parameters, intermediates and a final byte.
  private mutating func controlSequence(at index: Int, atTimeout: Bool) -> (InputEvent?, Int)? {
    var end = index + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return atTimeout ? (nil, pending.count - index) : nil }
    let final = pending[end]
    guard (0x40...0x7E).contains(final) else { return (.key(.escape), 1) }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    if final == UInt8(ascii: "M") && parameters.isEmpty {
      // An old-style (X10) mouse report: three bytes follow. The page asks for SGR reports; skip it.
      guard pending.count - index >= length + 3 else { return atTimeout ? (nil, pending.count - index) : nil }
      return (nil, length + 3)
    }
    if parameters.hasPrefix("<") && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m")) {
      return (Self.mouse(parameters.dropFirst(), released: final == UInt8(ascii: "m")).map(InputEvent.mouse), length)
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let first = numbers.first.flatMap { $0 } ?? 1
    switch final {
    case UInt8(ascii: "A"): return (.key(.up), length)
    case UInt8(ascii: "B"): return (.key(.down), length)
    case UInt8(ascii: "C"): return (.key(.right), length)
    case UInt8(ascii: "D"): return (.key(.left), length)
    case UInt8(ascii: "H"): return (.key(.home), length)
    case UInt8(ascii: "F"): return (.key(.end), length)
    case UInt8(ascii: "Z"): return (.key(.backTab), length)
    case UInt8(ascii: "~"):
      if first == 200 {
        paste = []
        return (nil, length)
      }
      let keys: [Int: Key] = [
        1: .home, 7: .home, 2: .insert, 3: .delete, 4: .end, 8: .end, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
      ]
      // 201 alone (a paste's end without its start) means nothing.
      return (keys[first].map { .key($0) }, length)
    default:
      return (.key(.unknown), length)
    }
  }

  /// `b;x;y` of an SGR report: the button and its modifiers in `b`, the cell 1-based.
  private static func mouse(_ text: Substring, released: Bool) -> MouseReport? {
    let parts = text.split(separator: ";").map { Int($0) }
    guard parts.count == 3, let code = parts[0], let x = parts[1], let y = parts[2], x >= 1, y >= 1 else { return nil }
    let button = code & 3
    let action: MouseReport.Action
    if code & 64 != 0 {
      guard button < 2 else { return nil }  // sideways scrolling
      action = button == 0 ? .wheelUp : .wheelDown
    } else if released {
      action = .release
    } else if code & 32 != 0 {
      action = button == 3 ? .motion : .drag
    } else {
      action = .press
    }
    return MouseReport(action: action, button: code & 64 != 0 ? 0 : button, row: y - 1, column: x - 1)
  }
}
