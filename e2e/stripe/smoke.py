#!/usr/bin/env python3
"""Quick self-check of the Stripe test harness (harness.py): exits non-zero on any failure.

    python3 e2e/stripe/smoke.py

Starts the harness, then as the product would: a customer, a Checkout Session (setup mode), the
hosted form posted with 4242 4242 4242 4242, the redirect to success_url, the session's
SetupIntent and card; a PaymentIntent created then confirmed off-session (with Idempotency-Key
replay); a declined one (4000 0000 0000 0341) confirmed again with the good card; the signed
webhooks. Standard library only.
"""

import hashlib
import hmac
import http.client
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = 'sk_test_smoke'
SECRET = 'whsec_smoke'


class Client:
    def __init__(self, base):
        u = urllib.parse.urlsplit(base)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)

    def call(self, method, path, data=None, key=KEY, headers=None):
        h = {}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True)
            h['Content-Type'] = 'application/x-www-form-urlencoded'
        if key:
            h['Authorization'] = 'Bearer ' + key
        h.update(headers or {})
        self.conn.request(method, path, body=body, headers=h)
        r = self.conn.getresponse()
        text = r.read().decode()
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = text
        return r.status, dict(r.getheaders()), parsed


def check(cond, what, detail=None):
    if not cond:
        raise AssertionError(what + (f': {detail!r}' if detail is not None else ''))
    print('ok  ', what)


def webhook_receiver():
    got = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
            got.append((dict(self.headers), body))
            self.send_response(200)
            self.send_header('Content-Length', '0')
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, got


def run(base):
    c = Client(base)
    server, hooks = webhook_receiver()
    st, _, _ = c.call('POST', '/_config/webhooks/smoke', {
        'url': f'http://127.0.0.1:{server.server_address[1]}/hook', 'secret': SECRET}, key=None)
    check(st == 200, 'webhook registered', st)

    st, _, cus = c.call('POST', '/v1/customers', {'name': 'Smoke Co', 'email': 'smoke@example.com',
                                                  'metadata[company_id]': '1'})
    check(st == 200 and cus['id'].startswith('cus_'), 'customer created', cus)
    customer = cus['id']

    st, _, err = c.call('POST', '/v1/checkout/sessions', {
        'mode': 'setup', 'customer': customer, 'success_url': 'http://x.test/'}, key=None)
    check(st == 401 and 'error' in err, 'checkout session without a key: 401', (st, err))
    st, _, err = c.call('POST', '/v1/checkout/sessions', {'mode': 'setup', 'customer': 'cus_nope',
                                                          'success_url': 'http://x.test/'})
    check(st == 400 and err['error'].get('code') == 'resource_missing',
          'checkout session for an unknown customer: 400 resource_missing', (st, err))

    success = ('http://app.test/admin/manage/my-account'
               '?session_id={CHECKOUT_SESSION_ID}&action=activate')
    st, _, sess = c.call('POST', '/v1/checkout/sessions', {
        'mode': 'setup', 'customer': customer, 'success_url': success,
        'cancel_url': 'http://app.test/admin/manage/my-account', 'client_reference_id': 'company-1',
        'currency': 'usd', 'payment_method_types[0]': 'card', 'metadata[company_id]': '1'})
    check(st == 200 and sess['id'].startswith('cs_test_') and sess['status'] == 'open'
          and sess['object'] == 'checkout.session' and sess['setup_intent'] is None
          and sess['url'] == f'{base}/checkout/{sess["id"]}', 'checkout session created', sess)
    sid = sess['id']
    path = urllib.parse.urlsplit(sess['url']).path

    st, _, page = c.call('GET', path, key=None)
    check(st == 200 and all(s in page for s in ('>Card number<', '>Expiry month<', '>Expiry year<',
                                                '>CVC<', '>Save card</button>', '>Cancel</a>')),
          'hosted page has the labelled form', st)

    card = {'card_number': '4242 4242 4242 4242', 'exp_month': '12', 'exp_year': '2030',
            'cvc': '123'}
    st, _, page = c.call('POST', path, {**card, 'card_number': '1234'}, key=None)
    check(st == 400 and 'role="alert"' in page,
          'an invalid card number re-renders with an error', st)

    st, headers, _ = c.call('POST', path, card, key=None)
    expected = success.replace('{CHECKOUT_SESSION_ID}', sid)
    check(st == 303 and headers.get('Location') == expected, 'hosted form redirects to success_url',
          (st, headers.get('Location')))

    st, _, sess = c.call('GET', f'/v1/checkout/sessions/{sid}')
    check(st == 200 and sess['status'] == 'complete' and sess['setup_intent'].startswith('seti_'),
          'session complete with a setup_intent', sess)
    st, _, page = c.call('GET', path, key=None)
    check(st == 200 and 'complete' in page, 'hosted page says complete', st)

    st, _, si = c.call('GET', f'/v1/setup_intents/{sess["setup_intent"]}')
    check(st == 200 and si['status'] == 'succeeded' and si['payment_method'].startswith('pm_'),
          'setup intent succeeded with a payment_method', si)
    pm = si['payment_method']
    st, _, pmo = c.call('GET', f'/v1/payment_methods/{pm}')
    check(st == 200 and pmo['customer'] == customer and pmo['card']['last4'] == '4242'
          and pmo['card']['brand'] == 'visa' and pmo['card']['exp_month'] == 12
          and pmo['card']['exp_year'] == 2030, 'payment method: attached, visa 4242 12/2030', pmo)

    def create(method, key):
        return c.call('POST', '/v1/payment_intents', {
            'amount': '2900', 'currency': 'usd', 'customer': customer, 'payment_method': method,
            'description': 'Timekeep subscription', 'metadata[charge]': key},
            headers={'Idempotency-Key': key + '-create'})

    def confirm(intent, method, key=None):
        return c.call('POST', f'/v1/payment_intents/{intent}/confirm',
                      {'payment_method': method, 'off_session': 'true'},
                      headers={'Idempotency-Key': key + '-confirm'} if key else None)

    st, _, pi = create(pm, 'c1')
    check(st == 200 and pi['status'] == 'requires_confirmation', 'payment intent created', pi)
    st, h, again = create(pm, 'c1')
    check(st == 200 and again['id'] == pi['id'] and h.get('Idempotent-Replayed') == 'true',
          'create replayed by Idempotency-Key', (st, again.get('id')))
    st, _, done = confirm(pi['id'], pm, 'c1')
    check(st == 200 and done['status'] == 'succeeded', 'confirmed off-session: succeeded', done)
    st, _, err = confirm(pi['id'], pm)
    check(st == 400 and err['error'].get('code') == 'payment_intent_unexpected_state',
          'a succeeded intent cannot be confirmed again', (st, err))

    st, _, bad = c.call('POST', '/v1/payment_methods', {
        'type': 'card', 'card[number]': '4000000000000341', 'card[exp_month]': '12',
        'card[exp_year]': '2030', 'card[cvc]': '123'})
    c.call('POST', f'/v1/payment_methods/{bad["id"]}/attach', {'customer': customer})
    st, _, pi2 = create(bad['id'], 'c2')
    st, _, err = confirm(pi2['id'], bad['id'], 'c2')
    check(st == 402 and err['error']['code'] == 'card_declined'
          and err['error']['type'] == 'card_error'
          and 'payment_intent' not in err['error'],
          'a decline: 402 card_declined', err)
    st, _, got = c.call('GET', f'/v1/payment_intents/{pi2["id"]}')
    check(st == 200 and got['status'] == 'requires_payment_method'
          and got['last_payment_error']['code'] == 'card_declined',
          'declined intent: requires_payment_method, last_payment_error', got)
    st, _, done = confirm(pi2['id'], pm)
    check(st == 200 and done['status'] == 'succeeded', 'declined intent confirmed again with 4242',
          done)

    deadline = time.time() + 10
    want = {'checkout.session.completed', 'payment_intent.succeeded',
            'payment_intent.payment_failed'}
    while time.time() < deadline and not want <= {json.loads(b)['type'] for _, b in hooks}:
        time.sleep(0.1)
    types = {json.loads(b)['type'] for _, b in hooks}
    check(want <= types, 'webhooks delivered', sorted(types))
    for headers, body in hooks:
        sig = dict(part.split('=', 1) for part in headers['Stripe-Signature'].split(','))
        mac = hmac.new(SECRET.encode(), sig['t'].encode() + b'.' + body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, sig['v1']):
            raise AssertionError(f'bad Stripe-Signature on {json.loads(body)["type"]}')
    check(True, 'webhook signatures verify')
    server.shutdown()


def main():
    proc = subprocess.Popen([sys.executable, os.path.join(HERE, 'harness.py'), '--honour-idempotency-keys'],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError('the harness printed nothing (see its stderr)')
        info = json.loads(line)
        print('harness', info)
        run(info['url'])
    except Exception as e:
        print('FAIL', e)
        return 1
    finally:
        proc.stdin.close()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    print('smoke: all good')
    return 0


if __name__ == '__main__':
    sys.exit(main())
