"""For the test servers that stop when the process that started them lets go of their stdin
(e2e/s3/server.py, e2e/agencyzoom/server.py): the harness closing the pipe, or dying."""

import os
import stat
import sys
import threading


def on_stdin_eof(callback):
    """Calls `callback` on a thread of its own once stdin reaches EOF. Only when stdin is a pipe
    or socket: a terminal or /dev/null leaves the server to its signals."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError):
        return
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return

    def wait():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            callback()

    threading.Thread(target=wait, daemon=True).start()
