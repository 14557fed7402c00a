/// One step of the schema: an id that orders it and the SQL script that performs it.
public struct Migration: Sendable, Equatable {
  /// The file name without `.sql`, such as `0001_initial`; ids sort in the order they apply.
  public let id: String
  /// Makes the script's UTF-8 bytes when the migration applies, not before: every start of cal checks its
  /// calendar against all the migrations it knows, and reading them all (some 30 kB of SQL compiled into
  /// the binary, each array made on its first use) cost a page fault per page to apply none.
  private let script: @Sendable () -> [UInt8]

  /// The script, run inside the migration's own transaction.
  public var sql: String { String(decoding: script(), as: UTF8.self) }

  /// Creates a migration.
  public init(id: String, sql: String) {
    let bytes = Array(sql.utf8)
    self.init(id: id) { bytes }
  }

  /// A migration whose script is UTF-8 bytes made on demand, such as a file compiled into the binary.
  init(id: String, script: @escaping @Sendable () -> [UInt8]) {
    self.id = id
    self.script = script
  }

  /// Two migrations are the same step when their ids and scripts are.
  public static func == (left: Migration, right: Migration) -> Bool {
    left.id == right.id && left.script() == right.script()
  }
}
