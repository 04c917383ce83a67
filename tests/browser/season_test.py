#!/usr/bin/env python3
"""The season page (docs/seasons.md "Season table", docs/web.md "The season page") in headless
Chromium.

Starts a real skatd (tests/web/skatd_web.py) and sets up, with the skat command line as a club
would: a registry with six members, two evenings on paper (two tables of three, one total per
chair, players linked by member number; a guest without a person on the second) and a season of
both that counts each member's best evening and (set through the JSON web door with the registry
token, refused without it) ranks from two evenings. Session totals give,
within a chair, 100 % to the higher total, 0 % to the lower, 50 % to both when equal, and the diff
total minus the chair's mean:

  evening 1: Anna 120 / Dora 80 (100 +20, 0 -20); Ben 100 / Emil 100 (50, 0 each);
             Clara 50 / Fritz 90 (0 -20, 100 +20)
  evening 2: Anna 60 / Dora 100 (0 -20, 100 +20); Ben 70 / Emil 70 (50, 0 each);
             Clara 10 / the guest 5 (100 +2.5)

So with the best evening counting: Anna and Dora share the first place (100.00, +20.00), Clara
is third (100.00, +2.50), Ben and Emil share the fourth (50.00, 0.00: the earlier of two equal
evenings counts), Fritz played once and has no place. The page must show exactly these numbers
(the evening not counted in brackets), in English and in German (decimal commas, chosen with the
page's switch), at phone size and at laptop size, without a console error and with no axe-core
violation; the league section stays hidden.
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

MEMBERS = ['Anna', 'Ben', 'Clara', 'Dora', 'Emil', 'Fritz']
# Place, name, value, diff, played, evening 1, evening 2 (English).
EXPECTED = [
    ['1=', 'Anna', '100.00', '20.00', '2', '100.00', '(0.00)'],
    ['1=', 'Dora', '100.00', '20.00', '2', '(0.00)', '100.00'],
    ['3', 'Clara', '100.00', '2.50', '2', '(0.00)', '100.00'],
    ['4=', 'Ben', '50.00', '0.00', '2', '50.00', '(50.00)'],
    ['4=', 'Emil', '50.00', '0.00', '2', '50.00', '(50.00)'],
    ['–', 'Fritz', '100.00', '20.00', '1', '100.00', ''],
]

ROWS_JS = ('return [...document.querySelectorAll("#standings tbody tr")].map((tr) => '
           '[...tr.cells].map((td, i) => i === 1 ? td.querySelector("a").textContent '
           ': td.textContent))')


class SeasonTest(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None
        self.season = ''

    def skat(self, *argv, director=''):
        return run_skat(self.args.skat, self.server.grpc_port, director, *argv)

    def write(self, name, text):
        path = os.path.join(self.args.out, name)
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o600)
        return path

    def evening(self, n, registry, players, totals):
        """An evening of six players (name, member number or None), table 1's chairs first."""
        out = self.skat('events', 'create', '--name', 'Abend %d' % n, '--comparison',
                        'session-total', '--registry', registry)
        event = out.split()[0]
        director = out.split('director token: ')[1].split()[0]
        seating = 'round,table,boards,chair 1,chair 2,chair 3\n1,1,1-6'
        sheet = 'table,chair,player,total\n'
        for i, (name, number) in enumerate(players):
            link = ['--member-number', str(number)] if number else []
            self.skat('players', 'add', '--event', event, name, *link, director=director)
            seating += ('\n1,2,1-6,' if i == 3 else ',') + name
            sheet += '%d,%d,%s,%d\n' % (i // 3 + 1, i % 3 + 1, name, totals[i])
        board_set = self.skat('boards', 'create', '--event', event, '--boards', '6',
                              director=director).split()[0]
        started = self.skat('sessions', 'start', '--event', event, '--board-set', board_set,
                            '--movement', 'manual', '--physical', '--accept-warnings',
                            '--seating', self.write('seating%d.csv' % n, seating + '\n'),
                            '--tokens-file', os.path.join(self.args.out, 'tokens%d' % n),
                            director=director)
        session = [w for w in started.split() if '/sessions/' in w][0]
        self.skat('totals', 'import', '--session', session, '--file',
                  self.write('totals%d.csv' % n, sheet), director=director)
        return event

    def setup(self):
        made = self.skat('registries', 'create', '--name', 'Herz Dame')
        registry = made.split()[0]
        key = self.write('registry', made.split('registry token: ')[1].split()[0] + '\n')
        reg = ('--registry-token-file', key)
        members = 'name,club,member_number\n' + ''.join(
            '%s,Herz Dame,%d\n' % (m, i + 1) for i, m in enumerate(MEMBERS))
        self.skat('persons', 'import', registry, '--file', self.write('members.csv', members),
                  *reg)
        first = self.evening(1, registry, [(m, i + 1) for i, m in enumerate(MEMBERS)],
                             [120, 100, 50, 80, 100, 90])
        second = self.evening(2, registry, [('Anna', 1), ('Ben', 2), ('Clara', 3), ('Dora', 4),
                                            ('Emil', 5), ('Gast', None)],
                              [60, 70, 10, 100, 70, 5])
        out = self.skat('seasons', 'create', registry, '--name', 'Saison 2026', '--best-of', '1',
                        *reg)
        self.season = out.split()[0]
        for event in (first, second):
            self.skat('seasons', 'add-event', self.season, event, *reg)
        self.web_door(made.split('registry token: ')[1].split()[0])

    def web_door(self, token):
        """The minimum attendance set through the JSON web door: refused without the registry
        token, taken with it; the season read back without one."""
        update = {'season': {'name': self.season, 'minAttendance': 2},
                  'updateMask': ['min_attendance']}
        status, body, _ = api(self.server.origin, 'skat.v1.SeasonService/UpdateSeason', update)
        if status != 401 or body['error']['status'] != 'UNAUTHENTICATED':
            raise Failure('UpdateSeason without a token answered %d %s' % (status, body))
        status, body, _ = api(self.server.origin, 'skat.v1.SeasonService/UpdateSeason', update,
                              token)
        if status != 200 or body.get('minAttendance') != 2:
            raise Failure('UpdateSeason with the registry token answered %d %s' % (status, body))
        status, body, _ = api(self.server.origin, 'skat.v1.SeasonService/GetSeason',
                              {'name': self.season})
        if status != 200 or len(body.get('events', [])) != 2 or body.get('bestOf') != 1:
            raise Failure('GetSeason answered %d %s' % (status, body))

    def check_table(self, window, german=False):
        b = self.b
        b.wait('the season table', lambda: len(b.els('#standings tbody tr')) == len(EXPECTED))
        want = EXPECTED
        if german:
            want = [[c.replace('.', ',') for c in r] for r in EXPECTED]
        shown = b.js(ROWS_JS)
        if shown != want:
            raise Failure('the season table (%s) shows %s, not %s' % (window, shown, want))
        if b.text('title') != 'Saison 2026':
            raise Failure('the title is %r' % b.text('title'))
        rules = b.text('rules')
        want_rules = ('Summe der Prozente der Veranstaltungen · nur 1 Veranstaltung zählt, die '
                      'beste · ein Platz ab 2 Veranstaltungen') if german else (
                          'Sum of the event percentages · best 1 event counts · a place from 2 '
                          'events')
        if rules != want_rules:
            raise Failure('the rules read %r, not %r' % (rules, want_rules))
        events = b.js('return [...document.querySelectorAll("#events li")]'
                      '.map((li) => li.textContent)')
        if events != ['Abend 1', 'Abend 2']:
            raise Failure('the events are %s' % events)
        link = b.js('return document.querySelector("#standings tbody a").getAttribute("href")')
        if not link.startswith('person.html#person=registries%2F'):
            raise Failure('the name links to %r' % link)
        if b.js('return getComputedStyle(document.getElementById("league-section")).display') \
                != 'none':
            raise Failure('the league section is shown')

    def check_pages(self, window):
        b = self.b
        b.use(window)
        b.d.get(self.server.origin + '/season.html#season=' + self.season)
        self.check_table(window)
        b.check_width('season page (%s)' % window)
        b.shot('season-' + window)
        b.check_axe('season page (%s)' % window)
        # The short address with the query works too.
        b.d.get(self.server.origin + '/season.html?season=' + self.season.split('/')[1])
        self.check_table(window)
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def check_german(self, window):
        b = self.b
        b.use(window)
        b.d.get(self.server.origin + '/season.html#season=' + self.season)
        b.in_german('season page (%s)' % window, 'season-german-' + window,
                    lambda: len(b.els('#standings tbody tr')) == len(EXPECTED),
                    lambda: self.check_table(window, german=True))

    def run(self):
        s = self.steps
        s.begin('skatd, two evenings and a season through skat')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.setup()
        s.end()
        self.in_both_windows('the season page')


def main():
    args = test_args(__doc__)
    return run_test(SeasonTest(args), 'season test', args.out)


if __name__ == '__main__':
    sys.exit(main())
