"""A real skatd with its web side, for the web tests (tests/web/).

Starts build/skatd on a throwaway database of the test PostgreSQL (SKAT_TEST_DATABASE_URL names
the server, as for every database test; the tests fail without it, they never skip; the database
skat_web_<pid>_<random> is dropped at exit), gRPC and HTTP on free loopback ports, and stops it
at the end. Its log is kept in the test's output directory.
"""
import argparse
import atexit
import json
import os
import resource
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request


_DATABASE = []


def database_url():
    """The URL of this process's throwaway database, made on the first call."""
    if _DATABASE:
        return _DATABASE[0]
    server = os.environ.get('SKAT_TEST_DATABASE_URL', '')
    if not server:
        raise SystemExit('SKAT_TEST_DATABASE_URL is not set: start one with '
                         '`deploy/test-postgres start DIR` (docs/testing.md)')
    name = 'skat_web_%d_%s' % (os.getpid(), secrets.token_hex(4))
    subprocess.run(['psql', server, '-q', '-c', 'CREATE DATABASE ' + name], check=True,
                   capture_output=True)
    atexit.register(lambda: subprocess.run(
        ['psql', server, '-q', '-c', 'DROP DATABASE IF EXISTS %s WITH (FORCE)' % name],
        capture_output=True))
    base, _, query = server.partition('?')  # postgresql://[host]/DB?options
    base = base[:base.rindex('/') + 1] + name
    _DATABASE.append(base + ('?' + query if query else ''))
    return _DATABASE[0]


def _limit_files(count):
    """A preexec function: the child's soft and hard open-files limit set to count."""
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))
    return limit


class Skatd:
    def __init__(self, skatd, extra_args=(), out_dir=None, scheme='http', open_files=None):
        self.dir = tempfile.mkdtemp(prefix='skat-web-', dir=out_dir)
        self.scheme = scheme
        self.log_path = os.path.join(self.dir, 'skatd.log')
        grpc_file = os.path.join(self.dir, 'grpc.port')
        http_file = os.path.join(self.dir, 'http.port')
        args = [skatd, '--database-url', database_url(), '--listen', '127.0.0.1:0',
                '--port-file', grpc_file, '--http-listen', '127.0.0.1:0',
                '--http-port-file', http_file, *extra_args]
        self.log = open(self.log_path, 'w')
        self.process = subprocess.Popen(
            args, stdout=self.log, stderr=subprocess.STDOUT,
            preexec_fn=_limit_files(open_files) if open_files else None)
        deadline = time.time() + 60
        while not os.path.exists(grpc_file) or not os.path.getsize(grpc_file):
            if self.process.poll() is not None or time.time() > deadline:
                with open(self.log_path) as f:
                    raise RuntimeError('skatd did not start:\n' + f.read())
            time.sleep(0.05)
        with open(grpc_file) as f:
            self.grpc_port = int(f.read())
        with open(http_file) as f:
            self.http_port = int(f.read())
        self.origin = '%s://127.0.0.1:%d' % (scheme, self.http_port)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


def api(origin, method, request=None, token=None, context=None):
    """POSTs a JSON request to /api/<method>; returns (HTTP status, parsed JSON, headers)."""
    headers = {'Content-Type': 'application/json'}
    if token:
        headers['Authorization'] = 'Bearer ' + token
    req = urllib.request.Request(origin + '/api/' + method,
                                 data=json.dumps(request or {}).encode(), headers=headers,
                                 method='POST')
    try:
        with urllib.request.urlopen(req, timeout=60, context=context) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), e.headers


def parse_test_args(doc):
    """The web tests' command line: --skatd, --skat, --out (a temp dir when not given), and the
    rest for unittest."""
    parser = argparse.ArgumentParser(description=doc.split('\n')[0])
    parser.add_argument('--skatd', required=True)
    parser.add_argument('--skat', required=True)
    parser.add_argument('--out', default=None, help='where logs are kept (default: a temp dir)')
    args, rest = parser.parse_known_args()
    args.out = args.out or tempfile.mkdtemp(prefix='web-test-')
    os.makedirs(args.out, exist_ok=True)
    return args, rest


def run_tests(rest, server, setup=None):
    """Runs setup() and the tests against server, then stops it: 0 when all passed and skatd
    exited 0."""
    try:
        if setup:
            setup()
        result = unittest.main(argv=[sys.argv[0], *rest], exit=False, verbosity=2).result
    finally:
        code = server.stop()
    if code != 0:
        print('skatd exited with %s; log: %s' % (code, server.log_path))
        return 1
    return 0 if result.wasSuccessful() else 1
