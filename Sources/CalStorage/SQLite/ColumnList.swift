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

  /// `id, day, title, ...`: the select list, in position order (the order the cases are declared in, which
  /// is their raw values' order). A plain loop: generic sorting and key paths cost more, at every start of
  /// `cal`, than the query they serve.
  public static var selectList: String {
    var list = ""
    var position: Int32 = 0
    for column in allCases {
      precondition(column.rawValue == position, "\(Self.self) declares its columns out of order")
      list += position == 0 ? column.selection : ", " + column.selection
      position += 1
    }
    return list
  }
}
