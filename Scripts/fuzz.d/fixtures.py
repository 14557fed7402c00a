"""The pre-populated calendar, and the odd files a hostile environment points cal at."""

import os
import random
import shutil
import sqlite3
import struct
import subprocess

import values as V

# The calendar every command-line run starts from (ids 1-12, then the overrides edit makes).
TEMPLATE = [
    ["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--location", "Praxis Dr. Müller", "--note",
     "bring the card"],
    ["add", "2024-07-01", "holiday", "--to", "2024-07-14"],
    ["add", "2024-05-13", "standup", "--at", "09:00", "--end", "09:15", "--repeat", "weekly", "--on", "mon,wed,fri"],
    ["add", "2024-05-14", "board meeting", "--at", "18:00", "--repeat", "monthly", "--on", "2nd-tue", "--until",
     "2024-12-31"],
    ["add", "2024-05-13", "call with Ana", "--at", "09:00", "--tz", "America/New_York", "--for", "1h"],
    ["add", "2024-01-31", "month end", "--repeat", "monthly", "--on", "last", "--count", "24"],
    ["add", "2024-02-29", "leap", "--repeat", "yearly"],
    ["add", "2024-05-20", "late shift", "--at", "23:30", "--for", "2h", "--repeat", "daily", "--every", "3", "--tz",
     "Pacific/Kiritimati"],
    ["add", "0001-01-01", "first day"],
    ["add", "9999-12-31", "last day", "--at", "23:59", "--for", "1h"],
    ["add", "2024-03-31", "dst", "--at", "02:30", "--for", "30m", "--tz", "Europe/Berlin", "--repeat", "weekly",
     "--count", "5"],
    ["add", "2024-05-12", "e", "--note", "line1\nline2", "--location", "\u202eevil"],
    ["rm", "3", "--on", "2024-05-15"],
    ["edit", "3", "--on", "2024-05-17", "--at", "10:00"],
    ["edit", "3", "--on", "2024-06-03", "--from-here", "--at", "08:30"],
    # To-dos (ids 1-5): due on a day, at a time in a zone, undated, done, with a hostile title.
    ["todo", "add", "file taxes", "--due", "2024-05-31", "--priority", "high", "--note", "receipts\nand forms"],
    ["todo", "add", "call NY", "--due", "2024-05-12", "--at", "9:00", "--tz", "America/New_York"],
    ["todo", "add", "buy stamps"],
    ["todo", "add", "old", "--due", "0001-01-01", "--priority", "9"],
    ["todo", "add", "\u202eevil", "--due", "9999-12-31", "--at", "23:59", "--location", "e\x1b[31m"],
    ["todo", "done", "4"],
    ["goto", "2024-05"],
    ["flip", "up-left", "--no-animation"],
    ["flip", "down-right", "--no-animation"],
]

ZONE_SOURCES = ["Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "America/St_Johns", "UTC", "Europe/London",
                "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia"]

LOCALES = {
    # Escape sequences and bidi overrides in names, an impossible week definition.
    "fuzz_XX": dict(abday='"<U001B>[31mSo";"Mo";"Di";"Mi";"Do";"Fr";"Sa"',
                    mon='"<U202E>Januar";"Februar";"M<U00E4>rz";"April";"Mai";"Juni";"Juli";"August";'
                        '"September";"Oktober";"November";"Dezember"', week="7;99999999;4", first="200"),
    # Long and double-width names, empty weekday names.
    "fuzz_YY": dict(abday='"";"";"";"";"";"";""',
                    mon=";".join('"' + "<U65E5>" * 40 + '"' for _ in range(12)), week="7;19971130;1", first="1"),
    # A zero week.
    "fuzz_ZZ": dict(abday='"S";"M";"T";"W";"T";"F";"S"',
                    mon=";".join(f'"M{n}"' for n in range(12)), week="0;0;0", first="0"),
}


class Fixtures:
    """Builds the template calendar once and creates named fixtures inside a run's folder."""

    def __init__(self, config, log):
        self.config = config
        self.log = log
        self.template = os.path.join(config.scratch, "template.db")
        self.zones = {}
        for name in ZONE_SOURCES:
            try:
                with open(os.path.join("/usr/share/zoneinfo", name), "rb") as handle:
                    self.zones[name] = handle.read()
            except OSError:
                pass
        self.locales = os.path.join(config.scratch, "locales")

    def build_template(self):
        env = {"PATH": "/usr/bin:/bin", "HOME": self.config.scratch, "TZ": "UTC"}
        failed = []
        for argv in TEMPLATE:
            done = subprocess.run([self.config.cal] + argv + ["--db", self.template], env=env, capture_output=True,
                                  timeout=30)
            if done.returncode != 0:
                failed.append(f"{' '.join(argv)}: {done.stderr.decode(errors='replace').strip()}")
        for suffix in ("-wal", "-shm"):
            if os.path.exists(self.template + suffix) and os.path.getsize(self.template + suffix) == 0:
                os.unlink(self.template + suffix)
        if os.path.exists(self.template + "-wal"):
            connection = sqlite3.connect(self.template)
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            connection.close()
        return failed

    def build_locales(self):
        """Compiles the hostile locales once with localedef (when it is installed); only LC_TIME is kept."""
        if os.path.isdir(self.locales) or not shutil.which("localedef"):
            return
        work = self.locales + ".tmp"
        os.makedirs(work, exist_ok=True)
        categories = ["LC_IDENTIFICATION", "LC_CTYPE", "LC_NUMERIC", "LC_MONETARY", "LC_COLLATE", "LC_MESSAGES",
                      "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT"]
        for name, parts in LOCALES.items():
            source = "".join(f'{c}\ncopy "en_US"\nEND {c}\n' for c in categories)
            source += (f"LC_TIME\nabday {parts['abday']}\nday \"1\";\"2\";\"3\";\"4\";\"5\";\"6\";\"7\"\n"
                       f"abmon \"a\";\"b\";\"c\";\"d\";\"e\";\"f\";\"g\";\"h\";\"i\";\"j\";\"k\";\"l\"\n"
                       f"mon {parts['mon']}\nd_t_fmt \"%c\"\nd_fmt \"%d.%m.%Y\"\nt_fmt \"%T\"\nam_pm \"\";\"\"\n"
                       f"t_fmt_ampm \"\"\nweek {parts['week']}\nfirst_weekday {parts['first']}\nEND LC_TIME\n")
            path = os.path.join(work, name + ".src")
            with open(path, "w") as handle:
                handle.write(source)
            subprocess.run(["localedef", "-i", path, "-f", "UTF-8", "-c", os.path.join(work, name + ".UTF-8")],
                           capture_output=True, timeout=60)
            time_file = os.path.join(work, name + ".UTF-8", "LC_TIME")
            if os.path.exists(time_file):
                os.makedirs(os.path.join(self.locales, name + ".UTF-8"), exist_ok=True)
                shutil.copyfile(time_file, os.path.join(self.locales, name + ".UTF-8", "LC_TIME"))
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(self.locales, exist_ok=True)

    # ------------------------------------------------------------------------------------------ fixtures

    def create(self, fixture, root):
        name, _, argument = fixture.partition(":")
        rng = random.Random(fixture)
        path = lambda *parts: os.path.join(root, *parts)  # noqa: E731

        def write(relative, data, mode=0o644):
            os.makedirs(os.path.dirname(path(relative)), exist_ok=True)
            with open(path(relative), "wb") as handle:
                handle.write(data)
            os.chmod(path(relative), mode)

        def template_bytes():
            with open(self.template, "rb") as handle:
                return handle.read()

        if name == "fifo":
            os.mkfifo(path("fifo"))
        elif name == "adir":
            os.makedirs(path("adir"), exist_ok=True)
        elif name == "textfile":
            write("text.db", b"hello, this is not a calendar\n" * 10)
        elif name == "emptyfile":
            write("empty.db", b"")
        elif name == "randfile":
            write("rand.db", bytes(rng.randrange(256) for _ in range(rng.choice([1, 100, 4096, 65536]))))
        elif name == "sqlitejunk":
            write("junk.db", b"SQLite format 3\x00" + bytes(rng.randrange(256) for _ in range(rng.choice([84, 4080]))))
        elif name == "truncated":
            data = template_bytes()
            write("trunc.db", data[:rng.randrange(100, len(data))])
        elif name == "corrupt":
            data = bytearray(template_bytes())
            for _ in range(rng.choice([1, 2, 5, 50])):
                position = rng.randrange(len(data)) if rng.random() < 0.7 else rng.randrange(100)
                data[position] = rng.randrange(256)
            write("db/cal.db", bytes(data), 0o600)
        elif name.startswith("other"):
            connection = sqlite3.connect(path(f"{name}.db"))
            statements = {
                "otherusers": ["CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO users VALUES (1, 'a')"],
                "otherrails": ["CREATE TABLE schema_migrations (version TEXT PRIMARY KEY)",
                               "INSERT INTO schema_migrations VALUES ('20240101000000')"],
                "otheremptymig": ["CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER)"],
                "otherview": ["CREATE VIEW schema_migrations AS SELECT '0001_initial' AS id, 1 AS applied_at"],
                "otherfullmig": ["CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER)",
                                 "INSERT INTO schema_migrations VALUES ('0001_initial', 1)",
                                 "INSERT INTO schema_migrations VALUES ('0002_timed_and_recurring_events', 1)",
                                 "CREATE TABLE events (id INTEGER PRIMARY KEY, x TEXT)"],
                "otherappid": ["PRAGMA application_id = 1234", "CREATE TABLE t (x)"],
            }[name]
            for statement in statements:
                connection.execute(statement)
            connection.commit()
            connection.close()
        elif name == "newer":
            shutil.copyfile(self.template, path("newer.db"))
            connection = sqlite3.connect(path("newer.db"))
            connection.execute("INSERT INTO schema_migrations VALUES ('9999_from_the_future', 1)")
            connection.commit()
            connection.close()
        elif name == "dangling":
            os.symlink("nowhere/deeper/cal.db", path("dangling.db"))
        elif name == "loop":
            os.symlink("loop2.db", path("loop1.db"))
            os.symlink("loop1.db", path("loop2.db"))
        elif name == "linkzero":
            os.symlink("/dev/zero", path("zero.db"))
        elif name == "linkdir":
            os.makedirs(path("adir"), exist_ok=True)
            os.symlink("adir", path("dirlink.db"))
        elif name == "notdir":
            write("notdir", b"a file, not a folder\n")
        elif name == "tmp":
            os.makedirs(path("tmp"), exist_ok=True)
        elif name == "formedit":
            # The editor of the editor generator's scenarios, beside them so that a reproducer carries it.
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "formedit.py"), "rb") as handle:
                write("formedit.py", handle.read())
        elif name == "homefile":
            write("homefile", b"HOME is a file\n")
        elif name == "homelocalfile":
            write("home2/.local", b".local is a file\n")
        elif name == "sentinel":
            write("out.ics", b"SENTINEL: an existing file that a failing export must leave alone\n", 0o600)
        elif name == "tzdir":
            self.tzdir(path("zi"), rng)
        elif name == "tzfile":
            source = rng.choice(sorted(self.zones))
            write("tz.tzif", mutate_tzif(self.zones[source], rng))
        elif name == "locale":
            if os.path.isdir(self.locales):
                shutil.copytree(self.locales, path("loc"), dirs_exist_ok=True)
            os.makedirs(path("loc", "fuzz_JJ.UTF-8"), exist_ok=True)
            sources = [os.path.join(self.locales, n, "LC_TIME") for n in sorted(os.listdir(self.locales))] \
                if os.path.isdir(self.locales) else []
            sources = [s for s in sources if os.path.exists(s)]
            junk = bytearray(open(rng.choice(sources), "rb").read()) if sources else bytearray(b"\x00" * 64)
            for _ in range(rng.choice([1, 3, 20])):
                junk[rng.randrange(len(junk))] = rng.randrange(256)
            if rng.random() < 0.3:
                junk = junk[:rng.randrange(len(junk))]
            write("loc/fuzz_JJ.UTF-8/LC_TIME", bytes(junk))
        else:
            raise ValueError(f"unknown fixture {fixture}")

    def tzdir(self, folder, rng):
        """A TZDIR whose zone files are mutated copies of real ones, plus text where a zone should be."""
        for name, data in self.zones.items():
            target = os.path.join(folder, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(mutate_tzif(data, rng) if rng.random() < 0.7 else data)
        with open(os.path.join(folder, "zone.tab"), "w") as handle:
            handle.write("DE\t+5230+01322\tEurope/Berlin\n")
        os.makedirs(os.path.join(folder, "Etc"), exist_ok=True)

    def apply_sql(self, root, statements):
        """Runs a scenario's SQL on its calendar (a copy of the template): values cal would never write."""
        database = os.path.join(root, "db", "cal.db")
        if not os.path.exists(database):
            shutil.copyfile(self.template, database)
            os.chmod(database, 0o600)
        connection = sqlite3.connect(database)
        for statement in statements:
            try:
                connection.execute(statement)
            except sqlite3.Error:
                pass
        connection.commit()
        connection.close()


def literal(value):
    """A SQL literal for a value, readable when it is printable."""
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    if value.isprintable() and len(value) <= 80:
        return "'" + value.replace("'", "''") + "'"
    if value == value[0] * len(value) and value[0].isprintable():
        return f"replace(printf('%.{len(value)}c', 'x'), 'x', '{value[0]}')"
    return "CAST(X'" + value.encode("utf-8", "surrogateescape").hex().upper() + "' AS TEXT)"


TAMPER_COLUMNS = {
    "day": ["0000-00-00", "9999-19-39", "2023-02-29", "0001-01-01", "9999-12-31", "2024-05-12x", "", None, "10000-01-01"],
    "title": ["", " ", "\x1b[31m", "\u202e", "\x00x", None, "A" * 100000],
    "start_minute": [-1, 1440, 1439, 0, 2 ** 31, -2 ** 63, 2 ** 63 - 1, "09:00", None],
    "length_minutes": [0, -1, 2 ** 62, 2 ** 63 - 1, 5256000, 1, None, "1h"],
    "end_day": ["0000-00-00", "9999-12-31", "2024-05-11", "2024-05-99", None, "zzz"],
    "time_zone": ["Nowhere/City", "../../../etc/passwd", "/dev/zero", "", "ABC999999999999999999", "local",
                  "Pacific/Kiritimati", "\x1b[31m", None],
    "rrule": ["FREQ=DAILY;INTERVAL=100001", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;COUNT=0", "FREQ=WEEKLY;BYDAY=53MO",
              "FREQ=MONTHLY;BYSETPOS=0", "FREQ=YEARLY;BYMONTH=13", "FREQ=DAILY;COUNT=9223372036854775807",
              "FREQ=HOURLY", "", "garbage", "FREQ=DAILY;UNTIL=00000101", "FREQ=MONTHLY;BYMONTHDAY=-32",
              "FREQ=WEEKLY;BYDAY=", "FREQ=DAILY;INTERVAL=-1", "FREQ=MONTHLY;BYDAY=99999999999999999999MO",
              "FREQ=DAILY;INTERVAL=2147483647", "FREQ=YEARLY;COUNT=2147483648", None],
    "span_days": [-1, 2 ** 62, 2 ** 63 - 1, 3652059, 0],
    "last_day": ["0000-00-00", "9999-12-31", "2024-01-01", "", None],
    "parent_id": [1, 3, 9999, -1, None, "self"],
    "recurrence_day": ["0000-00-00", "9999-12-31", "2024-05-15", "x", None],
    "uid": [None, "", "same", "\x00"],
    "created_at": [-2 ** 63, 2 ** 63 - 1, 0, -1],
    "updated_at": [-2 ** 63, 2 ** 63 - 1],
    "note": ["\x1b]0;x\x07", "\x00", "A" * 1000000],
    "location": ["\x1b[2J", "\u2066"],
}


def tamper_sql(rng):
    """A few statements that put hostile values into the template calendar."""
    statements = ["PRAGMA ignore_check_constraints = ON"] if rng.random() < 0.6 else []
    for _ in range(rng.choice([1, 1, 2, 3, 6])):
        choice = rng.random()
        if choice < 0.75:
            column = rng.choice(sorted(TAMPER_COLUMNS))
            value = rng.choice(TAMPER_COLUMNS[column])
            target = rng.randrange(1, 16)
            value = target if value == "self" else value
            statements.append(f"UPDATE events SET {column} = {literal(value)} WHERE id = {target}")
        elif choice < 0.85:
            month = rng.choice(["0000-00", "9999-19", "2024-13", "0001-01", "9999-12", "x"])
            statements.append(f"UPDATE viewed_month SET month = {literal(month)}")
        elif choice < 0.93:
            statements.append(
                f"UPDATE transitions SET from_month = {literal(rng.choice(['0000-00', '9999-12', '2024-13']))}, "
                f"to_month = {literal(rng.choice(['0000-00', '0001-01']))}, "
                f"at = {rng.choice([-2 ** 63, 2 ** 63 - 1, 0])}")
        else:
            statements.append(f"INSERT OR REPLACE INTO event_exceptions (event_id, day) VALUES "
                              f"({rng.choice([3, 4, 8, 9999])}, {literal(rng.choice(['0000-00-00', '9999-12-31', 'x']))})")
    return statements


# ---------------------------------------------------------------------------------------------- TZif


def posix_tz(rng):
    """A POSIX TZ rule string (as in a TZif footer or TZ), often at or past its limits."""
    text = rng.choice(V.POSIX_NAMES) + rng.choice(V.POSIX_OFFSETS)
    if rng.random() < 0.7:
        text += rng.choice(V.POSIX_NAMES)
        if rng.random() < 0.5:
            text += rng.choice(V.POSIX_OFFSETS)
        text += rng.choice(V.POSIX_RULES)
    return text


def mutate_tzif(data, rng):
    """A TZif file with one structural or byte-level fault."""
    data = bytearray(data)
    if len(data) < 44 or data[:4] != b"TZif":
        return bytes(data)
    counts = struct.unpack(">6l", data[20:44])
    isut, isstd, leap, timecnt, typecnt, charcnt = counts
    v1 = 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut
    header2 = v1 if data[4:5] in (b"2", b"3", b"4") and len(data) > v1 + 44 else None
    kind = rng.choice(["footer", "footer", "counts", "bytes", "truncate", "times", "utoff", "index", "abbr",
                       "v1only", "version", "empty-footer"])
    if kind == "footer" and header2 is not None:
        end = data.rfind(b"\n", 0, len(data) - 1)
        return bytes(data[:end + 1]) + posix_tz(rng).encode() + b"\n"
    if kind == "empty-footer" and header2 is not None:
        end = data.rfind(b"\n", 0, len(data) - 1)
        return bytes(data[:end + 1]) + rng.choice([b"", b"\n", b"x", b"<+14>-14\n" * 1000])
    base = header2 if header2 is not None and rng.random() < 0.8 else 0
    if kind == "counts":
        field = rng.randrange(6)
        value = rng.choice([0, 1, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000000, counts[field] + 1, max(0, counts[field] - 1),
                            1000000])
        data[base + 20 + field * 4:base + 24 + field * 4] = struct.pack(">L", value & 0xFFFFFFFF)
        return bytes(data)
    if kind == "truncate":
        return bytes(data[:rng.randrange(len(data))])
    if kind == "v1only":
        data[4] = 0
        return bytes(data[:v1])
    if kind == "version":
        data[4] = rng.choice([ord("4"), ord("9"), ord("x"), 0xFF])
        return bytes(data)
    if header2 is not None:
        h = struct.unpack(">6l", data[header2 + 20:header2 + 44])
        times = header2 + 44
        indices = times + h[3] * 8
        types = indices + h[3]
        chars = types + h[4] * 6
        if kind == "times" and h[3]:
            for _ in range(rng.choice([1, 2, 5])):
                i = rng.randrange(h[3])
                value = rng.choice([2 ** 63 - 1, -2 ** 63, 0, -1, 2 ** 62, 253402300800, -62135596801])
                data[times + i * 8:times + i * 8 + 8] = struct.pack(">q", value)
            return bytes(data)
        if kind == "utoff" and h[4]:
            i = rng.randrange(h[4])
            value = rng.choice([2 ** 31 - 1, -2 ** 31, 2 * 86400, -89999, 93599, -93599, 1])
            data[types + i * 6:types + i * 6 + 4] = struct.pack(">l", value)
            return bytes(data)
        if kind == "index" and h[3]:
            data[indices + rng.randrange(h[3])] = rng.choice([255, h[4], 128])
            return bytes(data)
        if kind == "abbr" and h[4]:
            data[types + rng.randrange(h[4]) * 6 + 5] = rng.choice([255, h[5], h[5] - 1 & 0xFF])
            if rng.random() < 0.5 and h[5]:
                for j in range(chars, chars + h[5]):
                    data[j] = 0x41
            return bytes(data)
    for _ in range(rng.choice([1, 4, 16])):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)
