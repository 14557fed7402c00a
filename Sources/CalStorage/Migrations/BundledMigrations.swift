/// The migrations of `Migrations/`, compiled into the binary so that a copy of `cal` on its own can create
/// and upgrade a database. A new file in `Migrations/` is added here and to `Package.swift`'s resources.
public enum BundledMigrations {
  /// Every shipped migration, in the order it applies.
  public static let all: [Migration] = [
    Migration(id: "0001_initial") { PackageResources._001_initial_sql },
    Migration(id: "0002_timed_and_recurring_events") { PackageResources._002_timed_and_recurring_events_sql },
    Migration(id: "0003_uids") { PackageResources._003_uids_sql },
    Migration(id: "0004_simple_days") { PackageResources._004_simple_days_sql },
    Migration(id: "0005_application_id") { PackageResources._005_application_id_sql },
    Migration(id: "0006_calendars") { PackageResources._006_calendars_sql },
    Migration(id: "0007_reminders") { PackageResources._007_reminders_sql },
    Migration(id: "0008_change_log") { PackageResources._008_change_log_sql },
    Migration(id: "0009_nominal_days_and_missing_summaries") {
      PackageResources._009_nominal_days_and_missing_summaries_sql
    },
    Migration(id: "0010_series_continuations") { PackageResources._010_series_continuations_sql },
    Migration(id: "0014_sync_items_key") { PackageResources._014_sync_items_key_sql },
    Migration(id: "0015_connection_triggers") { PackageResources._015_connection_triggers_sql },
    Migration(id: "0016_deferred_added_rows") { PackageResources._016_deferred_added_rows_sql },
    Migration(id: "0017_series_links") { PackageResources._017_series_links_sql },
    Migration(id: "0018_series_link_status") { PackageResources._018_series_link_status_sql },
    Migration(id: "0019_reminder_deliveries_by_due") { PackageResources._019_reminder_deliveries_by_due_sql },
    Migration(id: "0020_short_and_long_reaching_events") { PackageResources._020_short_and_long_reaching_events_sql },
    Migration(id: "0021_kept_lines") { PackageResources._021_kept_lines_sql },
    Migration(id: "0022_sync_items_visible_hash") { PackageResources._022_sync_items_visible_hash_sql },
    Migration(id: "0023_todos") { PackageResources._023_todos_sql },
    Migration(id: "0024_calendar_components") { PackageResources._024_calendar_components_sql },
  ]

  /// `PRAGMA application_id` of a cal calendar: the bytes `CAL1`.
  public static let applicationID: Int32 = 0x4341_4C31
}
