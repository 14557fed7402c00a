/// The columns a query selects, in order: an enum whose raw values are the columns' positions and whose
/// `name`s are their SQL names. A record reads `row[EventColumn.day]` (by name in the code, at the cost of
/// a position when it runs), and the select list is written from the same enum, so the two cannot drift.
public protocol ColumnList: CaseIterable, RawRepresentable, Sendable where RawValue == Int32 {
  /// The column's name in SQL.
  var name: String { get }
  /// What the select list says for it: the name, or an expression `AS` the name.
  var selection: String { get }
}

extension ColumnList {
  /// The column itself.
  public var selection: String { name }

  /// `id, day, title, ...`: the select list, in position order.
  public static var selectList: String {
    allCases.sorted { $0.rawValue < $1.rawValue }.map(\.selection).joined(separator: ", ")
  }
}
