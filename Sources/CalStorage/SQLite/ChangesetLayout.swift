/// The tables a changeset names, read from its bytes here, bounds checked, before SQLite is handed them:
/// SQLite 3.40's changeset reader loops for ever on one cut short inside a table's header (a change log
/// damaged by another program), so nothing it has not checked reaches SQLite.
///
/// The format is that of SQLite's session extension: a table header (`T`, a varint column count, a byte a
/// column marking the primary key, the NUL-terminated name), then its rows (an operation, an indirect flag,
/// and the values: a type byte, then 8 bytes for a number, a varint length and as many bytes for text and
/// blobs, nothing for NULL or a value an UPDATE leaves as it was); an UPDATE holds the old values, then the new.
struct ChangesetLayout {
  /// One table the changeset names: its name, and whether each column is part of its primary key.
  struct Table: Equatable {
    let name: String
    let primaryKey: [Bool]
  }

  /// The tables, in the order the changeset names them.
  let tables: [Table]

  /// Reads `bytes`; `nil` when they are not a whole changeset.
  init?(_ bytes: UnsafeRawBufferPointer) {
    var reader = Reader(bytes: bytes)
    var tables: [Table] = []
    var columns = 0
    while !reader.isAtEnd {
      guard let marker = reader.byte() else { return nil }
      switch marker {
      case UInt8(ascii: "T"):
        guard let count = reader.varint(), count > 0, count <= 32_767, let flags = reader.take(Int(count)),
          let name = reader.nulTerminated()
        else { return nil }
        columns = Int(count)
        tables.append(Table(name: name, primaryKey: flags.map { $0 != 0 }))
      case 18, 9, 23:  // SQLITE_INSERT, SQLITE_DELETE, SQLITE_UPDATE
        guard !tables.isEmpty, reader.byte() != nil else { return nil }
        for _ in 0..<(marker == 23 ? 2 * columns : columns) {
          guard reader.skipValue(allowingUndefined: marker == 23) else { return nil }
        }
      default: return nil
      }
    }
    self.tables = tables
  }

  /// A position in the bytes, never past their end.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) -> UnsafeRawBufferPointer.SubSequence? {
      guard count >= 0, count <= bytes.count - offset else { return nil }
      defer { offset += count }
      return bytes[offset..<offset + count]
    }

    /// SQLite's varint (seven bits a byte, the most significant first; at most nine bytes), when below 2^31.
    mutating func varint() -> UInt64? {
      var value: UInt64 = 0
      for index in 0..<9 {
        guard let next = byte() else { return nil }
        if index == 8 {
          value = value << 8 | UInt64(next)
          break
        }
        value = value << 7 | UInt64(next & 0x7F)
        if next & 0x80 == 0 { break }
      }
      return value < 1 << 31 ? value : nil
    }

    mutating func nulTerminated() -> String? {
      guard let end = bytes[offset...].firstIndex(of: 0) else { return nil }
      defer { offset = end + 1 }
      return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// Skips one value; `allowingUndefined`: a value an UPDATE leaves as it was (type 0) may stand there.
    mutating func skipValue(allowingUndefined: Bool) -> Bool {
      switch byte() {
      case 0: return allowingUndefined
      case 1, 2: return take(8) != nil
      case 3, 4:
        guard let length = varint() else { return false }
        return take(Int(length)) != nil
      case 5: return true
      default: return false
      }
    }
  }
}
