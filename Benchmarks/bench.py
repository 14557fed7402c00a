"""Times whole `cal` processes: median wall time and peak memory over repeated runs, beside cal(1).

Databases of 0, 100,000 and 1,000,000 events are made once in Benchmarks/.work/ (the schema by `cal`
itself, the rows by SQLite in one transaction), then each command runs many times and the median is kept.
"""

import os
import datetime
import random
import sqlite3
import statistics
import subprocess
import time
import sys

WORK = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".work")
SIZES = [0, 100_000, 1_000_000, "100,000 + 1,000 series"]
TARGETS_MS = {"add": 6.0, "flip": 6.0}
LIST_TARGETS_MS = {100_000: 5.0, 1_000_000: 10.0, "100,000 + 1,000 series": 5.0}
# A heavy user's 1,000 series: birthdays, monthly bills and meetings, weekly meetings, daily habits.
RULES = (["FREQ=YEARLY"] * 400 + ["FREQ=MONTHLY"] * 100 + ["FREQ=MONTHLY;BYDAY=2TU"] * 50
         + ["FREQ=MONTHLY;BYDAY=-1FR"] * 50 + ["FREQ=WEEKLY"] * 150 + ["FREQ=WEEKLY;BYDAY=MO,WE,FR"] * 100
         + ["FREQ=DAILY"] * 50 + ["FREQ=DAILY;COUNT=10"] * 100)
PEAK_MIB = 16.0


MEASURE = os.path.join(WORK, "measure")


def measure(argv, env, runs):
    """Median wall milliseconds and the largest peak RSS (MiB) of `runs` runs of argv, by measure.c."""
    result = subprocess.run([MEASURE, str(runs), *argv], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(argv)}: {result.stderr.strip()}")
    median_ms, peak_kib = result.stdout.split()
    return float(median_ms), int(peak_kib) / 1024


def make_database(cal, size, env):
    name = size if isinstance(size, int) else "100000-series"
    path = os.path.join(WORK, f"events-{name}.db")
    if os.path.exists(path):
        return path
    subprocess.run([cal, "goto", "2024-05", "--db", path], env=env, check=True, stdout=subprocess.DEVNULL)
    if not isinstance(size, int):
        make_series(path)
        size = 100_000
    rng = random.Random(size)
    connection = sqlite3.connect(path)
    with connection:
        # Spread over a century, 1970-2069: about 830 events a month with a million rows.
        connection.executemany(
            "INSERT INTO events (day, title, note, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
            (
                (f"{rng.randint(1970, 2069):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                 f"event {i}", None if i % 3 else "a note")
                for i in range(size)
            ),
        )
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


def make_series(path):
    """The 1,000 series of RULES, started over 1990-2024 on a day each rule produces, half at a time of day."""
    rng = random.Random(7)
    connection = sqlite3.connect(path)
    with connection:
        for i, rule in enumerate(RULES):
            start = datetime.date(rng.randint(1990, 2024), rng.randint(1, 12), rng.randint(1, 28))
            if "2TU" in rule:  # the second Tuesday of its month
                first = start.replace(day=1)
                start = first + datetime.timedelta(days=(1 - first.weekday()) % 7 + 7)
            elif "-1FR" in rule:  # the last Friday of its month
                following = (start.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
                last = following - datetime.timedelta(days=1)
                start = last - datetime.timedelta(days=(last.weekday() - 4) % 7)
            elif "MO,WE,FR" in rule:  # a Monday
                start -= datetime.timedelta(days=start.weekday())
            last_day = (start + datetime.timedelta(days=9)).isoformat() if "COUNT=10" in rule else None
            minute = rng.choice([None, 9 * 60, 14 * 60 + 30])
            connection.execute(
                "INSERT INTO events (day, title, start_minute, length_minutes, rrule, span_days, last_day,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, 0, 0)",
                (start.isoformat(), f"series {i}", minute, 30 if minute else None, rule, last_day),
            )
    connection.close()


def make_ics(path, count):
    """An iCalendar file of `count` events: half all-day, half at a time in Europe/Berlin, every
    hundredth repeating weekly, each with a UID, a summary and an escaped description."""
    rng = random.Random(5)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//cal benchmark//EN"]
    for i in range(count):
        y, m, d = rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28)
        lines += ["BEGIN:VEVENT", f"UID:bench-{i}@example.com", "DTSTAMP:20240101T000000Z"]
        if i % 2:
            lines.append(f"DTSTART;VALUE=DATE:{y:04d}{m:02d}{d:02d}")
        else:
            lines += [f"DTSTART;TZID=Europe/Berlin:{y:04d}{m:02d}{d:02d}T{rng.randint(8, 18):02d}3000", "DURATION:PT1H"]
        if i % 100 == 0:
            lines.append("RRULE:FREQ=WEEKLY;COUNT=10")
        lines += [f"SUMMARY:Event number {i}", "DESCRIPTION:Some description\\, with escapes", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    with open(path, "w") as file:
        file.write("\r\n".join(lines) + "\r\n")


def bench_import_export(cal, env, runs=3):
    """Import of a 100,000-event file into an empty calendar (target 1.5 s) and export of it (1 s)."""
    source = os.path.join(WORK, "events-100000.ics")
    if not os.path.exists(source):
        make_ics(source, 100_000)
    imports, exports = [], []
    for run in range(runs):
        db = os.path.join(WORK, f"import-{run}.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        start = time.perf_counter()
        subprocess.run([cal, "import", source, "--db", db], env=env, check=True, stdout=subprocess.DEVNULL)
        imports.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([cal, "export", os.path.join(WORK, "export.ics"), "--db", db], env=env, check=True)
        exports.append(time.perf_counter() - start)
    failures = 0
    for label, times, target in (("import 100,000-event .ics", imports, 1.5), ("export of those events", exports, 1.0)):
        median = statistics.median(times)
        ok = median <= target
        failures += not ok
        print(f"{'':>9}  {label:<26} {median:>6.2f} s   target <= {target} s {'ok' if ok else 'MISSED'}")
    return failures


def main():
    cal, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    os.makedirs(WORK, exist_ok=True)
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure.c")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", MEASURE, source], check=True)
    env = {"PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": WORK}
    reference = subprocess.run(["which", "ncal"], capture_output=True, text=True).stdout.strip()
    reference = os.path.join(os.path.dirname(reference), "cal")
    base_ms, base_mib = measure([reference, "5", "2024"], env, runs)
    print(f"cal(1) `cal 5 2024`: {base_ms:.2f} ms, {base_mib:.1f} MiB peak ({runs} runs each, medians)\n")
    print(f"{'events':>9}  {'command':<22} {'median':>9} {'vs cal(1)':>9} {'peak':>9}  target")
    failures = 0
    for size in SIZES:
        db = make_database(cal, size, env)
        cases = [
            ("show", ["show", "2024-05"]),
            ("show", ["show", "-y", "2024"]),
            ("list", ["list", "2024-05"]),
            ("add", ["add", "2024-05-12", "benchmark"]),
            ("flip", None),
        ]
        for name, args in cases:
            if name == "flip":
                # Alternate directions so the page stays near May 2024 however many runs there are.
                ms_up, mib_up = measure([cal, "flip", "up-left", "--db", db], env, (runs + 1) // 2)
                ms_down, mib_down = measure([cal, "flip", "down-right", "--db", db], env, runs // 2 or 1)
                ms, mib = statistics.median([ms_up, ms_down]), max(mib_up, mib_down)
                label = "flip up-left/down-right"
            else:
                ms, mib = measure([cal, *args, "--db", db], env, runs)
                label = " ".join(args)
            if name == "show":
                limit, target = 3 * base_ms, "<= 3x cal(1)"
            elif name == "list":
                limit = LIST_TARGETS_MS.get(size)
                target = f"<= {limit:.0f} ms" if limit else "-"
            else:
                limit, target = TARGETS_MS[name], f"<= {TARGETS_MS[name]:.0f} ms"
            ok = (limit is None or ms <= limit) and mib <= PEAK_MIB
            failures += not ok
            print(
                f"{size if isinstance(size, str) else f'{size:,}':>9}  {label:<22} {ms:>6.2f} ms {ms / base_ms:>8.2f}x {mib:>5.1f} MiB  "
                f"{target}, <= {PEAK_MIB:.0f} MiB {'ok' if ok else 'MISSED'}"
            )
    failures += bench_import_export(cal, env)
    print(f"\n{'all targets met' if failures == 0 else f'{failures} target(s) missed'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
