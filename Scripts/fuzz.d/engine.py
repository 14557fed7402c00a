"""Runs a scenario (files, environment, command lines) against the built cal and judges each run.

A scenario is plain data, so it can be saved, replayed and shrunk:

    {"generator": "ics", "db": "template" | "empty" | "none", "files": {"in.ics": b"..."},
     "fixtures": ["fifo", ...], "env": {"TZ": "UTC", "LANG": None}, "umask": None,
     "steps": [{"argv": ["import", "@ROOT@/in.ics", "--db", "@ROOT@/db/cal.db"], "env": {...},
                "stdin": None | "in.ics", "stdout": None | "/dev/full", "pty": None | [rows, cols],
                "needs_ok": None | step index, "require_ok": None | category, "export_file": None | "out.ics",
                "feed": None | "in.ics" (a file of the scenario, copied to @ROOT@/feed.ics before the step),
                "unchanged": None | True (the calendar must come out of the step as it went in, and the step succeed)
                             | "if-exists" (so, unless the event is not there),
                "others_write": None | True (another cal, run by the step's editor, may change the calendar)}],
     "keep_env": ["EDITOR"] (variables shrinking leaves alone)}

Every run gets a fresh temporary folder (@ROOT@) with its own HOME and calendar.
"""

import base64
import fcntl
import hashlib
import json
import os
import re
import selectors
import shutil
import signal
import sqlite3
import stat
import struct
import subprocess
import tempfile
import termios
import threading
import time

ROOT = "@ROOT@"
CAL = "@CAL@"  # in an environment variable: the cal binary fuzzed
COMMANDS = ("show", "flip", "goto", "add", "edit", "list", "search", "rm", "import", "export", "history", "completion",
            "help", "agenda", "calendar", "sync", "undo", "redo", "todo")
READ_ONLY = {"show", "list", "search", "export", "history", "completion", "help", "agenda"}
JSON_COMMANDS = {"add", "edit", "rm", "list", "search", "agenda", "free", "flip", "goto", "history", "import", "todo"}
TEXT_COMMANDS = {"add", "edit", "rm", "list", "search", "agenda", "free", "flip", "goto", "history", "show", "import",
                 "todo"}
CAPTURE = 16 << 20  # bytes of each stream kept for judging
BASE_ENV = {"PATH": "/usr/bin:/bin", "HOME": ROOT + "/home", "TZ": "UTC"}
SIGNALS = {int(s): s.name for s in signal.Signals}
# Paths outside the sandbox that a hostile --db may make cal create; removed after each run.
OUTSIDE = ["/dev/null-journal", "/dev/null-wal", "/dev/null-shm", "/dev/zero-journal", "/dev/zero-wal",
           "/dev/zero-shm", "/dev/full-journal", "/dev/full-wal", "/dev/full-shm"]
OUTSIDE_LOCK = threading.Lock()


class Failure:
    """One judged defect of one run: a category, a message, and the key it is deduplicated by."""

    def __init__(self, category, message, key, step, command):
        self.category, self.message, self.key, self.step, self.command = category, message, key, step, command

    @property
    def signature(self):
        return f"{self.category}|{self.key}"

    def __repr__(self):
        return f"<{self.signature} step {self.step}>"


class Outcome:
    """What one process did."""

    def __init__(self):
        self.rc = None
        self.timed_out = False
        self.stdout = b""
        self.stderr = b""
        self.stdout_size = 0
        self.stderr_size = 0
        self.maxrss_kib = 0
        self.parent_kib = 0
        self.seconds = 0.0

    @property
    def signal(self):
        return -self.rc if self.rc is not None and self.rc < 0 else None

    def describe(self):
        if self.timed_out:
            return f"killed after {self.seconds:.1f} s (hang)"
        if self.signal:
            return f"killed by {SIGNALS.get(self.signal, self.signal)}"
        return f"exit {self.rc}"


# ---------------------------------------------------------------------------------------------- running



def is_json(data):
    try:
        json.loads(data)
        return True
    except ValueError:
        return False

def resident_kib():
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def spawn(argv, env, cwd, stdin_data=None, stdout_path=None, pty_size=None, timeout=10.0, umask=None):
    """Runs one process with a deadline; returns an Outcome with its output and peak memory."""
    argv = [os.fsencode(a) for a in argv]
    if umask is not None:
        argv = [b"/bin/sh", b"-c", b'umask %03o; exec "$@"' % umask, b"sh"] + argv
    env = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
    outcome = Outcome()
    master = slave = out_file = None
    if pty_size:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", pty_size[0], pty_size[1], 0, 0))
        stdout_target = slave
    elif stdout_path:
        out_file = open(stdout_path, "wb")
        stdout_target = out_file
    else:
        stdout_target = subprocess.PIPE
    # A child's peak memory (ru_maxrss) starts at this process's own peak at the fork: reset that peak to what is
    # resident now, and remember it, so that only what cal itself used counts.
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")
    except OSError:
        pass
    outcome.parent_kib = resident_kib()
    started = time.monotonic()
    process = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.PIPE if stdin_data is not None else
                               subprocess.DEVNULL, stdout=stdout_target, stderr=subprocess.PIPE,
                               start_new_session=True, close_fds=True)
    if slave is not None:
        os.close(slave)
    if out_file is not None:
        out_file.close()
    selector = selectors.DefaultSelector()
    buffers = {}
    streams = []
    if process.stdout is not None:
        streams.append(("stdout", process.stdout.fileno()))
    elif master is not None:
        streams.append(("stdout", master))
    streams.append(("stderr", process.stderr.fileno()))
    for name, fd in streams:
        os.set_blocking(fd, False)
        selector.register(fd, selectors.EVENT_READ, name)
        buffers[name] = [bytearray(), 0]
    pending = memoryview(stdin_data) if stdin_data is not None else None
    if pending is not None:
        fd = process.stdin.fileno()
        os.set_blocking(fd, False)
        if len(pending):
            selector.register(fd, selectors.EVENT_WRITE, "stdin")
        else:
            process.stdin.close()
    deadline = started + timeout
    while selector.get_map():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            outcome.timed_out = True
            break
        for key, _ in selector.select(min(remaining, 1.0)):
            if key.data == "stdin":
                try:
                    written = os.write(key.fd, pending[:65536])
                    pending = pending[written:]
                except (BrokenPipeError, OSError):
                    pending = pending[:0]
                if not len(pending):
                    selector.unregister(key.fd)
                    process.stdin.close()
                continue
            try:
                chunk = os.read(key.fd, 1 << 16)
            except BlockingIOError:
                continue
            except OSError:  # a pty's master reads EIO once the child has gone
                chunk = b""
            if not chunk:
                selector.unregister(key.fd)
                continue
            buffer = buffers[key.data]
            buffer[1] += len(chunk)
            if len(buffer[0]) < CAPTURE:
                buffer[0] += chunk[:CAPTURE - len(buffer[0])]
    # Reap with wait4, not Popen.poll: only wait4 tells the child's peak memory.
    while True:
        if not outcome.timed_out:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() < deadline:
                time.sleep(0.002)
                continue
            outcome.timed_out = True
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        pid, status, usage = os.wait4(process.pid, 0)
        break
    process.returncode = os.waitstatus_to_exitcode(status)
    outcome.maxrss_kib = usage.ru_maxrss
    outcome.rc = process.returncode
    outcome.seconds = time.monotonic() - started
    for stream in (process.stdout, process.stderr, process.stdin):
        if stream is not None and not stream.closed:
            stream.close()
    if master is not None:
        os.close(master)
    outcome.stdout, outcome.stdout_size = bytes(buffers["stdout"][0]) if "stdout" in buffers else b"", \
        buffers["stdout"][1] if "stdout" in buffers else 0
    outcome.stderr, outcome.stderr_size = bytes(buffers["stderr"][0]), buffers["stderr"][1]
    return outcome


# ---------------------------------------------------------------------------------------------- snapshots


def file_digest(path, size):
    if size > 256 << 20:
        return f"size:{size}"
    digest = hashlib.sha1()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def snapshot(root, outside=()):
    """Every path under root (and the named outside paths): kind, mode and content digest."""
    entries = {}

    def record(path, name):
        try:
            info = os.lstat(path)
        except OSError:
            return
        mode = info.st_mode
        if stat.S_ISREG(mode):
            try:
                entries[name] = ("file", stat.S_IMODE(mode), file_digest(path, info.st_size), info.st_size)
            except OSError:
                entries[name] = ("file", stat.S_IMODE(mode), "unreadable", info.st_size)
        elif stat.S_ISDIR(mode):
            entries[name] = ("dir", stat.S_IMODE(mode), None, 0)
        elif stat.S_ISLNK(mode):
            entries[name] = ("link", 0, os.readlink(path), 0)
        elif stat.S_ISFIFO(mode):
            entries[name] = ("fifo", stat.S_IMODE(mode), None, 0)
        else:
            entries[name] = ("other", stat.S_IMODE(mode), None, 0)

    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            record(path, os.path.relpath(path, root))
    for path in outside:
        record(path, path)
    return entries


_DUMPS = {}
_DUMPS_LOCK = threading.Lock()


def is_sqlite(path):
    try:
        with open(path, "rb") as handle:
            return handle.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


CONTENT_TABLES = ("events", "reminders", "event_exceptions", "calendars")


def db_rows(root, name):
    """The rows of a calendar's content tables ({table: {rowid: row}}), read from a copy; None when unreadable."""
    path = name if os.path.isabs(name) else os.path.join(root, name)
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "copy.db")
        try:
            shutil.copyfile(path, copy)
            if os.path.exists(path + "-wal"):
                shutil.copyfile(path + "-wal", copy + "-wal")
            connection = sqlite3.connect(copy)
            try:
                tables = {}
                for table in CONTENT_TABLES:
                    # Rows by their primary key (a table without rowid has one of its own).
                    keys = [r[1] for r in connection.execute(f"PRAGMA table_info({table})") if r[5]] or ["rowid"]
                    cursor = connection.execute(f"SELECT {', '.join(keys)}, * FROM {table}")
                    columns = [d[0] for d in cursor.description[len(keys):]]
                    tables[table] = {row[:len(keys)]: dict(zip(columns, row[len(keys):])) for row in cursor}
                return tables
            finally:
                connection.close()
        except (OSError, sqlite3.Error):
            return None


def changed_columns(old, new):
    """`table.column` of what differs between two db_rows (a row added or removed: `table+`, `table-`)."""
    if old is None or new is None:
        return ["unreadable"]
    names = set()
    for table in CONTENT_TABLES:
        was, now = old.get(table, {}), new.get(table, {})
        names |= {f"{table}-" for rowid in was if rowid not in now}
        names |= {f"{table}+" for rowid in now if rowid not in was}
        for rowid in set(was) & set(now):
            names |= {f"{table}.{column}" for column in was[rowid] if was[rowid][column] != now[rowid].get(column)
                      and column not in ("updated_at", "created_at")}
    return sorted(names)


def db_dump(root, name, entries):
    """The logical content of a SQLite file together with its -wal (read from copies, cached by digest)."""
    main = entries.get(name)
    wal = entries.get(name + "-wal")
    key = (main[2] if main else None, wal[2] if wal else None)
    with _DUMPS_LOCK:
        if key in _DUMPS:
            return _DUMPS[key]
    path = name if os.path.isabs(name) else os.path.join(root, name)
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "copy.db")
        try:
            shutil.copyfile(path, copy)
            if wal and wal[0] == "file" and wal[3] > 0:
                shutil.copyfile(path + "-wal", copy + "-wal")
            connection = sqlite3.connect(copy)
            try:
                text = "\n".join(connection.iterdump())
            finally:
                connection.close()
            result = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
        except (OSError, sqlite3.Error, UnicodeError) as error:
            result = f"unreadable ({type(error).__name__})"
    with _DUMPS_LOCK:
        _DUMPS[key] = result
    return result


# ---------------------------------------------------------------------------------------------- argv reading


def command_of(argv):
    """The subcommand a command line runs (show when none), '?' for an unknown word."""
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg == "--":
            return argv[index + 1] if index + 1 < len(argv) and argv[index + 1] in COMMANDS else "?"
        if arg.startswith("-"):
            if arg == "--db":
                index += 1
            index += 1
            continue
        return arg if arg in COMMANDS else "?"
    return "show"


VALUE_OPTIONS = {"--at", "--for", "--end", "--to", "--tz", "--note", "--location", "--repeat", "--every", "--count",
                 "--until", "--on", "--title", "--date", "--repeat-on", "--from", "--swipe", "--color", "-n",
                 "--months", "--limit", "--db", "--rrule", "--between", "--calendar", "--due", "--exec", "--format",
                 "--password-command", "--priority", "--remind", "--remind-at", "--rename", "--status", "--subscribe",
                 "--time-format", "--url", "--user"}


def options_of_raw(argv):
    return argv[:argv.index("--")] if "--" in argv else argv


def options_of(argv):
    """The options of a command line: words before a `--` that are not the value of an option before them."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    result, skip = [], False
    for word in words:
        if skip:
            skip = False
            continue
        result.append(word)
        skip = word in VALUE_OPTIONS
    return result


def explicit_db(argv, env):
    opts = options_of(argv)
    return any(a == "--db" or a.startswith("--db=") for a in opts) or bool(env.get("CAL_DB"))


def substitute(value, root):
    return value.replace(ROOT, root) if isinstance(value, str) else value


# ---------------------------------------------------------------------------------------------- judging


NUMBER = re.compile(r"\d+")
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|‘[^’\n]*’")
PATHISH = re.compile(r"(?<!\w)/[^\s:,']+")
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\u0080-\u009f]")
BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
SQLISH = re.compile(r"\bSQL\b|SQLITE_|no such (table|column)|constraint failed|disk I/O error|"
                    r"unable to open database file|database is locked|syntax error|near \"|\bPRAGMA\b|"
                    r"\b(SELECT|INSERT|UPDATE|DELETE) .* (FROM|INTO|SET)\b")
SQL_DETAIL = re.compile(r" \(.*| - .*|: .*")
PROGRESS = re.compile(rb"^[^\n]*(\r|\x1b\[)[^\n]*\n?$", re.S)
# What a listing says, and succeeds, about a series an older cal stored whose occurrences overlap too deeply to
# read (a tampered calendar makes one): the series is listed by its first occurrence alone.
OVERLAP_WARNINGS = re.compile(rb"^(Warning: event #\d+ is listed by its first occurrence alone: [^\n]*\n)+$")


def normalize(text, limit=110):
    text = QUOTED.sub("'…'", text)
    text = PATHISH.sub("PATH", text)
    text = NUMBER.sub("N", text)
    return text[:limit]


def crash_key(outcome):
    """Signal, runtime message and the first frame in cal's own sources, from the Swift backtracer."""
    name = SIGNALS.get(outcome.signal, str(outcome.signal))
    text = outcome.stderr.decode("utf-8", "replace")
    message = ""
    match = re.search(r"\*\*\* (Swift runtime failure: [^*]+?|Program crashed: [^*]+?) \*\*\*|Fatal error: ([^\n]*)",
                      text)
    if match:
        message = normalize(re.sub(r"0x[0-9a-fA-F]+", "ADDR", (match.group(1) or match.group(2)).strip()), 60)
    frame = ""
    first = re.search(r"\n\s*0 .*?0x[0-9a-f]+ (\S+)", text)
    for line in text.splitlines():
        found = re.search(r"\d+ .*?0x[0-9a-f]+ (.+?) \+ \d+ in \S+ at \S*/(Sources/[^\s]+)", line)
        if found:
            function = re.sub(r"^(specialized |closure #\d+ in |merged |partial apply for )+", "", found.group(1))
            function = re.sub(r"\(.*", "", function)
            frame = f"{function} at {found.group(2)}"
            break
    if not frame and first:
        frame = f"{first.group(1)} (runtime)"
    # A stack overflow shows one cycle of frames many times; where it ran out and how deep varies from run to run.
    functions = re.findall(r"\n\s*\d+ .*?0x[0-9a-f]+ (.+?) \+ \d+ in ", text)
    repeated = sorted({f for f in functions if functions.count(f) >= 6})
    if repeated:
        short = [re.sub(r"\(.*|<.*", "", f).split(" ")[-1] for f in repeated]
        return f"{name}|stack overflow|recursion through {', '.join(sorted(set(short)))[:150]}"
    return f"{name}|{message}|{frame}"


def first_line(data):
    return data.decode("utf-8", "replace").split("\n", 1)[0]


def check_ics(data):
    """What is wrong with an exported iCalendar stream, or None."""
    if not data.startswith(b"BEGIN:VCALENDAR\r\n"):
        return "does not start with BEGIN:VCALENDAR"
    if not data.endswith(b"END:VCALENDAR\r\n"):
        return "does not end with END:VCALENDAR and CRLF (cut short?)"
    lines = data.split(b"\r\n")[:-1]
    for number, line in enumerate(lines, 1):
        if b"\n" in line or b"\r" in line:
            return f"line {number}: a bare CR or LF inside a line"
        if len(line) > 75:
            return f"line {number}: {len(line)} octets, over 75"
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return f"line {number}: not UTF-8 on its own (a fold splits a character?)"
        if re.search(rb"[\x00-\x08\x0a-\x1f\x7f]", line):
            return f"line {number}: a control character other than HTAB"
    return None


class Judge:
    """Turns a run's outcome and the folder before and after it into failures."""

    def __init__(self, config):
        self.config = config

    def judge(self, step_index, step, argv, env, outcome, root, before, after, rows=None):
        """The failures of one run; `rows` are the calendar's content rows before it, for a step that must leave
        them as they were."""
        failures = []
        command = command_of(argv)

        def fail(category, message, key):
            failures.append(Failure(category, message, key, step_index, command))

        opts = options_of(argv)
        # `--repeat -h` gives the repeat the text -h (cal takes any value but one of its long options there):
        # no request for help.
        helped = any(a in ("-h", "--help", "--version") for a in options_of(argv)) or \
            command in ("help", "completion")
        stderr_text = outcome.stderr.decode("utf-8", "replace")
        if outcome.timed_out:
            # A listing of millions of lines (decades of events that each cover every day) is still writing at
            # the deadline, a mebibyte a second or more: busy, not hung.
            if outcome.stdout_size < self.config.timeout * (1 << 20):
                fail("hang", f"no answer after {self.config.timeout:g} s", command)
            return failures
        allocation = outcome.signal and re.search(rb"failed to allocate|Cannot allocate memory|out of memory",
                                                   outcome.stderr)
        if outcome.signal and not allocation:
            fail("crash", f"killed by {SIGNALS.get(outcome.signal, outcome.signal)}", crash_key(outcome))
        own = outcome.maxrss_kib > outcome.parent_kib + (32 << 10)  # more than the fuzzer's share at the fork
        if outcome.maxrss_kib > self.config.memory_mib * 1024 and own or allocation:
            fail("memory", f"peak memory {outcome.maxrss_kib // 1024} MiB"
                 + (f", then {SIGNALS.get(outcome.signal)}: {first_line(outcome.stderr)[:120]}" if allocation else ""),
                 command)
        pty = bool(step.get("pty"))
        stdout_redirected = bool(step.get("stdout"))
        rc = outcome.rc
        if not outcome.signal:
            if rc != 0:
                lines = outcome.stderr.split(b"\n")
                if lines and lines[-1] == b"":
                    lines.pop()
                text = [line.decode("utf-8", "replace") for line in lines]
                usage = len(text) == 3 and text[1].startswith("Usage: ") and text[2].startswith("  See ")
                # An error that echoes a line break from the input spills over several lines.
                extra = [line for line in text[1:] if not line.startswith(("Usage: ", "  See "))]
                broken = bool(text) and len(text) > 1 and bool(extra) and (
                    text[0].count("'") % 2 == 1 or any(line.startswith("Usage: ") for line in text))
                if broken:
                    fail("unclear-error", f"a raw line break from the input in the error: {stderr_text[:200]!r}",
                         f"raw-control|line-break|{command}")
                    text = [" ".join(text)]
                    usage = "\nUsage: " in stderr_text
                if not text or not text[0].startswith("Error: "):
                    fail("unclear-error", f"exit {rc} without an 'Error:' line: {stderr_text[:200]!r}",
                         f"no-error-line|{command}|{normalize(text[0] if text else '(empty)')}")
                elif not outcome.stderr.endswith(b"\n"):
                    fail("unclear-error", "the Error line does not end with a newline", f"no-newline|{command}")
                elif len(text) != 1 and not usage and not broken:
                    fail("unclear-error", f"{len(text)} lines on stderr: {stderr_text[:300]!r}",
                         f"several-lines|{normalize(text[0])}")
                elif text[0].strip() == "Error:":
                    fail("unclear-error", "an empty Error line", f"empty|{command}")
                if text and CONTROL.search(text[0]):
                    # One defect per command and source of the echoed text: the command line or a file's lines.
                    source = "file content" if re.search(r": line \d+: ", text[0]) else "argument"
                    fail("unclear-error", f"raw control characters in the error: {text[0][:200]!r}",
                         f"raw-control|{command}|{source}")
                if text and SQLISH.search(text[0]):
                    sqlite = re.search(r"SQLite error \d+: (.*?)( - while executing|$)", text[0])
                    what = SQL_DETAIL.sub("", sqlite.group(1)) if sqlite else text[0]
                    fail("unclear-error", f"SQL in the error: {text[0][:200]!r}", f"sql|{normalize(what, 60)}")
                if rc not in (1, 64):
                    fail("unclear-error", f"exit status {rc} (expected 1, or 64 for usage errors)", f"status-{rc}")
                if usage != (rc == 64) and text and text[0].startswith("Error: ") and not broken:
                    fail("unclear-error", f"usage lines and exit status {rc} disagree: {stderr_text[:200]!r}",
                         f"usage-status|{rc}|{usage}")
                # Listings stream, a buffer of 64 KiB at a time: a damaged row met after that much was written
                # leaves what was written, and the error follows it.
                streamed = command in ("list", "search", "agenda", "export") and outcome.stdout_size >= 1 << 16
                # A sync (and the first one of calendar add) reports each calendar, the one that failed too, whole.
                reported = command in ("sync", "calendar") and (b"--json" not in map(str.encode, argv)
                                                                or is_json(outcome.stdout))
                if outcome.stdout_size and not pty and not stdout_redirected and not streamed and not reported:
                    fail("partial-write", f"exit {rc} after writing {outcome.stdout_size} bytes to stdout: "
                         f"{outcome.stdout[:120]!r}", f"stdout-on-error|{command}")
            else:
                if outcome.stderr_size and not PROGRESS.match(outcome.stderr) \
                        and not OVERLAP_WARNINGS.match(outcome.stderr):
                    fail("stderr-on-success", f"exit 0 with stderr {stderr_text[:300]!r}",
                         f"{command}|{normalize(first_line(outcome.stderr), 70)}")
                # `export FILE` writes the file and prints nothing, as cp does: a full stdout is not its output.
                quiet = command == "export" and self.export_file(argv) not in (None, "-")
                # A listing in the user's own format prints nothing at all when nothing is found, by design.
                words = options_of_raw(argv)
                quiet = quiet or command in ("list", "agenda", "search", "todo") and any(
                    word == "--format" or word.startswith("--format=") for word in words)
                if stdout_redirected and step["stdout"] == "/dev/full" and not helped and not quiet:
                    fail("partial-write", "output to a full disk (stdout is /dev/full) exits 0", "full-stdout")
                if command == "export" and self.export_file(argv) == "/dev/full" and not helped:
                    fail("partial-write", "export to a full disk (FILE is /dev/full) exits 0", "full-export-file")
                if not pty and not stdout_redirected:
                    self.judge_output(command, argv, outcome, fail, helped)
        # Of an imported file's events, those there are.
        absent = step.get("unchanged") == "if-exists" and re.match(
            rb"Error: (there is no event #\d+|no calendar at .*)\n$", outcome.stderr)
        if step.get("unchanged") and rc != 0 and not outcome.signal and not absent:
            fail("form-roundtrip", f"an editor that changed nothing, or only how the text is written: "
                 f"{outcome.describe()}: {first_line(outcome.stderr)[:200]}",
                 f"failed|{normalize(first_line(outcome.stderr), 80)}")
        if step.get("require_ok") and rc != 0:
            fail(step["require_ok"], f"{' '.join(argv[:3])}: {outcome.describe()}: {first_line(outcome.stderr)[:200]}",
                 f"{command}|{normalize(first_line(outcome.stderr), 80)}")
        self.judge_files(step, argv, env, outcome, root, before, after, fail, command, helped, rows)
        return failures

    def judge_output(self, command, argv, outcome, fail, helped):
        opts = options_of(argv)
        data = outcome.stdout
        if outcome.stdout_size > len(data):
            return  # too big to judge whole
        if helped:
            return
        if command == "export" and self.export_file(argv) is None:
            problem = check_ics(data)
            if problem:
                fail("bad-output", f"export to stdout: {problem}", f"export|{normalize(problem, 60)}")
            return
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            fail("bad-output", "stdout is not UTF-8", f"not-utf8|{command}")
        text = data.decode("utf-8", "replace")
        if "--json" in opts and command in JSON_COMMANDS:
            if not data.endswith(b"\n") or data.count(b"\n") != 1:
                fail("bad-output", f"--json output is not one line: {data[:120]!r}", f"json-lines|{command}")
            try:
                json.loads(data)
            except ValueError as error:
                fail("bad-output", f"--json output is not JSON ({error}): {data[:200]!r}", f"json|{command}")
            if re.search("[\u0080-\u009f]", text):
                fail("bad-output", "raw C1 control character in JSON output", f"json-c1|{command}")
            return
        words = options_of_raw(argv)
        always = any(a == "--color=always" or a == "--color" and b == "always" for a, b in zip(words, words[1:] + [""]))
        # A --format's own text is printed as given (a tab for its \\t too): its controls and bidi marks may appear.
        # Every --format given (the last counts, written as `--format X` or `--format=X`).
        fmt = "".join([b for a, b in zip(words, words[1:]) if a == "--format"]
                      + [a[len("--format="):] for a in words if a.startswith("--format=")])
        allowed = set(re.findall("[\x00-\x09\x0b-\x1f\x7f\u0080-\u009f]", fmt) + BIDI.findall(fmt))
        allowed |= {"\t"} if "\\t" in fmt else set()
        if command in TEXT_COMMANDS and not always:
            shown = "".join(c for c in text if c not in allowed)
            found = re.search("[\x00-\x09\x0b-\x1f\x7f\u0080-\u009f]", shown)
            if found:
                fail("bad-output", f"raw control character {found.group()!r} in {command} output",
                     f"raw-control|{command}|{'C1' if found.group() >= chr(0x80) else 'C0'}")
            if BIDI.search(shown):
                fail("bad-output", f"raw bidi override in {command} output", f"bidi|{command}")

    @staticmethod
    def export_file(argv):
        """The FILE argument of an export command line, or None."""
        words = []
        index = argv.index("export") + 1 if "export" in argv else len(argv)
        dashdash = False
        while index < len(argv):
            arg = argv[index]
            if not dashdash and arg == "--":
                dashdash = True
            elif not dashdash and arg in ("--db", "--from", "--to", "--calendar"):
                index += 1
            elif dashdash or not arg.startswith("-") or arg == "-":
                words.append(arg)
            index += 1
        return words[0] if words else None

    def judge_files(self, step, argv, env, outcome, root, before, after, fail, command, helped, rows=None):
        rc = outcome.rc
        failed = rc != 0
        read_only = command in READ_ONLY or helped
        # Calendars: compare content, not bytes (a checkpoint moves pages from -wal to the file).
        databases = {name for name in set(before) | set(after)
                     if not name.endswith(("-wal", "-shm", "-journal"))
                     and (before.get(name, ("",))[0] == "file" or after.get(name, ("",))[0] == "file")
                     and (name in before and before[name][3] >= 100 or name in after and after[name][3] >= 100)}
        databases = {name for name in databases if self.sqlite_name(root, name, before, after)}
        export_target = None
        if command == "export" and rc == 0 and not helped:
            target = self.export_file(argv)
            if target and target != "-":
                export_target = os.path.relpath(target, root) if target.startswith(root) else target
        if command == "export" and not helped:
            target = self.export_file(argv)
            if target and target.startswith(root) and os.path.relpath(target, root) in after and rc == 0:
                name = os.path.relpath(target, root)
                if after[name][0] == "file":
                    with open(os.path.join(root, name), "rb") as handle:
                        problem = check_ics(handle.read())
                    if problem:
                        fail("bad-output", f"export FILE: {problem}", f"export-file|{normalize(problem, 60)}")
        for name in databases:
            was, now = before.get(name), after.get(name)
            wal_was, wal_now = before.get(name + "-wal"), after.get(name + "-wal")
            if was == now and wal_was == wal_now:
                continue
            if was is None:
                continue  # a new calendar: judged as a new file below
            if now is None:
                fail("db-changed", f"{name} was removed", f"removed|{command}")
                continue
            old = db_dump(root, name, before) if was[0] == "file" else "none"
            new = db_dump(root, name, after) if now[0] == "file" else "none"
            # A change committed before its report could not be written (stdout on a full disk) is not bad input.
            output_failed = step.get("stdout") == "/dev/full" and b"write" in outcome.stderr
            if old != new and step.get("unchanged") and not failed:
                # Told apart by what changed: the length's columns, a reminder, a row added.
                what = changed_columns((rows or {}).get(name), db_rows(root, name))
                fail("form-roundtrip", "an editor that changed nothing, or only how the text is written, changed "
                     f"{', '.join(what) or 'nothing of the events'} in {name}: {first_line(outcome.stdout)[:160]}",
                     f"changed|{command}|{','.join(what)[:120]}")
            # A step whose editor runs another cal (a change made meanwhile) is judged by what it says alone.
            meanwhile = failed and step.get("others_write")
            if old != new and (failed and not output_failed and not meanwhile
                               or (read_only and name != export_target)):
                why = "a failing command" if failed else f"the read-only command {command}"
                fail("db-changed", f"{why} changed the calendar {name} ({outcome.describe()}: "
                     f"{first_line(outcome.stderr)[:160]})", f"{'failed' if failed else 'read-only'}|{command}")
        allowed_new = set()
        # The text edit --editor gave the editor (cal-edit-N-XXXXXX.txt) is removed once it has been used.
        editor_text = command == "edit" and "--editor" in options_of(argv)
        if not failed and not read_only:
            allowed_new = {name for name in after if name not in before
                           and not (editor_text and os.path.basename(name).startswith("cal-"))}
        if export_target:
            allowed_new.add(export_target)
        created = set(after) - set(before)
        for name in sorted(created):
            if os.path.dirname(name) in created:
                continue  # only the outermost new folder counts
            if name.endswith(("-shm", "-wal")) or name in allowed_new and not re.search(r"\.tmp$|\.cal-\d+", name):
                continue
            entry = after[name]
            suffix = re.search(r"(-journal|\.tmp|\.cal-\d+.*)$", name)
            pattern = NUMBER.sub("N", suffix.group(1)) if suffix else "folder" if entry[0] == "dir" else \
                "calendar" if entry[0] == "file" and is_sqlite(name if os.path.isabs(name) else
                                                              os.path.join(root, name)) else entry[0]
            if failed and (outcome.signal or not explicit_db(argv, env)):
                continue  # a crash is reported as such; the default location may be created by any command
            if failed and b"cannot write the output" in outcome.stderr:
                continue  # the command did its work (a calendar made, a page turned); only telling of it failed
            if failed and editor_text and os.fsencode(os.path.basename(name)) in outcome.stderr:
                continue  # the text the editor left that cannot be used: kept, and named in the error
            if not failed and editor_text:
                fail("files-left", f"a successful edit --editor left {entry[0]} {name}", "editor-text|ok")
                continue
            if failed:
                fail("files-left", f"{outcome.describe()} but left {entry[0]} {name} behind: "
                     f"{first_line(outcome.stderr)[:160]}", f"failed|{pattern}")
            elif read_only and explicit_db(argv, env) and not (command == "export" and rc == 0):
                if entry[0] in ("file", "dir"):
                    fail("files-left", f"read-only command {command} created {entry[0]} {name}",
                         f"read-only-creates|{pattern}")
            elif re.search(r"\.tmp$|\.cal-\d+", name):
                fail("files-left", f"{command} left temporary file {name}", f"temp|{command}")
        for name in sorted(set(before) & set(after)):
            was, now = before[name], after[name]
            if name.endswith(("-shm", "-wal")) or name in databases or was == now or name in OUTSIDE:
                continue
            if name == export_target:
                continue
            if was[0] != now[0]:
                fail("partial-write", f"{outcome.describe()} turned {was[0]} {name} into a {now[0]}",
                     f"replaced|{command}|{was[0]}->{now[0]}")
            elif was[2] != now[2] and (failed or read_only):
                category = "partial-write" if command == "export" else "db-changed"
                fail(category, f"{outcome.describe()} changed {name} ({was[3]} -> {now[3]} bytes): "
                     f"{first_line(outcome.stderr)[:160]}", f"changed|{command}|{'failed' if failed else 'ok'}")
            elif was[1] != now[1]:
                fail("permissions", f"{command} changed the mode of {name} from {was[1]:o} to {now[1]:o}",
                     f"mode-changed|{command}")
        for name in sorted(set(after) - set(before)):
            entry = after[name]
            calendarish = name.endswith(("-wal", "-shm", "-journal")) or name in databases
            if entry[0] == "file" and calendarish and entry[1] & 0o077:
                fail("permissions", f"{command} created {name} with mode {entry[1]:o} (calendar files must be 0600)",
                     f"calendar-mode|{re.sub(r'^.*?(-wal|-shm|-journal)?$', lambda m: m.group(1) or 'db', name)}")

    @staticmethod
    def sqlite_name(root, name, before, after):
        path = name if os.path.isabs(name) else os.path.join(root, name)
        if after.get(name, ("",))[0] == "file" and is_sqlite(path):
            return True
        return before.get(name, ("", 0, ""))[2] in _SQLITE_DIGESTS


_SQLITE_DIGESTS = set()  # digests of files known to be SQLite before a run


# ---------------------------------------------------------------------------------------------- scenarios


def encode_scenario(scenario):
    copy = dict(scenario)
    copy["files"] = {name: base64.b64encode(data).decode() for name, data in scenario.get("files", {}).items()}
    return json.dumps(copy, indent=1, ensure_ascii=True)


def decode_scenario(text):
    scenario = json.loads(text)
    scenario["files"] = {name: base64.b64decode(data) for name, data in scenario.get("files", {}).items()}
    return scenario


class Runner:
    """Materializes scenarios in temporary folders and runs their steps."""

    def __init__(self, config, fixtures):
        self.config = config
        self.fixtures = fixtures
        self.judge = Judge(config)
        self.backtrace = config.backtrace

    def materialize(self, scenario):
        root = tempfile.mkdtemp(prefix="s", dir=self.config.scratch)
        os.makedirs(os.path.join(root, "home"))
        os.makedirs(os.path.join(root, "db"))
        if scenario.get("db", "template") == "template":
            shutil.copyfile(self.fixtures.template, os.path.join(root, "db", "cal.db"))
            os.chmod(os.path.join(root, "db", "cal.db"), 0o600)
        for name, data in scenario.get("files", {}).items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(data)
        for fixture in scenario.get("fixtures", []):
            self.fixtures.create(fixture, root)
        if scenario.get("sql"):
            self.fixtures.apply_sql(root, scenario["sql"])
        return root

    def run(self, scenario, stop_at=None, keep=False, verbose=None, deadline=None):
        """Runs every step; returns (failures, records). Stops early once `stop_at` (a signature) is seen, or
        before a step that would start after `deadline` (a time.monotonic() value)."""
        root = self.materialize(scenario)
        failures, records = [], []
        try:
            self._steps(scenario, root, stop_at, verbose, failures, records, deadline)
        finally:
            if not keep:
                shutil.rmtree(root, ignore_errors=True)
        return (failures, records, root) if keep else (failures, records)

    def _steps(self, scenario, root, stop_at, verbose, failures, records, deadline):
        env_base = dict(BASE_ENV)
        for name, value in scenario.get("env", {}).items():
            env_base[name] = value
        outcomes = []
        for index, step in enumerate(scenario["steps"]):
            if deadline is not None and time.monotonic() > deadline:
                break
            needs = step.get("needs_ok")
            # A step that only printed help (-h among its words) wrote nothing for the ones after it to read.
            if needs is not None and (needs >= len(outcomes) or outcomes[needs] is None
                                      or outcomes[needs].rc != 0
                                      or outcomes[needs].stdout.startswith(b"OVERVIEW:")):
                outcomes.append(None)
                continue
            env = dict(env_base)
            env.update(step.get("env", {}))
            env = {k: substitute(v, root).replace(CAL, self.config.cal) for k, v in env.items() if v is not None}
            if self.backtrace:
                env["SWIFT_BACKTRACE"] = self.backtrace
            argv = [substitute(a, root) for a in step["argv"]]
            if step.get("feed") is not None:
                # What a subscription reads next: the feed's file changes between syncs, as a real feed does.
                with open(os.path.join(root, "feed.ics"), "wb") as handle:
                    handle.write(scenario["files"].get(step["feed"], b""))
            stdin = None
            if step.get("stdin") is not None:
                stdin = scenario["files"].get(step["stdin"], b"") if isinstance(step["stdin"], str) else b""
            with OUTSIDE_LOCK if scenario.get("generator") == "env" or any("/dev/" in a for a in argv) \
                    or any("/dev/" in v for v in env.values()) else _NoLock():
                before = snapshot(root, OUTSIDE)
                rows = {}
                for name, entry in before.items():
                    if entry[0] == "file" and entry[3] >= 100 and not name.endswith(("-wal", "-shm", "-journal")):
                        path = name if os.path.isabs(name) else os.path.join(root, name)
                        if is_sqlite(path):
                            _SQLITE_DIGESTS.add(entry[2])
                            db_dump(root, name, before)  # now, while the file is as it was before the run
                            if step.get("unchanged"):
                                rows[name] = db_rows(root, name)
                outcome = spawn([self.config.cal] + argv, env, root, stdin, step.get("stdout"), step.get("pty"),
                                self.config.timeout, scenario.get("umask"))
                after = snapshot(root, OUTSIDE)
                found = self.judge.judge(index, step, argv, env, outcome, root, before, after, rows)
                for path in OUTSIDE:
                    if path in after and path not in before:
                        try:
                            os.unlink(path)
                        except OSError:
                            pass
            outcomes.append(outcome)
            records.append((index, argv, env, outcome))
            if verbose:
                verbose(index, argv, env, outcome, found)
            failures.extend(found)
            if stop_at and any(f.signature == stop_at for f in found):
                break


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *_):
        return False
