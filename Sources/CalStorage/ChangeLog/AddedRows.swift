import CSQLite
import CalCore

/// Rows a change added to a table, written out as changesets by reading them back rather than recorded by
/// the session one insertion at a time. A change that only adds rows to a table it alone touches (an import
/// into an empty calendar) then costs one reading of the rows in order, instead of the session's hashing of
/// each insertion and its looking up of each row again to write it out: a quarter of such an import.
///
/// The changesets are those the session would write, in the format of SQLite's session extension: a table
/// header (`T`, the number of columns, a byte a column giving its place in the primary key, the table's
/// name), then each row as an INSERT (the operation, 0 for a direct change, and each column's value: its type,
/// then 8 bytes big-endian for a number, a varint length and the bytes for text and blobs, nothing for NULL).
struct AddedRows {
  /// The table, and the rowid its rows the change added come after.
  let table: String
  let after: Int64
  /// The last of them, when known (rows added later, by something else, come after it).
  var through: Int64? = nil

  /// How many rows there are, and a sum of their `updated_at` (each taken modulo 2^32, so that the sum of
  /// any number of rows a file can hold fits), which every change of a row sets: what tells, when the change
  /// is undone, whether something the log did not record changed them since.
  func fingerprint(in database: Database) throws -> (count: Int64, updatedSum: Int64) {
    try database.fetchOne(
      """
      SELECT count(*), coalesce(sum(updated_at % 4294967296), 0) FROM "\(table)"
      WHERE rowid > ? AND rowid <= ?
      """, [after, through ?? Int64.max]
    ) { (try $0[0] as Int64, try $0[1] as Int64) } ?? (0, 0)
  }

  /// The rowid of the last row added, or `nil` when there is none.
  func lastRowID(in database: Database) throws -> Int64? {
    try database.fetchOne("SELECT max(rowid) FROM \"\(table)\" WHERE rowid > ?", [after]) { try $0[0] as Int64? }
      ?? nil
  }

  /// Hands the rows to `store` as changesets of about `partSize` bytes, the newest rows first, each row once.
  func write(from database: Database, partSize: Int, _ store: ([UInt8]) throws -> Void) throws {
    let columns = try database.fetch("SELECT name, pk FROM pragma_table_info(?)", [table]) {
      (name: try $0[0] as String, key: try $0[1] as Int64)
    }
    let names = columns.map { "\"\($0.name)\"" }.concatenated(separator: ", ")
    let statement = try database.prepare(
      "SELECT \(names) FROM \"\(table)\" WHERE rowid > ? AND rowid <= ? ORDER BY rowid DESC")
    try statement.bind(after, at: 1)
    try statement.bind(through ?? Int64.max, at: 2)
    let count = Int32(columns.count)
    var buffer = Bytes(capacity: partSize + partSize / 4)
    defer { buffer.free() }
    buffer.reserve(1 + 9)
    buffer.put(UInt8(ascii: "T"))
    buffer.putVarint(UInt64(columns.count))
    buffer.append(columns.map { UInt8(truncatingIfNeeded: $0.key) })
    buffer.append(Array(table.utf8) + [0])
    let header = buffer.count
    while try statement.step() {
      buffer.reserve(2)
      buffer.put(UInt8(SQLITE_INSERT))
      buffer.put(0)
      for column in 0..<count { Self.append(statement.handle, column, to: &buffer) }
      if buffer.count >= partSize {
        try store(buffer.array)
        buffer.count = header
      }
    }
    if buffer.count > header { try store(buffer.array) }
  }

  /// Appends the value of `column` of the row `statement` stands on, as a changeset holds it.
  private static func append(_ statement: OpaquePointer, _ column: Int32, to buffer: inout Bytes) {
    let type = sqlite3_column_type(statement, column)
    buffer.reserve(1 + 9)
    buffer.put(UInt8(type))
    switch type {
    case SQLITE_INTEGER: buffer.putBigEndian(UInt64(bitPattern: sqlite3_column_int64(statement, column)))
    case SQLITE_FLOAT: buffer.putBigEndian(sqlite3_column_double(statement, column).bitPattern)
    case SQLITE_TEXT, SQLITE_BLOB:
      let start: UnsafeRawPointer? =
        type == SQLITE_TEXT
        ? sqlite3_column_text(statement, column).map { UnsafeRawPointer($0) } : sqlite3_column_blob(statement, column)
      let count = Int(sqlite3_column_bytes(statement, column))
      buffer.putVarint(UInt64(count))
      if let start, count > 0 { buffer.append(UnsafeRawBufferPointer(start: start, count: count)) }
    default: break  // NULL: the type alone
    }
  }

  /// Bytes that grow by copying: a changeset being written, without the checks of an array's every append.
  private struct Bytes {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    var array: [UInt8] { Array(UnsafeRawBufferPointer(start: storage, count: count)) }

    /// Makes room for `extra` more bytes.
    mutating func reserve(_ extra: Int) {
      guard count + extra > capacity else { return }
      capacity = max(capacity * 2, count + extra)
      let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      larger.copyMemory(from: storage, byteCount: count)
      storage.deallocate()
      storage = larger
    }

    /// Appends a byte there is room for.
    mutating func put(_ byte: UInt8) {
      storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
      count += 1
    }

    /// Appends SQLite's varint for `value` (below 2⁵⁶, as every length is here): seven bits a byte, the most
    /// significant first, the high bit set on all but the last.
    mutating func putVarint(_ value: UInt64) {
      precondition(value < 1 << 56, "a varint this long is never written here")
      reserve(8)
      var shift: UInt64 = 49
      while shift > 0 && value >> shift == 0 { shift -= 7 }
      while shift > 0 {
        put(UInt8(truncatingIfNeeded: value >> shift) | 0x80)
        shift -= 7
      }
      put(UInt8(value & 0x7F))
    }

    /// Appends 8 bytes, the most significant first, that there is room for.
    mutating func putBigEndian(_ value: UInt64) {
      storage.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
      count += 8
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
      reserve(bytes.count)
      guard let base = bytes.baseAddress else { return }
      (storage + count).copyMemory(from: base, byteCount: bytes.count)
      count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { append($0) }
    }

    func free() {
      storage.deallocate()
    }
  }
}
