#!/usr/bin/env python3
"""The league table on the season page (docs/seasons.md "League table") in headless Chromium.

Starts a real skatd (tests/web/skatd_web.py) and sets up, with the skat command line as a league
would: a registry, two inter-club match days of Berlin and Hamburg (three players each, two
physical tables, six boards, results entered from score slips: on day 1 forehand makes 90 card
points in a hearts solo at table 1 and 40 at table 2, on day 2 90 at both, so day 2 is a draw),
and a season of both. The page must show the league table with the numbers computed here from
each day's GetTeamMatch totals (2 points for a win, 1 for a draw; the difference own total minus
the other's), a club opening to its match days, in English and in German (chosen with the page's
switch), at phone size and at laptop size, without a console error and with no axe-core
violation. A season without match days keeps the section hidden.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Failure, PageTest, Steps,  # noqa: E402
                          run_skat, run_test, test_args)
from skatd_web import Skatd, api  # noqa: E402

ROWS_JS = ('return [...document.querySelectorAll("#league tbody tr.league-row")].map((tr) => '
           '[...tr.cells].map((td) => td.textContent))')


class LeagueTest(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None
        self.season = ''
        self.empty_season = ''
        self.expected = []  # rows as the English page writes them

    def skat(self, *argv, director=''):
        return run_skat(self.args.skat, self.server.grpc_port, director, *argv)

    def write(self, name, text):
        path = os.path.join(self.args.out, name)
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o600)
        return path

    def match_day(self, n, registry, first, second):
        out = self.skat('events', 'create', '--name', 'Spieltag %d' % n, '--registry', registry)
        event = out.split()[0]
        director = out.split('director token: ')[1].split()[0]
        self.skat('players', 'add-club', '--event', event, 'Berlin', 'Hamburg', director=director)
        for club in ('Berlin', 'Hamburg'):
            self.skat('players', 'add', '--event', event, '--club', club,
                      *['%s %d' % (club, i) for i in (1, 2, 3)], director=director)
        board_set = self.skat('boards', 'create', '--event', event, '--boards', '6',
                              director=director).split()[0]
        started = self.skat('sessions', 'start', '--event', event, '--board-set', board_set,
                            '--physical', '--tables', '2', '--boards-per-round', '2',
                            '--tokens-file', os.path.join(self.args.out, 'tokens%d' % n),
                            director=director)
        session = [w for w in started.split() if '/sessions/' in w][0]
        slips = 'table,board,declarer,game,points,floor\n'
        for line in self.skat('sessions', 'show', session, director=director).splitlines():
            w = line.split()
            if len(w) < 6 or w[0] != 'round' or w[2] != 'table' or w[4] != 'boards':
                continue
            for board in w[5:w.index('chairs:')]:
                slips += 'round %s table %s,%s,forehand,solo-hearts,%d,18\n' % (
                    w[1], w[3], board, first if w[3] == '1' else second)
        if slips.count('\n') != 13:
            raise Failure('the session has these tables: %r' % slips)
        self.skat('results', 'import', '--session', session, '--file',
                  self.write('slips%d.csv' % n, slips), director=director)
        return event

    def expect(self, events):
        """The league table by hand from each day's team match totals."""
        clubs = {}
        for event in events:
            status, t, _ = api(self.server.origin, 'skat.v1.ScoringService/GetTeamMatch',
                               {'name': event + '/teamMatch'})
            if status != 200:
                raise Failure('GetTeamMatch answered %d %s' % (status, t))
            a, b = int(t.get('totalA', 0)), int(t.get('totalB', 0))
            for club, own, other in ((t['clubA'], a, b), (t['clubB'], b, a)):
                c = clubs.setdefault(club, {'points': 0, 'diff': 0, 'won': 0, 'drawn': 0,
                                            'lost': 0})
                c['diff'] += own - other
                c['points'] += 2 if own > other else 1 if own == other else 0
                c['won' if own > other else 'drawn' if own == other else 'lost'] += 1
        if sorted(c['drawn'] for c in clubs.values()) != [1, 1]:
            raise Failure('day 2 is not a draw: %s' % clubs)
        order = sorted(clubs, key=lambda k: (-clubs[k]['points'], -clubs[k]['diff'], k))
        rows = []
        for i, club in enumerate(order):
            c = clubs[club]
            tied = len(order) == 2 and clubs[order[0]]['points'] == clubs[order[1]]['points'] \
                and clubs[order[0]]['diff'] == clubs[order[1]]['diff']
            rank = '1=' if tied else str(i + 1)
            sign = '+' if c['diff'] > 0 else '−' if c['diff'] < 0 else ''
            rows.append([rank, club, str(c['points']), sign + '{:,}'.format(abs(c['diff'])), '2',
                         str(c['won']), str(c['drawn']), str(c['lost'])])
        return rows

    def setup(self):
        made = self.skat('registries', 'create', '--name', 'Bezirk Nord')
        registry = made.split()[0]
        reg = ('--registry-token-file',
               self.write('registry', made.split('registry token: ')[1].split()[0] + '\n'))
        days = [self.match_day(1, registry, 90, 40), self.match_day(2, registry, 90, 90)]
        self.season = self.skat('seasons', 'create', registry, '--name', 'Bezirksliga',
                                *reg).split()[0]
        for event in days:
            self.skat('seasons', 'add-event', self.season, event, *reg)
        self.empty_season = self.skat('seasons', 'create', registry, '--name', 'Leer',
                                      *reg).split()[0]
        self.expected = self.expect(days)

    def german_rows(self):
        """The rows as German writes them: thousands with a point."""
        return [[c.replace(',', '.') for c in r] for r in self.expected]

    def check_league(self, window, german=False):
        b = self.b
        b.wait('the league table', lambda: len(b.els('#league tbody tr.league-row')) == 2 and
               b.js('return getComputedStyle(document.getElementById("league-section"))'
                    '.display') != 'none')
        want = self.german_rows() if german else self.expected
        shown = b.js(ROWS_JS)
        if shown != want:
            raise Failure('the league table (%s) shows %s, not %s' % (window, shown, want))
        status, body, _ = api(self.server.origin, 'skat.v1.SeasonService/GetLeagueTable',
                              {'name': self.season + '/leagueTable'})
        if status != 200 or [r['club'] for r in body['rows']] != [r[1] for r in want]:
            raise Failure('GetLeagueTable answered %d %s' % (status, body))
        b.js('document.querySelector("#league .league-toggle").click()')
        b.wait('the match days', lambda: len(b.els('#league tr.league-days:not([hidden]) li')) == 2)
        text = b.js('return document.querySelector("#league tr.league-days:not([hidden])")'
                    '.textContent')
        for word in (['Spieltag 1', 'Spieltag 2', 'Unentschieden', '1 Punkt'] if german else
                     ['Spieltag 1', 'Spieltag 2', 'draw', '1 point']):
            if word not in text:
                raise Failure('the first club\'s match days read %r, without %r' % (text, word))

    def check_pages(self, window):
        b = self.b
        b.use(window)
        b.d.get(self.server.origin + '/season.html#season=' + self.season)
        self.check_league(window)
        b.check_width('league (%s)' % window)
        b.shot('league-' + window)
        b.check_axe('the league table (%s)' % window)
        # A season without match days: the section stays hidden.
        # (By the query: a new fragment alone would not load the page again.)
        b.d.get(self.server.origin + '/season.html?season=' + self.empty_season.split('/')[1])
        b.wait('the empty season', lambda: b.text('title') == 'Leer')
        if b.js('return getComputedStyle(document.getElementById("league-section")).display') \
                != 'none':
            raise Failure('the league section is shown for a season without match days')
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def check_german(self, window):
        b = self.b
        b.use(window)
        b.d.get(self.server.origin + '/season.html#season=' + self.season)

        def check():
            self.check_league(window, german=True)
            if b.text('league-title') != 'Ligatabelle':
                raise Failure('the German heading is %r' % b.text('league-title'))
        b.in_german('league table (%s)' % window, 'league-german-' + window,
                    lambda: len(b.els('#league tbody tr.league-row')) == 2, check)

    def run(self):
        s = self.steps
        s.begin('skatd, two match days and a season through skat')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.setup()
        s.end()
        self.in_both_windows('the league table')


def main():
    args = test_args(__doc__)
    return run_test(LeagueTest(args), 'league test', args.out)


if __name__ == '__main__':
    sys.exit(main())
