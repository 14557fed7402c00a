"""Times `cal sync` (cal starting cal-sync, release build) against a real Radicale started by
Scripts/caldav-server on a free port:

- the first sync of a 5,000-event collection into an empty calendar (everything comes down),
- a re-sync with nothing changed (which should cost one request: the sync-collection REPORT),
- one event added on the server, then synced,
- 500 local events sent up to an empty collection (one PUT each, If-None-Match: *): fewer, because Radicale
  3.1 spends longer on each PUT the larger the collection grows (a PUT into 4,000 events took it a fifth of
  a second here), which would measure Radicale, not cal.

For each: the wall time, the CPU time of cal and cal-sync (user + system: cal's own cost; the rest of the
wall time is the server's and the network's) and the HTTP requests cal-sync sent (from `cal sync --json`).
The server is Radicale with its file storage: its own time per request dominates the larger cases.

Usage: python3 Benchmarks/sync.py .build/release/cal [events [uploads]]
"""

import base64
import http.client
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def event(uid, index, summary):
    month, day, hour = 1 + index % 12, 1 + index % 28, 8 + index % 10
    return (f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20240101T000000Z\r\n"
            f"DTSTART:2024{month:02d}{day:02d}T{hour:02d}0000Z\r\nDURATION:PT1H\r\nSUMMARY:{summary}\r\nEND:VEVENT\r\n")


def calendar(events):
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//cal//benchmark//EN\r\n" + "".join(events) + "END:VCALENDAR\r\n"


class Server:
    """Radicale from Scripts/caldav-server, with a second, empty collection for the upload case."""

    def __init__(self):
        self.process = subprocess.Popen(
            [os.path.join(ROOT, "Scripts", "caldav-server"), "radicale"], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line:
            sys.exit("Radicale is not installed (apt-get install radicale): no sync benchmark")
        self.info = json.loads(line)
        self.collection = os.path.join(
            self.info["storage"], "collections", "collection-root", self.info["user"], "calendar")

    def fill(self, count):
        """Writes `count` events into Radicale's storage folder directly: a PUT each would take minutes."""
        for index in range(count):
            with open(os.path.join(self.collection, f"bench-{index}.ics"), "w", newline="") as file:
                file.write(calendar([event(f"bench-{index}@example.com", index, f"event {index}")]))

    def warm(self):
        """One listing, so that Radicale reads the files written behind its back into its cache (a server in use
        has them there): the first sync then measures the sync, not Radicale's first look at its folder."""
        body = '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
        self.request("PROPFIND", self.info["calendar"], body, {"Depth": "1"})

    def add_one(self):
        """A PUT of a new event, as another client would add one. (Changing one of the files written behind
        Radicale's back does not work: Radicale 3.1 answers 201 with the old ETag and keeps the old file.)"""
        self.request("PUT", self.info["calendar"] + "added.ics",
                     calendar([event("added@example.com", 1, "added on the phone")]), {"Content-Type": "text/calendar"})

    def request(self, method, url, body=None, headers=None):
        address = url.split("/")[2]
        path = "/" + url.split("/", 3)[3]
        token = base64.b64encode(f"{self.info['user']}:{self.info['password']}".encode()).decode()
        connection = http.client.HTTPConnection(address, timeout=600)
        connection.request(method, path, body=body, headers={"Authorization": "Basic " + token, **(headers or {})})
        response = connection.getresponse()
        response.read()
        if response.status // 100 != 2:
            sys.exit(f"{method} {path} answered {response.status}")

    def make_calendar(self, url):
        """MKCALENDAR through the server, as a client would."""
        self.request("MKCALENDAR", url)

    def stop(self):
        self.process.terminate()
        self.process.wait()


def run(cal, folder, arguments):
    """Runs cal; returns (wall seconds, CPU seconds of it and its children, its JSON output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([cal, "--db", os.path.join(folder, "cal.db")] + arguments, capture_output=True,
                            text=True, env={"PATH": "/usr/bin:/bin", "HOME": folder, "TZ": "UTC"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"failed: cal {' '.join(arguments)}\n{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout


def sync(cal, folder):
    wall, cpu, output = run(cal, folder, ["sync", "--json"])
    report = json.loads(output)
    work = report["calendars"][0]
    return wall, cpu, report["requests"], work


def add_calendar(cal, folder, server, url):
    password = server.info["password"]
    run(cal, folder, ["calendar", "add", "work", "--url", url, "--user", server.info["user"],
                      "--password-command", f"printf '%s\\n' '{password}'"])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cal = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    uploads = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    server = Server()
    folders = [tempfile.mkdtemp(prefix="cal-sync-bench-") for _ in range(2)]
    try:
        rows = []
        down = folders[0]
        add_calendar(cal, down, server, server.info["calendar"])
        server.fill(count)
        server.warm()
        wall, cpu, requests, work = sync(cal, down)
        assert work["down"] == count, work
        rows.append((f"first sync, {count:,} events down", wall, cpu, requests))
        quiet = [sync(cal, down) for _ in range(5)]
        assert all(sample[3]["down"] == 0 and sample[3]["up"] == 0 for sample in quiet)
        rows.append(("re-sync, nothing changed (median of 5)", statistics.median(s[0] for s in quiet),
                     statistics.median(s[1] for s in quiet), max(s[2] for s in quiet)))
        server.add_one()
        wall, cpu, requests, work = sync(cal, down)
        assert work["down"] == 1, work
        rows.append(("one event added on the server", wall, cpu, requests))

        up = folders[1]
        upload = server.info["url"] + server.info["user"] + "/upload/"
        server.make_calendar(upload)
        add_calendar(cal, up, server, upload)
        source = os.path.join(up, "local.ics")
        with open(source, "w", newline="") as file:
            file.write(calendar(event(f"local-{index}@example.com", index, f"local {index}") for index in range(uploads)))
        run(cal, up, ["import", source, "--calendar", "work"])
        wall, cpu, requests, work = sync(cal, up)
        assert work["up"] == uploads, work
        rows.append((f"first sync, {uploads:,} events up", wall, cpu, requests))

        print(f"cal sync against Radicale {server.info['version']} on this machine:\n")
        print(f"{'case':<42} {'wall':>9} {'cal CPU':>9} {'requests':>9}")
        for name, wall, cpu, requests in rows:
            print(f"{name:<42} {wall:>8.2f}s {cpu:>8.2f}s {requests:>9}")
    finally:
        server.stop()
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
