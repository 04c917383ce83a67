#!/usr/bin/env python3
"""skatd's web side from outside (docs/web.md): a real skatd, plain HTTP and HTTPS, driven with
Python's standard library only.

  python3 tests/web/http_api_test.py --skatd build/skatd --skat build/skat

What it proves:
  - the JSON API is the gRPC API: the same refusals (code, message, reason) as the command line,
    googleapis' HTTP statuses, protobuf's JSON mapping both ways;
  - the web side's own refusals: unknown methods, GET on the API, bodies that are not JSON or
    over 1 MiB, unsafe page paths;
  - the security headers on pages, replies and refusals (a strict CSP without inline script);
  - server streams as server-sent events, a new message after a result is confirmed;
  - per-client bounds: connections per client address, and streams counted for the browser's
    address (not for skatd itself);
  - hidden information through the web door: a seat token cannot read another table, a
    traveller is refused before its board is finished everywhere;
  - HTTPS with --tls-cert/--tls-key, and plaintext refused off loopback;
  - a table card's short address /t/<table code>: a redirect into the table page's fragment, and
    the code reading what the table's seat tokens read, refused as a wrong token when wrong.
"""
import base64
import gzip
import hashlib
import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from skatd_web import Skatd, api, database_url, parse_test_args, run_tests  # noqa: E402

# A middlehand hand game in hearts with 75 card points, bid to 18: valid on any deal.
REPORT = {'kind': 'KIND_DECLARER_GAME', 'declarer': 'DIRECTION_MIDDLEHAND',
          'declaration': {'handling': 'SKAT_HANDLING_HAND', 'game': 'GAME_TYPE_HEARTS'},
          'declarerPoints': 75, 'declarerTricks': 6, 'floor': 18}
# services/web/report_pages.h kFreshFor: how long the result pages may be older than the data.
REPORT_PAGES_FRESH_FOR = 5.1
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARGS = None
SERVER = None


def skat(*args, env=None):
    """Runs the command line against SERVER; returns (exit code, output)."""
    full = [ARGS.skat, *args, '--server', '127.0.0.1:%d' % SERVER.grpc_port]
    run = subprocess.run(full, capture_output=True, text=True, env={**os.environ, **(env or {})},
                         timeout=120)
    return run.returncode, run.stdout + run.stderr


def raw(method, path, body=b'', headers=None, port=None):
    conn = http.client.HTTPConnection('127.0.0.1', port or SERVER.http_port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data, response.headers


class Evening:
    """One physical session of three 3-chair tables (9 players, 3 rounds), set up once with the
    command line; the tests read it through the web side."""

    def __init__(self, tmp):
        code, out = skat('events', 'create', '--name', 'Web evening')
        assert code == 0, out
        self.event = next(w for w in out.split() if w.startswith('events/'))
        self.director = out.split('director token:')[1].split()[0]
        env = {'SKAT_DIRECTOR_TOKEN': self.director}
        self.env = env
        code, out = skat('players', 'add', '--event', self.event, 'Anna', 'Bert', 'Carl', 'Dora',
                         'Emil', 'Frida', 'Gustav', 'Hanna', 'Ida', env=env)
        assert code == 0, out
        code, out = skat('boards', 'create', '--event', self.event, '--boards', '9', env=env)
        assert code == 0, out
        board_set = next(w for w in out.split() if '/boardSets/' in w)
        self.seats = os.path.join(tmp, 'seats')
        self.tokens_file = os.path.join(tmp, 'tokens')
        code, out = skat('sessions', 'start', '--event', self.event, '--board-set', board_set,
                         '--movement', 'manual', '--seating', os.path.join(
                             REPO, 'docs/examples/club-evening/seating.csv'),
                         '--physical', '--tokens-dir', self.seats,
                         '--tokens-file', self.tokens_file, env=env)
        assert code == 0, out
        self.session = next(w for w in out.split() if '/sessions/' in w)
        status, session, _ = api(SERVER.origin, 'skat.v1.EventService/GetSession',
                                 {'name': self.session})
        assert status == 200, session
        self.tables = {}  # (round, table) -> resource name
        for t in session['tables']:
            self.tables[(t['round'], t['tableNumber'])] = t['table']

    def token(self, rnd, table, chair):
        with open(os.path.join(self.seats, 'round-%d-table-%d-chair-%d' % (rnd, table, chair))) as f:
            return f.read().strip()

    def code(self, rnd, table):
        """The table code of a table (docs/tables.md "Table codes"), as --tokens-dir has it."""
        with open(os.path.join(self.seats, 'round-%d-table-%d-code' % (rnd, table))) as f:
            return f.read().strip()


EVENING = None


class WebApiTest(unittest.TestCase):
    def test_a_reply_is_protobuf_json_and_a_refusal_is_the_grpc_refusal(self):
        status, body, headers = api(SERVER.origin, 'skat.v1.EventService/GetEvent',
                                    {'name': EVENING.event})
        self.assertEqual(status, 200)
        self.assertEqual(body['displayName'], 'Web evening')
        self.assertEqual(body['comparison'], 'COMPARISON_MATCHPOINTS')  # enums by name
        self.assertEqual(headers['Cache-Control'], 'no-store')
        # The same refusal as the command line gets from gRPC, word for word.
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetEvent',
                              {'name': 'events/ev-doesnotexist'})
        self.assertEqual(status, 404)
        self.assertEqual(body['error']['status'], 'NOT_FOUND')
        self.assertEqual(body['error']['reason'], 'not-found')
        code, out = skat('events', 'show', 'events/ev-doesnotexist')
        self.assertNotEqual(code, 0)
        self.assertIn(body['error']['message'], out)

    def test_an_act_gets_the_same_answer_directly_and_through_the_channel(self):
        # docs/web.md "Act without the in-process channel": an act in its plain form goes
        # straight to the table service; the same act with an escaped "/" (which only protobuf's
        # reader takes) goes through gRPC. Both answers must be the same, word for word.
        table = EVENING.tables[(1, 1)]
        act = {'type': 'ACT_TYPE_BID', 'bid': 18}
        cases = [
            ('no token', None, {'table': table, 'sequence': 1, 'act': act}),
            ('an unknown token', 'f' * 64, {'table': table, 'sequence': 1, 'act': act}),
            ('another table', EVENING.token(1, 2, 1), {'table': table, 'sequence': 1, 'act': act}),
            ('a physical table', EVENING.token(1, 1, 1),
             {'table': table, 'sequence': 7, 'act': act, 'boardNumber': 1}),
            ('no table', EVENING.token(1, 1, 1), {'table': 'tables/x', 'sequence': 1, 'act': act}),
        ]
        reasons = set()
        for what, token, request in cases:
            plain = json.dumps(request, separators=(',', ':')).encode()
            escaped = plain.replace(b'/', b'\\/')
            self.assertNotEqual(plain, escaped, what)
            headers = {'Content-Type': 'application/json'}
            if token:
                headers['Authorization'] = 'Bearer ' + token
            direct = raw('POST', '/api/skat.v1.TableService/Act', plain, headers)
            channel = raw('POST', '/api/skat.v1.TableService/Act', escaped, headers)
            self.assertEqual(direct[:2], channel[:2], what)
            self.assertGreaterEqual(direct[0], 400, (what, direct[1]))
            reasons.add(json.loads(direct[1])['error'].get('reason'))
        # The refusals differ, and each carries its reason: the cases reach the table service.
        self.assertGreaterEqual(len(reasons - {None}), 3, reasons)

    def test_rule_profiles_are_listed_and_read_without_a_token(self):
        # docs/web.md "The pages' data": every engine profile (5, pinned as in
        # tests/services/rule_profiles_test.cc), the default first, paged as every list.
        names, token, pages = [], '', 0
        while True:
            status, body, _ = api(SERVER.origin, 'skat.v1.EventService/ListRuleProfiles',
                                  {'pageSize': 3, 'pageToken': token})
            self.assertEqual(status, 200, body)
            pages += 1
            names += [p['name'] for p in body['ruleProfiles']]
            token = body.get('nextPageToken', '')
            if not token:
                break
        self.assertEqual(names, ['profiles/nasl-1909', 'profiles/eichhorn-1898',
                                 'profiles/laws-1900', 'profiles/gucki-variation',
                                 'profiles/isko'])
        self.assertEqual(pages, 2)
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetRuleProfile',
                              {'name': 'profiles/nasl-1909'})
        self.assertEqual(status, 200, body)
        # Enums by name, fields in lowerCamelCase, false and empty fields sent as such.
        self.assertEqual(body['allPass'], 'ALL_PASS_RAMSCH')
        self.assertIs(body['contra'], False)
        self.assertEqual(body['handlings'][0]['handling'], 'SKAT_HANDLING_HAND')
        self.assertIn('GAME_TYPE_NULL', body['handlings'][0]['ouvertGames'])
        self.assertEqual(body['bidValues'], sorted(body['bidValues']))
        self.assertIn(18, body['bidValues'])
        self.assertEqual(body['tableSizes'], [3, 4])
        self.assertEqual(body['boardScores'][0], 'BOARD_SCORE_SETTLED')
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetRuleProfile',
                              {'name': 'profiles/eichhorn-1898+contra'})
        self.assertEqual(status, 200, body)
        self.assertTrue(body['contra'])
        self.assertEqual(body['optionsOn'], ['contra'])
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetRuleProfile',
                              {'name': 'profiles/isko'})
        self.assertEqual((status, body['allPass']), (200, 'ALL_PASS_PASSED_IN'))
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetRuleProfile',
                              {'name': 'profiles/nope'})
        self.assertEqual((status, body['error']['status']), (404, 'NOT_FOUND'))

    def test_tables_and_sessions_carry_each_boards_forehand_chair(self):
        status, session, _ = api(SERVER.origin, 'skat.v1.EventService/GetSession',
                                 {'name': EVENING.session})
        self.assertEqual(status, 200, session)
        for t in session['tables']:
            self.assertEqual(len(t['boardForehandChairs']), len(t['boards']), t)
            status, table, _ = api(SERVER.origin, 'skat.v1.TableService/GetTable',
                                   {'name': t['table']}, token=EVENING.director)
            self.assertEqual(status, 200, table)
            self.assertEqual(table['boardForehandChairs'], t['boardForehandChairs'])
            # 3 chairs, forehand by board number (docs/comparative.md "Directions and chairs").
            if not t.get('forehandChair'):
                self.assertEqual(t['boardForehandChairs'], [(b - 1) % 3 + 1 for b in t['boards']])

    def test_statuses_follow_googleapis(self):
        # INVALID_ARGUMENT 400, UNAUTHENTICATED 401, PERMISSION_DENIED 403, ALREADY_EXISTS 409
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetEvent', {'name': 'nonsense'})
        self.assertEqual((status, body['error']['status']), (400, 'INVALID_ARGUMENT'))
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/AddPlayer',
                              {'parent': EVENING.event, 'displayName': 'Zoe'})
        self.assertEqual((status, body['error']['status']), (401, 'UNAUTHENTICATED'))
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/AddPlayer',
                              {'parent': EVENING.event, 'displayName': 'Zoe'},
                              token=EVENING.token(1, 1, 1))
        self.assertEqual((status, body['error']['status']), (403, 'PERMISSION_DENIED'))
        table = EVENING.tables[(1, 2)]
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/SubmitResult',
                              {'table': table, 'boardNumber': 0, 'report': REPORT},
                              token=EVENING.director)
        self.assertEqual(status, 400, body)

    def test_the_web_side_refuses_what_is_not_an_api_call(self):
        status, body, _ = api(SERVER.origin, 'skat.v1.NoService/Get', {})
        self.assertEqual((status, body['error']['status']), (404, 'NOT_FOUND'))
        self.assertIn('skat.v1.NoService/Get', body['error']['message'])
        status, body, _ = api(SERVER.origin, 'grpc.health.v1.Health/Check', {})
        self.assertEqual(status, 404)  # only package skat.v1
        status, body, _ = api(SERVER.origin, 'skat.v1.EventService/GetEvent', {'nmae': 'x'})
        self.assertEqual(status, 400)
        self.assertIn('skat.v1.GetEventRequest', json.dumps(body))
        status, data, headers = raw('GET', '/api/skat.v1.EventService/GetEvent')
        self.assertEqual(status, 405)
        self.assertEqual(headers['Allow'], 'POST')
        status, data, _ = raw('POST', '/api/skat.v1.EventService/GetEvent', body=b'name=x',
                              headers={'Content-Type': 'application/x-www-form-urlencoded'})
        self.assertEqual(status, 415)  # no cross-site form posts
        with socket.create_connection(('127.0.0.1', SERVER.http_port)) as s:
            s.sendall(b'POST /api/skat.v1.EventService/GetEvent HTTP/1.1\r\nHost: 127.0.0.1\r\n'
                      b'Content-Type: application/json\r\nContent-Length: 1048577\r\n\r\n{')
            self.assertTrue(s.recv(100).startswith(b'HTTP/1.1 413'))
        for path in ['/../CMakeLists.txt', '/js/../../README.md', '/.git/config',
                     '/%2e%2e/README.md', '//etc/passwd', '/nothing.html']:
            status, _, _ = raw('GET', path)
            self.assertEqual(status, 404, path)

    def test_result_pages_show_only_boards_finished_everywhere(self):
        eid = EVENING.event.split('/')[1]

        def enter(table, boards):
            name = EVENING.tables[(1, table)]
            for board in boards:
                for method in ('SubmitResult', 'ConfirmResult'):
                    status, body, _ = api(SERVER.origin, 'skat.v1.TableService/' + method,
                                          {'table': name, 'boardNumber': board, 'report': REPORT}
                                          if method == 'SubmitResult' else
                                          {'table': name, 'boardNumber': board},
                                          token=EVENING.director)
                    self.assertIn(status, (200, 400, 409), body)  # entered before: kept

        # Board 2 played at tables 1 and 2 of round 1 but not at table 3: not shown.
        enter(1, (1, 2))
        enter(2, (1, 2))
        status, boards, h = raw('GET', '/report/%s/boards.html' % eid)
        self.assertEqual(status, 200, boards)
        self.assertTrue(h['Content-Type'].startswith('text/html'))
        self.assertTrue(h['Content-Security-Policy'].startswith("default-src 'none'"))
        self.assertNotIn(b'<script', boards)
        self.assertNotIn(b'data-board="2"', boards)
        status, page, _ = raw('GET', '/report/%s/' % eid)
        self.assertEqual(status, 200, page)
        self.assertIn(b'Web evening', page)
        status, _, h = raw('GET', '/report/%s/standings.csv' % eid)
        self.assertEqual((status, h['Content-Type']), (200, 'text/csv; charset=utf-8'))
        status, _, _ = raw('GET', '/report/%s/nothing.html' % eid)
        self.assertEqual(status, 404)
        status, _, _ = raw('GET', '/report/ev-doesnotexist/index.html')
        self.assertEqual(status, 404)
        # Table 3 finishes boards 1 and 2: once the pages are read again, both are open.
        enter(3, (1, 2))
        time.sleep(REPORT_PAGES_FRESH_FOR)
        status, boards, _ = raw('GET', '/report/%s/boards.html' % eid)
        self.assertIn(b'data-board="1"', boards)
        self.assertIn(b'data-board="2"', boards)
        self.assertNotIn(b'data-board="3"', boards)

    def test_result_pages_speak_the_readers_language(self):
        # docs/web.md "Result pages": ?lang= first, then the first Accept-Language tag skat knows,
        # else English; every answer varies by the header and links the other language.
        eid = EVENING.event.split('/')[1]
        cases = [
            ('', {'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8'}, 'de'),
            ('?lang=de', {}, 'de'),
            ('?lang=de', {'Accept-Language': 'en-GB'}, 'de'),
            ('?lang=en', {'Accept-Language': 'de'}, 'en'),
            ('', {'Accept-Language': 'fr-FR, de;q=0.5'}, 'de'),
            ('', {'Accept-Language': 'de\u00e9<script>'.encode('utf-8').decode('latin-1')}, 'en'),
            ('', {'Accept-Language': 'de' + ',x' * 200}, 'en'),
            ('?lang=xx', {'Accept-Language': '!!'}, 'en'),
            ('', {}, 'en'),
        ]
        for query, headers, language in cases:
            with self.subTest(query=query, headers=headers):
                status, page, h = raw('GET', '/report/%s/%s' % (eid, query), headers=headers)
                self.assertEqual(status, 200, page)
                self.assertEqual(h['Vary'], 'Accept-Language')
                self.assertIn(('<html lang="%s">' % language).encode(), page)
                standings = '<h2>Rangliste</h2>' if language == 'de' else '<h2>Standings</h2>'
                self.assertIn(standings.encode(), page)
                other = 'en' if language == 'de' else 'de'
                self.assertIn(('href="index.html?lang=%s"' % other).encode(), page)
        status, boards, _ = raw('GET', '/report/%s/boards.html?lang=de' % eid)
        self.assertIn(b'<h2>Boards</h2>', boards)
        self.assertIn(b'href="boards.html?lang=en"', boards)
        status, csv, h = raw('GET', '/report/%s/standings.csv?lang=de' % eid)
        self.assertEqual((status, h['Vary']), (200, 'Accept-Language'))
        self.assertTrue(csv.startswith(b'scope,'), csv[:40])  # CSV heads stay English

    def test_a_seats_check_withholds_the_value_the_directors_has_it(self):
        # docs/tables.md "What a check tells a seat": a seat's check reads the report alone; a
        # suit game's value needs the matadors, which only the board holds. Nothing is stored.
        table = EVENING.tables[(1, 3)]
        check = {'table': table, 'boardNumber': 1, 'report': REPORT, 'validateOnly': True}
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/SubmitResult', check,
                              token=EVENING.token(1, 3, 2))
        self.assertEqual(status, 200, body)
        self.assertTrue(body['valueWithheld'])
        self.assertEqual((body['pad'], body['result']['pad'], body['result']['value']), ([], [], 0))
        self.assertEqual(body['result']['summary'], 'middlehand hearts solo: the value is '
                         'computed when the result is entered (75 card points, 6 tricks)')
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/SubmitResult', check,
                              token=EVENING.director)
        self.assertEqual(status, 200, body)
        self.assertFalse(body['valueWithheld'])
        self.assertEqual(len(body['pad']), 3)
        self.assertRegex(body['result']['summary'], r'^middlehand hearts solo with(out)? \d+: ')

    def test_security_headers_on_everything(self):
        for method, path, body, headers in [
                ('GET', '/', b'', {}), ('GET', '/js/api.js', b'', {}), ('GET', '/nope', b'', {}),
                ('POST', '/api/skat.v1.EventService/GetEvent', b'{}',
                 {'Content-Type': 'application/json'}),
                ('POST', '/web/qr', b'x', {})]:
            _, _, h = raw(method, path, body, headers)
            csp = h['Content-Security-Policy']
            self.assertIn("script-src 'self'", csp, path)
            self.assertIn("frame-ancestors 'none'", csp, path)
            self.assertNotIn('unsafe', csp, path)
            self.assertEqual(h['X-Content-Type-Options'], 'nosniff', path)
            self.assertEqual(h['Referrer-Policy'], 'no-referrer', path)
            self.assertIsNone(h['Access-Control-Allow-Origin'], path)
        status, data, h = raw('GET', '/js/api.js')
        self.assertEqual(status, 200)
        self.assertTrue(h['Content-Type'].startswith('text/javascript'))

    def test_every_page_file_is_compiled_in_and_the_pages_stay_small_and_local(self):
        static = os.path.join(REPO, 'services/web/static')
        for root, _, files in os.walk(static):
            for name in files:
                path = os.path.join(root, name)
                with open(path, 'rb') as f:
                    source = f.read()
                url = '/' + os.path.relpath(path, static)
                status, served, _ = raw('GET', url)
                if url.endswith('.html'):
                    # As written, but for docs/web.md "Loading": the import map, the module
                    # preloads and the versioned addresses of its scripts and style sheets.
                    served = re.sub(rb'\n<script type="importmap">[^<]*</script>\n', b'', served)
                    served = re.sub(rb'<link rel="modulepreload" href="[^"]+">\n', b'', served)
                    served = re.sub(rb'(src|href)="/([^"?]+)\?v=[0-9a-f]{16}"', rb'\1="\2"',
                                    served)
                self.assertEqual((status, served), (200, source), url)
                # No request to any other host: no absolute URL in a page file.
                # The SVG namespace is a name, never fetched (charts.js createElementNS).
                text = source.decode().replace("'http://www.w3.org/2000/svg'", "''")
                self.assertNotRegex(text, r'(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/', url)
        # docs/web.md "Pages": what one page loads (its scripts with every module they import,
        # and its style sheets) stays under 100 KB; the console (a laptop page, which carries
        # the table page's whole result form as well, i18n.js and its refusals' words, and the
        # three decks' drawn faces) under 170 KB: 56 KB as sent, compressed.
        for page in os.listdir(static):
            if not page.endswith('.html'):
                continue
            with open(os.path.join(static, page)) as f:
                html = f.read()
            todo = re.findall(r'<(?:script[^>]*src|link[^>]*href)="([^"#?]+\.(?:js|css))"', html)
            loaded = set()
            while todo:
                path = os.path.normpath(todo.pop())
                if path in loaded:
                    continue
                loaded.add(path)
                with open(os.path.join(static, path)) as f:
                    source = f.read()
                if path.endswith('.js'):  # a dynamic import() counts as the page's too
                    base = os.path.dirname(path)
                    todo += [os.path.join(base, m) for m in re.findall(
                        r"""(?:import|from)\s*\(?\s*['"](\.[^'"]+)['"]""", source)]
            size = sum(os.path.getsize(os.path.join(static, p)) for p in loaded)
            self.assertTrue(any(p.endswith('.js') for p in loaded) or page == 'index.html', page)
            self.assertLess(size, (170 if page == 'console.html' else 100) * 1024, page)

    def test_pages_preload_their_modules_and_are_sent_compressed_and_revalidated(self):
        # docs/web.md "Loading": every module a page's scripts import, however deep, is named in
        # its head (one a dynamic import() reaches only is in the import map, not preloaded);
        # gzip when accepted; a second visit's If-None-Match gets 304 and no body.
        static = os.path.join(REPO, 'services/web/static')
        for page in ('console.html', 'table.html', 'play.html', 'person.html'):
            with open(os.path.join(static, page)) as f:
                html = f.read()
            entries = {'/' + p for p in re.findall(r'<script[^>]*src="([^"]+\.js)"', html)}

            def reached(todo, seen, dynamic):
                """Every module of todo and its static imports not in seen; their dynamic
                imports' targets go to dynamic."""
                out = set()
                while todo:
                    path = todo.pop()
                    if path in seen or path in out:
                        continue
                    out.add(path)
                    with open(os.path.join(static, path.lstrip('/'))) as f:
                        source = f.read()
                    def near(m, path=path):
                        return os.path.normpath(os.path.join(os.path.dirname(path), m))
                    todo += [near(m) for m in re.findall(
                        r"""(?:import|from)\s*['"](\.[^'"]+)['"]""", source)]
                    dynamic += [near(m) for m in re.findall(
                        r"""import\(\s*['"](\.[^'"]+)['"]\s*\)""", source)]
                return out
            dynamic = []
            modules = reached(list(entries), set(), dynamic)
            later = reached(dynamic, modules, [])
            status, served, headers = raw('GET', '/' + page)
            preloads = re.findall(r'<link rel="modulepreload" href="([^"?]+)\?v=([0-9a-f]{16})">',
                                  served.decode())
            self.assertEqual(status, 200)
            self.assertEqual(sorted(p for p, _ in preloads), sorted(modules - entries), page)
            # A versioned address is kept a year; the same file by its plain name revalidated.
            for path, version in preloads[:2]:
                status, body, kept = raw('GET', '%s?v=%s' % (path, version))
                self.assertEqual((status, kept['Cache-Control'], kept['ETag']),
                                 (200, 'public, max-age=31536000, immutable', '"%s"' % version))
                status, _, plain = raw('GET', path)
                self.assertEqual((status, plain['Cache-Control']), (200, 'no-cache'))
                status, _, stale = raw('GET', path + '?v=0000000000000000')
                self.assertEqual((status, stale['Cache-Control']), (200, 'no-cache'))
            # The import map maps every module to its versioned address, allowed by its hash.
            imports = json.loads(re.search(r'<script type="importmap">([^<]*)</script>',
                                           served.decode()).group(1))['imports']
            self.assertEqual(set(imports), modules | later, page)
            mapped = re.search(r'<script type="importmap">([^<]*)</script>', served.decode())
            digest = base64.b64encode(hashlib.sha256(mapped.group(1).encode()).digest()).decode()
            self.assertIn("script-src 'self' 'sha256-%s'" % digest,
                          headers['Content-Security-Policy'], page)
            self.assertGreater(len(preloads), 2, page)
            status, zipped, zheaders = raw('GET', '/' + page, headers={'Accept-Encoding': 'gzip'})
            self.assertEqual((status, zheaders['Content-Encoding']), (200, 'gzip'), page)
            self.assertEqual(gzip.decompress(zipped), served, page)
            self.assertLess(len(zipped), len(served) / 2, page)
            self.assertEqual(zheaders['Vary'], 'Accept-Encoding')
            etag = headers['ETag']
            self.assertRegex(etag, r'^"[0-9a-f]{16}"$')
            status, body, _ = raw('GET', '/' + page, headers={'If-None-Match': etag})
            self.assertEqual((status, body), (304, b''), page)
            status, body, _ = raw('GET', '/' + page, headers={'If-None-Match': '"0000"'})
            self.assertEqual((status, body), (200, served), page)
            status, _, refused = raw('GET', '/' + page, headers={'Accept-Encoding': 'gzip;q=0'})
            self.assertIsNone(refused['Content-Encoding'], page)
            status, body, hheaders = raw('HEAD', '/' + page, headers={'Accept-Encoding': 'gzip'})
            self.assertEqual((status, body, int(hheaders['Content-Length'])),
                             (200, b'', len(zipped)), page)

    def test_qr_codes(self):
        status, data, h = raw('POST', '/web/qr', b'https://club.example/table.html#c1=abc')
        self.assertEqual(status, 200)
        self.assertEqual(h['Content-Type'], 'image/svg+xml')
        self.assertTrue(data.startswith(b'<svg'))
        status, _, _ = raw('POST', '/web/qr', b'')
        self.assertEqual(status, 400)
        status, _, _ = raw('POST', '/web/qr', b'x' * 2001)
        self.assertEqual(status, 400)
        status, _, _ = raw('GET', '/web/qr')
        self.assertEqual(status, 405)

    def test_a_table_code_address_opens_the_table_page(self):
        table, code = EVENING.tables[(2, 1)], EVENING.code(2, 1)
        letter = '[0-9A-HJKMNP-TV-Z]'
        self.assertRegex(code, '^%s{4}-%s{4}-%s{4}$' % (letter, letter, letter))
        with open(EVENING.tokens_file) as f:
            self.assertIn('# table code of round 2, table 1 (%s): %s\n' % (table, code), f.read())
        # /t/<code>: a redirect that moves the code into the fragment, normalized; nothing kept.
        for typed in (code, code.lower(), code.replace('-', ''), code.replace('-', '%20')):
            status, body, h = raw('GET', '/t/' + typed)
            self.assertEqual((status, h['Location'], h['Cache-Control'], h['Referrer-Policy']),
                             (303, '/table.html#code=' + code, 'no-store', 'no-referrer'), typed)
        for typed in ('not-a-code', code + 'X', code.replace('-', '/'), 'x' * 200):
            status, _, h = raw('GET', '/t/' + typed)
            self.assertEqual((status, h['Location']), (303, '/table.html#code='), typed)
        status, body, _ = raw('HEAD', '/t/' + code)
        self.assertEqual((status, body), (303, b''))
        status, _, _ = raw('POST', '/t/' + code)
        self.assertEqual(status, 405)
        # The page's first call names the table; <code>.<chair> then reads what that chair's
        # seat token reads.
        status, found, _ = api(SERVER.origin, 'skat.v1.TableService/FindTableCode',
                               {'code': code.lower()})
        self.assertEqual((status, found), (200, {'table': table, 'chairs': 3}))
        for chair in (1, 2, 3):
            by_code = api(SERVER.origin, 'skat.v1.TableService/GetTable', {'name': table},
                          token='%s.%d' % (code, chair))[:2]
            by_token = api(SERVER.origin, 'skat.v1.TableService/GetTable', {'name': table},
                           token=EVENING.token(2, 1, chair))[:2]
            self.assertEqual(by_code[0], 200, by_code)
            self.assertEqual(by_code, by_token)
        # A wrong code and another table's code: the refusals of wrong seat tokens, word for word.
        wrong_code = api(SERVER.origin, 'skat.v1.TableService/ListResults', {'table': table},
                         token='AAAA-BBBB-CCCC.1')[:2]
        wrong_token = api(SERVER.origin, 'skat.v1.TableService/ListResults', {'table': table},
                          token='0' * 64)[:2]
        self.assertEqual(wrong_code[0], 403, wrong_code)
        self.assertEqual(wrong_code, wrong_token)
        other_code = api(SERVER.origin, 'skat.v1.TableService/ListResults', {'table': table},
                         token=EVENING.code(2, 2) + '.1')[:2]
        other_token = api(SERVER.origin, 'skat.v1.TableService/ListResults', {'table': table},
                          token=EVENING.token(2, 2, 1))[:2]
        self.assertEqual(other_code, other_token)
        # A chair's token rotated from the command line: the table's new code is printed, the old
        # one opens nothing more.
        table, old = EVENING.tables[(3, 3)], EVENING.code(3, 3)
        code, out = skat('tables', 'rotate-token', table, '--chair', '1', env=EVENING.env)
        self.assertEqual(code, 0, out)
        new = re.search(r'new table code of %s: (\S+) ' % re.escape(table), out)
        self.assertIsNotNone(new, out)
        self.assertNotEqual(new.group(1), old)
        for typed, want in ((old, 403), (new.group(1), 200)):
            status, _, _ = api(SERVER.origin, 'skat.v1.TableService/FindTableCode', {'code': typed})
            self.assertEqual(status, want, typed)

    def test_a_seat_cannot_read_another_table_and_travellers_wait(self):
        mine, other = EVENING.tables[(1, 1)], EVENING.tables[(1, 2)]
        token = EVENING.token(1, 1, 1)
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/ListResults',
                              {'table': mine}, token=token)
        self.assertEqual(status, 200, body)
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/ListResults',
                              {'table': other}, token=token)
        self.assertEqual(status, 403, body)
        # Board 1 is entered at table 1 only: its traveller is not open to anyone but the
        # director, and the refusal names no card.
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/SubmitResult',
                              {'table': mine, 'boardNumber': 1, 'report': REPORT},
                              token=EVENING.token(1, 1, 2))
        self.assertEqual(status, 200, body)
        status, body, _ = api(SERVER.origin, 'skat.v1.ScoringService/GetTraveller',
                              {'name': EVENING.session + '/travellers/1'}, token=token)
        self.assertIn(status, (400, 403, 404), body)
        for card in ['C-J', 'S-J', 'H-J', 'D-J', 'clubs', 'spades']:
            self.assertNotIn(card, body['error']['message'])

    def test_a_stream_sends_server_sent_events_and_a_new_standing_after_a_confirmation(self):
        conn = http.client.HTTPConnection('127.0.0.1', SERVER.http_port, timeout=30)
        conn.request('POST', '/api/skat.v1.ScoringService/WatchStandings',
                     body=json.dumps({'name': EVENING.event + '/standings'}),
                     headers={'Content-Type': 'application/json', 'Authorization':
                              'Bearer ' + EVENING.director})
        response = conn.getresponse()
        self.assertEqual(response.status, 200)
        self.assertTrue(response.headers['Content-Type'].startswith('text/event-stream'))

        def next_message():
            lines = []
            while True:
                line = response.readline().decode()
                if line.strip() == '' and lines:
                    return lines
                if line.strip():
                    lines.append(line.strip())

        first = next_message()
        self.assertEqual(first[0], 'event: message')
        before = json.loads(first[1][len('data: '):])
        table = EVENING.tables[(1, 3)]
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/SubmitResult',
                              {'table': table, 'boardNumber': 1, 'report': REPORT},
                              token=EVENING.token(1, 3, 1))
        self.assertEqual(status, 200, body)
        status, body, _ = api(SERVER.origin, 'skat.v1.TableService/ConfirmResult',
                              {'table': table, 'boardNumber': 1}, token=EVENING.token(1, 3, 2))
        self.assertEqual(status, 200, body)
        start = time.time()
        after = before
        while after.get('results', 0) == before.get('results', 0):
            message = next_message()
            if message[0] == 'event: message':
                after = json.loads(message[1][len('data: '):])
        self.assertLess(time.time() - start, 5)
        self.assertEqual(after['results'], before.get('results', 0) + 1)
        conn.close()

    def test_a_stream_refused_before_its_first_message_is_a_plain_error(self):
        status, body, _ = api(SERVER.origin, 'skat.v1.ScoringService/WatchStandings',
                              {'name': 'events/x'})
        self.assertEqual((status, body['error']['status']), (400, 'INVALID_ARGUMENT'))


class BoundsTest(unittest.TestCase):
    """A second skatd with small bounds."""

    @classmethod
    def setUpClass(cls):
        cls.server = Skatd(ARGS.skatd, ['--http-max-connections-per-client', '2',
                                        '--max-streams-per-peer', '1'], out_dir=ARGS.out)

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0, 'skatd failed at exit: ' + cls.server.log_path

    def test_connections_per_client_address(self):
        held = [socket.create_connection(('127.0.0.1', self.server.http_port)) for _ in range(2)]
        third = socket.create_connection(('127.0.0.1', self.server.http_port))
        third.settimeout(10)
        third.sendall(b'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        try:
            self.assertEqual(third.recv(100), b'')  # closed without an answer
        except ConnectionResetError:
            pass
        # Another client address still gets in.
        other = socket.create_connection(('127.0.0.1', self.server.http_port),
                                         source_address=('127.0.0.2', 0))
        other.settimeout(10)
        other.sendall(b'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        self.assertTrue(other.recv(100).startswith(b'HTTP/1.1 200'))
        for s in held + [third, other]:
            s.close()
        # The server counts a connection until it has seen it close: wait until this address
        # gets in again, so that the next test starts with its whole allowance.
        deadline = time.monotonic() + 30
        while True:
            probe = socket.create_connection(('127.0.0.1', self.server.http_port))
            probe.settimeout(10)
            try:
                probe.sendall(b'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
                if probe.recv(100).startswith(b'HTTP/1.1 200'):
                    break
            except ConnectionResetError:
                pass
            finally:
                probe.close()
            self.assertLess(time.monotonic(), deadline, 'the closed connections still count')
            time.sleep(0.05)

    def test_streams_count_for_the_browser_address_not_for_skatd(self):
        event = api(self.server.origin, 'skat.v1.EventService/CreateEvent',
                    {'displayName': 'Bounds'})[1]['event']['name']
        body = json.dumps({'name': event + '/standings'})
        headers = {'Content-Type': 'application/json'}

        def open_stream(source):
            conn = http.client.HTTPConnection('127.0.0.1', self.server.http_port, timeout=30,
                                              source_address=(source, 0))
            conn.request('POST', '/api/skat.v1.ScoringService/WatchStandings', body=body,
                         headers=headers)
            return conn, conn.getresponse()

        first = open_stream('127.0.0.1')
        self.assertEqual(first[1].status, 200)
        second = open_stream('127.0.0.2')  # another browser: its own allowance
        self.assertEqual(second[1].status, 200)
        third = open_stream('127.0.0.1')  # the first browser's second stream
        self.assertEqual(third[1].status, 429)
        self.assertIn('ipv4:127.0.0.1', json.loads(third[1].read())['error']['message'])
        for conn, _ in [first, second, third]:
            conn.close()


class TlsTest(unittest.TestCase):
    def test_https_with_the_grpc_certificate_and_plaintext_refused_off_loopback(self):
        d = tempfile.mkdtemp(dir=ARGS.out)
        subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
                        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
                        '-keyout', d + '/key.pem', '-out', d + '/cert.pem'],
                       check=True, capture_output=True)
        server = Skatd(ARGS.skatd, ['--tls-cert', d + '/cert.pem', '--tls-key', d + '/key.pem'],
                       out_dir=ARGS.out, scheme='https')
        try:
            context = ssl.create_default_context(cafile=d + '/cert.pem')
            status, body, headers = api(server.origin, 'skat.v1.EventService/GetEvent',
                                        {'name': 'events/ev-none'}, context=context)
            self.assertEqual(status, 404)
            self.assertIn('max-age', headers['Strict-Transport-Security'])
            with self.assertRaises(Exception):  # plaintext to the TLS port gets no answer
                api(server.origin.replace('https', 'http'), 'skat.v1.EventService/GetEvent', {})
        finally:
            self.assertEqual(server.stop(), 0, server.log_path)
        run = subprocess.run([ARGS.skatd, '--database-url', database_url(), '--listen',
                              '127.0.0.1:0', '--http-listen', '0.0.0.0:0'],
                             capture_output=True, text=True, timeout=60)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn('--http-listen 0.0.0.0:0 is not a loopback address', run.stderr)


def main():
    global ARGS, SERVER
    ARGS, rest = parse_test_args(__doc__)
    SERVER = Skatd(ARGS.skatd, out_dir=ARGS.out)

    def setup():
        global EVENING
        EVENING = Evening(tempfile.mkdtemp(dir=ARGS.out))
    return run_tests(rest, SERVER, setup)


if __name__ == '__main__':
    sys.exit(main())
