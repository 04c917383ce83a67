#!/usr/bin/env python3
"""How soon each page has its data on screen over a slow phone link (docs/performance.md
"Pages over a slow link").

Starts skatd (tests/web/skatd_web.py, on SKAT_TEST_DATABASE_URL) and sets up with `skat` a
registry of six members and a rated evening on paper: two tables of three, six boards, every
result entered by the director. Then, in headless Chromium with the network throttled through the
DevTools protocol (each request's round trip at least --rtt ms, --kbit kbit/s down and up), opens
each page --repeat times: once with the browser's cache emptied (a first visit) and once more
right after (a second visit), and times from the navigation to the moment its data is on screen
(a page's own element filled, below). Prints the medians per page and visit, with the requests
and bytes of the last visit of each kind.

  export SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg)
  /usr/bin/python3 bench/page_load.py --skatd build/skatd --skat build/skat
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'browser'))

from browser_util import Browser, run_skat  # noqa: E402
from skatd_web import Skatd  # noqa: E402

# Each page's "data on screen": a script that is true once it is.
READY = {
    'table': 'return document.querySelectorAll("#boards > li").length == 6',
    # The event drawn from its data (the summary and every panel at once), not waiting for
    # the director token's check beside it.
    'console': 'return document.getElementById("event-summary").textContent.length > 0',
    'live': 'return document.querySelectorAll("#standings tbody tr").length == 6',
    'ratings': 'return document.querySelectorAll("#ratings tbody tr").length == 6',
    'person': 'return document.querySelectorAll("#events tbody tr").length == 1',
}


def setup(args, server, out):
    def skat(*argv, director=''):
        return run_skat(args.skat, server.grpc_port, director, *argv)

    def write(name, text):
        path = os.path.join(out, name)
        with open(path, 'w') as f:
            f.write(text)
        return path

    made = skat('registries', 'create', '--name', 'Herz Dame')
    registry = made.split()[0]
    key = write('registry', made.split('registry token: ')[1].split()[0] + '\n')
    reg = ('--registry-token-file', key)
    skat('persons', 'import', registry, '--file', write('members.csv', 'name,member_number\n' +
                                                       ''.join('Member %d,%d\n' % (m, m)
                                                               for m in range(1, 7))), *reg)
    created = skat('events', 'create', '--name', 'Evening', '--registry', registry)
    event = created.split()[0]
    director = created.split('director token: ')[1].split()[0]
    skat('registries', 'rate', event, '--registry', registry, *reg)
    seating = 'round,table,boards,chair 1,chair 2,chair 3\n1,1,1-6'
    for m in range(1, 7):
        skat('players', 'add', '--event', event, 'P%d' % m, '--member-number', str(m),
             director=director)
        seating += ('\n1,2,1-6,' if m == 4 else ',') + 'P%d' % m
    board_set = skat('boards', 'create', '--event', event, '--boards', '6',
                     director=director).split()[0]
    tokens = os.path.join(out, 'tokens')
    skat('sessions', 'start', '--event', event, '--board-set', board_set, '--movement', 'manual',
         '--physical', '--accept-warnings', '--seating', write('seating.csv', seating + '\n'),
         '--tokens-file', tokens, director=director)
    chairs = {}
    with open(tokens) as f:
        for line in f:
            if line.startswith('events/'):
                table, chair, token = line.split()[:3]
                chairs.setdefault(table, {})[chair] = token
    for n, table in enumerate(sorted(chairs)):
        for board in range(1, 7):
            skat('results', 'enter', '--table', table, '--board', str(board), '--declarer',
                 'middlehand', '--game', 'solo-hearts', '--points', str(61 + 3 * n + board),
                 '--floor', '18', director=director)
    person = [line.split()[0] for line in skat('persons', 'list', registry).splitlines()
              if '#1' in line][0]
    table, mine = sorted(chairs.items())[0]
    return {
        'table': '/table.html#table=%s&%s' % (table, '&'.join(
            'c%s=%s' % (c, t) for c, t in sorted(mine.items()))),
        'console': '/console.html#event=%s&token=%s' % (event, director),
        'live': '/live.html#event=%s' % event,
        'ratings': '/ratings.html#registry=%s' % registry,
        'person': '/person.html#person=%s' % person,
    }


def visit(b, url, ready, clear):
    if clear:
        b.d.execute_cdp_cmd('Network.clearBrowserCache', {})
    b.d.get('about:blank')
    start = time.monotonic()
    b.d.get(url)
    while not b.js(ready):
        if time.monotonic() - start > 60:
            raise RuntimeError('%s: no data on screen after 60 s' % url)
        time.sleep(0.01)
    took = time.monotonic() - start
    sent = b.js('return performance.getEntriesByType("resource").length + 1')
    size = b.js('return performance.getEntriesByType("resource").reduce((s, e) => '
                's + e.transferSize, 0) + performance.getEntriesByType("navigation")[0]'
                '.transferSize')
    return took, sent, size


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--skatd', required=True)
    p.add_argument('--skat', required=True)
    p.add_argument('--rtt', type=int, default=300, help='round trip in ms (default 300)')
    p.add_argument('--kbit', type=int, default=750, help='kbit/s each way (default 750)')
    p.add_argument('--repeat', type=int, default=5)
    p.add_argument('--pages', default=','.join(READY),
                   help='the pages to open, comma-separated (default: %s)' % ','.join(READY))
    args = p.parse_args()
    out = tempfile.mkdtemp(prefix='page-load-')
    server = Skatd(os.path.abspath(args.skatd), out_dir=out)
    b = None
    try:
        urls = setup(args, server, out)
        b = Browser(os.path.join(out, 'shots'))
        b.open_window('phone', 390, 844)
        b.d.execute_cdp_cmd('Network.enable', {})
        b.d.execute_cdp_cmd('Network.emulateNetworkConditions', {
            'offline': False, 'latency': args.rtt,
            'downloadThroughput': args.kbit * 1000 / 8, 'uploadThroughput': args.kbit * 1000 / 8})
        print('page_load: round trip >= %d ms, %d kbit/s each way, %d visits each (median s)'
              % (args.rtt, args.kbit, args.repeat))
        print('  %-8s %8s %8s %9s %9s' % ('page', 'first', 'second', 'requests', 'KB first'))
        for page, path in urls.items():
            if page not in args.pages.split(','):
                continue
            firsts, seconds = [], []
            for _ in range(args.repeat):
                first = visit(b, server.origin + path, READY[page], True)
                second = visit(b, server.origin + path, READY[page], False)
                firsts.append(first[0])
                seconds.append(second[0])
            print('  %-8s %8.2f %8.2f %9d %9.1f' % (page, statistics.median(firsts),
                                                     statistics.median(seconds), first[1],
                                                     first[2] / 1024))
        print('reproduce:\n  /usr/bin/python3 bench/page_load.py --skatd %s --skat %s --rtt %d '
              '--kbit %d --repeat %d --pages %s' % (args.skatd, args.skat, args.rtt, args.kbit,
                                                      args.repeat, args.pages))
    finally:
        if b:
            b.quit()
        server.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
