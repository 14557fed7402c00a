/// A VEVENT as the lines it was written with, before they are read into properties: enough to tell, by a
/// hash of its bytes, that it is the same as when it was last imported, so that an unchanged event of a file
/// imported again costs no more than reading its lines.
public struct ICSRawEvent {
  /// The line of its BEGIN:VEVENT.
  public private(set) var line = 0
  /// Its UID, when it has one.
  public private(set) var uid: String?
  /// Whether it stands outside any VCALENDAR.
  public private(set) var isLoose = false
  /// Whether it is an edited occurrence (it has a RECURRENCE-ID).
  public private(set) var isOverride = false
  /// FNV-1a of its lines (unfolded), each with its end.
  public private(set) var hash: UInt64 = initialHash
  /// The bytes of its lines, one after the other, and where each is.
  private var bytes: [UInt8] = []
  private var lines: [(range: Range<Int>, number: Int)] = []
  /// How many components are open in it (itself included); 0 when none is being gathered.
  private(set) var depth = 0

  /// Whether a VEVENT is being gathered.
  var isActive: Bool { depth > 0 }

  /// Starts gathering the VEVENT that `line` (its BEGIN) opens, in a VCALENDAR or (`isLoose`) outside any.
  mutating func begin(_ line: UnsafeBufferPointer<UInt8>, number: Int, isLoose: Bool) {
    self.isLoose = isLoose
    bytes.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
    (uid, isOverride, hash, self.line, depth) = (nil, false, Self.initialHash, number, 0)
    take(line, number: number, begins: "VEVENT")
  }

  /// Adds `line`; `begins` is the name of the component it begins, and `ends` says it ends one. Returns
  /// whether the VEVENT is complete.
  @discardableResult
  mutating func take(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, begins: String? = nil, ends: Bool = false
  ) -> Bool {
    let start = bytes.count
    bytes.append(contentsOf: line)
    lines.append((start..<bytes.count, number))
    Self.mix(line, into: &hash)
    if begins != nil {
      depth += 1
    } else if ends {
      depth -= 1
    } else if depth == 1 {
      if uid == nil && ICSParser.hasName(line, "UID") {
        var repairs: [(line: Int, note: String)] = []
        uid = ICSParser.contentLine(line, number: number, repairs: &repairs)?.text.trimmingSpaces()
      } else if ICSParser.hasName(line, "RECURRENCE-ID") {
        isOverride = true
      }
    }
    return depth == 0
  }

  /// Where the hash of a VEVENT starts.
  static let initialHash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds `line` and its end to the FNV-1a hash `hash`.
  static func mix(_ line: UnsafeBufferPointer<UInt8>, into hash: inout UInt64) {
    var value = hash
    for byte in line { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash = (value ^ 0x0A) &* 0x100_0000_01b3
  }

  /// Hands each line gathered, with its number, to `body`, in order.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
    try bytes.withUnsafeBufferPointer { buffer in
      for (range, number) in lines { try body(UnsafeBufferPointer(rebasing: buffer[range]), number) }
    }
  }

  /// Forgets the VEVENT.
  mutating func end() {
    depth = 0
  }
}
