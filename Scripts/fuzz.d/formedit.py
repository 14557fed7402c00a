"""The editor of the fuzzer's `cal edit ID --editor` scenarios: applies the operations of OPS to the form FILE.

Usage: python3 formedit.py OPS FILE. OPS holds one operation a line, a JSON array such as ["set", "at", "25:00"]
(strings are text; a lone surrogate \\udcXX stands for the byte XX, so any bytes can be written). A line that is no
operation is skipped, so that a reproducer shrunk line by line stays an editor. Operations, in order:

  set F V         F's line becomes `F: V` (added before the note when there is none); for note, the note becomes V
  raw F V         F's line becomes V as it is
  append F V      V added to the end of F's line
  equiv F K       F's value written another way that means the same (K picks how): spaces around it, 2pm for 14:00,
                  90m for 1h30m, 13.05.2024 for 2024-05-13, commas in a list of reminders, blank lines about a note
  upper F, pad F  F's name in capitals; spaces around F's name and colon
  del F, dup F    F's line removed; given twice
  move F I        F's line moved to position I among the lines before the note (anywhere with moveany)
  insert I V      the line V inserted at I (insertpre and comment: among the lines before the note)
  cal ARGS...     cal (FUZZ_CAL) run with ARGS on the calendar (FUZZ_DB), as another command meanwhile
  long F N U      F's value made U repeated N times
  crlf, cr, bom, noeol   line ends CRLF or a bare CR; a byte-order mark first; no line end at the end
  bytes P V       V inserted at the fraction P of the file; flip S N: N bytes changed (random.Random(S))
  truncate P      the file cut to the fraction P of its size; cut N: its last N bytes removed
  grow N          N bytes of x added; write V: the file replaced by V; empty: made empty
  fifo, dir, remove, symlink T, chmod M   the file replaced by a FIFO, a folder, nothing, a link to T; its mode M
  sigint          SIGINT and SIGQUIT sent to cal (the leader of the process group), as a terminal's keys send them
  exit N          the editor exits with status N now; kill S: it is killed by signal S now
"""
import json
import os
import random
import re
import signal
import sys


def encode(text):
    return text.encode("utf-8", "surrogateescape") if isinstance(text, str) else str(text).encode()


def name_of(line):
    if line.lstrip().startswith(b"#") or b":" not in line:
        return None
    return line.split(b":", 1)[0].strip().lower()


def find(lines, field):
    field = field.encode().lower()
    for index, line in enumerate(lines):
        if name_of(line) == field:
            return index
    return None


def note_index(lines):
    index = find(lines, "note")
    return len(lines) if index is None else index


def value_of(line):
    return line.split(b":", 1)[1].strip(b" \t\r") if b":" in line else b""


def twelve_hour(hours, minutes, style):
    suffix = "am" if hours < 12 else "pm"
    shown = hours % 12 or 12
    if style == 0 and minutes == 0:
        return f"{shown}{suffix}"
    return f"{shown}:{minutes:02d}{suffix}"


def equivalent(field, value, kind):
    """value written another way that cal reads as the same, or None."""
    text = value.decode("utf-8", "surrogateescape")
    if field == "at":
        if text.lower().replace("-", "").replace(" ", "") == "allday":
            return ["all day", "all-day", "allday", "All Day"][kind % 4]
        match = re.fullmatch(r"(\d{1,2}):(\d\d)", text)
        if match:
            hours, minutes = int(match.group(1)), int(match.group(2))
        else:
            match = re.fullmatch(r"(\d{1,2})(?::(\d\d))?(am|pm)", text)
            if not match:
                return None
            hours = int(match.group(1)) % 12 + (12 if match.group(3) == "pm" else 0)
            minutes = int(match.group(2) or 0)
        return [f"{hours:02d}:{minutes:02d}", f"{hours}:{minutes:02d}", twelve_hour(hours, minutes, 0),
                twelve_hour(hours, minutes, 1)][kind % 4]
    if field == "for":
        # Days stay days: 2d is two days on the calendar, 48h two days' hours (they differ across a DST change).
        match = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?", text)
        if not text or not match:
            return None
        days = f"{match.group(1)}d" if match.group(1) else ""
        minutes = int(match.group(2) or 0) * 60 + int(match.group(3) or 0)
        hours, rest = divmod(minutes, 60)
        if not minutes:
            return [days, days + "0m", days + "0h"][kind % 3]
        return [days + f"{minutes}m", days + (f"{hours}h{rest}m" if hours else f"{rest}m"),
                days + (f"{hours}h{rest:02d}m" if hours else f"0h{rest}m")][kind % 3]
    if field == "repeat":
        # The words apart by more spaces; a rule as RRULE:..., or in small letters.
        if text.startswith("rrule "):
            rule = text[len("rrule "):]
            return ["RRULE:" + rule, "rrule " + rule.lower(), "rrule   " + rule, rule][kind % 4]
        return "  ".join(text.split(" ")) if text else None
    if field in ("date", "to"):
        match = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", text)
        if not match:
            return None
        year, month, day = match.groups()
        names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return [f"{day}.{month}.{year}", f"{names[int(month) - 1]} {int(day)} {year}",
                f"{int(day)} {names[int(month) - 1]} {year}"][kind % 3]
    if field == "remind":
        items = [item.strip() for item in text.split(",") if item.strip()]
        if not items:
            return None
        return [",".join(items), ", ".join(items) + ",", " , ".join(items) + " ,,"][kind % 3]
    return None


def apply(op, data, path):
    """The file's bytes after op (None when the file is no longer for this script to write)."""
    name, args = op[0], op[1:]
    lines = data.split(b"\n")
    if name in ("set", "raw", "append", "equiv", "upper", "pad", "del", "dup", "move", "moveany", "long"):
        index = find(lines, args[0])
        field = args[0].encode()
        if index is None:
            if name != "set":
                return data
            lines.insert(note_index(lines), field + b": " + encode(args[1]))
            return b"\n".join(lines)
        line = lines[index]
        if name == "set":
            if args[0] == "note":
                return b"\n".join(lines[:index] + [b"note:"]) + b"\n" + encode(args[1]) + b"\n"
            lines[index] = field + b": " + encode(args[1])
        elif name == "raw":
            lines[index] = encode(args[1])
        elif name == "append":
            lines[index] = line + encode(args[1])
        elif name == "long":
            lines[index] = field + b": " + encode(args[2]) * int(args[1])
        elif name == "equiv":
            kind = int(args[1])
            if args[0] == "note":
                # Blank lines before and after the note are no part of it.
                note = b"\n".join(lines[index + 1:]).strip(b"\n")
                lines[index + 1:] = [b"", b" ", b""] + ([note] if note else []) + [b"", b"\t", b"", b""]
            else:
                value = value_of(line)
                other = equivalent(args[0], value, kind) if kind % 5 else None
                other = encode(other) if other is not None else b"  " + value + b" \t "
                lines[index] = line.split(b":", 1)[0] + b":" + (b" " if other[:1] != b" " else b"") + other
        elif name == "upper":
            head, tail = line.split(b":", 1)
            lines[index] = head.upper() + b":" + tail
        elif name == "pad":
            head, tail = line.split(b":", 1)
            lines[index] = b"  " + head.strip() + b"   :  " + tail.strip(b" ") + b"  "
        elif name == "del":
            del lines[index]
        elif name == "dup":
            lines.insert(index, line)
        else:
            del lines[index]
            limit = len(lines) if name == "moveany" else min(note_index(lines), len(lines))
            lines.insert(int(args[1]) % (limit + 1), line)
        return b"\n".join(lines)
    if name in ("insert", "insertpre", "comment"):
        limit = len(lines) if name == "insert" else note_index(lines)
        lines.insert(int(args[0]) % (limit + 1), encode(args[1]))
        return b"\n".join(lines)
    if name == "cal":
        # Another cal changing the calendar while the event is in the editor (the fuzzer's FUZZ_CAL and FUZZ_DB).
        import subprocess
        subprocess.run([os.environ["FUZZ_CAL"]] + [str(a) for a in args] + ["--db", os.environ["FUZZ_DB"]],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
        return data
    if name == "crlf":
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    if name == "cr":
        return data.replace(b"\n", b"\r")
    if name == "bom":
        return b"\xef\xbb\xbf" + data
    if name == "noeol":
        return data.rstrip(b"\r\n")
    if name == "bytes":
        position = int(len(data) * float(args[0]))
        return data[:position] + encode(args[1]) + data[position:]
    if name == "flip":
        rng = random.Random(args[0])
        changed = bytearray(data)
        for _ in range(int(args[1]) if changed else 0):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
        return bytes(changed)
    if name == "truncate":
        return data[:int(len(data) * float(args[0]))]
    if name == "cut":
        return data[:max(0, len(data) - int(args[0]))]
    if name == "grow":
        return data + b"x" * int(args[0])
    if name == "write":
        return encode(args[0])
    if name == "empty":
        return b""
    if name in ("fifo", "dir", "remove", "symlink"):
        write(path, data)
        os.unlink(path)
        if name == "fifo":
            os.mkfifo(path)
        elif name == "dir":
            os.mkdir(path)
        elif name == "symlink":
            os.symlink(args[0], path)
        return None
    if name == "chmod":
        write(path, data)
        os.chmod(path, int(args[0]))
        return None
    if name == "sigint":
        # To cal alone, the leader of the fuzzer's process group: a shell between it and this editor would die of
        # them, leaving this one to write the file after cal gave up on it.
        for number in (signal.SIGINT, signal.SIGQUIT):
            os.kill(os.getpgid(0), number)
        return data
    if name == "exit":
        write(path, data)
        sys.exit(int(args[0]))
    if name == "kill":
        write(path, data)
        try:
            signal.signal(int(args[0]), signal.SIG_DFL)
        except OSError:
            pass  # SIGKILL has no handler to reset
        os.kill(os.getpid(), int(args[0]))
        return None
    return data


def write(path, data):
    if data is None:
        return
    with open(path, "wb") as handle:
        handle.write(data)


def main():
    ops_path, path = sys.argv[1], sys.argv[2]
    try:
        with open(ops_path, "rb") as handle:
            text = handle.read().decode("utf-8", "surrogateescape")
    except OSError:
        text = ""
    with open(path, "rb") as handle:
        data = handle.read()
    for line in text.split("\n"):
        op = None
        # A line whose end shrinking cut off reads as far as it goes.
        for ending in ("", '"]', "]"):
            try:
                op = json.loads(line + ending)
                break
            except ValueError:
                continue
        if not isinstance(op, list) or not op or not isinstance(op[0], str):
            continue
        try:
            data = apply(op, data, path)
        except Exception:  # an operation cut short by shrinking, or one the file no longer allows: skipped
            continue
        if data is None:
            return 0
    write(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
