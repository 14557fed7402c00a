"""The import baseline: a naive parse-and-insert of an .ics file, as anyone would write it in a few minutes.

Usage: python3 naive_import.py FILE.ics DATABASE   (DATABASE is created; `cal import` should be no slower)
"""
import sqlite3
import sys

connection = sqlite3.connect(sys.argv[2], isolation_level=None)
connection.execute("PRAGMA journal_mode = WAL")
connection.execute("PRAGMA synchronous = FULL")
connection.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, uid TEXT, title TEXT, day TEXT NOT NULL)")
connection.execute("CREATE UNIQUE INDEX events_by_uid ON events (uid)")
connection.execute("CREATE INDEX events_by_day ON events (day)")
rows, event = [], {}
with open(sys.argv[1], encoding="utf-8") as file:
    for line in file.read().splitlines():
        name, _, value = line.partition(":")
        if line == "BEGIN:VEVENT":
            event = {}
        elif line == "END:VEVENT":
            rows.append((event.get("UID"), event.get("SUMMARY", "(no title)"), event["DTSTART"]))
        elif name in ("UID", "SUMMARY") or name.startswith("DTSTART"):
            event[name.split(";")[0]] = f"{value[:4]}-{value[4:6]}-{value[6:8]}" if name[0] == "D" else value
connection.execute("BEGIN")
connection.executemany("INSERT INTO events (uid, title, day) VALUES (?, ?, ?)", rows)
connection.execute("COMMIT")
connection.close()
