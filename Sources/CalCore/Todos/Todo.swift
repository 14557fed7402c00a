/// Where a to-do stands: RFC 5545's STATUS of a VTODO, in cal's words.
public enum TodoStatus: String, CaseIterable, Equatable, Sendable {
  /// Not begun (NEEDS-ACTION, or no STATUS).
  case open
  /// Begun, not finished (IN-PROCESS).
  case started
  /// Finished (COMPLETED).
  case done
  /// Dropped (CANCELLED).
  case cancelled

  /// Whether it still asks for something: open or started.
  public var isPending: Bool { self == .open || self == .started }

  /// The box a list marks it with, as todoman does: `[ ]` open, `[~]` started, `[x]` done, `[-]` cancelled.
  public var box: String {
    switch self {
    case .open: return "[ ]"
    case .started: return "[~]"
    case .done: return "[x]"
    case .cancelled: return "[-]"
    }
  }

  /// The STATUS value a VTODO writes.
  public var iCalendarValue: String {
    switch self {
    case .open: return "NEEDS-ACTION"
    case .started: return "IN-PROCESS"
    case .done: return "COMPLETED"
    case .cancelled: return "CANCELLED"
    }
  }

  /// The status of a VTODO's STATUS value (any case); `nil` for one RFC 5545 does not give a to-do.
  public init?(iCalendarValue value: String) {
    switch value.uppercased() {
    case "NEEDS-ACTION": self = .open
    case "IN-PROCESS": self = .started
    case "COMPLETED": self = .done
    case "CANCELLED": self = .cancelled
    default: return nil
    }
  }
}

/// How urgent a to-do is: RFC 5545's PRIORITY, 1 (highest) to 9 (lowest), 0 for none. As todoman and the
/// CUA ranking RFC 5545 names do, 1–4 are high, 5 medium and 6–9 low.
public struct TodoPriority: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// 0 to 9.
  public let value: Int

  /// No priority.
  public static let none = TodoPriority(checked: 0)
  /// High: 1.
  public static let high = TodoPriority(checked: 1)
  /// Medium: 5.
  public static let medium = TodoPriority(checked: 5)
  /// Low: 9.
  public static let low = TodoPriority(checked: 9)

  private init(checked value: Int) { self.value = value }

  /// The priority `value`, 0 to 9; `nil` for any other number.
  public init?(_ value: Int) {
    guard (0...9).contains(value) else { return nil }
    self.value = value
  }

  /// A priority as people write it: high, medium, low, none (or h, m, l, their first letters in any case),
  /// or a number 0 to 9; `nil` for anything else.
  public init?(parsing text: String) {
    let word = text.trimmingSpaces().lowercased()
    switch word {
    case "high", "h", "!!!": self = .high
    case "medium", "med", "m", "!!": self = .medium
    case "low", "l", "!": self = .low
    case "none", "0": self = .none
    default:
      guard word.utf8.count == 1, let digit = word.utf8.first, (0x30...0x39).contains(digit) else { return nil }
      self.value = Int(digit - 0x30)
    }
  }

  /// The word for its rank: high, medium, low, or none.
  public var word: String {
    switch value {
    case 0: return "none"
    case 1...4: return "high"
    case 5: return "medium"
    default: return "low"
    }
  }

  /// What a listing marks it with, as todoman does: `!!!` high, `!!` medium, `!` low, nothing for none.
  public var marks: String {
    switch value {
    case 0: return ""
    case 1...4: return "!!!"
    case 5: return "!!"
    default: return "!"
    }
  }

  /// The word, or `high (2)` for a number its word does not stand for (only 1, 5 and 9 do).
  public var description: String {
    value == 0 || value == 1 || value == 5 || value == 9 ? word : "\(word) (\(value))"
  }

  /// More urgent first: 1 before 9, and none after every other.
  public static func < (left: TodoPriority, right: TodoPriority) -> Bool {
    (left.value == 0 ? 10 : left.value) < (right.value == 0 ? 10 : right.value)
  }
}

/// When a to-do is due: a day, or a time that day, on the user's clock or that of a zone of its own.
public struct TodoDue: Equatable, Sendable {
  /// The day it is due (in its zone, when it has one).
  public var day: CivilDate
  /// The time that day; `nil` for the whole day (due by its end).
  public var time: TimeOfDay?
  /// Its zone; `nil` for the user's own clock. Only with a time.
  public var timeZone: String?

  /// A due day, time and zone.
  public init(day: CivilDate, time: TimeOfDay? = nil, timeZone: String? = nil) {
    self.day = day
    self.time = time
    self.timeZone = time == nil ? nil : timeZone
  }
}

/// What a to-do holds, as it is written.
public struct TodoFields: Equatable, Sendable {
  /// What is to be done: never empty.
  public var title: String
  /// A longer description.
  public var note: String?
  /// Where.
  public var location: String?
  /// When it is due; `nil` for no date.
  public var due: TodoDue?
  /// How urgent.
  public var priority: TodoPriority
  /// Open, started, done or cancelled.
  public var status: TodoStatus
  /// When it was done (Unix milliseconds): with ``TodoStatus/done`` only, and not always then (an imported
  /// to-do may not say).
  public var completedAt: Int64?
  /// The iCalendar UID; generated when a to-do is added without one.
  public var uid: String?
  /// What the VTODO held that cal does not read, its content lines as they came, written back by export (as
  /// ``EventFields/keptLines`` are).
  public var keptLines: String?

  /// Fields of a to-do.
  public init(
    title: String, note: String? = nil, location: String? = nil, due: TodoDue? = nil, priority: TodoPriority = .none,
    status: TodoStatus = .open, completedAt: Int64? = nil, uid: String? = nil, keptLines: String? = nil
  ) {
    self.title = title
    self.note = note
    self.location = location
    self.due = due
    self.priority = priority
    self.status = status
    self.completedAt = completedAt
    self.uid = uid
    self.keptLines = keptLines
  }
}

/// A stored to-do: its id, its fields, its calendar, and when it was added and last changed (Unix
/// milliseconds).
public struct TodoRecord: Equatable, Sendable {
  /// The id, never reused.
  public let id: Int64
  /// What it holds.
  public let fields: TodoFields
  /// The calendar it belongs to.
  public let calendarID: Int64
  /// When it was added.
  public let createdAt: Int64
  /// When it last changed.
  public let updatedAt: Int64

  /// A record from its parts.
  public init(id: Int64, fields: TodoFields, calendarID: Int64, createdAt: Int64, updatedAt: Int64) {
    self.id = id
    self.fields = fields
    self.calendarID = calendarID
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// The title.
  public var title: String { fields.title }
  /// The status.
  public var status: TodoStatus { fields.status }
}
