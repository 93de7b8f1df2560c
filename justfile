# Timekeep. `just --list` shows every recipe; `just run` and `just test` are the two that matter.

set shell := ["bash", "-euo", "pipefail", "-c"]

# PostgreSQL server the tests create their databases on (each run creates and drops its own).
pg_url := env_var_or_default("TIMEKEEP_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test")

# The recipes.
default:
    @just --list

# Build everything and start Timekeep on http://127.0.0.1:8080 (SQLite in data/, demo company on first start).
run: web-build
    cargo build --release -p gateway
    ./target/release/timekeep demo --with-time-off --with-hr --with-history
    ./target/release/timekeep serve --web-dir frontend/dist

# Every check: formatting, lints, Rust tests on SQLite and PostgreSQL, frontend checks, browser journeys on both databases.
test: fmt-check clippy test-build web-build pg-ready stripe-ready oidc-ready s3-ready otp-ready
    #!/usr/bin/env bash
    # After the builds, the independent suites run at once (each one's log printed when it ends),
    # so the waits of one (browsers, sleeps, the database) overlap the work of another.
    set -uo pipefail
    logs=$(mktemp -d)
    lanes=("just test-sqlite" "just test-postgres" "just web-lint" "just e2e-run" "just instances-run" "just fuzz-run 150")
    pids=()
    for i in "${!lanes[@]}"; do
      ( start=$(date +%s); eval "${lanes[$i]}"; status=$?; echo "[lane took $(( $(date +%s) - start )) s]"; exit $status ) > "$logs/$i.log" 2>&1 &
      pids+=($!)
    done
    failed=0
    failed_lanes=()
    for i in "${!lanes[@]}"; do
      if wait "${pids[$i]}"; then
        echo "=== ok: ${lanes[$i]}"; tail -n 15 "$logs/$i.log"
        # Journeys that passed only on their second try, whichever database's log they are in.
        grep -aE -A6 "^  [0-9]+ flaky$" "$logs/$i.log"
      else
        echo "=== FAILED: ${lanes[$i]}"; cat "$logs/$i.log"; failed=1; failed_lanes+=("$i")
      fi
    done
    # A reader of only the output's tail (CI keeps the last part) still learns what failed.
    for i in "${failed_lanes[@]}"; do
      echo "=== what failed in ${lanes[$i]}:"
      grep -aE "✘|FAILED|failed|flaky|panicked|^    [a-z0-9_]+::[a-z0-9_:]+$|=== journeys on" "$logs/$i.log" | tail -n 40
    done
    rm -rf "$logs"
    exit $failed

# A short property-based API fuzz run (schemathesis against the served OpenAPI; 0 server errors is the bar).
fuzz-quick: test-build
    just fuzz-run 150

# The long fuzz run (FUZZ_SECONDS, default 1800) against a debug build.
fuzz:
    cargo build -p gateway --locked
    just fuzz-run "${FUZZ_SECONDS:-1800}"

# Fuzzes a fresh server (SQLite, the demo company, signed in as its admin) for `seconds`; fails on any 5xx, dropped connection or panic.
fuzz-run seconds:
    #!/usr/bin/env bash
    set -euo pipefail
    bin="$(realpath "${CARGO_TARGET_DIR:-target}")/debug/timekeep"
    budget={{seconds}}
    dir=$(mktemp -d)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$bin" demo --data-dir "$dir" > /dev/null
    # No partner CRM is reachable from here: with AgencyZoom's real address the import answers
    # 502 (partner unavailable), as it should, which the server-error check counts; it is off.
    RUST_LOG=warn AGENCYZOOM_API_BASE= "$bin" serve --data-dir "$dir" --bind "127.0.0.1:$port" > "$dir/server.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$dir"' EXIT
    for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done
    token=$(curl -sf -H 'content-type: application/json' -d '{"email":"admin@demo.example.com","password":"demo1234"}' \
      "http://127.0.0.1:$port/server/v1/auth/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    # Signing out would end the session the run uses.
    status=0
    schemathesis run "http://127.0.0.1:$port/server/v1/openapi.json" --url "http://127.0.0.1:$port" \
      -H "Authorization: Bearer $token" --checks not_a_server_error --exclude-path /server/v1/auth/logout \
      --max-time "$budget" --workers 1 --request-timeout 30 --no-color --suppress-health-check all || status=$?
    if grep -q "panicked" "$dir/server.log"; then echo "the server panicked:"; grep -A3 panicked "$dir/server.log"; exit 1; fi
    exit $status

# Builds what the suites run (Rust tests and the server), once, before they start.
test-build:
    cargo test --workspace --locked --no-run
    cargo build -p gateway --locked

# Rust formatting.
fmt-check:
    cargo fmt --all -- --check

# Rust lints, warnings denied.
clippy:
    cargo clippy --workspace --all-targets --locked -- -D warnings

# The Rust test suite on SQLite.
test-sqlite: stripe-ready oidc-ready s3-ready otp-ready
    just rust-tests

# The Rust test suite again on PostgreSQL.
test-postgres: pg-ready stripe-ready oidc-ready s3-ready otp-ready
    TIMEKEEP_TEST_POSTGRES={{pg_url}} just rust-tests

# `cargo test` of the workspace, ending with the totals over every test binary in cargo's own
# "test result:" form (its last lines are otherwise empty doc-tests' "0 passed", which a reader of
# the log's tail takes for a run of no test).
rust-tests:
    #!/usr/bin/env bash
    set -uo pipefail
    log=$(mktemp)
    cargo test --workspace --locked 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    awk '/^test result:/ { passed += $4; failed += $6; ignored += $8; binaries++ }
      END { printf "Rust tests (%s), all %d test binaries together:\ntest result: %s. %d passed; %d failed; %d ignored; 0 measured; 0 filtered out\n", ENVIRON["TIMEKEEP_TEST_POSTGRES"] == "" ? "SQLite" : "PostgreSQL", binaries, failed == 0 ? "ok" : "FAILED", passed, failed, ignored }' "$log"
    rm -f "$log"
    exit $status

# The Stripe-shaped server the billing tests and journeys run against (e2e/stripe/harness.py) needs localstripe.
stripe-ready:
    @python3 -c 'import localstripe' 2>/dev/null || pip install --quiet "localstripe==1.15.10"

# The two-factor tests compute codes with an independent TOTP library (pyotp).
otp-ready:
    @python3 -c 'import pyotp' 2>/dev/null || pip install --quiet "pyotp==2.9.0"

# The S3-compatible server the object-storage tests run against (e2e/s3/server.py) needs moto.
s3-ready:
    @python3 -c 'import moto.server' 2>/dev/null || pip install --quiet "moto[server]==5.2.5"

# The OpenID Connect provider the single sign-on tests and journey run against (e2e/oidc/harness.mjs) needs its packages.
oidc-ready:
    cd e2e/oidc && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

# Fails clearly when the PostgreSQL server is not reachable.
pg-ready:
    @pg_isready -q -d "{{pg_url}}" || { echo "PostgreSQL is not reachable at {{pg_url}} (set TIMEKEEP_TEST_POSTGRES)"; exit 1; }

# Install the frontend's packages (from package-lock.json).
web-deps:
    cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

# Build the web app into frontend/dist.
web-build: web-deps
    cd frontend && npm run build

# Frontend lint, type check, unit tests, build and the bundle budget.
web-check: web-build web-lint

# Frontend lint, type check, unit tests and the bundle budget of the built app (no build).
web-lint: web-deps
    cd frontend && npm run lint && npm run typecheck && npm test && npm run bundle-report

# Gzipped size of what the login page loads (budget: 200 kB JS, 40 kB CSS).
bundle-report: web-build
    cd frontend && npm run bundle-report

# Browser journeys in Chromium against a freshly built server, on SQLite and PostgreSQL at once.
e2e: web-build pg-ready
    cargo build -p gateway --locked
    just e2e-run

# Two instances on one PostgreSQL database, files in a local S3-compatible store: tokens, files,
# throttles, mail, scheduled jobs and a rolling restart under clock load (e2e/instances/run.mjs).
instances: test-build pg-ready s3-ready
    just instances-run

# The two-instance checks against the server already built.
instances-run:
    cd e2e && TIMEKEEP_BIN="$(realpath "${CARGO_TARGET_DIR:-../target}")/debug/timekeep" E2E_PG_ADMIN_URL="{{pg_url}}" node instances/run.mjs

# The browser journeys against the server and web app already built (SQLite and PostgreSQL at once).
e2e-run: oidc-ready e2e-deps
    #!/usr/bin/env bash
    # The SQLite and PostgreSQL runs go at once (each its own server, harnesses and browser; logs
    # and Playwright output named by database): one run keeps a core busy, so two fill both once
    # the Rust suites are done. Each run's output is printed whole when both have ended.
    set -uo pipefail
    cd e2e
    bin="$(realpath "${CARGO_TARGET_DIR:-../target}")/debug/timekeep"
    out=$(mktemp -d)
    TIMEKEEP_BIN="$bin" env -u DATABASE_URL node run.mjs > "$out/sqlite.log" 2>&1 &
    sqlite=$!
    TIMEKEEP_BIN="$bin" E2E_PG_ADMIN_URL="{{pg_url}}" DATABASE_URL="{{pg_url}}" node run.mjs > "$out/postgres.log" 2>&1 &
    postgres=$!
    wait $sqlite; sqlite_status=$?
    wait $postgres; postgres_status=$?
    # A failed run is printed last, so the output's tail shows it.
    if [ $sqlite_status -ne 0 ] && [ $postgres_status -eq 0 ]; then
      echo "=== journeys on PostgreSQL (exit $postgres_status)"; cat "$out/postgres.log"
      echo "=== journeys on SQLite (exit $sqlite_status)"; cat "$out/sqlite.log"
    else
      echo "=== journeys on SQLite (exit $sqlite_status)"; cat "$out/sqlite.log"
      echo "=== journeys on PostgreSQL (exit $postgres_status)"; cat "$out/postgres.log"
    fi
    rm -rf "$out"
    [ $sqlite_status -eq 0 ] && [ $postgres_status -eq 0 ]

# The journeys' Node packages (Playwright).
e2e-deps:
    cd e2e && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }

# Benchmarks, e.g. `just bench foundation` (login hashing, SQLite durability cost).
bench name="foundation":
    cargo bench -p gateway --bench {{name}}

# Clock and timesheet load against a release build, on SQLite and PostgreSQL (BENCH_SECONDS, default 30).
bench-clock: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench clock

# Admin screens of a 1,000-employee company at 16 at once, on SQLite and PostgreSQL.
bench-admin: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench admin

# The team timesheet of a 500-person company (week and pay period), on SQLite and PostgreSQL (BENCH_SECONDS, default 10).
bench-team: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench team

# Approval paths (issue 41): an approver's inbox of 2,000 requests, the escalation job over 10,000.
bench-approvals: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench approvals

# Producer licences (issue 42): the compliance page over 2,500 licences and 25,000 CE credits,
# and the reminder job over 50,000 licences, on SQLite and PostgreSQL.
bench-licensing: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench licensing

# The audit trail (issue 43): shift edits with and without the trail, then the audit page's first page of each filter over 1,000,000 entries; SQLite and PostgreSQL.
bench-audit: pg-ready
    BENCH_ONLY=edits BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench audit --features audit-off
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench audit

# Scheduled work at a hundred thousand companies' scale (issue 44): 1,000,000 people on PostgreSQL,
# the accrual and celebration runs with 1, 2 and 4 `timekeep serve` instances sharing their batches.
bench-jobs: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench jobs

# Peak memory under 200 sign-ins at once, with the bound on password hashes and without it.
bench-signin:
    cargo bench -p gateway --bench signin

# The PTO engine's full recompute (10,000 employees x 3 years) and one employee's year; then the PTO screens of a 500-employee company with 3 years of history, on SQLite and PostgreSQL.
bench-pto: pg-ready
    cargo bench -p pto-engine --bench recompute
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench pto
    cargo bench -p gateway --bench accruals

# Paid sick leave by law (issue 38): the compliance report of 500 employees and 10 plans, and one employee's balance explanation over three years; every explanation is checked to add up first; SQLite and PostgreSQL.
bench-sick-leave: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench sick_leave

# Overtime by jurisdiction: the pure classifier's employee-weeks a minute on one core, then the summary report of 1,000 employees x 1 year under California's rules, SQLite and PostgreSQL.
bench-overtime: pg-ready
    cargo bench -p overtime --bench classify
    BENCH_ONLY=overtime BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench reports

# The summary report of 1,000 employees x 1 year of shifts and its XLSX export; the team calendar's month of 500 employees; SQLite and PostgreSQL.
bench-reports: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench reports

# HR broadcasts and the folder of a 500-employee company: publishing to everyone, a broadcast's status, the All tab of 1,000 entries; SQLite and PostgreSQL.
bench-hr: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench hr

# The monthly charge job for 2,000 and 10,000 subscribed companies against the local Stripe harness (time, peak memory, every company charged exactly once); SQLite and PostgreSQL.
bench-billing: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench billing

# The operator's screens over 10,000 companies and 200,000 users (customers, statistics, people search, the CSV exports' time and memory); SQLite and PostgreSQL.
bench-system: pg-ready
    BENCH_POSTGRES={{pg_url}} cargo bench -p gateway --bench system

# Clock presses on PostgreSQL through one instance, two, and two restarted in turn (release build).
bench-instances: pg-ready
    cargo build --release -p gateway
    cd e2e && E2E_PG_ADMIN_URL="{{pg_url}}" node instances/bench.mjs

# Every property test with 10,000 cases (the default run uses fewer).
proptest-deep:
    PROPTEST_CASES=10000 cargo test --release -p pto-engine -p clock -p timesheet

# Apply the database migrations (DATABASE_URL or the SQLite file in data/).
migrate:
    cargo run -p gateway -- migrate

# Lighthouse's mobile audit of /login and /clockin against a release build (scores and what the pages load),
# first visits three times each (the median counts), then /clockin's repeat visit with the service worker.
bench-lighthouse: web-build
    cargo build --release -p gateway --locked
    cd e2e/lighthouse && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }
    cd e2e/lighthouse && TIMEKEEP_BIN="$(realpath "${CARGO_TARGET_DIR:-../../target}")/release/timekeep" LIGHTHOUSE_RUNS="${LIGHTHOUSE_RUNS:-3}" node run.mjs
