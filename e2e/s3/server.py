#!/usr/bin/env python3
"""A local S3-compatible server for the tests of the object store (crates/files/src/s3.rs): moto's
server (PyPI `moto[server]==5.2.5`) on a free port of 127.0.0.1.

    python3 e2e/s3/server.py [--port 0]

On start it prints exactly one line to stdout, then serves until stdin reaches EOF (the test
process closed it or died), SIGTERM or SIGINT:

    {"url": "http://127.0.0.1:<port>"}

It starts empty: each test creates a bucket of its own (`PUT /<bucket>`, which moto accepts
unsigned) and talks S3 to `<url>/<bucket>/<key>` (path-style) with any access key and secret.
The buckets live in this process's memory and go with it.
"""

import argparse
import json
import logging
import os
import signal
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from stdin_eof import on_stdin_eof  # noqa: E402

try:
    from moto.server import ThreadedMotoServer
except ImportError:
    sys.exit('moto is missing: pip install "moto[server]==5.2.5"')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    # werkzeug logs each request to stderr, which would run through the tests' output.
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=args.port, verbose=False)
    server.start()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    on_stdin_eof(stop.set)
    _, port = server.get_host_and_port()
    print(json.dumps({"url": f"http://127.0.0.1:{port}"}), flush=True)
    stop.wait()
    server.stop()


if __name__ == "__main__":
    main()
