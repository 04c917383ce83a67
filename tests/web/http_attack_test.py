#!/usr/bin/env python3
"""skatd's web side under attack (docs/reliability.md "Hostile input"): what an outside probe of
the web side found, each case against a real skatd.

  python3 tests/web/http_attack_test.py --skatd build/skatd --skat build/skat

What it proves:
  - an Authorization header with a byte HTTP allows and gRPC metadata does not (UTF-8, 0xFF,
    a tab, a control byte) is refused 401 on calls and streams, and skatd keeps serving; the
    scheme is taken in any case ("bearer");
  - idle web connections from many addresses under a low open-files limit leave both the web
    and the gRPC port serving other clients, during the flood and after it; gRPC connections
    are bounded per client address, and the port accepts again when they close;
  - a stream reader that lags keeps the newest standings and its stream, not a backlog;
  - the HTTP details: the JSON body's code is the status sent (405, 413, 415), a broken
    Content-Length or chunk size is answered 400, a directory is no page, a Host header that
    names another site is refused 421, a rate limit's refusal carries Retry-After.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import grpc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from skatd_web import Skatd, api, parse_test_args, run_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARGS = None
SERVER = None
WATCH = '/api/skat.v1.ScoringService/WatchStandings'
GET_EVENT = '/api/skat.v1.EventService/GetEvent'


def exchange(port, request, source='127.0.0.1', timeout=30):
    """Sends raw request bytes on a new connection; returns everything read until it closes."""
    s = socket.create_connection(('127.0.0.1', port), timeout=timeout,
                                 source_address=(source, 0))
    try:
        try:
            s.sendall(request)
        except BrokenPipeError:
            pass  # the server answered before reading everything: its answer is still there
        data = b''
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return data
            data += chunk
    except ConnectionResetError:
        return data
    finally:
        s.close()


def post(path, body, headers=b''):
    return (b'POST ' + path.encode() + b' HTTP/1.1\r\nHost: 127.0.0.1\r\n'
            b'Content-Type: application/json\r\nConnection: close\r\n' + headers +
            b'Content-Length: ' + str(len(body)).encode() + b'\r\n\r\n' + body)


def status_and_body(reply):
    head, _, body = reply.partition(b'\r\n\r\n')
    return int(head.split(b' ')[1]), body


def grpc_serves(port, timeout=10):
    """True when the gRPC port answers a health check."""
    with grpc.insecure_channel('127.0.0.1:%d' % port) as channel:
        try:
            check = channel.unary_unary('/grpc.health.v1.Health/Check')
            check(b'', timeout=timeout)
            return True
        except grpc.RpcError:
            return False


def web_serves(port, source):
    try:
        reply = exchange(port, b'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
                         source=source, timeout=10)
    except OSError:
        return False
    return reply.startswith(b'HTTP/1.1 200')


class HeaderTest(unittest.TestCase):
    BAD = [b'Bearer caf\xc3\xa9', b'Bearer a\xffb', b'Bearer a\tb', b'Bearer a\x01b', b'\xff',
           b'Bearer \xc3\xa9\xc3\xa9', b'B\xe9arer abc']

    def test_a_header_grpc_cannot_carry_is_refused_and_skatd_lives(self):
        for value in self.BAD:
            for path, body in [(GET_EVENT, b'{"name":"events/x"}'),
                               (WATCH, b'{"name":"events/x/standings"}')]:
                reply = exchange(SERVER.http_port, post(path, body, b'Authorization: ' + value +
                                                        b'\r\n'))
                status, data = status_and_body(reply)
                error = json.loads(data)['error']
                if status == 400:  # a control byte: not even HTTP (RFC 9110 5.5)
                    self.assertEqual(value, b'Bearer a\x01b')
                    self.assertEqual(error['code'], 400)
                else:
                    self.assertEqual(status, 401, (value, path, reply[:300]))
                    self.assertEqual((error['code'], error['status']), (401, 'UNAUTHENTICATED'))
                    self.assertIn('Authorization', error['message'])
                self.assertIsNone(SERVER.process.poll(), 'skatd died on %r' % value)
        self.assertTrue(grpc_serves(SERVER.grpc_port))

    def test_the_scheme_is_taken_in_any_case(self):
        status, created, _ = api(SERVER.origin, 'skat.v1.EventService/CreateEvent',
                                 {'displayName': 'Schemes'})
        self.assertEqual(status, 200, created)
        name, token = created['event']['name'], created['directorToken']
        for scheme in [b'bearer', b'BEARER', b'Bearer']:
            body = json.dumps({'name': name}).encode()
            reply = exchange(SERVER.http_port, post('/api/skat.v1.EventService/ListPlayers',
                                                    json.dumps({'parent': name}).encode(),
                                                    b'Authorization: ' + scheme + b'  ' +
                                                    token.encode() + b'\r\n'))
            self.assertEqual(status_and_body(reply)[0], 200, (scheme, reply[:300], body))


class HttpDetailsTest(unittest.TestCase):
    def test_the_body_code_is_the_status_sent(self):
        reply = exchange(SERVER.http_port, b'GET ' + GET_EVENT.encode() +
                         b' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
        status, body = status_and_body(reply)
        self.assertEqual((status, json.loads(body)['error']['code']), (405, 405))
        big = b'{"name":"' + b'x' * (1 << 20) + b'"}'
        status, body = status_and_body(exchange(SERVER.http_port, post(GET_EVENT, big)))
        self.assertEqual((status, json.loads(body)['error']['code']), (413, 413))
        reply = exchange(SERVER.http_port, post(GET_EVENT, b'{}').replace(
            b'application/json', b'text/plain'))
        status, body = status_and_body(reply)
        self.assertEqual((status, json.loads(body)['error']['code']), (415, 415))

    def test_a_rate_limit_says_when_to_retry(self):
        for _ in range(30):  # CreateEvent allows 20 at once from one address
            status, body, headers = api(SERVER.origin, 'skat.v1.EventService/CreateEvent',
                                        {'displayName': 'Spam'})
            if status != 200:
                break
        self.assertEqual((status, body['error']['code']), (429, 429))
        self.assertGreaterEqual(int(headers['Retry-After']), 1)
        self.assertIn('retry in %s s' % headers['Retry-After'], body['error']['message'])

    def test_a_broken_length_or_chunk_is_answered_400(self):
        base = (b'POST ' + GET_EVENT.encode() + b' HTTP/1.1\r\nHost: 127.0.0.1\r\n'
                b'Content-Type: application/json\r\n')
        for broken in [b'Content-Length: 99999999999999999999999\r\n\r\n{}',
                       b'Content-Length: -1\r\n\r\n{}',
                       b'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
                       b'Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n']:
            status, body = status_and_body(exchange(SERVER.http_port, base + broken))
            self.assertIn(status, (400, 413), broken)
            self.assertEqual(json.loads(body)['error']['code'], status)

    def test_a_directory_is_no_page(self):
        server = Skatd(ARGS.skatd, ['--web-root', os.path.join(REPO, 'services/web/static')],
                       out_dir=ARGS.out)
        try:
            for path in [b'/js', b'/js/', b'/js/console']:
                reply = exchange(server.http_port, b'GET ' + path + b' HTTP/1.1\r\n'
                                 b'Host: 127.0.0.1\r\nConnection: close\r\n\r\n')
                self.assertEqual(status_and_body(reply)[0], 404, path)
            reply = exchange(server.http_port, b'GET /js/api.js HTTP/1.1\r\n'
                             b'Host: 127.0.0.1\r\nConnection: close\r\n\r\n')
            self.assertEqual(status_and_body(reply)[0], 200)
        finally:
            self.assertEqual(server.stop(), 0, server.log_path)

    def test_a_host_that_names_another_site_is_refused(self):
        for host, expected in [(b'attacker.example', 421), (b'attacker.example:80', 421),
                               (b'127.0.0.1:1', 200), (b'localhost', 200), (b'[::1]:8', 200),
                               (b'skat.club.example', 200)]:
            reply = exchange(SERVER.http_port, b'GET /console.html HTTP/1.1\r\nHost: ' + host +
                             b'\r\nConnection: close\r\n\r\n')
            self.assertEqual(status_and_body(reply)[0], expected, host)


class DescriptorTest(unittest.TestCase):
    """A skatd with 256 open files: idle web connections from 12 addresses, 40 each (within the
    64 per address), are more than it has descriptors for."""

    def test_idle_connections_leave_both_ports_serving(self):
        server = Skatd(ARGS.skatd, ['--db-connections', '4', '--max-connections-per-peer', '20'],
                       out_dir=ARGS.out, open_files=256)
        held = []
        try:
            with open(server.log_path) as f:
                self.assertIn('open files: limit 256', f.read())
            for a in range(12):
                for _ in range(40):
                    held.append(socket.create_connection(
                        ('127.0.0.1', server.http_port), source_address=('127.0.1.%d' % a, 0)))
            # During the flood: the oldest idle connections make room for others.
            self.assertTrue(web_serves(server.http_port, '127.0.2.1'))
            self.assertTrue(grpc_serves(server.grpc_port))
            # Idle gRPC connections from one address: at most 20 of them stay.
            for _ in range(60):
                held.append(socket.create_connection(('127.0.0.1', server.grpc_port),
                                                     source_address=('127.0.3.1', 0)))
            self.assertTrue(grpc_serves(server.grpc_port))
            self.assertIsNone(server.process.poll())
        finally:
            for s in held:
                s.close()
        try:
            time.sleep(0.5)
            self.assertTrue(web_serves(server.http_port, '127.0.1.1'))
            self.assertTrue(grpc_serves(server.grpc_port))
        finally:
            self.assertEqual(server.stop(), 0, server.log_path)


class LaggingStreamTest(unittest.TestCase):
    def test_a_lagging_reader_keeps_the_newest_standings(self):
        server = Skatd(ARGS.skatd, ['--standings-rate', '100000'], out_dir=ARGS.out)
        try:
            self._run(server)
        finally:
            self.assertEqual(server.stop(), 0, server.log_path)

    def _skat(self, server, *args, env=None):
        run = subprocess.run([ARGS.skat, *args, '--server', '127.0.0.1:%d' % server.grpc_port],
                             capture_output=True, text=True, env={**os.environ, **(env or {})},
                             timeout=120)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        return run.stdout

    def _run(self, server):
        tmp = tempfile.mkdtemp(dir=ARGS.out)
        out = self._skat(server, 'events', 'create', '--name', 'Lagging')
        event = next(w for w in out.split() if w.startswith('events/'))
        env = {'SKAT_DIRECTOR_TOKEN': out.split('director token:')[1].split()[0]}
        self._skat(server, 'players', 'add', '--event', event, 'Anna', 'Bert', 'Carl', 'Dora',
                   'Emil', 'Frida', 'Gustav', 'Hanna', 'Ida', env=env)
        out = self._skat(server, 'boards', 'create', '--event', event, '--boards', '9', env=env)
        board_set = next(w for w in out.split() if '/boardSets/' in w)
        out = self._skat(server, 'sessions', 'start', '--event', event, '--board-set', board_set,
                         '--movement', 'manual', '--seating',
                         os.path.join(REPO, 'docs/examples/club-evening/seating.csv'),
                         '--physical', '--tokens-file', os.path.join(tmp, 'tokens'), env=env)
        session = next(w for w in out.split() if '/sessions/' in w)
        token = env['SKAT_DIRECTOR_TOKEN']
        table = api(server.origin, 'skat.v1.EventService/GetSession',
                    {'name': session})[1]['tables'][0]['table']
        report = {'kind': 'KIND_DECLARER_GAME', 'declarer': 'DIRECTION_MIDDLEHAND',
                  'declaration': {'handling': 'SKAT_HANDLING_HAND', 'game': 'GAME_TYPE_HEARTS'},
                  'declarerPoints': 75, 'declarerTricks': 6, 'floor': 18}
        status, entry, _ = api(server.origin, 'skat.v1.TableService/SubmitResult',
                               {'table': table, 'boardNumber': 1, 'report': report}, token)
        self.assertEqual(status, 200, entry)
        # A reader that never reads (the director's view: every result counts at once): a small
        # receive window, nothing read until the end.
        reader = socket.socket()
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        reader.connect(('127.0.0.1', server.http_port))
        body = json.dumps({'name': event + '/standings'}).encode()
        reader.sendall(post(WATCH, body, b'Authorization: Bearer ' + token.encode() + b'\r\n')
                       .replace(b'Connection: close\r\n', b''))
        corrections = 600
        for i in range(corrections + 1):  # the last one unlike every one before
            report['declarerPoints'] = 95 if i == corrections else 75 if i % 2 else 45
            status, entry, _ = api(server.origin, 'skat.v1.TableService/CorrectResult',
                                   {'table': table, 'boardNumber': 1, 'report': report,
                                    'reason': 'try %d' % i}, token)
            self.assertEqual(status, 200, entry)
        final = api(server.origin, 'skat.v1.ScoringService/GetStandings',
                    {'name': event + '/standings'}, token)[1]
        # Now read: the stream is alive, and its messages end with the final standings.
        reader.settimeout(10)
        data = b''
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and final['overall'] != self._last(data):
            try:
                chunk = reader.recv(1 << 20)
            except socket.timeout:
                break
            self.assertTrue(chunk, 'the stream was dropped after %d bytes' % len(data))
            data += chunk
        reader.close()
        self.assertEqual(self._last(data), final['overall'])
        # Not a backlog: what the sockets held when the reader stopped (64 KiB sent, a few KiB
        # received), then the newest standings; a backlog would be hundreds of messages.
        received = data.count(b'event: message')
        print('%d corrections, %d messages (%d bytes) received' % (corrections, received,
                                                                   len(data)))
        self.assertLess(received, corrections // 4)

    @staticmethod
    def _last(data):
        """The overall standings of the last whole message in the stream's bytes, or None."""
        whole = [block for block in data.split(b'\n\n')[:-1] if b'data: {' in block]
        if not whole:
            return None
        return json.loads(whole[-1].split(b'data: ', 1)[1]).get('overall')


def main():
    global ARGS, SERVER
    ARGS, rest = parse_test_args(__doc__)
    SERVER = Skatd(ARGS.skatd, ['--http-host', 'skat.club.example'], out_dir=ARGS.out)
    return run_tests(rest, SERVER)


if __name__ == '__main__':
    sys.exit(main())
