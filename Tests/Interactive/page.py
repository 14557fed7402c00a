"""Drives `cal interactive` on a real pseudo-terminal and reads its screen through pyte, a terminal emulator.

The page runs as a job under a small job-control shell of its own (the session leader of the terminal), so
Ctrl-Z stops it as a shell's job is stopped and `fg` continues it. The harness keeps a descriptor of the
terminal's slave side, to read its settings (`stty -a`) while the page runs and after it ends.
"""

import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import termios
import time

import pyte

NOW = "2024-05-12T10:00:00+02:00"
LEAVE = [b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1002l", b"\x1b[?1006l", b"\x1b[?1049l"]


class Page:
    """One `cal interactive` on a pseudo-terminal of `rows` by `columns`."""

    def __init__(self, cal, folder, rows=24, columns=80, env=None, args=(), nonblocking=False):
        self.cal = cal
        self.db = os.path.join(folder, "cal.db")
        self.env = {
            "PATH": "/usr/bin:/bin",
            "HOME": folder,
            "TERM": "xterm-256color",
            "TZ": "Europe/Berlin",
            "LC_ALL": "C",
            "CAL_TEST_NOW": NOW,
        }
        self.env.update(env or {})
        self.rows, self.columns = rows, columns
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        self.master, self.slave = os.openpty()
        if nonblocking:  # as a program that crashed can leave a terminal: the flag is the terminal's, shared
            fcntl.fcntl(self.slave, fcntl.F_SETFL, fcntl.fcntl(self.slave, fcntl.F_GETFL) | os.O_NONBLOCK)
        self.set_size(rows, columns)
        self.settings_before = self.stty()
        reports_read, reports_write = os.pipe()
        commands_read, commands_write = os.pipe()
        self.leader = os.fork()
        if self.leader == 0:
            os.close(reports_read)
            os.close(commands_write)
            self._lead(list(args), reports_write, commands_read)
        os.close(reports_write)
        os.close(commands_read)
        self.reports = os.fdopen(reports_read, "r")
        self.commands = commands_write
        self.pid = int(self._report())
        self.status = None

    # The session leader: a job-control shell that runs one job, cal, in a process group of its own.
    def _lead(self, args, reports, commands):
        try:
            os.setsid()
            fcntl.ioctl(self.slave, termios.TIOCSCTTY, 0)
            for descriptor in (0, 1, 2):
                os.dup2(self.slave, descriptor)
            os.close(self.master)
            signal.signal(signal.SIGTTOU, signal.SIG_IGN)
            job = os.fork()
            if job == 0:
                os.setpgid(0, 0)
                os.tcsetpgrp(0, os.getpid())
                signal.signal(signal.SIGTTOU, signal.SIG_DFL)
                os.execve(self.cal, [self.cal, "interactive", "--db", self.db] + args, self.env)
            try:
                os.setpgid(job, job)
            except OSError:
                pass
            os.write(reports, b"%d\n" % job)
            while True:
                _, status = os.waitpid(job, os.WUNTRACED)
                if os.WIFSTOPPED(status):
                    os.tcsetpgrp(0, os.getpgrp())  # as a shell takes the terminal back
                    os.write(reports, b"stopped\n")
                    if os.read(commands, 16).strip() == b"fg":
                        os.tcsetpgrp(0, job)
                        os.killpg(job, signal.SIGCONT)
                    continue
                code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
                os.write(reports, b"exit %d\n" % code)
                os._exit(0)
        finally:
            os._exit(99)

    def _report(self, timeout=10):
        ready, _, _ = select.select([self.reports], [], [], timeout)
        assert ready, "the job-control shell said nothing"
        return self.reports.readline().strip()

    # The terminal.
    def set_size(self, rows, columns):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def stty(self):
        return subprocess.run(["stty", "-a"], stdin=self.slave, capture_output=True, text=True).stdout

    def resize(self, rows, columns):
        """Resizes the terminal (the kernel sends SIGWINCH to the page's process group, and so does this)."""
        self.set_size(rows, columns)
        self.screen.resize(rows, columns)
        self.rows, self.columns = rows, columns
        os.kill(self.pid, signal.SIGWINCH)

    def pump(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([self.master], [], [], 0.01)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.output += data
                self.stream.feed(data)

    def lines(self):
        return list(self.screen.display)

    def text(self):
        return "\n".join(self.lines())

    def wait_for(self, predicate, timeout=6, what=""):
        """Reads until `predicate(page)` holds; fails with the screen otherwise."""
        end = time.time() + timeout
        while time.time() < end:
            self.pump(0.03)
            if predicate(self):
                return
        raise AssertionError("timed out waiting for %s; the screen:\n%s" % (what or predicate, self.text()))

    def wait_text(self, text, timeout=6):
        self.wait_for(lambda page: text in page.text(), timeout, repr(text))

    def settled(self, title):
        """Waits for the page titled `title` with no animation on it."""
        curl = ("░", "╱", "╲")
        self.wait_for(lambda page: title in page.lines()[0] and not any(mark in page.text() for mark in curl),
                      what="settled on " + title)

    # Input.
    def send(self, data):
        os.write(self.master, data)

    def key(self, data):
        self.send(data)
        self.pump(0.05)

    def drag(self, start, end, steps=3):
        """Press the left button at `start` (column, row, 1-based), move to `end`, release."""
        (x0, y0), (x1, y1) = start, end
        events = b"\x1b[<0;%d;%dM" % (x0, y0)
        for step in range(1, steps + 1):
            events += b"\x1b[<32;%d;%dM" % (x0 + (x1 - x0) * step // steps, y0 + (y1 - y0) * step // steps)
        events += b"\x1b[<0;%d;%dm" % (x1, y1)
        self.send(events)

    def click(self, column, row):
        self.send(b"\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (column, row, column, row))

    def find(self, text, row_from=0):
        """The 1-based (column, row) of the first `text` on the screen from `row_from`."""
        for row, line in enumerate(self.lines()):
            if row >= row_from and text in line:
                return line.index(text) + 1, row + 1
        raise AssertionError("%r is not on the screen:\n%s" % (text, self.text()))

    # The job.
    def signal(self, number):
        os.kill(self.pid, number)

    def wait_stopped(self):
        report = self._report()
        assert report == "stopped", report

    def fg(self):
        os.write(self.commands, b"fg\n")

    def wait_exit(self, timeout=10):
        report = self._report(timeout)
        assert report.startswith("exit "), report
        self.status = int(report.split()[1])
        self.pump(0.2)
        return self.status

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                self.wait_exit()
            except (OSError, AssertionError):
                pass
        os.waitpid(self.leader, 0)
        for descriptor in (self.master, self.slave, self.commands):
            os.close(descriptor)
        self.reports.close()

    def assert_restored(self):
        """The bytes that show the cursor, turn the mouse off and leave the alternate screen were written
        once after the page last entered its modes, and the terminal's settings are what they were."""
        tail = self.output[self.output.rindex(b"\x1b[?1049h"):]
        for sequence in LEAVE:
            assert sequence in tail, "%r not written after the page's last start" % sequence
        # Once: written again after the shell's prompt, it would put the cursor back where the page started
        # (a terminal restores its saved cursor at each ?1049l) and turn the shell's bracketed paste off.
        assert tail.count(b"\x1b[?1049l") == 1, "the terminal was given back %d times" % tail.count(b"\x1b[?1049l")
        assert self.stty() == self.settings_before, "stty -a differs:\n%s\n---\n%s" % (
            self.settings_before, self.stty())

    # The calendar, through cal's own commands.
    def cal_json(self, *args):
        result = subprocess.run(
            [self.cal] + list(args) + ["--json", "--db", self.db], env=self.env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    def run_cal(self, *args):
        result = subprocess.run([self.cal] + list(args) + ["--db", self.db], env=self.env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result.stdout
