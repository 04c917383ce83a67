#!/usr/bin/env python3
"""The ratings page and a person's page (docs/persons.md, docs/ratings.md) in headless Chromium.

Starts a real skatd (tests/web/skatd_web.py) and sets up, with the skat command line as a club
would: a registry with six members, two rated evenings on paper (two tables of three, one total
per chair) with the players linked by member number. The ratings page must list the six rated
members best first with the ratings the server computes, each a link to the person page; the
person page must show the person's name, rating, both evenings newest first, the totals by year
and two charts, and the boards of a third evening (two boards scored at two tables, entered by the
director) with their traveller links, narrowed by the game filter, at phone size and at laptop
size, without a console error. The live screen of the second evening must show each player's
rating entering it beside the name, as GetStandings says.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Browser, Failure, PageTest, Steps,  # noqa: E402
                          english_words, run_skat, run_test, test_args)
from skatd_web import Skatd, api  # noqa: E402

TOTALS = [900, 400, -150, 300, 500, 250]  # table 1's chairs, then table 2's


class PersonsTest(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None

    def skat(self, *argv, director=''):
        return run_skat(self.args.skat, self.server.grpc_port, director, *argv)

    def write(self, name, text):
        path = os.path.join(self.args.out, name)
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o600)
        return path

    def evening(self, n, registry, reg, members):
        out = self.skat('events', 'create', '--name', 'Evening %d' % n, '--comparison',
                        'session-total', '--registry', registry)
        event = out.split()[0]
        director = out.split('director token: ')[1].split()[0]
        self.skat('registries', 'rate', event, '--registry', registry, *reg)
        seating = 'round,table,boards,chair 1,chair 2,chair 3\n1,1,1-18'
        sheet = 'table,chair,player,total\n'
        for i, m in enumerate(members):
            player = 'P%d' % m
            self.skat('players', 'add', '--event', event, player, '--member-number', str(m),
                      director=director)
            seating += ('\n1,2,1-18,' if i == 3 else ',') + player
            sheet += '%d,%d,%s,%d\n' % (i // 3 + 1, i % 3 + 1, player, TOTALS[i])
        board_set = self.skat('boards', 'create', '--event', event, '--boards', '18',
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

    def boards_evening(self, registry):
        """Evening 3: two tables play boards 1-2, a hearts solo at each, compared by matchpoints."""
        out = self.skat('events', 'create', '--name', 'Evening 3', '--registry', registry)
        event = out.split()[0]
        director = out.split('director token: ')[1].split()[0]
        seating = 'round,table,boards,chair 1,chair 2,chair 3\n1,1,1-2'
        for i, m in enumerate([101, 102, 103, 104, 105, 106]):
            self.skat('players', 'add', '--event', event, 'P%d' % m, '--member-number', str(m),
                      director=director)
            seating += ('\n1,2,1-2,' if i == 3 else ',') + 'P%d' % m
        board_set = self.skat('boards', 'create', '--event', event, '--boards', '2',
                              director=director).split()[0]
        started = self.skat('sessions', 'start', '--event', event, '--board-set', board_set,
                            '--movement', 'manual', '--physical', '--accept-warnings',
                            '--seating', self.write('seating3.csv', seating + '\n'),
                            '--tokens-file', os.path.join(self.args.out, 'tokens3'),
                            director=director)
        tables = sorted({w for w in started.split() if '/tables/' in w})
        if len(tables) != 2:
            raise Failure('sessions start printed %s' % started)
        for t, points in zip(tables, ['75', '50']):
            for board in ['1', '2']:
                self.skat('results', 'enter', '--table', t, '--board', board, '--declarer',
                          'middlehand', '--game', 'solo-hearts', '--points', points, '--floor',
                          '30', director=director)

    def check_boards_command(self, first):
        """skat persons boards: Member 1's two boards of evening 3, the filters, the CSV."""
        csv = os.path.join(self.args.out, 'boards.csv')
        out = self.skat('persons', 'boards', first, '--game', 'hearts', '--role', 'defender',
                        '--csv', csv)
        if out.count('Evening 3  session 1 board ') != 2 or 'defender' not in out:
            raise Failure('skat persons boards printed %r' % out)
        with open(csv) as f:
            lines = f.read().splitlines()
        if len(lines) != 3 or not lines[0].startswith('event,event_name,date,session,round,board'):
            raise Failure('the CSV is %r' % lines)
        if 'no boards' not in self.skat('persons', 'boards', first, '--role', 'declarer'):
            raise Failure('Member 1 declared nothing, yet boards were listed')

    def check_boards(self, first):
        b = self.b
        b.wait('the boards', lambda: len(b.els('#boards tbody tr a')) == 2)
        links = b.js('return [...document.querySelectorAll("#boards tbody a")]'
                     '.map((a) => a.getAttribute("href"))')
        if not all(link.startswith('/report/ev-') and link.endswith(('#b1-2', '#b1-1'))
                   for link in links):
            raise Failure('the traveller links are %s' % links)
        status, body, _ = api(self.server.origin, 'skat.v1.ScoringService/ListPersonBoards',
                              {'parent': first})
        shown = b.js('return [...document.querySelectorAll("#boards tbody tr td:nth-child(6)")]'
                     '.map((td) => td.textContent)')
        want = [str(int(x.get('boardScore', 0))) for x in body['boards']]
        if status != 200 or shown != want:
            raise Failure('the boards show scores %s, ListPersonBoards says %s' % (shown, want))
        b.js('document.getElementById("f-game").value = "grand"')
        b.click('show-boards')
        b.wait('no grand', lambda: 'No boards.' in b.text('boards'))
        b.js('document.getElementById("f-game").value = "hearts"')
        b.click('show-boards')
        b.wait('the hearts', lambda: len(b.els('#boards tbody tr a')) == 2)

    def check_german(self, registry, first, live_event):
        """The ratings page, the person page and the live screen in German, chosen with the
        page's switch: no English word outside names, numbers and days as German writes them;
        then back to English."""
        b = self.b
        b.use('laptop')
        english = english_words()
        b.d.get(self.server.origin + '/ratings.html#registry=' + registry)
        b.wait('the ratings', lambda: len(b.els('#ratings tbody tr')) == 6)
        b.choose_language('de')
        b.wait('German', lambda: b.js('return document.documentElement.lang') == 'de' and
               len(b.els('#ratings tbody tr')) == 6)
        status, body, _ = api(self.server.origin, 'skat.v1.ScoringService/ListRatings',
                              {'parent': registry})
        want = [('%.2f' % r['rating']).replace('.', ',') for r in body['ratings']]
        shown = b.js('return [...document.querySelectorAll("#ratings tbody tr td:nth-child(3)")]'
                     '.map((td) => td.textContent)')
        if shown != want:
            raise Failure('the German ratings page shows %s, not %s' % (shown, want))
        for page in ('ratings', 'person', 'live'):
            if page == 'live':
                b.d.get(self.server.origin + '/live.html#event=' + live_event)
                b.wait('the live standings', lambda: len(b.els('#standings tbody tr')) == 6 and
                       b.js('return document.getElementById("badge").textContent') in
                       ('Vollständig', 'Vorläufig'))
                if b.text('standings-note') not in (
                        'Alle Ergebnisse sind da.',
                        'Vorläufig: Ein Board zählt, sobald alle Tische es beendet haben.'):
                    raise Failure('the German live screen says %r' % b.text('standings-note'))
            if page == 'person':
                b.d.get(self.server.origin + '/person.html#person=' + first)
                b.wait('the boards', lambda: len(b.els('#boards tbody tr a')) == 2)
                # The game as the reader says it, won or lost as the server has it.
                _, body, _ = api(self.server.origin, 'skat.v1.ScoringService/ListPersonBoards',
                                 {'parent': first})
                want = ['Herz: ' + ('gewonnen' if x.get('declarerWon') else 'verloren')
                        for x in body['boards']]
                shown = b.js('return [...document.querySelectorAll("#boards tbody tr '
                             'td:nth-child(5)")].map((td) => td.textContent)')
                if shown != want or 'Gegenspieler' not in b.text('boards'):
                    raise Failure('the German boards read %r, not %r' % (shown, want))
            found = b.visible_english(english)
            if found:
                raise Failure('English words on the German %s page: %s' % (page, found))
            b.shot('german-' + page)
            b.check_axe('the %s page in German' % page)
        b.choose_language('en')
        b.wait('English again', lambda: b.js('return document.documentElement.lang') == 'en')

    def check_pages(self, registry, first, window):
        b = self.b
        b.use(window)
        b.d.get(self.server.origin + '/ratings.html#registry=' + registry)
        b.wait('the ratings', lambda: len(b.els('#ratings tbody tr')) == 6)
        status, body, _ = api(self.server.origin, 'skat.v1.ScoringService/ListRatings',
                              {'parent': registry})
        want = ['%.2f' % r['rating'] for r in body['ratings']]
        shown = b.js('return [...document.querySelectorAll("#ratings tbody tr td:nth-child(3)")]'
                     '.map((td) => td.textContent)')
        if shown != want:
            raise Failure('the ratings page shows %s, ListRatings says %s' % (shown, want))
        b.check_width('ratings page (%s)' % window)
        b.shot('ratings-' + window)
        b.check_axe('ratings page (%s)' % window)
        b.d.get(self.server.origin + '/person.html#person=' + first)
        b.wait('the person', lambda: len(b.els('#events tbody tr')) == 3)
        events = b.js('return [...document.querySelectorAll("#events tbody tr td:nth-child(2)")]'
                      '.map((td) => td.textContent)')
        if events != ['Evening 3', 'Evening 2 (rated)', 'Evening 1 (rated)']:
            raise Failure('the person page lists %s' % events)
        if b.text('title') != 'Member 1' or '2 rated events' not in b.text('rating-now'):
            raise Failure('the person page says %r, %r' % (b.text('title'), b.text('rating-now')))
        if len(b.els('#rating-chart svg polyline')) != 1 or len(b.els('#years-chart svg rect')) != 1:
            raise Failure('the charts are missing')
        declared = b.js('return document.querySelector("#years tbody tr td:nth-child(5)")'
                        '.textContent')
        if declared != 'suit 0, grand 0, null 0':  # Member 1 defended both boards of evening 3
            raise Failure('the year says declared %r' % declared)
        self.check_boards(first)
        b.check_width('person page (%s)' % window)
        b.shot('person-' + window)
        b.check_axe('person page (%s)' % window)
        # A board's traveller on the result pages, as its link opens it.
        link = b.js('return document.querySelector("#boards tbody a").href')
        b.d.get(link)
        b.wait('the traveller', lambda: b.els('main section.board'))
        b.shot('traveller-' + window)
        b.check_axe('a traveller (%s)' % window)
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def check_live(self, event):
        """Each row of the live screen shows its player's rating entering the rated evening
        (docs/ratings.md "Beside the names"), as GetStandings gives it, with two decimals."""
        b = self.b
        b.d.get(self.server.origin + '/live.html#event=' + event)
        b.wait('the standings', lambda: len(b.els('#standings tbody tr td.rating')) == 6)
        status, body, _ = api(self.server.origin, 'skat.v1.ScoringService/GetStandings',
                              {'name': event + '/standings'})
        want = {r['player']: '%.2f' % r['rating'] for r in body['overall']}
        shown = b.js('return Object.fromEntries([...document.querySelectorAll('
                     '"#standings tbody tr")].map((tr) => [tr.dataset.player, '
                     'tr.querySelector("td.rating").textContent]))')
        if len(want) != 6 or shown != want:
            raise Failure('the live screen shows the ratings %s, GetStandings says %s'
                          % (shown, want))
        if all(v == '20.00' for v in want.values()):
            raise Failure('every rating entering the second evening is 20: %s' % want)
        b.shot('live-ratings')
        b.check_axe('live screen with ratings')
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def run(self):
        s = self.steps
        s.begin('skatd and two rated evenings through skat')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        made = self.skat('registries', 'create', '--name', 'Herz Dame')
        registry = made.split()[0]
        key = self.write('registry', made.split('registry token: ')[1].split()[0] + '\n')
        reg = ('--registry-token-file', key)
        members = 'name,club,member_number\n' + ''.join(
            'Member %d,Herz Dame,%d\n' % (m, 100 + m) for m in range(1, 7))
        self.skat('persons', 'import', registry, '--file', self.write('members.csv', members),
                  *reg)
        self.evening(1, registry, reg, [101, 102, 103, 104, 105, 106])
        second = self.evening(2, registry, reg, [104, 105, 106, 101, 102, 103])
        self.boards_evening(registry)
        first = [line.split()[0] for line in self.skat('persons', 'list', registry).splitlines()
                 if '#101' in line][0]
        self.check_boards_command(first)
        s.end()
        self.b = Browser(os.path.join(self.args.out, 'shots'), self.args.chromedriver)
        for window, w, h in [('phone', 390, 844), ('laptop', 1280, 800)]:
            s.begin('the pages: ' + window)
            self.b.open_window(window, w, h)
            self.check_pages(registry, first, window)
            s.end()
        s.begin('the ratings and person pages and the live screen in German')
        self.check_german(registry, first, second)
        s.end()
        s.begin('the live screen of the second evening: the ratings beside the names')
        self.check_live(second)
        s.end(self.b.axe_summary())


def main():
    args = test_args(__doc__)
    return run_test(PersonsTest(args), 'persons test', args.out)


if __name__ == '__main__':
    sys.exit(main())
