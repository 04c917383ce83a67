#!/usr/bin/python3
"""The director's console in German (docs/i18n.md), in headless Chromium with a real skatd.

    tests/browser/console_german_test.py --skatd build/skatd --skat build/skat --out DIR

The console opens in the browser's English; its language switch turns it German, and it stays
German after a reload. Then, in German, it runs the first part of a club evening as the evening
test does (tests/browser/evening_test.py, in English): creates the event (the director token
shown once), pastes the 9 players of README's walk-through, creates and shows 9 boards, has the
reveal refused, is told which sizes work when 4 players are refused, refuses a seating with a
warning until it is ticked, starts the session with docs/examples/club-evening/seating.csv, makes
the table cards, shows the progress grid, a table's results and seats, records a penalty and shows
the standings. In every state no word of the English catalogue that the German catalogue never
uses may be visible outside names (Browser.visible_english in browser_util); sentences the console writes read
as de.json says, with German numbers, and skatd's refusals as the German text of their reason
code. axe-core finds no violation in German. The result form (js/result-form.js, the table page's)
is not opened: it is not translated yet.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Browser, Failure, PageTest, Steps,  # noqa: E402
                          english_words, run_test, test_args)
from skatd_web import Skatd  # noqa: E402

PLAYERS = 'Anna Bert Carl Dora Emil Frida Gustav Hanna Ida'.split()
SEATING_CSV = os.path.join(ROOT, 'docs', 'examples', 'club-evening', 'seating.csv')
EVENT = 'Skatabend Pik Sieben'  # no word of the English catalogue: the banner's name is data


def catalogue(lang):
    with open(os.path.join(ROOT, 'services', 'web', 'static', 'i18n', lang + '.json')) as f:
        return json.load(f)


class ConsoleGerman(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None
        self.english = english_words()
        self.de = catalogue('de')
        self.states = []

    def tab(self, name):
        self.b.click('tab-' + name)
        self.b.wait('the %s panel' % name, lambda: self.b.el('panel-' + name).is_displayed())

    def german(self, state, axe=False):
        """No English word visible in this state; axe-core too when asked."""
        found = self.b.visible_english(self.english)
        if found:
            self.b.shot('leak-' + state)
            raise Failure('English words on the German console (%s): %s' % (state, found))
        if axe:
            self.b.check_axe('the console in German, ' + state)
        self.states.append(state)

    def expect(self, id_, key, **params):
        """Element id_ reads de.json's text of key with params filled in."""
        text = self.de[key]
        if isinstance(text, dict):
            text = text['one' if params.get('n') == 1 else 'other']
        want = re.sub(r'\{(\w+)\}', lambda m: str(params[m.group(1)]), text)
        self.b.wait('%s to read %r' % (id_, want), lambda: self.b.text(id_) == want)

    def open_german(self):
        b = self.b
        b.open_window('console', 1366, 900)
        b.d.get(self.server.origin + '/console.html')
        b.wait('the console', lambda: b.js('return document.body.dataset.ready') == 'true')
        if b.js('return document.documentElement.lang') != 'en' or \
                b.text('event-banner') != 'No event open.':
            raise Failure('the console does not start in the browser\'s English')
        b.js('const s = document.getElementById("lang"); s.value = "de"; '
             's.dispatchEvent(new Event("change"));')
        b.wait('German', lambda: b.js('return document.documentElement.lang') == 'de' and
               b.js('return document.body.dataset.ready') == 'true')
        b.d.refresh()
        b.wait('German after a reload', lambda: b.js('return document.body.dataset.ready') ==
               'true' and b.js('return document.documentElement.lang') == 'de')
        self.expect('event-banner', 'console.eventBanner')
        if b.js('return document.title') != self.de['console.title']:
            raise Failure('the German console\'s title: %r' % b.js('return document.title'))
        self.german('empty', axe=True)
        # The start page keeps the language chosen on the console.
        b.d.get(self.server.origin + '/')
        self.expect('link-console', 'index.console')
        self.german('start page')
        b.d.get(self.server.origin + '/console.html')
        b.wait('the console again', lambda: b.js('return document.body.dataset.ready') == 'true')

    def event_and_players(self):
        b = self.b
        b.type_into('event-name', EVENT)
        b.click('create-event')
        b.wait('the director token', lambda: re.fullmatch(r'\S{16,}', b.text('director-token')))
        b.wait('the event summary', lambda: 'Regelwerk' in b.text('event-summary'))
        self.german('the director token shown')
        b.click('token-noted')
        self.tab('players')
        b.paste('players-csv', 'name,club\n' + '\n'.join(PLAYERS) + '\n')
        b.click('import-players')
        b.wait('9 players', lambda: b.text('player-count') == '9')
        b.wait('the German count', lambda: b.text('import-players-status') == '9 hinzugefügt.')
        self.german('players')

    def boards(self):
        b = self.b
        self.tab('boards')
        b.type_into('board-count', '9')
        b.click('create-board-set')
        b.wait('the board set', lambda: len(b.els('#board-set-select option')) == 1)
        b.click('show-boards')
        b.wait('9 boards', lambda: len(b.els('#board-print .board-sheet')) == 9)
        self.expect('status', 'console.boardsShown', n=9)
        if 'Vorhand, Stuhl 1' not in b.text('board-1'):
            raise Failure('board 1 reads %r' % b.text('board-1'))
        self.german('boards shown', axe=True)

    def sizes_and_seating(self):
        b = self.b
        self.tab('session')
        b.paste('session-players', '\n'.join(PLAYERS[:4]))
        b.click('validate-session')
        b.wait('the size refusal', lambda: b.text('start-session-error') != '')
        advice = b.text('start-session-error')
        if 'Es ginge mit 6 Spielern (2 Tischen)' not in advice or 'Kongress' not in advice:
            raise Failure('the German size advice reads %r' % advice)
        if not b.els('#start-session-error [lang=en][translate=no]'):
            raise Failure('skatd\'s English words are not marked in %r' % advice)
        self.german('sizes refused')
        b.paste('session-players', '')
        b.select('movement', 'MOVEMENT_KIND_MANUAL')
        with open(SEATING_CSV) as f:
            seating = f.read()
        b.paste('seating-csv', seating.replace('1,2,1-3,Dora', '1,2,1-3,Anna'))
        b.click('start-session')
        b.wait('the warning refusal', lambda: 'Warnung' in b.text('start-session-error'))
        n = len(b.els('#session-warnings li'))
        self.expect('start-session-error', 'console.seatingWarnings', n=n)
        self.german('seating with warnings')
        b.paste('seating-csv', seating)
        b.click('validate-session')
        b.wait('the checked seating', lambda: len(b.els('#session-preview tbody tr')) == 9)
        if b.el('accept-warnings').is_displayed():
            b.click('accept-warnings')
        b.click('start-session')
        self.expect('status', 'console.sessionStarted', session=1, size='3 Tische, 3 Runden')
        self.german('session started', axe=True)

    def evening(self):
        b = self.b
        self.tab('cards')
        b.wait('the play of the cards', lambda: 'Echte Karten' in b.text('cards-session-info'))
        b.click('build-cards')
        b.wait('9 table cards', lambda: b.js(
            'const i = [...document.querySelectorAll("#table-cards img.qr")];'
            'return i.length === 9 && i.every((x) => x.complete && x.naturalWidth > 0);'))
        if 'Runde 1 · Tisch 1' not in b.text('card-r1-t1'):
            raise Failure('card r1 t1 reads %r' % b.text('card-r1-t1'))
        self.german('table cards', axe=True)
        self.tab('progress')
        b.wait('the grid', lambda: len(b.els('#progress-grid td.cell')) == 9)
        b.wait('the summary', lambda: b.text('progress-summary').startswith(
            '0 von 27 Boards bestätigt'))
        b.click('seats-load')
        b.wait('the seats', lambda: len(b.els('#seats-list li')) == 4)
        self.german('progress and seats', axe=True)
        self.tab('boards')
        b.click('reveal-confirm')
        b.click('reveal-board-set')
        b.wait('the reveal refused', lambda: b.text('reveal-error') != '')
        reasons = [v for k, v in self.de.items() if k.startswith('reason.')]
        if not any(b.text('reveal-error').startswith(r) for r in reasons):
            raise Failure('the refused reveal reads %r, not a reason\'s German text' %
                          b.text('reveal-error'))
        self.german('reveal refused')
        b.click('reveal-confirm')
        self.tab('results')
        b.wait('the results of a table', lambda: len(b.els('#results-list tbody tr')) == 3)
        self.german('results')
        self.tab('adjust')
        b.select('adjust-kind', 'KIND_ASSIGNED')
        b.js('document.getElementById("adjust-kind").dispatchEvent(new Event("change"))')
        b.type_into('adjust-score', '30')
        b.type_into('adjust-reason', 'Karten vertauscht')
        b.click('add-adjustment')
        b.wait('the assigned score', lambda: len(b.els('#adjustment-list tbody tr')) == 1)
        self.expect('adjust-status', 'console.adjustRecorded', id=1, kind='zugewiesen',
                    reason='Karten vertauscht')
        self.german('adjustments')
        self.tab('standings')
        # The one board with a score (the assigned one) ranks its player; numbers German.
        b.wait('the standings', lambda: len(b.els('#standings-table tbody tr')) == 1)
        row = b.js('return [...document.querySelectorAll("#standings-table tbody td")]'
                   '.map((c) => c.textContent)')
        if not re.fullmatch(r'\d+,\d\d %', row[5]) or not re.fullmatch(r'-?\d+,\d', row[6]):
            raise Failure('the German standings write %r' % row)
        self.german('standings', axe=True)
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def run(self):
        s = self.steps
        s.begin('skatd; the console switched to German')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.b = Browser(os.path.join(self.args.out, 'shots'), self.args.chromedriver)
        self.open_german()
        s.end('%d English-only words of the catalogue watched' % len(self.english))
        s.begin('German: event and players')
        self.event_and_players()
        s.end()
        s.begin('German: boards, sizes, seating, session')
        self.boards()
        self.sizes_and_seating()
        s.end()
        s.begin('German: cards, progress, seats, reveal, results, adjustments, standings')
        self.evening()
        s.end('%d states without an English word: %s; %s' % (
            len(self.states), ', '.join(self.states), self.b.axe_summary()))


def main():
    args = test_args(__doc__)
    return run_test(ConsoleGerman(args), 'console German test', args.out)


if __name__ == '__main__':
    sys.exit(main())
