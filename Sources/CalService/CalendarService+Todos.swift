public import CalCore
import CalStorage

/// To-dos: adding, listing, changing, finishing and removing them.
extension CalendarService {
  /// Which to-dos a listing shows.
  public enum TodoSelection: Sendable {
    /// Those still to do: open or started.
    case pending
    /// Those done or cancelled.
    case finished
    /// Every one.
    case all

    var statuses: Set<TodoStatus> {
      switch self {
      case .pending: return [.open, .started]
      case .finished: return [.done, .cancelled]
      case .all: return Set(TodoStatus.allCases)
      }
    }
  }

  /// Adds a to-do to calendar `calendar` (by default the first local calendar) and returns it as stored.
  public func addTodo(_ fields: TodoFields, calendar: String? = nil) throws -> TodoItem {
    var fields = fields
    if fields.status == .done && fields.completedAt == nil { fields.completedAt = environment.now() }
    try check(fields)
    return try write(recording: "todo") {
      let destination = try todoCalendar(calendar)
      let todo = try store.todos.insert(fields, calendar: destination.id, at: environment.now())
      return (try item(todo, calendar: destination), "added \(Self.name(todo))")
    }
  }

  /// The to-dos of calendar `calendar` (of every calendar without one) that `selection` picks: those still to
  /// do by when they are due (the overdue first, those without a date last), then by priority (most urgent
  /// first), then in the order they were added; the finished after them, the last finished first.
  public func todos(calendar: String? = nil, _ selection: TodoSelection = .pending) throws -> [TodoItem] {
    try perform {
      let filter = try calendar.map { try findCalendar($0).id }
      let calendars = try store.calendars.all()
      let items = try store.todos.todos(calendar: filter, statuses: selection.statuses).map { todo in
        try item(todo, calendar: calendars.first { $0.id == todo.calendarID })
      }
      return items.sorted(by: TodoItem.listsBefore)
    }
  }

  /// To-do `id`.
  public func todo(id: Int64) throws -> TodoItem {
    try perform { try item(try findTodo(id)) }
  }

  /// Changes to-do `id`: `change` gets its fields and returns them changed (it runs inside the write
  /// transaction; what it throws undoes the edit and reaches the caller unchanged). With `calendar`, the to-do
  /// moves to that calendar too.
  public func editTodo(id: Int64, calendar: String? = nil, _ change: (TodoFields) throws -> TodoFields) throws
    -> TodoItem
  {
    try write(recording: "todo") {
      let todo = try findTodo(id)
      let current = try store.calendars.calendar(id: todo.calendarID)
      if let current { try Self.checkTodoWritable(current) }
      var fields = try change(todo.fields)
      if fields.status == .done && todo.status != .done && fields.completedAt == nil {
        fields.completedAt = environment.now()
      } else if fields.status != .done {
        fields.completedAt = nil
      }
      fields.keptLines = fields.keptLines(afterChangeFrom: todo.fields)
      try check(fields)
      var saved = try store.todos.update(id: id, fields, at: environment.now()) ?? todo
      var moved = ""
      if let calendar {
        let destination = try todoCalendar(calendar)
        if destination.id != saved.calendarID {
          if let uid = saved.fields.uid, try store.todos.todo(uid: uid, calendar: destination.id) != nil {
            throw ServiceError(
              .invalidRequest,
              "the calendar '\(destination.name)' already holds a to-do with the same UID as #\(id): remove one of "
                + "them first")
          }
          saved = try store.todos.move(id: id, toCalendar: destination.id, at: environment.now()) ?? saved
          moved = " and moved it to the calendar '\(destination.name)'"
        }
      }
      return (try item(saved), "changed \(Self.name(saved))\(moved)")
    }
  }

  /// What marking a to-do done (or open again) did to it.
  public struct TodoMarking: Sendable {
    /// The to-do as it is now.
    public let todo: TodoItem
    /// Whether it was already so, and nothing changed.
    public let wasAlready: Bool
  }

  /// Marks to-dos `ids` as `status` (done, open again, started or cancelled), as one change: all of them,
  /// or none when one of them is not there. Those already so stay as they are.
  public func markTodos(_ ids: [Int64], as status: TodoStatus) throws -> [TodoMarking] {
    try write(recording: "todo") {
      var markings: [TodoMarking] = []
      var changed: [TodoRecord] = []
      for id in ids {
        let todo = try findTodo(id)
        if let calendar = try store.calendars.calendar(id: todo.calendarID) { try Self.checkTodoWritable(calendar) }
        guard todo.status != status else {
          markings.append(TodoMarking(todo: try item(todo), wasAlready: true))
          continue
        }
        var fields = todo.fields
        fields.status = status
        fields.completedAt = status == .done ? environment.now() : nil
        fields.keptLines = fields.keptLines(afterChangeFrom: todo.fields)
        let saved = try store.todos.update(id: id, fields, at: environment.now()) ?? todo
        markings.append(TodoMarking(todo: try item(saved), wasAlready: false))
        changed.append(saved)
      }
      let verb: String
      switch status {
      case .done: verb = "done"
      case .open: verb = "open again"
      case .started: verb = "started"
      case .cancelled: verb = "cancelled"
      }
      let names = changed.map(Self.name).concatenated(separator: ", ")
      return (markings, changed.isEmpty ? "" : "marked \(names) \(verb)")
    }
  }

  /// Removes to-dos `ids` as one change: all of them, or none when one of them is not there. Returns them as
  /// they were.
  public func removeTodos(_ ids: [Int64]) throws -> [TodoItem] {
    try write(recording: "todo") {
      var removed: [TodoItem] = []
      for id in ids {
        let todo = try findTodo(id)
        if let calendar = try store.calendars.calendar(id: todo.calendarID) { try Self.checkTodoWritable(calendar) }
        let item = try item(todo)
        _ = try store.todos.delete(id: id)
        removed.append(item)
      }
      return (removed, "removed \(removed.map { Self.name($0.record) }.concatenated(separator: ", "))")
    }
  }

  /// Removes every to-do that is done or cancelled (of calendar `calendar` alone, when one is given), as one
  /// change; returns them as they were.
  public func removeFinishedTodos(calendar: String? = nil) throws -> [TodoItem] {
    try write(recording: "todo") {
      let filter = try calendar.map { try findCalendar($0).id }
      let finished = try store.todos.todos(calendar: filter, statuses: TodoSelection.finished.statuses)
      var removed: [TodoItem] = []
      for todo in finished {
        guard let calendar = try store.calendars.calendar(id: todo.calendarID), calendar.isWritable else { continue }
        removed.append(try item(todo, calendar: calendar))
        _ = try store.todos.delete(id: todo.id)
      }
      let count = removed.count
      return (removed, count == 0 ? "" : "removed \(count) finished to-do\(count == 1 ? "" : "s")")
    }
  }

  // MARK: Helpers

  static func name(_ todo: TodoRecord) -> String { "to-do #\(todo.id) \(todo.title)" }

  /// To-do `id`, or the error that says there is none.
  private func findTodo(_ id: Int64) throws -> TodoRecord {
    guard let todo = try store.todos.todo(id: id) else {
      throw ServiceError(.notFound, "there is no to-do #\(id)")
    }
    return todo
  }

  /// The calendar a to-do goes to: `name`, or the first local calendar.
  private func todoCalendar(_ name: String?) throws -> CalendarRecord {
    if let name {
      let calendar = try findCalendar(name)
      try Self.checkTodoWritable(calendar)
      return calendar
    }
    guard let calendar = try store.calendars.all().first(where: { $0.kind == .local }) else {
      throw ServiceError(
        .invalidRequest, "there is no local calendar to add to-dos to: add one with cal calendar add NAME")
    }
    return calendar
  }

  /// Refuses to-dos in a calendar that cannot keep them: a subscription (read-only). A CalDAV calendar keeps
  /// them, and its sync carries them as VTODOs; when its collection takes no VTODO
  /// (``CalendarRecord/refusesTodos``), they stay on this machine, which the sync reports as skipped items
  /// (and `cal todo add` says at once).
  static func checkTodoWritable(_ calendar: CalendarRecord) throws(ServiceError) {
    try checkWritable(calendar)
  }

  /// Checks `fields` before they are stored.
  private func check(_ fields: TodoFields) throws(ServiceError) {
    if fields.title.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "the title is empty: give the to-do a title")
    }
    if let name = fields.due?.timeZone, name != "UTC" {
      do {
        _ = try environment.zones.zone(name)
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
  }

  /// `todo` as a listing shows it, with its calendar (`calendar`, or read when not given).
  private func item(_ todo: TodoRecord, calendar: CalendarRecord? = nil) throws -> TodoItem {
    let calendar = try calendar ?? store.calendars.calendar(id: todo.calendarID)
    return TodoItem(todo, calendar: calendar, environment: environment)
  }
}
