#!/usr/bin/env python3
"""A local server speaking the AgencyZoom API shape the import relies on (crates/agencyzoom).

    python3 e2e/agencyzoom/server.py [--port 0] [--verbose]

Standard library only. On start it prints exactly one line to stdout, then serves until stdin
reaches EOF (the test process closed it or died), SIGTERM or SIGINT:

    {"url": "http://127.0.0.1:<port>"}

The API (what Timekeep calls; see crates/agencyzoom/src/lib.rs for the contract)
---------------------------------------------------------------------------------
- POST /v1/api/auth/login {"username", "password"} -> 200 {"jwt"}; unknown user or wrong
  password -> 401 {"message": "Invalid username or password"}; no JSON -> 400.
- GET /v1/api/agency (Bearer) -> 200 the agency's details; a user whose userType is not owner or
  admin -> 403 {"message": "Only account admins may use this"}; no or unknown token -> 401.
- GET /v1/api/employees?page=&pageSize= (Bearer) -> 200 {"totalCount", "page", "pageSize",
  "employees": [...]}; pageSize 1-100 (default 100); the same 403 and 401.
- POST /v1/api/auth/logout (Bearer) -> 204; the token stops working.

Scenario control (for the tests, not part of the API)
------------------------------------------------------
- POST /_admin/agencies {"agency": {...details}, "employees": [{"id", "firstName", "lastName",
  "email", "phone", "jobTitle", "userType", "active", "password"?}], "behaviour": {...}}
  -> 201 {"id"}. An employee with a "password" can sign in (as that e-mail). Sent employees are
  served as given, without "password" (any field, even a malformed one, goes out as it came).
- PUT /_admin/agencies/<id> (same body) replaces it; tokens stay valid.
- GET /_admin/agencies/<id> -> {"logins", "failedLogins", "openTokens", "requests": [paths]}.
- behaviour (all optional): {"delaySeconds": n, "delayPath": "/v1/api/employees"} sleeps before
  answering that path (every path when delayPath is absent); {"malformedPath": p} answers p with
  200 and a body that is not JSON; {"failPath": p, "failStatus": 500} answers p with that status.

Each agency is its own world: tests running at once each make theirs and sign in with their own
e-mails, so they never see each other's staff.
"""

import argparse
import json
import os
import secrets
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from stdin_eof import on_stdin_eof  # noqa: E402

LOCK = threading.Lock()
AGENCIES = {}  # id -> {"agency", "employees", "behaviour", "stats"}
TOKENS = {}  # jwt -> (agency id, e-mail)
ADMIN_TYPES = {"owner", "admin"}


def new_stats():
    return {"logins": 0, "failedLogins": 0, "requests": []}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "AgencyZoomStandIn/1.0"
    verbose = False

    def log_message(self, fmt, *args):
        if self.verbose:
            sys.stderr.write("[agencyzoom] " + (fmt % args) + "\n")

    # --- plumbing ---------------------------------------------------------------------------

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"null")
        except ValueError:
            return None

    def answer(self, status, body=None, raw=None):
        payload = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        self.send_response(status)
        if payload:
            self.send_header("Content-Type", "application/json" if raw is None else "text/html")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if payload:
            try:
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

    def bearer(self):
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Bearer "):
            return None
        with LOCK:
            return TOKENS.get(header[len("Bearer "):].strip()), header[len("Bearer "):].strip()

    def behave(self, agency_id, path):
        """Applies the agency's scenario to `path`; True when it already answered."""
        with LOCK:
            entry = AGENCIES.get(agency_id)
            if entry is None:
                return False
            entry["stats"]["requests"].append(path)
            behaviour = dict(entry["behaviour"])
        delay = behaviour.get("delaySeconds")
        if delay and behaviour.get("delayPath", path) == path:
            time.sleep(float(delay))
        if behaviour.get("malformedPath") == path:
            self.answer(200, raw=b"<html><body>Service temporarily unavailable</body></html>")
            return True
        if behaviour.get("failPath") == path:
            self.answer(int(behaviour.get("failStatus", 500)), {"message": "Internal Server Error"})
            return True
        return False

    def signed_in(self, path):
        """(agency entry, user) for a valid token, else answers 401/403 and returns None."""
        found = self.bearer()
        if not found or found[0] is None:
            self.answer(401, {"message": "Unauthorized"})
            return None
        (agency_id, email), _ = found
        if self.behave(agency_id, path):
            return None
        with LOCK:
            entry = AGENCIES.get(agency_id)
            user = next((e for e in entry["employees"] if str(e.get("email", "")).lower() == email), None) if entry else None
            if entry is None or user is None:
                self.answer(401, {"message": "Unauthorized"})
                return None
            if str(user.get("userType", "")).lower() not in ADMIN_TYPES:
                self.answer(403, {"message": "Only account admins may use this"})
                return None
            return json.loads(json.dumps(entry))

    # --- the API ----------------------------------------------------------------------------

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/v1/api/auth/login":
            return self.login()
        if path == "/v1/api/auth/logout":
            found = self.bearer()
            if found and found[0] is not None:
                with LOCK:
                    TOKENS.pop(found[1], None)
            return self.answer(204)
        if path == "/_admin/agencies":
            body = self.read_json()
            if not isinstance(body, dict):
                return self.answer(400, {"message": "JSON object expected"})
            agency_id = secrets.token_hex(6)
            with LOCK:
                AGENCIES[agency_id] = self.entry(body, new_stats())
            return self.answer(201, {"id": agency_id})
        return self.answer(404, {"message": "Not Found"})

    def do_PUT(self):
        path = urlsplit(self.path).path
        if path.startswith("/_admin/agencies/"):
            agency_id = path.rsplit("/", 1)[-1]
            body = self.read_json()
            with LOCK:
                if agency_id not in AGENCIES or not isinstance(body, dict):
                    return self.answer(404, {"message": "Not Found"})
                AGENCIES[agency_id] = self.entry(body, AGENCIES[agency_id]["stats"])
            return self.answer(200, {"id": agency_id})
        return self.answer(404, {"message": "Not Found"})

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/v1/api/agency":
            entry = self.signed_in(url.path)
            if entry is not None:
                self.answer(200, entry["agency"])
            return None
        if url.path == "/v1/api/employees":
            entry = self.signed_in(url.path)
            if entry is None:
                return None
            query = parse_qs(url.query)
            try:
                page = max(1, int(query.get("page", ["1"])[0]))
                size = min(100, max(1, int(query.get("pageSize", ["100"])[0])))
            except ValueError:
                return self.answer(400, {"message": "Bad page"})
            staff = [{k: v for k, v in e.items() if k != "password"} for e in entry["employees"]]
            rows = staff[(page - 1) * size: page * size]
            return self.answer(200, {"totalCount": len(staff), "page": page, "pageSize": size, "employees": rows})
        if url.path.startswith("/_admin/agencies/"):
            agency_id = url.path.rsplit("/", 1)[-1]
            with LOCK:
                entry = AGENCIES.get(agency_id)
                if entry is None:
                    return self.answer(404, {"message": "Not Found"})
                open_tokens = sum(1 for owner, _ in TOKENS.values() if owner == agency_id)
                stats = dict(entry["stats"], openTokens=open_tokens)
            return self.answer(200, stats)
        return self.answer(404, {"message": "Not Found"})

    def login(self):
        body = self.read_json()
        if not isinstance(body, dict) or not isinstance(body.get("username"), str):
            return self.answer(400, {"message": "username and password are required"})
        email = body["username"].strip().lower()
        password = body.get("password")
        with LOCK:
            match = next(
                (
                    (agency_id, entry, person)
                    for agency_id, entry in AGENCIES.items()
                    for person in entry["employees"]
                    if str(person.get("email", "")).lower() == email and "password" in person
                ),
                None,
            )
            if match is None:
                return self.answer(401, {"message": "Invalid username or password"})
            agency_id, entry, person = match
            if person["password"] != password:
                entry["stats"]["failedLogins"] += 1
                return self.answer(401, {"message": "Invalid username or password"})
        if self.behave(agency_id, "/v1/api/auth/login"):
            return None
        jwt = secrets.token_urlsafe(24)
        with LOCK:
            entry["stats"]["logins"] += 1
            TOKENS[jwt] = (agency_id, email)
        return self.answer(200, {"jwt": jwt})

    @staticmethod
    def entry(body, stats):
        return {
            "agency": body.get("agency") or {},
            "employees": list(body.get("employees") or []),
            "behaviour": dict(body.get("behaviour") or {}),
            "stats": stats,
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    Handler.verbose = args.verbose
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    on_stdin_eof(lambda: threading.Thread(target=server.shutdown, daemon=True).start())
    print(json.dumps({"url": f"http://127.0.0.1:{server.server_address[1]}"}), flush=True)
    server.serve_forever()
    server.server_close()


if __name__ == "__main__":
    main()
