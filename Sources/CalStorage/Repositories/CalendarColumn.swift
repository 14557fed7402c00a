/// The columns of `calendars`, in the order every query of the calendar repository selects them.
enum CalendarColumn: Int32, ColumnList {
  case id, name, color, kind, url, user, passwordCommand, syncToken, ctag, syncedAt, components

  var name: String {
    switch self {
    case .id: return "id"
    case .name: return "name"
    case .color: return "color"
    case .kind: return "kind"
    case .url: return "url"
    case .user: return "user_name"
    case .passwordCommand: return "password_command"
    case .syncToken: return "sync_token"
    case .ctag: return "ctag"
    case .syncedAt: return "synced_at"
    case .components: return "components"
    }
  }
}
