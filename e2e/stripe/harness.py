#!/usr/bin/env python3
"""Stripe test harness: localstripe 1.15.10 plus what it lacks, for the billing tests.

    python3 e2e/stripe/harness.py [--port 0] [--localstripe-port 0] [--verbose]

On start it prints exactly one line to stdout, then serves until SIGTERM, SIGINT, SIGHUP or EOF
on stdin (watched when stdin is a pipe or socket; a terminal or /dev/null leaves signals only):

    {"url": "http://127.0.0.1:<front port>", "localstripe": "http://127.0.0.1:<its port>"}

Tests spawn it with stdin piped, read that line, point the Stripe client at `url`, and close
stdin (or die) to stop it. localstripe runs in this process (its aiohttp handlers on their own
port, same event loop), so there is no child process to leak. State is in memory only (never
/tmp/localstripe.pickle); `DELETE /_config/data` clears everything, sessions included.
`python3 e2e/stripe/smoke.py` checks it all end to end.

The front (`url`)
-----------------
- `POST /v1/checkout/sessions` (form-encoded; Authorization `Bearer sk_…` or Basic `sk_…:`, else
  401 `{"error": {"type": "invalid_request_error", "message": …}}`). mode=setup (only),
  customer (required; unknown: 400 `{"error": {"code": "resource_missing", "param": "customer",
  "message": "No such customer: 'cus_…'", "type": "invalid_request_error"}}`), success_url
  (required; `{CHECKOUT_SESSION_ID}` kept literally), cancel_url, client_reference_id,
  metadata[…], payment_method_types[] (card only), currency, locale, setup_intent_data[metadata][…];
  an unknown parameter: 400 `parameter_unknown`. Answers 200:
  `{"id": "cs_test_<58>", "object": "checkout.session", "mode": "setup", "status": "open",
    "customer", "client_reference_id", "metadata", "success_url", "cancel_url",
    "setup_intent": null, "url": "<url>/checkout/<id>", "created", "expires_at" (+24 h),
    "livemode": false, "currency", "payment_method_types": ["card"],
    "payment_status": "no_payment_required", "locale"}`.
- `GET /v1/checkout/sessions/<id>` (expand[]=setup_intent, setup_intent.payment_method, customer)
  → the session; unknown: 404 `resource_missing`. `GET /v1/checkout/sessions?customer=&status=
  &limit=` (newest first); `POST /v1/checkout/sessions/<id>/expire`.
- `GET /checkout/<id>`: the hosted page, a plain form labelled 'Card number', 'Expiry month',
  'Expiry year', 'CVC', button 'Save card', link 'Cancel' (to cancel_url). `POST /checkout/<id>`
  (card_number, exp_month, exp_year, cvc): with the session's own key, creates the payment method,
  attaches it to the customer, creates a SetupIntent (usage=off_session) and confirms it with the
  payment method (localstripe refuses payment_method/confirm on create), marks the session
  `complete` with `setup_intent`, sends the webhook `checkout.session.completed` (data.object =
  the session) and answers 303 to success_url with the id in place of `{CHECKOUT_SESSION_ID}`.
  A refused card re-renders the form with `<p role="alert">` (400; 402 for a decline): 1234 →
  'The card was refused (payment method: Bad request)…', an expiry year before 2019 → 'Your
  card's expiration year is invalid.', 4000000000000002 → 'Your card was declined.',
  3-D Secure cards (4000002500003155) → 'The card needs authentication…'. A complete session's
  page says 'This checkout session is complete.' (and a POST changes nothing); expired: 'This
  checkout session has expired.'; unknown id: 404 page.
- With `--honour-idempotency-keys` (off by default, so the tests check the product's own
  exactly-once charging), `Idempotency-Key` on `POST /v1/*`, per API key: the same key and the same path+body replays the
  saved answer (same status and body, header `Idempotent-Replayed: true`); other parameters: 400
  `{"error": {"type": "idempotency_error", "message": "Keys for idempotent requests can only be
  used with the same parameters they were first used with…"}}`; while the first is in flight: 409
  `idempotency_key_in_use`. Saved: 2xx, 402 and 5xx answers (like Stripe, not the requests it
  refused before running them: 400, 401, 404, 409). Every answer echoes `Idempotency-Key`.
- Anything else (`/v1/*`, `/_config/*`, …) is proxied to localstripe unchanged (method, path,
  query, headers, body; answer as given) over a keep-alive pool.

Fixes made to localstripe (in this process, so both ports have them)
----------------------------------------------------------------------
No pickling of the store on every write (raw: ~36 req/s and falling), lists by an index rather
than a store scan, compact JSON (raw indents: json's slow Python encoder); PaymentIntent create
accepts `description` (raw: 400 "Unexpected description"); confirm accepts `off_session` (raw:
400 "Unexpected off_session") and `payment_method` (raw: 500 "Not implemented"), re-confirms a
declined intent given a payment_method (raw: impossible), and refuses other states with 400
`payment_intent_unexpected_state` (raw: 400 "Bad request", no code); a decline is `type:
card_error` with `decline_code: generic_decline` (raw: `invalid_request_error`; like raw, it
names only its `charge`, not the whole intent as Stripe does); 404s carry `code:
resource_missing` (raw: none); `GET /v1/payment_intents?customer=` works, newest first (raw: 400
"Unexpected customer"); an Authorization that is neither Bearer nor Basic is 401 (raw: 500).

What localstripe does (verified through the front; shapes abridged to the fields that matter)
-----------------------------------------------------------------------------------------------
Errors are always `{"error": {"message", "type", "code"?, "param"?, …}}`; most validation
failures are 400 `{"message": "Bad request", "type": "invalid_request_error"}` with no code.

a. Customers: `POST /v1/customers` name, email, metadata[company_id] → 200 `{"id": "cus_<14>",
   "object": "customer", "name", "email", "metadata": {"company_id": "7"},
   "invoice_settings": {"default_payment_method": null}, "sources"/"subscriptions"/"tax_ids":
   lists, "created", "livemode": false, …}`; `GET /v1/customers/<id>` the same; `DELETE` → 200
   `{"deleted": true, "id", "object": "customer"}`; then GET or DELETE → 404 `{"error":
   {"code": "resource_missing", "message": "Not Found", "type": "invalid_request_error"}}` (Stripe
   would answer 200 `deleted: true`). Payment methods and intents of a deleted customer remain.
   `GET /v1/payment_methods/<pm>` → `{"id": "pm_<14>", "object": "payment_method", "type": "card",
   "customer": "cus_…"|null, "card": {"brand": "visa", "last4": "4242", "exp_month": 12,
   "exp_year": 2030, "country": "FR", "funding": "credit", "fingerprint", …}, "billing_details":
   {}, "metadata": {}, …}`: brand is always "visa"; exp_year 31 becomes 2031; card[number] must be
   16 digits and the cvc 3 (else 400 "Bad request"); exp_year < 2019: 400 code
   `invalid_expiry_year`. Attaching 4000000000000002 (and …9995, …9987, …9979, …0069, …0127,
   …0119, 4242424242424241) → 402 `card_declined`. `GET /v1/setup_intents/<id>` → `{"id":
   "seti_<14>", "object": "setup_intent", "status": "succeeded", "customer", "payment_method":
   "pm_…", "usage": "off_session", "payment_method_types": ["card"], "client_secret",
   "next_action": null, "metadata": {}}`.
b. `POST /v1/payment_intents` amount, currency=usd, customer, payment_method, description,
   metadata[charge] (no confirm) → 200 `{"id": "pi_<14>", "object": "payment_intent", "status":
   "requires_confirmation", "amount", "currency", "customer", "payment_method", "description",
   "metadata", "latest_charge": null, "last_payment_error": null, "charges": {list},
   "capture_method": "automatic_async", "client_secret", "next_action": null, "invoice": null}`.
   off_session without confirm=true → 400 "Bad request" (as Stripe). A missing customer or
   payment method → 404 `resource_missing`.
   `POST /v1/payment_intents/<id>/confirm` payment_method, off_session=true → 200, the intent with
   "status": "succeeded" and "latest_charge" an expanded charge OBJECT (`{"id": "ch_…", "status":
   "succeeded", "paid": true, "payment_intent", …}`, not an id as in Stripe).
   Card 4000000000000341 (attaches fine; also pm_card_chargeCustomerFail) → 402
   `{"error": {"code": "card_declined", "decline_code": "generic_decline", "type": "card_error",
   "message": "Your card was declined.", "charge": "ch_…"}}`; retrieved
   afterwards: "status": "requires_payment_method", "payment_method": still the declined pm_…,
   "last_payment_error": `{"charge": "ch_…", "code": "card_declined", "message": "Your card was
   declined."}`. It can be confirmed again with a payment_method (the same card: 402 again; 4242:
   200 succeeded, last_payment_error null); without one: 400 `{"code":
   "payment_intent_unexpected_state", "message": "You cannot confirm this PaymentIntent because it
   has a status of requires_payment_method."}`. A succeeded intent confirmed again → 400
   `payment_intent_unexpected_state` ("…because it has already succeeded after being previously
   confirmed."), with or without payment_method. confirm=true on create works too (declines
   402 the same way; the intent exists, named in error.payment_intent). 3-D Secure cards
   (4000002500003155, 4000008260003178, …) confirm to 200 "status": "requires_action" with a
   next_action, even off-session (Stripe would answer 402 `authentication_required`).
   `GET /v1/payment_intents/<id>` → the intent as above.
c. Webhooks: `POST /_config/webhooks/<any id>` url=http…, secret=… (both required, else 400
   "Bad request"), optional events[]=type (a list; default every type) → 200, empty body; the
   same id again replaces it; no auth needed. A succeeded confirm sends
   `payment_intent.succeeded`, a declined one `payment_intent.payment_failed` (data.object = the
   intent with status requires_payment_method and last_payment_error); no charge.* events;
   also customer.created/updated/deleted, and checkout.session.completed from the front. Body:
   `{"id": "evt_<14>", "object": "event", "type", "created", "livemode": false, "api_version":
   "2017-08-15", "data": {"object": {…snapshot at the event}}}`; headers `Content-Type:
   application/json; charset=utf-8` and `Stripe-Signature: t=<event.created>,v1=<hex
   HMAC-SHA256(secret, "<t>.<body>")>` (one v1, Stripe's scheme). Delivery is in the background,
   about 1 s after the API call answered, to every registered URL in turn; a non-2xx answer or a
   connection error is logged and dropped: no retry. Events are also `GET /v1/events?type=`.
d. `GET /v1/payment_intents?customer=cus_…&limit=&starting_after=` → 200 `{"object": "list",
   "url": "/v1/payment_intents", "data": [intents, newest first], "has_more", "total_count"}`
   (an unknown customer: empty list). `GET /v1/charges?customer=` is localstripe's own (oldest
   first; each charge names its payment_intent).
e. Throughput (Python 3.11, 2 cores shared with a busy build, load ~4; http.client keep-alive):
   500 sequential create+confirm pairs through the front: 380-730 requests/s (190-365 pairs/s;
   straight to the localstripe port 760-1,240; raw localstripe ~36 and falling); 10,000 pairs:
   ~565 requests/s in 35 s, no slowdown as the store grows. A whole company (customer, session,
   hosted form, session + SetupIntent + payment method retrieves, create + confirm): ~54/s.
"""

import argparse
import asyncio
import base64
import hashlib
import html
import json
import logging
import os
import secrets
import signal
import socket
import stat
import string
import sys
import time
from importlib import metadata as importlib_metadata

import aiohttp
from aiohttp import web
from multidict import CIMultiDict
from yarl import URL

LOCALSTRIPE_VERSION = '1.15.10'
HOST = '127.0.0.1'

log = logging.getLogger('stripe-harness')

# --------------------------------------------------------------------------------------------
# localstripe, in this process, with the fixes listed in the docstring
# --------------------------------------------------------------------------------------------

try:
    import localstripe.resources as R
    import localstripe.server as S
    from localstripe.errors import UserError
    from localstripe.webhooks import schedule_webhook
except ImportError:  # pragma: no cover
    sys.exit('stripe harness: localstripe is not installed '
             f'(pip install localstripe=={LOCALSTRIPE_VERSION})')


def _dumps(obj):
    # Not indented: json's C encoder does not indent, and its Python encoder halves throughput.
    return json.dumps(obj, sort_keys=True) + '\n'


def json_response(obj, status=200, headers=None):
    return web.Response(status=status, body=_dumps(obj).encode(),
                        content_type='application/json', headers=headers)


def stripe_error(status, message, code=None, param=None, type_='invalid_request_error'):
    error = {'message': message, 'type': type_}
    if code:
        error['code'] = code
    if param:
        error['param'] = param
    return json_response({'error': error}, status=status)


def patch_localstripe():
    """Fixes to localstripe's classes, applied before anything is served (see the docstring)."""
    try:
        version = importlib_metadata.version('localstripe')
    except importlib_metadata.PackageNotFoundError:
        version = '?'
    if version != LOCALSTRIPE_VERSION:
        log.warning('localstripe %s found; the harness is written for %s',
                    version, LOCALSTRIPE_VERSION)

    # An `Authorization` that is neither Bearer nor Basic made localstripe answer 500.
    S.get_api_key = api_key_of

    # localstripe's answers, without indentation (see _dumps).
    S.json_response = lambda obj, status=200, **kw: json_response(obj, status=status)

    # --from-scratch, and no pickling of the whole store to /tmp/localstripe.pickle on every
    # write (O(store) per write, and shared by every localstripe on the machine).
    R.store.clear()
    R.store.dump_to_disk = lambda: None

    # An index of the store by object type: localstripe lists by scanning the whole store, and
    # exporting a PaymentIntent lists its charge's refunds (several scans per export).
    index = {}

    def index_set(self, key, value):
        dict.__setitem__(self, key, value)
        if isinstance(key, str) and ':' in key:
            index.setdefault(key.split(':', 1)[0], {})[key] = value

    def index_del(self, key):
        dict.__delitem__(self, key)
        if isinstance(key, str) and ':' in key:
            index.get(key.split(':', 1)[0], {}).pop(key, None)

    def index_clear(self):
        dict.clear(self)
        index.clear()

    R.Store.__setitem__ = index_set
    R.Store.__delitem__ = index_del
    R.Store.clear = index_clear

    def objects_of(cls_object):
        return list(index.get(cls_object, {}).values())

    @classmethod
    def list_all(cls, url, limit=None, starting_after=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        li = R.List(url, limit=limit, starting_after=starting_after)
        li._list = objects_of(cls.object)
        return li

    R.StripeObject._api_list_all = list_all

    # Error bodies closer to Stripe's: a decline is a `card_error` with a `decline_code`; a
    # missing object has `code: resource_missing`.
    def to_response(self):
        error = self.body.get('error', {})
        if self.code == 402 and error.get('code') == 'card_declined':
            error['type'] = 'card_error'
            error.setdefault('decline_code', 'generic_decline')
        if self.code == 404 and 'code' not in error:
            error['code'] = 'resource_missing'
        return S.json_response(self.body, status=self.code)

    UserError.to_response = to_response

    PI = R.PaymentIntent

    # PaymentIntent: accept `description` (and keep it).
    pi_init = PI.__init__

    def pi_init_with_description(self, description=None, **kwargs):
        if description is not None and type(description) is not str:
            raise UserError(400, 'Bad request')
        pi_init(self, **kwargs)
        self.description = description

    PI.__init__ = pi_init_with_description

    # A declined confirmation does not embed its PaymentIntent and payment method as Stripe's
    # does: localstripe's objects lack fields of Stripe's, and a client with typed errors (the
    # product's) would fail to read the error rather than see a decline.

    # Confirm: accept `off_session` and `payment_method`; a declined PaymentIntent
    # (requires_payment_method) can be confirmed again with a payment_method; anything but
    # requires_confirmation otherwise answers 400 payment_intent_unexpected_state.
    def confirm(id, payment_method=None, off_session=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        off_session = R.try_convert_to_bool(off_session)
        if off_session is not None and type(off_session) is not bool:
            raise UserError(400, 'Bad request')
        if not (type(id) is str and id.startswith('pi_')):
            raise UserError(400, 'Bad request')
        obj = PI._api_retrieve(id)
        if payment_method is not None:
            if not (type(payment_method) is str
                    and payment_method.startswith(('pm_', 'card_', 'src_'))):
                raise UserError(400, 'Bad request')
            R.PaymentMethod._api_retrieve(payment_method)  # 404 if unknown
        status = obj.status
        if status == 'succeeded':
            raise UserError(400, 'You cannot confirm this PaymentIntent because it has already '
                            'succeeded after being previously confirmed.',
                            {'code': 'payment_intent_unexpected_state'})
        if not (status == 'requires_confirmation'
                or (status == 'requires_payment_method' and payment_method is not None)):
            raise UserError(400, 'You cannot confirm this PaymentIntent because it has a status '
                            f'of {status}.', {'code': 'payment_intent_unexpected_state'})
        if payment_method is not None:
            obj.payment_method = payment_method
            if obj.latest_charge is not None and obj.latest_charge.status == 'failed':
                obj.latest_charge = None  # a new attempt
            obj._authentication_failed = False
        obj._confirm(on_failure_now=obj._report_failure)
        return obj

    for i, (method, url, func) in enumerate(R.extra_apis):
        if method == 'POST' and url == '/v1/payment_intents/{id}/confirm':
            R.extra_apis[i] = (method, url, confirm)

    # List PaymentIntents by customer (newest first, like Stripe).
    @classmethod
    def pi_list_all(cls, url, customer=None, limit=None, starting_after=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        if customer is not None:
            if not (type(customer) is str and customer.startswith('cus_')):
                raise UserError(400, 'Bad request')
        li = R.List(url, limit=limit, starting_after=starting_after)
        items = objects_of(cls.object)
        if customer is not None:
            items = [pi for pi in items if pi.customer == customer]
        items.reverse()
        li._list = items
        return li

    PI._api_list_all = pi_list_all


def build_localstripe_app():
    """localstripe's app (server.py's routes and middlewares), with the patched handlers."""
    app = web.Application(middlewares=[S.error_middleware, S.auth_middleware])
    app.on_response_prepare.append(S.add_cors_headers)
    for method, url, func in R.extra_apis:
        app.router.add_route(method, url, S.api_extra(func, url))
    for cls in (R.BalanceTransaction, R.Charge, R.Coupon, R.Customer, R.Event, R.Invoice,
                R.InvoiceItem, R.PaymentIntent, R.PaymentMethod, R.Payout, R.Plan, R.Product,
                R.Refund, R.SetupIntent, R.Source, R.Subscription, R.SubscriptionItem,
                R.TaxRate, R.Token):
        for method, url, func in (
                ('POST', '/v1/' + cls.object + 's', S.api_create),
                ('GET', '/v1/' + cls.object + 's/{id}', S.api_retrieve),
                ('POST', '/v1/' + cls.object + 's/{id}', S.api_update),
                ('DELETE', '/v1/' + cls.object + 's/{id}', S.api_delete),
                ('GET', '/v1/' + cls.object + 's', S.api_list_all)):
            app.router.add_route(method, url, func(cls, url))
    app.router.add_get('/js.stripe.com/v3/', S.localstripe_js)
    app.router.add_post('/_config/webhooks/{id}', S.config_webhook)
    app.router.add_delete('/_config/data', S.flush_store)
    return app


# --------------------------------------------------------------------------------------------
# The front
# --------------------------------------------------------------------------------------------

HOP_BY_HOP = frozenset((
    'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection',
    'te', 'trailer', 'trailers', 'transfer-encoding', 'upgrade', 'host', 'content-length'))
ALNUM = string.ascii_letters + string.digits
IN_FLIGHT = object()


def random_id(prefix, n=24):
    return prefix + ''.join(secrets.choice(ALNUM) for _ in range(n))


def api_key_of(request):
    """The secret key of `Authorization: Bearer sk_…` or `Basic base64(sk_…:)`, or None."""
    parts = request.headers.get('Authorization', '').split(' ')
    if len(parts) != 2:
        return None
    scheme, value = parts
    if scheme.lower() == 'bearer':
        key = value
    elif scheme.lower() == 'basic':
        try:
            key = base64.b64decode(value.encode()).decode().split(':')[0]
        except (ValueError, UnicodeDecodeError):
            return None
    else:
        return None
    return key if key.startswith('sk_') and len(key) > 5 else None


def unauthorized():
    return stripe_error(401, 'Invalid API Key provided, or none: use a secret key sk_test_… '
                        '(Authorization: Bearer sk_test_…).')


class Session:
    """A Checkout Session (mode setup), and what the hosted page needs to finish it."""

    def __init__(self, obj, key, setup_intent_metadata):
        self.obj = obj
        self.key = key
        self.setup_intent_metadata = setup_intent_metadata
        self.lock = asyncio.Lock()

    def refresh(self):
        if self.obj['status'] == 'open' and time.time() >= self.obj['expires_at']:
            self.obj['status'] = 'expired'
        return self.obj


class _Snapshot:
    """What localstripe's Event wants as `data`: something with `_export()`."""

    def __init__(self, obj):
        self.obj = json.loads(json.dumps(obj))

    def _export(self, expand=None):
        return self.obj


SESSION_PARAMS = frozenset((
    'mode', 'customer', 'success_url', 'cancel_url', 'client_reference_id', 'metadata',
    'payment_method_types', 'currency', 'expand', 'locale', 'setup_intent_data',
    'billing_address_collection', 'customer_email', 'expires_at'))


class Front:
    def __init__(self, upstream, client, honour_keys=False):
        self.honour_keys = honour_keys
        self.upstream = upstream  # http://127.0.0.1:<localstripe port>
        self.client = client      # aiohttp.ClientSession, keep-alive pool to localstripe
        self.base = None          # http://127.0.0.1:<front port>, set once bound
        self.sessions = {}
        self.idempotent = {}      # (api key, Idempotency-Key) -> saved answer, or IN_FLIGHT

    def app(self):
        app = web.Application(middlewares=[self.idempotency_middleware],
                              client_max_size=16 * 1024 * 1024)
        r = app.router
        r.add_post('/v1/checkout/sessions', self.create_session)
        r.add_get('/v1/checkout/sessions', self.list_sessions)
        r.add_get('/v1/checkout/sessions/{id}', self.retrieve_session)
        r.add_post('/v1/checkout/sessions/{id}/expire', self.expire_session)
        r.add_get('/checkout/{id}', self.page)
        r.add_post('/checkout/{id}', self.submit)
        r.add_delete('/_config/data', self.flush)
        r.add_route('*', '/{tail:.*}', self.proxy)
        return app

    # -- proxy ---------------------------------------------------------------------------------

    async def proxy(self, request):
        body = await request.read()
        headers = [(k, v) for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP]
        url = URL(self.upstream + request.raw_path, encoded=True)
        try:
            async with self.client.request(request.method, url, headers=headers,
                                           data=body or None, allow_redirects=False) as resp:
                data = await resp.read()
                out = CIMultiDict((k, v) for k, v in resp.headers.items()
                                  if k.lower() not in HOP_BY_HOP)
                return web.Response(status=resp.status, reason=resp.reason, body=data,
                                    headers=out)
        except aiohttp.ClientError as e:
            return stripe_error(502, f'stripe harness: localstripe did not answer: {e}',
                                type_='api_error')

    async def flush(self, request):
        self.sessions.clear()
        self.idempotent.clear()
        return await self.proxy(request)

    # -- Idempotency-Key -----------------------------------------------------------------------

    @web.middleware
    async def idempotency_middleware(self, request, handler):
        key = request.headers.get('Idempotency-Key')
        if not self.honour_keys or request.method != 'POST' or not key or not request.path.startswith('/v1/'):
            return await handler(request)
        body = await request.read()
        fingerprint = hashlib.sha256(request.path_qs.encode() + b'\n' + body).hexdigest()
        slot = (api_key_of(request) or '', key)
        saved = self.idempotent.get(slot)
        if saved is IN_FLIGHT:
            return stripe_error(409, 'There is currently another in-progress request using this '
                                'Idempotent Key (that probably means you submitted twice, and the '
                                'other request is still going through): ' + key + '. Please try '
                                'again later.', code='idempotency_key_in_use')
        if saved is not None:
            if saved['fingerprint'] != fingerprint:
                return stripe_error(400, 'Keys for idempotent requests can only be used with the '
                                    'same parameters they were first used with. Try using a key '
                                    f"other than '{key}' if you meant to execute a different "
                                    'request.', type_='idempotency_error')
            return web.Response(status=saved['status'], body=saved['body'],
                                headers={'Content-Type': saved['content_type'],
                                         'Idempotency-Key': key,
                                         'Idempotent-Replayed': 'true'})
        self.idempotent[slot] = IN_FLIGHT
        try:
            resp = await handler(request)
        except BaseException:
            del self.idempotent[slot]
            raise
        # Like Stripe: a request refused before it ran (validation, auth, conflict) is not saved.
        if isinstance(resp, web.Response) and (resp.status < 400 or resp.status == 402
                                               or resp.status >= 500):
            self.idempotent[slot] = {'fingerprint': fingerprint, 'status': resp.status,
                                     'body': resp.body,
                                     'content_type': resp.headers.get('Content-Type',
                                                                      'application/json')}
        else:
            del self.idempotent[slot]
        resp.headers['Idempotency-Key'] = key
        return resp

    # -- Checkout Sessions API -----------------------------------------------------------------

    async def create_session(self, request):
        key = api_key_of(request)
        if key is None:
            return unauthorized()
        try:
            data = await S.get_post_data(request) or {}
        except Exception:
            return stripe_error(400, 'Invalid request body: expected form-encoded parameters.')
        data = dict(data)
        for name in data:
            if name not in SESSION_PARAMS:
                return stripe_error(400, f'Received unknown parameter: {name}',
                                    code='parameter_unknown', param=name)
        expand = data.pop('expand', None)

        mode = data.get('mode')
        if mode is None:
            return stripe_error(400, 'Missing required param: mode.',
                                code='parameter_missing', param='mode')
        if mode != 'setup':
            return stripe_error(400, f"Invalid mode: '{mode}' (the stripe harness supports "
                                "mode=setup only).", code='parameter_invalid_string',
                                param='mode')
        customer = data.get('customer')
        if not customer:
            return stripe_error(400, 'Missing required param: customer (the stripe harness '
                                'needs a customer).', code='parameter_missing', param='customer')
        if type(customer) is not str or ('customer:' + customer) not in R.store:
            return stripe_error(400, f"No such customer: '{customer}'",
                                code='resource_missing', param='customer')
        urls = {}
        for name in ('success_url', 'cancel_url'):
            value = data.get(name)
            if value is None:
                if name == 'success_url':
                    return stripe_error(400, 'Missing required param: success_url.',
                                        code='parameter_missing', param=name)
                continue
            if type(value) is not str or not value.startswith(('http://', 'https://')):
                return stripe_error(400, 'Not a valid URL', code='url_invalid', param=name)
            urls[name] = value
        ref = data.get('client_reference_id')
        if ref is not None and (type(ref) is not str or not 0 < len(ref) <= 200):
            return stripe_error(400, 'Invalid client_reference_id: a string of 1 to 200 '
                                'characters.', code='parameter_invalid_string',
                                param='client_reference_id')
        md = data.get('metadata') or {}
        if type(md) is not dict or not all(type(v) is str for v in md.values()):
            return stripe_error(400, 'Invalid metadata: a hash of strings.',
                                code='parameter_invalid_string', param='metadata')
        types = data.get('payment_method_types', ['card'])
        if type(types) is str:
            types = [types]
        if type(types) is not list or not types or any(t != 'card' for t in types):
            return stripe_error(400, 'Invalid payment_method_types: the stripe harness supports '
                                "['card'] only.", code='parameter_invalid_string',
                                param='payment_method_types')
        currency = data.get('currency')
        if currency is not None and (type(currency) is not str or len(currency) != 3):
            return stripe_error(400, f'Invalid currency: {currency}',
                                code='parameter_invalid_string', param='currency')
        sid = data.get('setup_intent_data') or {}
        si_md = sid.get('metadata') if type(sid) is dict else None
        if si_md is not None and type(si_md) is not dict:
            return stripe_error(400, 'Invalid setup_intent_data[metadata].',
                                param='setup_intent_data')

        now = int(time.time())
        sid_ = random_id('cs_test_', 58)
        obj = {
            'id': sid_,
            'object': 'checkout.session',
            'mode': 'setup',
            'status': 'open',
            'customer': customer,
            'client_reference_id': ref,
            'metadata': md,
            'success_url': urls['success_url'],
            'cancel_url': urls.get('cancel_url'),
            'setup_intent': None,
            'url': f'{self.base}/checkout/{sid_}',
            'created': now,
            'expires_at': now + 24 * 3600,
            'livemode': False,
            'currency': currency.lower() if currency else None,
            'payment_method_types': types,
            'payment_status': 'no_payment_required',
            'locale': data.get('locale'),
        }
        self.sessions[sid_] = Session(obj, key, si_md or {})
        return self.export_session(obj, expand)

    def export_session(self, obj, expand):
        obj = json.loads(json.dumps(obj))
        if expand is None:
            expand = []
        if type(expand) is str:
            expand = [expand]
        if type(expand) is not list:
            return stripe_error(400, 'Invalid expand', param='expand')
        try:
            for path in expand:
                head, _, rest = path.partition('.')
                if head not in ('setup_intent', 'customer'):
                    return stripe_error(400, f'This property cannot be expanded ({path}).',
                                        param='expand')
                if type(obj[head]) is str:
                    cls = R.SetupIntent if head == 'setup_intent' else R.Customer
                    obj[head] = cls._api_retrieve(obj[head])._export(
                        expand=[rest] if rest else None)
        except UserError as e:
            return e.to_response()
        return json_response(obj)

    def find_session(self, request):
        s = self.sessions.get(request.match_info['id'])
        if s is not None:
            s.refresh()
        return s

    def no_session(self, request):
        return stripe_error(404, f"No such checkout.session: '{request.match_info['id']}'",
                            code='resource_missing', param='id')

    async def retrieve_session(self, request):
        if api_key_of(request) is None:
            return unauthorized()
        s = self.find_session(request)
        if s is None:
            return self.no_session(request)
        expand = S.unflatten_data(request.query).get('expand')
        return self.export_session(s.obj, expand)

    async def list_sessions(self, request):
        if api_key_of(request) is None:
            return unauthorized()
        q = S.unflatten_data(request.query)
        items = [s.refresh() for s in reversed(list(self.sessions.values()))]
        for name in ('customer', 'status', 'setup_intent'):
            if q.get(name):
                items = [o for o in items if o[name] == q[name]]
        if q.get('starting_after'):
            ids = [o['id'] for o in items]
            if q['starting_after'] in ids:
                items = items[ids.index(q['starting_after']) + 1:]
        try:
            limit = max(1, min(100, int(q.get('limit', 10))))
        except ValueError:
            return stripe_error(400, 'Invalid integer: limit', param='limit')
        return json_response({'object': 'list', 'url': '/v1/checkout/sessions',
                              'data': items[:limit], 'has_more': len(items) > limit})

    async def expire_session(self, request):
        if api_key_of(request) is None:
            return unauthorized()
        s = self.find_session(request)
        if s is None:
            return self.no_session(request)
        if s.obj['status'] != 'open':
            return stripe_error(400, f"Only Checkout Sessions with a status of 'open' can be "
                                f"expired; this one is {s.obj['status']}.",
                                code='checkout_session_unexpected_state')
        s.obj['status'] = 'expired'
        return json_response(s.obj)

    # -- the hosted page -----------------------------------------------------------------------

    def render(self, s, error=None, values=None, status=200):
        o = s.obj
        e = html.escape
        values = values or {}
        cancel = (f'<p><a href="{e(o["cancel_url"])}">Cancel</a></p>'
                  if o.get('cancel_url') else '')
        if o['status'] == 'complete':
            done = o['success_url'].replace('{CHECKOUT_SESSION_ID}', o['id'])
            main = ('<h1>Card saved</h1>\n<p role="status">This checkout session is complete.</p>\n'
                    f'<p><a href="{e(done)}">Continue</a></p>')
        elif o['status'] == 'expired':
            main = ('<h1>Checkout expired</h1>\n'
                    '<p role="status">This checkout session has expired.</p>\n' + cancel)
        else:
            err = (f'<p role="alert" id="error" class="error">{e(error)}</p>\n' if error else '')

            def field(name, label, autocomplete, size, value=''):
                return (f'<p><label for="{name}">{label}</label>\n'
                        f'<input id="{name}" name="{name}" type="text" inputmode="numeric" '
                        f'autocomplete="{autocomplete}" size="{size}" required '
                        f'value="{e(value)}"></p>\n')
            main = ('<h1>Save a card</h1>\n'
                    '<p>Test checkout (stripe harness): the card is saved for later payments.</p>\n'
                    + err +
                    f'<form method="post" action="/checkout/{e(o["id"])}">\n'
                    + field('card_number', 'Card number', 'cc-number', 19)
                    + field('exp_month', 'Expiry month', 'cc-exp-month', 2,
                            values.get('exp_month', ''))
                    + field('exp_year', 'Expiry year', 'cc-exp-year', 4,
                            values.get('exp_year', ''))
                    + field('cvc', 'CVC', 'cc-csc', 4)
                    + '<p><button type="submit">Save card</button></p>\n</form>\n' + cancel)
        page = ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                '<title>Checkout</title>\n<style>body{font-family:sans-serif;max-width:30em;'
                'margin:2em auto;padding:0 1em}label{display:block}.error{color:#a00}</style>\n'
                f'</head>\n<body>\n<main>\n{main}\n</main>\n</body>\n</html>\n')
        return web.Response(text=page, content_type='text/html', status=status)

    def not_found_page(self):
        return web.Response(status=404, content_type='text/html',
                            text='<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
                                 '<title>Checkout</title></head><body><main><h1>Not found</h1>'
                                 '<p>No such checkout session.</p></main></body></html>\n')

    async def page(self, request):
        s = self.find_session(request)
        if s is None:
            return self.not_found_page()
        return self.render(s)

    async def ls(self, method, path, key, data=None):
        """A call to localstripe as a Stripe client would make it: (status, JSON)."""
        async with self.client.request(
                method, self.upstream + path, data=data,
                headers={'Authorization': 'Bearer ' + key}) as resp:
            try:
                body = await resp.json(content_type=None)
            except ValueError:
                body = {'error': {'message': await resp.text()}}
            return resp.status, body

    async def submit(self, request):
        s = self.find_session(request)
        if s is None:
            return self.not_found_page()
        form = await request.post()
        values = {k: (form.get(k) or '').strip()
                  for k in ('card_number', 'exp_month', 'exp_year', 'cvc')}
        async with s.lock:
            if s.obj['status'] != 'open':
                return self.render(s)
            error = await self.save_card(s, values)
            if error:
                return self.render(s, error=error, values=values, status=402
                                   if 'declined' in error.lower() else 400)
        done = s.obj['success_url'].replace('{CHECKOUT_SESSION_ID}', s.obj['id'])
        raise web.HTTPSeeOther(done)

    async def save_card(self, s, v):
        """Payment method, attach, SetupIntent, confirm; None when saved, else the message."""
        number = ''.join(ch for ch in v['card_number'] if ch not in ' -')

        def message(status, body, what):
            err = body.get('error', {}) if isinstance(body, dict) else {}
            code, msg = err.get('code'), err.get('message') or f'HTTP {status}'
            if code == 'invalid_expiry_year':
                return "Your card's expiration year is invalid."
            if code == 'card_declined':
                return msg
            if status == 400 and msg == 'Bad request':
                return f'The card was refused ({what}: {msg}). Check the card details.'
            return f'The card was refused ({what}: {msg}).'

        st, pm = await self.ls('POST', '/v1/payment_methods', s.key, {
            'type': 'card', 'card[number]': number, 'card[exp_month]': v['exp_month'],
            'card[exp_year]': v['exp_year'], 'card[cvc]': v['cvc']})
        if st != 200:
            return message(st, pm, 'payment method')
        customer = s.obj['customer']
        st, body = await self.ls('POST', f'/v1/payment_methods/{pm["id"]}/attach', s.key,
                                 {'customer': customer})
        if st != 200:
            return message(st, body, 'attach')
        si_data = {'customer': customer, 'usage': 'off_session', 'payment_method_types[]': 'card'}
        for k, val in s.setup_intent_metadata.items():
            si_data[f'metadata[{k}]'] = val
        st, si = await self.ls('POST', '/v1/setup_intents', s.key, si_data)
        if st != 200:
            return message(st, si, 'setup intent')
        st, si = await self.ls('POST', f'/v1/setup_intents/{si["id"]}/confirm', s.key,
                               {'payment_method': pm['id']})
        if st != 200:
            return message(st, si, 'setup intent confirm')
        if si.get('status') != 'succeeded':
            return (f'The card needs authentication (setup intent {si.get("status")}), which this '
                    'test checkout cannot do. Use another card.')
        s.obj['status'] = 'complete'
        s.obj['setup_intent'] = si['id']
        schedule_webhook(R.Event('checkout.session.completed', _Snapshot(s.obj)))
        return None


# --------------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------------

def bind(port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    return sock


def watch_stdin(loop, stop):
    """Stop when stdin (a pipe or socket from the parent) reaches EOF: the parent is gone."""
    try:
        mode = os.fstat(0).st_mode
    except OSError:
        return
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return  # a terminal, /dev/null or a file: signals only

    def readable():
        try:
            data = os.read(0, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b''
        if not data:
            loop.remove_reader(0)
            stop.set()

    loop.add_reader(0, readable)


async def serve(args):
    patch_localstripe()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    watch_stdin(loop, stop)

    access = {} if args.verbose else {'access_log': None}
    ls_sock, front_sock = bind(args.localstripe_port), bind(args.port)
    ls_runner = web.AppRunner(build_localstripe_app(), shutdown_timeout=1.0, **access)
    await ls_runner.setup()
    await web.SockSite(ls_runner, ls_sock).start()
    ls_url = f'http://{HOST}:{ls_sock.getsockname()[1]}'

    client = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=256, keepalive_timeout=60),
        auto_decompress=False, skip_auto_headers=('User-Agent', 'Accept-Encoding', 'Accept'),
        timeout=aiohttp.ClientTimeout(total=60))
    front = Front(ls_url, client, honour_keys=args.honour_idempotency_keys)
    front.base = f'http://{HOST}:{front_sock.getsockname()[1]}'
    front_runner = web.AppRunner(front.app(), shutdown_timeout=1.0, **access)
    await front_runner.setup()
    await web.SockSite(front_runner, front_sock).start()

    sys.stdout.write(json.dumps({'url': front.base, 'localstripe': ls_url}) + '\n')
    sys.stdout.flush()
    try:
        await stop.wait()
    finally:
        await front_runner.cleanup()
        await client.close()
        await ls_runner.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--port', type=int, default=0, help='the front (0: a free port)')
    parser.add_argument('--localstripe-port', type=int, default=0,
                        help='localstripe itself (0: a free port)')
    # Off by default, like localstripe: the product's own exactly-once charging is what the
    # tests check, without the provider's help.
    parser.add_argument('--honour-idempotency-keys', action='store_true',
                        help="replay answers to a repeated Idempotency-Key, as Stripe does")
    parser.add_argument('--verbose', action='store_true',
                        help='access logs and webhook deliveries on stderr')
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        stream=sys.stderr, format='%(asctime)s %(name)s %(message)s')
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
