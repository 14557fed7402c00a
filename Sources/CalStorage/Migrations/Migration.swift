/// One step of the schema: an id that orders it and the SQL script that performs it.
public struct Migration: Sendable, Equatable {
  /// The file name without `.sql`, such as `0001_initial`; ids sort in the order they apply.
  public let id: String
  /// The script's UTF-8 bytes, kept as they are until the migration applies: every start of cal checks its
  /// calendar against all the migrations it knows, and making strings of them all read and copied some
  /// 30 kB (fresh pages, each a page fault) to apply none.
  private let script: [UInt8]

  /// The script, run inside the migration's own transaction.
  public var sql: String { String(decoding: script, as: UTF8.self) }

  /// Creates a migration.
  public init(id: String, sql: String) {
    self.init(id: id, script: Array(sql.utf8))
  }

  /// A migration whose script is UTF-8 bytes, such as a file compiled into the binary.
  init(id: String, script: [UInt8]) {
    self.id = id
    self.script = script
  }
}
