// swift-tools-version:6.0
import PackageDescription

/// The same strictness for every target: explicit existentials, imports that are internal unless
/// marked otherwise, and members visible only through what a file itself imports.
let strictness: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "cal",
  products: [
    .executable(name: "cal", targets: ["cal"]),
    .executable(name: "cal-sync", targets: ["cal-sync"]),
  ],
  targets: [
    // The C library, alone: nothing above CalStorage sees a C pointer.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // SQLite's allocator for its small blocks: Debian's SQLite has no lookaside memory (see sqlite_memory.c).
    .target(name: "CSQLiteMemory", dependencies: ["CSQLite"]),
    // Pure calendar values: dates, months, grids, flips, curl frames, recurrence, zones, iCalendar text.
    .target(name: "CalCore"),
    // Repository layer: the SQLite wrapper, the migrations and the repositories, speaking CalCore's types.
    .target(
      name: "CalStorage",
      dependencies: ["CSQLite", "CSQLiteMemory", "CalCore"],
      resources: [
        .embedInCode("../../Migrations/0001_initial.sql"),
        .embedInCode("../../Migrations/0002_timed_and_recurring_events.sql"),
        .embedInCode("../../Migrations/0003_uids.sql"),
        .embedInCode("../../Migrations/0004_simple_days.sql"),
        .embedInCode("../../Migrations/0005_application_id.sql"),
        .embedInCode("../../Migrations/0006_calendars.sql"),
        .embedInCode("../../Migrations/0007_reminders.sql"),
        .embedInCode("../../Migrations/0008_change_log.sql"),
        .embedInCode("../../Migrations/0009_nominal_days_and_missing_summaries.sql"),
        .embedInCode("../../Migrations/0010_series_continuations.sql"),
        .embedInCode("../../Migrations/0014_sync_items_key.sql"),
        .embedInCode("../../Migrations/0015_connection_triggers.sql"),
        .embedInCode("../../Migrations/0016_deferred_added_rows.sql"),
        .embedInCode("../../Migrations/0017_series_links.sql"),
        .embedInCode("../../Migrations/0018_series_link_status.sql"),
        .embedInCode("../../Migrations/0019_reminder_deliveries_by_due.sql"),
        .embedInCode("../../Migrations/0020_short_and_long_reaching_events.sql"),
        .embedInCode("../../Migrations/0021_kept_lines.sql"),
        .embedInCode("../../Migrations/0022_sync_items_visible_hash.sql"),
        .embedInCode("../../Migrations/0023_todos.sql"),
        .embedInCode("../../Migrations/0024_calendar_components.sql"),
      ]
    ),
    // Service layer: what cal does (page-flip navigation, the agenda, editing, import and export), with the
    // clock, the zones and the environment passed in as values.
    .target(name: "CalService", dependencies: ["CalCore", "CalStorage"]),
    // The command line: parsing, one service call, text and JSON output.
    .target(name: "CalCLI", dependencies: ["CalCore", "CalService"]),
    // The full-screen page of `cal interactive`: the terminal, input, the screen and the page itself, over
    // the service; the command line reaches it only through a closure that `cal` hands in.
    .target(name: "CalInteractive", dependencies: ["CalCore", "CalService"]),
    // libcurl, alone, with typed wrappers for its variadic calls: only the CalDAV library's HTTP transport
    // sees it.
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // CalDAV/WebDAV client over libcurl: linked only into the networking executable, never into the fully
    // static `cal`.
    .target(name: "CalDAV", dependencies: ["CCurl"]),
    // The networking front end: the sync engine's remote side over the CalDAV library, credentials from
    // --password-command or ~/.netrc, feeds over HTTP(S). Linked only into cal-sync.
    .target(name: "CalSync", dependencies: ["CalCore", "CalService", "CalDAV"]),
    // The entry point both executables share: reads the clock, the zone, the locale and the environment.
    .target(name: "CalMain", dependencies: ["CalCLI", "CalCore", "CalInteractive", "CalService"]),
    .executableTarget(
      name: "cal",
      dependencies: ["CalMain"],
      exclude: ["startup.order"],
      linkerSettings: [
        // A release build is one self-contained file (Swift runtime, glibc and SQLite inside):
        // it starts as fast as cal(1) and works when copied alone anywhere.
        .unsafeFlags(["-static-executable"], .when(configuration: .release)),
        // Start-up: the code and data a short command touches, laid out side by side (lld, the toolchain's
        // own linker, reads the order; Scripts/startup-order writes it), so that the page faults of its
        // first touches come to about half. A name the file lists and the binary lacks is skipped.
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/cal/startup.order",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(configuration: .release)),
      ]
    ),
    // cal with the network (libcurl): what `cal sync` and `cal calendar add --url` start. libcurl and what it
    // needs (OpenSSL, ...) have no static libraries on Debian, so it cannot be static like `cal`; in release
    // -static-stdlib puts the Swift runtime inside, so it runs copied beside cal with only libcurl4 installed.
    .executableTarget(
      name: "cal-sync",
      dependencies: ["CalMain", "CalSync"],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    ),
    .testTarget(name: "CalCoreTests", dependencies: ["CalCore"]),
    .testTarget(name: "CalStorageTests", dependencies: ["CalStorage", "CalCore"]),
    .testTarget(name: "CalServiceTests", dependencies: ["CalService", "CalCore", "CalStorage"]),
    // CalCLI: the edit form's answers are read by `cal edit`'s options, which the repeat prompt's tests read back.
    .testTarget(name: "CalInteractiveTests", dependencies: ["CalInteractive", "CalCore", "CalService", "CalCLI"]),
    .testTarget(
      name: "CalCLITests",
      dependencies: ["CalCLI", "CalCore", "CalService", "CalStorage", "CalServerSupport", "cal", "cal-sync"]),
    // What the server tests share: real CalDAV servers started by Scripts/caldav-server, and plain HTTP to
    // check what they hold.
    .target(name: "CalServerSupport", path: "Tests/CalServerSupport"),
    .testTarget(name: "CalDAVTests", dependencies: ["CalDAV", "CalServerSupport"]),
    .testTarget(
      name: "CalSyncTests",
      dependencies: ["CalSync", "CalService", "CalCore", "CalStorage", "CalDAV", "CalServerSupport"]),
  ]
)

/// Start-up: concrete generic types (a `Dictionary<String, String>`, a `Set<CivilDate>`) are made through
/// their metadata accessors, not by demangling their names at first use, which costs a scan of every
/// protocol conformance in the (static) binary per type: a third of a small command's instructions.
/// Each function in a section of its own, too, for the linker to order (see the `cal` target).
let directMetadata: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"],
    .when(configuration: .release))
]

for target in package.targets where target.type != .system && target.name != "CSQLiteMemory" {
  target.swiftSettings = (target.swiftSettings ?? []) + strictness + directMetadata
}
