/// The migrations of `Migrations/`, compiled into the binary so that a copy of `cal` on its own can create
/// and upgrade a database. A new file in `Migrations/` is added here and to `Package.swift`'s resources.
public enum BundledMigrations {
  /// Every shipped migration, in the order it applies.
  public static let all: [Migration] = [
    Migration(id: "0001_initial", sql: String(decoding: PackageResources._001_initial_sql, as: UTF8.self)),
    Migration(
      id: "0002_timed_and_recurring_events",
      sql: String(decoding: PackageResources._002_timed_and_recurring_events_sql, as: UTF8.self)),
    Migration(id: "0003_uids", sql: String(decoding: PackageResources._003_uids_sql, as: UTF8.self)),
    Migration(id: "0004_simple_days", sql: String(decoding: PackageResources._004_simple_days_sql, as: UTF8.self)),
    Migration(
      id: "0005_application_id", sql: String(decoding: PackageResources._005_application_id_sql, as: UTF8.self)),
    Migration(id: "0006_calendars", sql: String(decoding: PackageResources._006_calendars_sql, as: UTF8.self)),
    Migration(id: "0007_reminders", sql: String(decoding: PackageResources._007_reminders_sql, as: UTF8.self)),
    Migration(id: "0008_change_log", sql: String(decoding: PackageResources._008_change_log_sql, as: UTF8.self)),
    Migration(
      id: "0009_nominal_days_and_missing_summaries",
      sql: String(decoding: PackageResources._009_nominal_days_and_missing_summaries_sql, as: UTF8.self)),
    Migration(
      id: "0010_series_continuations",
      sql: String(decoding: PackageResources._010_series_continuations_sql, as: UTF8.self)),
    Migration(
      id: "0014_sync_items_key", sql: String(decoding: PackageResources._014_sync_items_key_sql, as: UTF8.self)),
    Migration(
      id: "0015_connection_triggers",
      sql: String(decoding: PackageResources._015_connection_triggers_sql, as: UTF8.self)),
    Migration(
      id: "0016_deferred_added_rows",
      sql: String(decoding: PackageResources._016_deferred_added_rows_sql, as: UTF8.self)),
    Migration(id: "0017_series_links", sql: String(decoding: PackageResources._017_series_links_sql, as: UTF8.self)),
    Migration(
      id: "0018_series_link_status",
      sql: String(decoding: PackageResources._018_series_link_status_sql, as: UTF8.self)),
  ]

  /// `PRAGMA application_id` of a cal calendar: the bytes `CAL1`.
  public static let applicationID: Int32 = 0x4341_4C31
}
