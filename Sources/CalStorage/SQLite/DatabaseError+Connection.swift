import CSQLite

extension DatabaseError {
  /// The error `connection` reports for what just failed on it (`sql`, when a statement failed): its
  /// extended code, its message and the system's error number behind it.
  init(connection: OpaquePointer, sql: String?) {
    self.init(
      resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
      message: String(cString: sqlite3_errmsg(connection)), sql: sql,
      systemErrorNumber: sqlite3_system_errno(connection))
  }
}
