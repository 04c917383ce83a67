#!/usr/bin/python3
"""A whole physical club evening entered through the web pages (docs/web.md "Tests").

    tests/browser/evening_test.py --skatd build/skatd --skat build/skat --out DIR [--lang de]

Starts a real skatd (tests/web/skatd_web.py: a throwaway database of SKAT_TEST_DATABASE_URL, the
pages compiled into skatd) and one headless Chromium with a window per device, each sized so the
page sees the device's viewport:

1. the director's laptop (1366x900), console only: creates the event (the director token and
   its QR code shown once, its copy button), pastes the 9 players of README's walk-through (twice: nobody is
   added twice), creates 9 boards, shows them (#board-1..9) and prints them, refuses a seating
   with a warning until it is ticked ("N warning(s)" in its number), is told which sizes work
   when 4 players are refused, starts the session ("3 tables, 3 rounds") with
   docs/examples/club-evening/seating.csv (checked first), makes and prints the table cards:
   every QR image loads, and each QR's text is its table page's address, seat tokens in the
   fragment only;
2. the live screen (1920x1080) with the director's link (the token leaves the address bar);
3. three phones (390x844): phone t opens the card of round r, table t (the fragment leaves the
   address bar; a reload keeps working) and enters each board of its table with the table
   page: a chair enters (chairs varied), Check shows the value and one pad entry per chair with
   its player for a Null and says the value waits for the entry for a suit game or grand (a
   chair's check reads no card), Send, the entry shows them, and another chair confirms. Hand games of every suit, grand (hand and
   Guckser), Null won and lost, won and lost, as the nasl-1909 profile offers. Round 1 table 1
   board 1 is first refused (200 card points: the refusal names 200 and the rule next to the
   form; a check keeps nothing, so the test then sends the same report past the page, refused
   and kept), and the console's grid shows it waiting and refused, and the reveal is refused; round
   2 table 1 board 4 is entered with the keyboard alone (Tab, Shift-Tab, arrows, typing, Enter,
   Space; each focus asserted). After the last table confirms a board, the live standings must
   change within 2 s (measured) and the live progress and missing list show the round's
   tables; the travellers open, with a par;
4. the console corrects a confirmed result (checked first, with a reason kept) in the same result
   form as the table page's (result-form.js: the same fields, kinds, handlings, games and ouvert
   per handling, Contra as the profile says), its progress grid shows every table done (27 of
   27); the live screen changes; a penalty (walk-through) changes it again;
5. the console's standings and the live screen show the 9 players, with the ranks, names and
   percentages of `skat scores standings` (the command line, over gRPC); the board set is
   revealed; the console reopened on another device refuses a wrong director token, opens from
   #event=..&token=.., and issues new seat tokens: the old cards' phone is refused;
   Closed in that tab, the event leaves no token in sessionStorage or on the page;
6. on every page: a label for every field, a name for every button, no console error but
   refused API calls (and never a refused GetTraveller), and no horizontal overflow on the
   phones; axe-core finds no violation in any distinct page state (browser_util.py check_axe),
   nor on the start page and the evening's result pages (/report/{event}/, every page its nav
   links, on a laptop and a phone).

With --lang de (docs/testing.md "The evening in German") the director switches the console to
German first; the choice is kept in the browser (localStorage skat-lang), so every window opens
in German, and the result pages are asked for with ?lang=de. Every text the test waits for is
the chosen catalogue's (tests/browser/catalogue.py), and wherever a page is checked (axe-core,
labels) its <html lang> must be the run's and, in German, no word of the English catalogue that
the German one never uses may be visible outside names and skatd's English marked lang="en"
(Browser.visible_english): the test fails naming the window, the state and the words. What is
the same in every language is left to the English run: rounds 2 and 3 (with the keyboard entry)
are sent and confirmed over the web API instead of through the phones, and the result pages are
read on the laptop only.

Screenshots (and the printouts as PDF) go to DIR. Prints a line per step with its time. Exits 1
on the first failure, naming the step and skatd's log.
"""
import base64
import csv
import io
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from browser_util import (Browser, Failure, PageTest, Steps,  # noqa: E402
                          english_words, run_skat, run_test, test_args)
from catalogue import Catalogue, Rx  # noqa: E402
from skatd_web import Skatd, api  # noqa: E402

PLAYERS = 'Anna Bert Carl Dora Emil Frida Gustav Hanna Ida'.split()
SEATING_CSV = os.path.join(ROOT, 'docs', 'examples', 'club-evening', 'seating.csv')
LIVE_DELAY_MAX = 2.0
# The shape of a result form (js/result-form.js) whose ids start with arguments[0], inside the
# element arguments[1]: its field ids without the prefix, the kinds, and per handling (chosen in
# turn, a game played) its words, the games offered and those offered ouvert; Contra shown.
FORM_SHAPE = '''
const p = arguments[0];
const root = document.getElementById(arguments[1]);
const $ = (id) => document.getElementById(p + id);
const on = (e) => !!e && !e.disabled && !e.closest('.hidden');
const pick = (e) => e.dispatchEvent(new Event('change', {bubbles: true}));
const radios = (name) => [...root.querySelectorAll('input[name="' + p + name + '"]')];
$('kind-game').checked = true;
pick($('kind-game'));
const shape = {ids: [...root.querySelectorAll('[id]')].map((e) => e.id.slice(p.length)).sort(),
               kinds: radios('kind').map((e) => e.value), contra: on($('contra-part')),
               handlings: []};
for (const o of [...$('handling').options]) {
  $('handling').value = o.value;
  pick($('handling'));
  const games = radios('game').filter(on);
  const ouvert = games.filter((g) => {
    g.checked = true;
    pick(g);
    return on($('ouvert-part'));
  });
  shape.handlings.push([o.value, o.text, games.map((g) => g.value), ouvert.map((g) => g.value)]);
}
return shape;
'''

# What the tables report: (skat handling, game, card points or 'won'/'lost' for a Null,
# declarer, highest bid). Board b at table t reports SPECS[(b - 1 + 3 * (t - 1)) % 9]: the three
# tables of a board differ, and every kind is reported three times in the evening.
SPECS = [
    ('HAND', 'clubs', 75, 'forehand', 18),
    ('HAND', 'spades', 88, 'middlehand', 20),
    ('HAND', 'hearts', 61, 'rearhand', 18),
    ('HAND', 'diamonds', 95, 'forehand', 18),
    ('GUCKSER', 'grand', 70, 'middlehand', 18),
    ('HAND', 'grand', 66, 'rearhand', 24),
    ('HAND', 'null', 'won', 'forehand', 18),
    ('HAND', 'null', 'lost', 'middlehand', 18),
    ('HAND', 'clubs', 45, 'rearhand', 18),
]
KEYBOARD_ENTRY = (2, 1, 4)   # round 2, table 1, board 4 is entered with the keyboard alone
CORRECTED = (1, 1, 1, 75, 55)  # round 1 table 1 board 1: 75 card points become 55
# The director's reasons for the correction and the penalty, in the director's language.
REASONS = {'en': ('points miscounted', 'slow play'), 'de': ('Augen verzählt', 'zu langsam')}



class Evening(PageTest):
    def __init__(self, args):
        self.args = args
        self.lang = args.lang
        # The pages' texts in the language of the run, and in German the English catalogue's
        # words that must not show (docs/i18n.md).
        self.words = Catalogue(self.lang)
        self.english = english_words() if self.lang != 'en' else None
        self.scans = 0
        self.steps = Steps()
        self.server = None
        self.b = None
        self.delays = []
        self.checked = {}   # window kind: [checks, most fields, most buttons]
        self.axe_seen = set()  # (window kind, page state) checked by axe-core
        with open(SEATING_CSV) as f:
            self.seating_text = f.read()
        self.seating = {}
        for row in csv.DictReader(io.StringIO(self.seating_text)):
            r, t = int(row['round']), int(row['table'])
            first, last = map(int, row['boards'].split('-'))
            self.seating[r, t] = {'boards': list(range(first, last + 1)),
                                  'names': [row['chair 1'], row['chair 2'], row['chair 3']]}

    # ---- the command line ----

    def skat(self, *argv):
        return run_skat(self.args.skat, self.server.grpc_port, self.director, *argv)

    # ---- checks on every page ----

    def page_checks(self, where, phone=False):
        b = self.b
        fields, buttons = b.check_labels(where)
        page = b.current.rstrip('0123456789')
        seen = self.checked.setdefault(page, [0, 0, 0])
        seen[0] += 1
        seen[1] = max(seen[1], fields)
        seen[2] = max(seen[2], buttons)
        if phone:
            b.check_width(where)
        self.in_language(where)
        # No console errors, and no refused GetTraveller (a board still in play is never asked).
        bad = b.console_errors() + [
            m for m in (e.get('message', '') for e in b.logs)
            if 'ScoringService/GetTraveller' in m and 'status of' in m]
        if bad:
            raise Failure('console errors (%s): %s' % (where, bad))

    def say(self, key, **params):
        return self.words.say(key, **params)

    def like(self, key, **params):
        return self.words.like(key, **params)

    def in_language(self, where):
        """The page speaks the run's language: <html lang>, and in German no word of the English
        catalogue that the German one never uses visible outside names and skatd's English
        marked lang="en" (Browser.visible_english)."""
        b = self.b
        lang = b.js('return document.documentElement.lang')
        if lang != self.lang:
            raise Failure('%s (%s): the page is in %r, not %r' % (b.current, where, lang,
                                                                   self.lang))
        if self.english is None:
            return
        found = b.visible_english(self.english)
        self.scans += 1
        if found:
            b.shot('english-%s' % b.current)
            raise Failure('%s (%s): English words on the German page: %s; in %s' % (
                b.current, where, ', '.join(found), b.where_words(found)))

    def axe(self, state):
        """axe-core on the current page, once per page state: its window kind and `state`; the
        page's language at every call."""
        self.in_language(state)
        key = (self.b.current.rstrip('0123456789'), state)
        if key not in self.axe_seen:
            self.axe_seen.add(key)
            self.b.check_axe(state)

    def tab(self, name):
        self.b.click('tab-' + name)
        self.b.wait('the %s panel' % name, lambda: self.b.el('panel-' + name).is_displayed())

    def print_pdf(self, button, region, name):
        """Clicks a print button (window.print stubbed) and prints the page's print CSS to a
        PDF through the DevTools protocol; returns its count of A4 pages."""
        b = self.b
        b.js('window.__printed = [];'
             'window.print = () => window.__printed.push(document.body.dataset.print || "");')
        b.click(button)
        if b.js('return window.__printed') != [region]:
            raise Failure('%s did not print the %s' % (button, region))
        pdf = base64.b64decode(b.d.execute_cdp_cmd('Page.printToPDF', {
            'paperWidth': 8.27, 'paperHeight': 11.69, 'preferCSSPageSize': True})['data'])
        with open(os.path.join(self.args.out, name + '.pdf'), 'wb') as f:
            f.write(pdf)
        b.js('delete document.body.dataset.print')
        return len(re.findall(rb'/Type\s*/Page(?!s)', pdf))

    # ---- 1. the director's laptop ----

    def console_setup(self):
        b = self.b
        s = self.steps
        s.begin('console: open')
        b.open_window('console', 1366, 900)
        b.d.get(self.server.origin + '/console.html')
        b.wait('the console', lambda: b.el('panel-event').is_displayed() and
               b.js('return document.body.dataset.ready') == 'true')
        if self.lang != 'en':
            # The director chooses the language with the console's switch; it is kept in the
            # browser (localStorage skat-lang), so every window opened later starts in it.
            b.select('lang', self.lang)
            b.wait('the console in %s' % self.lang, lambda: b.js(
                'return document.documentElement.lang') == self.lang and
                b.js('return document.body.dataset.ready') == 'true' and
                b.el('panel-event').is_displayed())
        vw = b.viewport()
        if b.el('tab-players').is_enabled():
            raise Failure('the players tab is enabled before an event is open')
        self.page_checks('console, empty')
        self.axe('empty')
        s.end('viewport %dx%d' % vw)

        s.begin('console: create the event')
        b.type_into('event-name', 'Club evening')
        if Select(b.el('event-profile')).first_selected_option.get_attribute('value') != \
                'nasl-1909':
            raise Failure('the event form does not default to the nasl-1909 profile')
        b.click('create-event')
        b.wait('the director token', lambda: re.fullmatch(r'\S{16,}', b.text('director-token')))
        self.director = b.text('director-token')
        # The token shows before the event is opened and summed up.
        b.wait('the event summary', lambda: re.search(r'events/\S+?\)', b.text('event-summary')))
        self.event = re.search(r'(events/\S+?)\)', b.text('event-summary')).group(1)
        b.wait('the director QR code', lambda: b.js(
            'const i = document.getElementById("director-qr");'
            'return i.complete && i.naturalWidth > 0'))
        b.shot('01-console-event')
        self.axe('event created')
        # Copy: the clipboard, or (where the page may not write it) the token selected.
        b.click('copy-token')
        b.wait('the copy', lambda: b.text('copy-token-status') != '')
        copied = b.text('copy-token-status')
        if copied != self.say('console.copied') and \
                b.js('return getSelection().toString()') != self.director:
            raise Failure('the copy button says %r and selects %r' % (
                copied, b.js('return getSelection().toString()')))
        b.click('token-noted')
        if b.text('director-token'):
            raise Failure('the director token stayed on the page after "written down"')
        s.end('%s; director token of %d characters; copy: %s' % (self.event, len(self.director),
                                                                   copied))

        s.begin('console: paste 9 players')
        self.tab('players')
        b.paste('players-csv', 'name,club\n' + '\n'.join(PLAYERS) + '\n')
        b.click('import-players')
        b.wait('9 players', lambda: b.text('player-count') == '9')
        listed = b.text('player-list')
        missing = [p for p in PLAYERS if p not in listed]
        if missing:
            raise Failure('players missing from the list: %s' % missing)
        added = b.text('import-players-status')
        b.click('import-players')  # pasted twice: nobody is added twice
        b.wait('the second import', lambda: self.say('console.skipped', skipped=9) in
               b.text('import-players-status'))
        if b.text('player-count') != '9':
            raise Failure('a second paste changed the players: %s' % b.text('player-count'))
        b.shot('02-console-players')
        self.axe('players')
        s.end('%s; again: %s' % (added, b.text('import-players-status')))

        s.begin('console: board set of 9, shown')
        self.tab('boards')
        b.type_into('board-count', '9')
        b.click('create-board-set')
        b.wait('the board set', lambda: len(Select(b.el('board-set-select')).options) == 1)
        b.click('show-boards')
        b.wait('#board-1..9', lambda: all(b.js(
            'return !!document.getElementById(arguments[0])', 'board-%d' % n)
            for n in range(1, 10)))
        if len(b.els('#board-print .board-sheet')) != 9:
            raise Failure('the printout shows %d boards, not 9' %
                          len(b.els('#board-print .board-sheet')))
        if not re.search(r'[0-9a-f]{64}', b.text('board-set-info')):
            raise Failure('no commitment shown: ' + b.text('board-set-info'))
        board1 = b.text('board-1')
        if self.say('console.directionChair', direction=self.say('direction.forehand'),
                    chair=1) not in board1 or self.say('console.skatFirst') not in board1:
            raise Failure('board 1 reads: %r' % board1)
        pages = self.print_pdf('print-boards', 'boards', '03-boards')
        if not 1 <= pages <= 5:
            raise Failure('the board printout has %d A4 pages' % pages)
        b.shot('03-console-boards')
        self.axe('boards shown')
        s.end('#board-1..9 shown, printed on %d A4 pages' % pages)

        s.begin('console: a session of 4 players refused with sizes that work')
        self.tab('session')
        if b.text('status'):
            raise Failure('the status line stayed after a change of tab: ' + b.text('status'))
        got = [(b.js('return arguments[0].value', b.el(i)), b.el(i).get_attribute('placeholder'))
               for i in ('session-tables', 'boards-per-round', 'session-rounds')]
        if got != [('', '3'), ('', '3'), ('', '3')]:
            raise Failure('the size fields (value, placeholder) of 9 players read %r' % got)
        b.select('table-mode', 'TABLE_MODE_ONLINE')
        b.paste('session-players', '\n'.join(PLAYERS[:4]))
        b.click('validate-session')
        b.wait('the size refusal', lambda: b.text('start-session-error') != '')
        advice = b.text('start-session-error')
        if self.say('sizes.wouldWork', fits=self.say('sizes.fit', players=6, tables=2))[:-1] \
                not in advice or not any(self.say(k) in advice for k in (
                    'sizes.congress', 'sizes.congressFive')):
            raise Failure('the refusal of 4 players suggests: %r' % advice)
        b.paste('session-players', '')
        b.select('table-mode', 'TABLE_MODE_PHYSICAL')
        s.end(advice)

        s.begin('console: start the session (manual seating)')
        b.select('movement', 'MOVEMENT_KIND_MANUAL')
        label = b.js('return document.querySelector(\'label[for="seating-csv"]\').textContent')
        if 'round,table,boards,chair 1,chair 2,chair 3' not in label:
            raise Failure('the seating label does not show the header line: %r' % label)
        # Anna twice in round 1: a warning, and no start without its tick.
        b.paste('seating-csv', self.seating_text.replace('1,2,1-3,Dora', '1,2,1-3,Anna'))
        b.click('start-session')
        b.wait('the warning refusal', lambda: b.els('#session-warnings li') and re.fullmatch(
            self.like('console.seatingWarnings', n=len(b.els('#session-warnings li'))),
            b.text('start-session-error')))
        if not b.text('session-warnings') or not b.el('accept-warnings').is_displayed() or \
                any(o.get_attribute('value') for o in Select(b.el('session-select')).options):
            raise Failure('a seating with warnings: no tick shown, or a session started')
        refused = b.text('start-session-error')
        n = len(b.els('#session-warnings li'))
        if self.say('console.validWith', n=n) not in b.text('status'):
            raise Failure('%d warnings read %r' % (n, b.text('status')))
        b.paste('seating-csv', self.seating_text)
        b.click('validate-session')
        b.wait('the checked seating', lambda: len(b.els('#session-preview tbody tr')) == 9)
        warnings = b.text('session-warnings')
        ticked = False
        if b.el('accept-warnings').is_displayed():
            b.click('accept-warnings')
            ticked = True
        b.shot('04-console-seating-checked')
        self.axe('seating checked')
        b.click('start-session')
        size = self.say('console.tablesRounds', tables=self.say('console.tables', n=3),
                        rounds=self.say('console.rounds', n=3))
        # The status line first, then the session's line (a second answer).
        b.wait('the session', lambda: re.match(self.like('console.sessionStarted', session=1),
                                               b.text('status')) and
               b.text('session-info') not in ('', self.say('console.noSession')))
        if self.say('console.sessionStarted', session=1, size=size) != b.text('status') or \
                size not in b.text('session-info'):
            raise Failure('the session\'s size reads %r, %r' % (b.text('status'),
                                                                 b.text('session-info')))
        s.end('a seating with Anna twice refused without the tick (%s); the evening\'s: %s%s' % (
            refused, warnings.replace('\n', ' | '), ' (ticked)' if ticked else ''))

        s.begin('console: table cards')
        self.tab('cards')
        b.wait('the play of the cards', lambda: self.say('console.realCards') in
               b.text('cards-session-info'))
        time.sleep(0.3)  # a second answer of the session's play would show by now
        if b.text('cards-session-info') != self.say('console.sessionSize', session=1, size=size) \
                + ' ' + self.say('console.realCards'):
            raise Failure('the cards panel reads %r' % b.text('cards-session-info'))
        if not re.fullmatch(self.like('console.tokensHeld', n=27, session=1),
                            b.text('seat-token-status')):
            raise Failure('seat tokens: ' + b.text('seat-token-status'))
        b.js('window.__qr = []; const f = window.fetch;'
             'window.fetch = (u, o) => { if (u === "/web/qr") window.__qr.push(o.body);'
             ' return f(u, o); };')
        b.click('build-cards')
        b.wait('9 table cards with loaded QR images', lambda: b.js(
            'const i = [...document.querySelectorAll("#table-cards img.qr")];'
            'return i.length === 9 && i.every((x) => x.complete && x.naturalWidth > 0);'))
        urls = b.js('return window.__qr')
        self.cards = {}
        tokens = set()
        for (r, t), seat in sorted(self.seating.items()):
            card = b.el('card-r%d-t%d' % (r, t))
            table = card.get_attribute('data-table')
            text = card.text
            if self.say('console.cardTitle', round=r, table=t) not in text or \
                    self.say('console.cardBoards', boards='%d-%d' % (
                        seat['boards'][0], seat['boards'][-1])) not in text or \
                    not all(n in text for n in seat['names']):
                raise Failure('card r%d t%d reads: %r' % (r, t, text))
            # The QR text is the short address the card prints (docs/tables.md "Table codes").
            code = b.text('code-r%d-t%d' % (r, t))
            short = '%s/t/%s' % (self.server.origin, code)
            mine = [u for u in urls if u == short]
            if not code or len(mine) != 1 or short not in text.replace('\n', ''):
                raise Failure('round %d table %d: the card shows %r, QR texts %r' % (
                    r, t, text, urls))
            tokens.add(code)
            self.cards[r, t] = {'url': short, 'table': table,
                                'tokens': ['%s.%d' % (code, c) for c in (1, 2, 3)]}
        if len(tokens) != 9:
            raise Failure('the cards carry %d distinct table codes, not 9' % len(tokens))
        b.wait('the print button', lambda: b.el('print-cards').is_enabled())
        pages = self.print_pdf('print-cards', 'cards', '05-table-cards')
        if pages != 5:
            raise Failure('9 cards two to a page print on %d A4 pages, not 5' % pages)
        b.shot('05-console-cards')
        self.axe('table cards')
        self.page_checks('console, cards made')
        s.end('9 cards, 9 QR images of their printed short addresses; 5 A4 pages')

    # ---- 2. the live screen ----

    def live_open(self):
        b = self.b
        s = self.steps
        s.begin('live screen: open with the director link')
        b.open_window('live', 1920, 1080)
        b.d.get('%s/live.html#event=%s&director=%s' % (self.server.origin, self.event,
                                                       self.director))
        b.wait('the live progress of round 1', lambda: all(
            self.table_line(1, t, 0) in b.text('progress-r1-t%d' % t) for t in (1, 2, 3)))
        b.wait('the live standings', lambda: b.text('connection') == self.say('live.live') and
               len(b.els('#standings tbody tr')) >= 1)
        if self.director in b.d.current_url:
            raise Failure('the director token stayed in the live screen\'s address bar')
        if b.viewport() != (1920, 1080):
            raise Failure('the live screen\'s viewport is %dx%d, not 1920x1080' % b.viewport())
        # Each change of the standings' text, with this screen's clock (the machine's).
        b.js('window.__changes = [];'
             'const s = document.getElementById("standings");'
             'let last = s.textContent;'
             'new MutationObserver(() => { const t = s.textContent;'
             '  if (t !== last) { last = t; window.__changes.push({at: Date.now(), text: t}); }'
             '}).observe(s, {childList: true, subtree: true, characterData: true});')
        self.live_seen = 0
        self.live_text = b.text('standings')
        b.shot('06-live-start')
        self.axe('start')
        self.page_checks('live, start')
        s.end('%s | standings: %s' % (b.text('progress-summary'),
                                      self.live_text.replace('\n', ' | ')))

    def table_line(self, r, t, done):
        """The live screen's line of round r, table t with `done` of its 3 boards."""
        return self.say('live.tableLine', round=r, table=t, done=done, boards=3)

    def live_change(self, since, what):
        """Waits for the live standings to change; returns the delay from `since` (s)."""
        b = self.b
        b.use('live')
        seen = self.live_seen
        b.wait('the live standings to change after ' + what, lambda: b.js(
            'return window.__changes.length') > seen, timeout=10, poll=0.02)
        change = b.js('return window.__changes[arguments[0]]', seen)
        self.live_seen = b.js('return window.__changes.length')
        delay = change['at'] / 1000.0 - since
        self.delays.append((what, delay))
        if delay > LIVE_DELAY_MAX:
            raise Failure('the live standings changed %.2f s after %s (at most %.1f s)' % (
                delay, what, LIVE_DELAY_MAX))
        self.live_text = change['text']
        return delay

    # ---- 3. the phones ----

    def phone_open(self, r, t):
        b = self.b
        b.use('phone%d' % t)
        card = self.cards[r, t]
        b.d.get(card['url'])  # what a scan of the card's QR code opens
        names = self.seating[r, t]['names']
        meta = self.say('table.round', n=r) + ' \u00b7 ' + self.say('table.number', n=t)
        b.wait('round %d table %d\'s page' % (r, t), lambda:
               meta in b.text('table-meta') and
               len(b.els('#boards > li')) == 3 and
               len(Select(b.el('entered-by')).options) == 3 and
               all(n in b.text('players') for n in names))
        url = b.d.current_url
        if '#' in url or any(x in url for x in card['tokens']):
            raise Failure('the fragment stayed in the address bar: ' + url)
        if b.viewport() != (390, 844):
            raise Failure('the phone\'s viewport is %dx%d, not 390x844' % b.viewport())
        if (r, t) == (1, 1):
            # The tokens live in this window's sessionStorage: a reload keeps working.
            b.d.refresh()
            b.wait('the page after a reload', lambda: meta in
                   b.text('table-meta') and len(b.els('#boards > li')) == 3)
            if b.el('board-1').get_attribute('data-state') != 'none':
                raise Failure('board 1 is not shown without a result')
            # nasl-1909 plays an all-pass as Ramsch: a deal is thrown in only for a misdeal,
            # with the dealer's fine, which the form adds; its check passes.
            b.choose('kind-passed')
            b.click('check')
            b.wait('the thrown-in deal checked', lambda: b.el('preview').is_displayed() or
                   b.text('form-error'))
            if b.text('form-error'):
                raise Failure('a thrown-in deal is refused: ' + b.text('form-error'))
            b.click('change')
        self.page_checks('table page r%d t%d, opened' % (r, t), phone=True)
        self.axe('opened')

    def fill_with_mouse(self, board, spec, chair, points=None):
        b = self.b
        handling, game, result, declarer, floor = spec
        b.select('entered-by', str(chair))
        b.choose('kind-game')
        b.choose('declarer-' + declarer)
        b.select('handling', 'SKAT_HANDLING_' + handling)
        b.choose('game-' + game)
        b.type_into('floor', floor)
        if game == 'null':
            b.choose('null-' + result)
        else:
            b.type_into('points', result if points is None else points)

    def pad_check(self, r, t, board, items, value):
        """The pad entries (the texts of `items`) and the value text of an entry: one entry per
        chair with its player and an explicit sign, and "Won: value N." or "Lost: charge N."."""
        names = self.seating[r, t]['names']
        pad = [' '.join(li.text.split()) for li in items]
        directions = '|'.join(self.say('direction.' + d)
                              for d in ('forehand', 'middlehand', 'rearhand'))
        ok = len(pad) == 3 and all(
            sum(n in p for p in pad) == 1 for n in names) and all(
            re.search(r'\((%s)\)\s*([+\u2212]\d+|0)$' % directions, p) for p in pad)
        if not ok:
            raise Failure('round %d table %d board %d: the pad shows %r, not one entry per '
                          'chair with its player %r' % (r, t, board, pad, names))
        if not any(re.fullmatch(self.like(k, value=Rx(r'\d+')), value)
                   for k in ('table.wonValue', 'table.lostCharge')):
            raise Failure('the value reads %r' % value)
        return value, pad

    def checked_entry(self, r, t, board, game):
        """The checked entry: a chair's check reads the report alone, so a suit game's or
        grand's value and pad wait for the entry (they need the matadors); a Null's are shown."""
        b = self.b
        if game == 'null':
            return self.pad_check(r, t, board, b.els('#preview-pad li'), b.text('preview-value'))
        value = b.text('preview-value')
        if not value.startswith(self.say('table.withheld')) or b.els('#preview-pad li'):
            raise Failure('round %d table %d board %d: the check of a %s game shows %r and %d '
                          'pad entries, not the value withheld' %
                          (r, t, board, game, value, len(b.els('#preview-pad li'))))
        return 'value withheld', []

    def entered(self, r, t, board):
        """The entry awaiting its confirmation: its value and every chair's pad entry; its
        summary names no trick count the form did not ask for (only none, some or all ten)."""
        b = self.b
        summary = b.text('pending-%d' % board) + ' ' + b.text('board-%d' % board)
        if re.search(r', [1-9] (tricks?|Stich(e)?)\b', summary):
            raise Failure('board %d: the entry names a trick count: %r' % (board, summary))
        return self.pad_check(r, t, board, b.els('#pending-%d ul.pad li' % board),
                              b.el('pending-%d' % board).find_element('css selector',
                                                                      'p.big').text)

    def enter_board(self, r, t, board):
        b = self.b
        spec = SPECS[(board - 1 + 3 * (t - 1)) % 9]
        chair = (board + t) % 3 + 1
        confirmer = chair % 3 + 1
        first = board == self.seating[r, t]['boards'][0]
        b.use('phone%d' % t)
        b.wait('the form for board %d' % board,
               lambda: b.text('entry-title') == self.say('table.resultOf', board=board))
        detail = ''
        if (r, t, board) == (1, 1, 1):
            # A refusal, in the server's words, next to the form.
            self.fill_with_mouse(board, spec, chair, points=200)
            b.click('check')
            b.wait('the refusal', lambda: b.text('form-error') != '')
            refusal = b.text('form-error')
            if not refusal.startswith(self.say('table.refused')) or '200' not in refusal or \
                    not re.search(r'RULES [A-Z]+\d+', refusal) or 'events/' in refusal or \
                    self.say('table.checkNotCounted') not in refusal:
                raise Failure('the refusal does not name 200 and the rule, or names a resource, '
                              'or does not say a check is not counted: %r' % refusal)
            if not b.js('return document.getElementById("result-form")'
                        '.contains(document.getElementById("form-error"))'):
                raise Failure('the refusal is not shown with the form')
            b.shot('10-phone1-refused')
            self.axe('a refusal')
            # A check keeps nothing. The same report sent without one (as a seat's `skat
            # results enter` could) is refused again and kept for the director.
            handling, game, _, declarer, floor = spec
            card = self.cards[r, t]
            status, body, _ = api(self.server.origin, 'skat.v1.TableService/SubmitResult', {
                'table': card['table'], 'boardNumber': board, 'report': {
                    'kind': 'KIND_DECLARER_GAME', 'declarer': 'DIRECTION_' + declarer.upper(),
                    'declaration': {'handling': 'SKAT_HANDLING_' + handling,
                                    'game': 'GAME_TYPE_' + game.upper()},
                    'floor': floor, 'declarerPoints': 200}}, token=card['tokens'][chair - 1])
            if status != 400 or '200' not in body['error']['message'] or \
                    not body['error']['message'].endswith('; 2 tries left'):
                raise Failure('the report with 200 card points sent: %d %r' % (status, body))
            detail = 'refused first: %s; ' % refusal
            b.type_into('points', spec[2])
        elif (r, t, board) == KEYBOARD_ENTRY:
            return self.enter_board_by_keyboard(r, t, board, spec, chair, confirmer)
        else:
            self.fill_with_mouse(board, spec, chair)
        b.click('check')
        b.wait('the checked entry', lambda: b.el('preview').is_displayed())
        if b.text('form-error'):
            raise Failure('a refusal is still shown after a good check: ' + b.text('form-error'))
        checked, _ = self.checked_entry(r, t, board, spec[1])
        if first:
            b.shot('1%d-phone%d-r%d-checked' % (r, t, r))
            self.page_checks('table page r%d t%d, checked' % (r, t), phone=True)
            self.axe('checked')
        b.click('send')
        b.wait('board %d awaiting its confirmation' % board,
               lambda: b.el('pending-%d' % board).is_displayed() and
               b.el('board-%d' % board).get_attribute('data-state') == 'entered')
        if b.els('#confirm-%d-chair-%d' % (board, chair)):
            raise Failure('the entering chair %d is offered to confirm its own entry' % chair)
        value, pad = b.retry(lambda: self.entered(r, t, board))
        after = [n for n in self.seating[r, t]['boards'] if n > board]
        moved = self.say('table.resultOf', board=after[0]) if after else \
            self.say('table.allEntered')
        if b.text('entry-title') != moved:
            raise Failure('after the send the form reads %r, not %r' % (b.text('entry-title'),
                                                                      moved))
        if first:
            b.shot('1%d-phone%d-r%d-awaiting' % (r, t, r))
            self.page_checks('table page r%d t%d, awaiting' % (r, t), phone=True)
            self.axe('awaiting')
        if (r, t, board) == (1, 1, 1):
            detail += self.console_sees_refusal() + '; '
            b.use('phone1')
        since = time.time()
        b.click('confirm-%d-chair-%d' % (board, confirmer))
        b.wait('board %d confirmed' % board, lambda: b.el('board-%d' % board)
               .get_attribute('data-state') == 'confirmed')
        b.check_width('table page r%d t%d, board %d confirmed' % (r, t, board))
        if (r, t, board) == (1, 1, 1):
            b.wait('the traveller closed', lambda: self.say('table.travellerOpens', board=1)
                   in b.text('traveller-1'))
        return since, '%sboard %d: chair %d checked (%s), entered, chair %d confirmed: %s %s' % (
            detail, board, chair, checked, confirmer, value, ' · '.join(pad))

    def by_phone(self, r):
        """Whether round r's boards are entered through the table pages: every round in
        English; in another language round 1 alone, which shows each state of the table page
        (docs/testing.md "The evening in German")."""
        return self.lang == 'en' or r == 1

    def enter_board_by_api(self, r, t, board):
        """A board sent and confirmed over the web API with two chairs' seat tokens, as the
        table page sends it (js/result-form.js), by the chairs enter_board would use."""
        handling, game, result, declarer, floor = SPECS[(board - 1 + 3 * (t - 1)) % 9]
        chair = (board + t) % 3 + 1
        confirmer = chair % 3 + 1
        report = {'kind': 'KIND_DECLARER_GAME', 'declarer': 'DIRECTION_' + declarer.upper(),
                  'declaration': {'handling': 'SKAT_HANDLING_' + handling,
                                  'game': 'GAME_TYPE_' + game.upper()}, 'floor': floor}
        if game == 'null':
            report['declarerTricks'] = 0 if result == 'won' else 1
        else:
            report['declarerPoints'] = result
            report['declarerTricks'] = 0 if result == 0 else 10 if result == 120 else 5
        card = self.cards[r, t]
        status, body, _ = api(self.server.origin, 'skat.v1.TableService/SubmitResult', {
            'table': card['table'], 'boardNumber': board, 'report': report},
            token=card['tokens'][chair - 1])
        if status != 200:
            raise Failure('board %d sent by chair %d: %d %r' % (board, chair, status, body))
        since = time.time()
        status, body, _ = api(self.server.origin, 'skat.v1.TableService/ConfirmResult', {
            'table': card['table'], 'boardNumber': board}, token=card['tokens'][confirmer - 1])
        if status != 200:
            raise Failure('board %d confirmed by chair %d: %d %r' % (board, confirmer, status,
                                                                    body))
        return since, 'board %d: chair %d sent it, chair %d confirmed (web API): %s' % (
            board, chair, confirmer, body.get('result', {}).get('summary', body))

    def console_sees_refusal(self):
        """The director's laptop, while round 1 table 1's board 1 waits for a confirmation."""
        b = self.b
        b.use('console')
        self.tab('progress')
        b.click('progress-refresh')
        b.wait('the grid: one to confirm, one refused', lambda: self.say(
            'console.cell.toConfirm', n=1) in b.text('cell-r1-t1') and self.say(
            'console.refusedReportsN', n=1) in b.text('cell-r1-t1'))
        b.wait('the refused report in the queue', lambda: re.search(self.like(
            'console.attention', table=self.say('console.tableLabel', round=1, table=1),
            board=1), b.text('attention-list')))
        cell = ' '.join(b.text('cell-r1-t1').split())
        b.shot('12-console-grid-refused')
        self.axe('progress, a refusal')
        self.tab('boards')
        b.click('reveal-confirm')
        b.click('reveal-board-set')
        b.wait('the reveal refused', lambda: b.text('reveal-error'))
        reveal = b.text('reveal-error')
        b.click('reveal-confirm')
        self.page_checks('console, during the evening')
        self.axe('boards, the reveal refused')
        return 'console grid: %s; reveal refused: %s' % (cell, reveal)

    def enter_board_by_keyboard(self, r, t, board, spec, chair, confirmer):
        """The whole entry with Tab, Shift-Tab, arrows, typing, Enter and Space; no click.
        Each step asserts which control has the focus."""
        b = self.b
        handling, game, points, declarer, floor = spec
        assert game not in ('null', 'grand') and handling == 'HAND'
        log = []

        def tab(id_, back=False, limit=25):
            n = b.tab_to(id_, back=back, limit=limit)
            log.append('%s%s>%s' % ('Shift-Tab' if back else 'Tab', 'x%d' % n if n > 1 else '',
                                    id_))

        def press(*keys, say=None):
            b.keys(*keys)
            log.append(say)

        def choose_option(id_, value):
            values = b.js('return [...arguments[0].options].map((o) => o.value)', b.el(id_))
            steps = values.index(value) - values.index(b.js('return arguments[0].value',
                                                            b.el(id_)))
            if steps:
                press(*[Keys.ARROW_DOWN if steps > 0 else Keys.ARROW_UP] * abs(steps),
                      say='%s x%d' % ('Down' if steps > 0 else 'Up', abs(steps)))
            if b.js('return arguments[0].value', b.el(id_)) != value:
                raise Failure('the arrow keys did not choose %s in #%s' % (value, id_))

        def choose_radio(ids, want):
            at = b.active()
            if at not in ids:
                raise Failure('Tab into the group %s put the focus on %r' % (ids, at))
            shown = [i for i in ids if b.el(i).is_enabled()]
            steps = shown.index(want) - shown.index(at)
            if steps == 0:
                press(Keys.SPACE, say='Space')
            else:
                press(*[Keys.ARROW_RIGHT if steps > 0 else Keys.ARROW_LEFT] * abs(steps),
                      say='%s x%d' % ('Right' if steps > 0 else 'Left', abs(steps)))
            b.expect_focus(want)
            if not b.el(want).is_selected():
                raise Failure('#%s has the focus but is not chosen' % want)

        # Who enters it: a select, moved with the arrow keys.
        tab('entered-by')
        choose_option('entered-by', str(chair))
        # What happened: the radio group's checked tile takes the focus.
        tab('kind-game', limit=1)
        # Declarer: a radio group without a choice yet; its first tile takes the focus.
        press(Keys.TAB, say='Tab')
        choose_radio(['declarer-forehand', 'declarer-middlehand', 'declarer-rearhand'],
                     'declarer-' + declarer)
        tab('handling', limit=1)
        choose_option('handling', 'SKAT_HANDLING_' + handling)
        press(Keys.TAB, say='Tab')
        choose_radio(['game-clubs', 'game-spades', 'game-hearts', 'game-diamonds', 'game-grand',
                      'game-null'], 'game-' + game)
        # Numbers, typed; a wrong bid mended after a Shift-Tab back.
        tab('floor', limit=3)
        press('17', say='"17"')
        tab('points', limit=1)
        press(str(points), say='"%s"' % points)
        tab('floor', back=True, limit=1)
        press(Keys.BACKSPACE, Keys.BACKSPACE, str(floor), say='Backspace x2 "%s"' % floor)
        tab('points', limit=1)
        got = b.js('return [document.getElementById("floor").value,'
                   ' document.getElementById("points").value]')
        if got != [str(floor), str(points)]:
            raise Failure('typed bid and points read %r' % got)
        # Check: Enter on the button; the checked entry takes the focus.
        tab('check', limit=6)
        press(Keys.ENTER, say='Enter')
        b.wait('the checked entry', lambda: b.el('preview').is_displayed())
        b.expect_focus('preview')
        checked, _ = self.checked_entry(r, t, board, game)
        b.shot('2%d-phone%d-keyboard-checked' % (r, t))
        self.axe('checked by keyboard')
        # Send: Space on the button; the entry awaiting its confirmation takes the focus.
        tab('send', limit=1)
        press(Keys.SPACE, say='Space')
        b.wait('board %d awaiting its confirmation, with the focus' % board,
               lambda: b.el('board-%d' % board).get_attribute('data-state') == 'entered' and
               b.active() == 'pending-%d' % board)
        value, pad = b.retry(lambda: self.entered(r, t, board))
        # Confirm as another chair: Enter on its button.
        tab('confirm-%d-chair-%d' % (board, confirmer), limit=2)
        b.shot('2%d-phone%d-keyboard-confirm' % (r, t))
        self.axe('confirm by keyboard')
        since = time.time()
        press(Keys.ENTER, say='Enter')
        b.wait('board %d confirmed' % board, lambda: b.el('board-%d' % board)
               .get_attribute('data-state') == 'confirmed')
        # The next board's form takes the focus.
        b.wait('the focus on the next board\'s first field', lambda: b.active() == 'entered-by')
        log.append('focus>entered-by')
        return since, ('board %d BY KEYBOARD ALONE (%s): chair %d checked (%s), entered, '
                       'chair %d confirmed: %s %s' % (board, ', '.join(log), chair, checked,
                                                      confirmer, value, ' · '.join(pad)))

    def play_round(self, r):
        b = self.b
        s = self.steps
        boards = self.seating[r, 1]['boards']
        s.begin('round %d: 3 phones open their cards' % r)
        for t in (1, 2, 3):
            self.phone_open(r, t)
            if r == 1:
                b.shot('0%d-phone%d-opened' % (6 + t, t))
        s.end()
        for i, board in enumerate(boards):
            for t in (1, 2, 3):
                s.begin('round %d table %d board %d' % (r, t, board))
                if self.by_phone(r):
                    since, detail = self.enter_board(r, t, board)
                else:
                    since, detail = self.enter_board_by_api(r, t, board)
                s.end(detail)
            s.begin('round %d board %d: live screen' % (r, board))
            delay = self.live_change(since, 'the confirmation of board %d at the last table'
                                     % board)
            last = i == len(boards) - 1
            if not last:
                left = ', '.join(str(n) for n in boards[i + 1:])
                b.wait('the live progress of round %d' % r, lambda: all(
                    self.table_line(r, t, i + 1) in b.text('progress-r%d-t%d' % (r, t)) and
                    self.say('live.missingBoards', n=len(boards) - i - 1, round=r, table=t,
                             boards=left) in b.text('missing-r%d-t%d' % (r, t))
                    for t in (1, 2, 3)))
            elif r < 3:
                b.wait('round %d finished on the live screen' % r, lambda:
                       self.say('live.roundFinished', round=r) in b.text('progress-r%d' % r)
                       and all(self.table_line(r + 1, t, 0) in
                               b.text('progress-r%d-t%d' % (r + 1, t)) for t in (1, 2, 3)))
            else:
                b.wait('every table done on the live screen', lambda: all(
                    self.table_line(3, t, 3) in b.text('progress-r3-t%d' % t) and
                    self.say('live.done').strip() in b.text('progress-r3-t%d' % t)
                    for t in (1, 2, 3)))
            rows = len(b.els('#standings tbody tr[data-player]'))
            if rows != 9:
                raise Failure('the live standings show %d players, not 9' % rows)
            progress = b.text('progress').replace('\n', ' | ')
            if last:
                b.shot('2%d-live-round-%d' % (r + 3, r))
                self.axe('a round played')
            s.end('standings changed %.2f s after the confirmation; %s; %s' % (
                delay, b.text('progress-summary'), progress))
        s.begin('round %d: travellers on phone 3' % r)
        b.use('phone3')
        if not self.by_phone(r):
            b.click('refresh')  # the page asks every 20 s; its seats sent nothing
        b.wait('the round\'s travellers open', lambda: all(
            len(b.els('#traveller-%d table' % n)) == 3 for n in boards))
        par = ''
        if r == 1:
            b.click('par-1')
            b.wait('the par of board 1', lambda: b.text('par-result-1').startswith('Par'), 60)
            par = '; ' + b.text('par-result-1')
        b.shot('2%d-phone3-travellers-r%d' % (r + 6, r))
        self.axe('travellers')
        for t in (1, 2, 3):
            b.use('phone%d' % t)
            if not self.by_phone(r):
                b.click('refresh')
                b.wait('round %d table %d: every board confirmed' % (r, t), lambda: all(
                    b.el('board-%d' % n).get_attribute('data-state') == 'confirmed'
                    for n in boards))
            self.page_checks('table page r%d t%d, round played' % (r, t), phone=True)
        s.end('travellers of boards %s open%s' % (boards, par))

    # ---- 4. the correction ----

    def correct(self):
        b = self.b
        s = self.steps
        r, t, board, old, new = CORRECTED
        s.begin('console: progress after round 3')
        b.use('console')
        self.tab('progress')
        b.wait('the grid: 27 of 27', lambda: self.all_confirmed() and
               len(b.els('#progress-grid td.state-done')) == 9)
        b.shot('30-console-progress-done')
        self.axe('progress, done')
        summary = b.text('progress-summary')
        s.end(summary)

        s.begin('console: correct round %d table %d board %d' % (r, t, board))
        # A grid cell opens its table's results (Enter on the cell's button).
        b.retry(lambda: b.el('cell-r%d-t%d' % (r, t)).find_element(
            'tag name', 'button').send_keys(Keys.ENTER))
        b.wait('the results panel', lambda: b.el('panel-results').is_displayed())
        if b.js('return document.getElementById("results-table").value') != \
                self.cards[r, t]['table']:
            raise Failure('the grid cell did not open round %d table %d\'s results' % (r, t))

        self.tab('results')
        b.select('results-table', self.cards[r, t]['table'])
        b.wait('the results of round %d table %d' % (r, t),
               lambda: b.el('correct-b%d' % board).is_displayed() and
               self.say('console.tableLabel', round=r, table=t) in b.text('results-title'))
        refused = b.text('refused-list')
        if '200' not in refused:
            raise Failure('the refused report is not listed for the director: %r' % refused)
        b.click('correct-b%d' % board)
        b.wait('the correction form', lambda: b.el('report-form').is_displayed())
        if b.el('report-points').get_attribute('value') != str(old):
            raise Failure('the form is not filled from the entry: points %r' %
                          b.el('report-points').get_attribute('value'))
        b.type_into('report-points', str(new))
        b.type_into('correct-reason', REASONS[self.lang][0])
        if b.el('submit-report').is_enabled():
            raise Failure('the correction can be submitted before its check')
        b.click('check-report')
        b.wait('the checked value', lambda: self.words.head('console.valuePad') in
               b.text('report-preview'))
        preview = b.text('report-preview').replace('\n', ' | ')
        b.shot('31-console-correction-checked')
        self.axe('correction checked')
        self.page_checks('console, correction checked')
        since = time.time()
        b.click('submit-report')
        b.wait('the correction', lambda: re.fullmatch(self.like(
            'console.correctedStatus', board=board), b.text('status')))
        status = b.text('status')
        delay = self.live_change(since, 'the correction')
        b.use('console')
        b.wait('the corrected entry listed', lambda: self.say('console.counts') in
               b.text('results-list'))
        b.click('results-history')
        b.wait('the replaced entry with the reason', lambda: REASONS[self.lang][0] in
               b.text('results-list'))
        s.end('%s; %s; live standings changed %.2f s after' % (preview, status, delay))

        s.begin('console and table page: one result form')
        # Both forms are hidden by now (the correction sent, every board entered): choosing in
        # them changes nothing stored.
        console_form = b.js(FORM_SHAPE, 'report-', 'report-fields')
        b.use('phone%d' % t)
        table_form = b.js(FORM_SHAPE, '', 'result-fields')
        b.use('console')
        if console_form != table_form:
            raise Failure('the console\'s result form is not the table page\'s:\n%s\n%s' %
                          (console_form, table_form))
        if not table_form['handlings'] or 'declarer-forehand' not in table_form['ids']:
            raise Failure('no result form read: %s' % table_form)
        s.end('%d fields, %d handlings' % (len(table_form['ids']), len(table_form['handlings'])))

        s.begin('console: progress grid after the correction')
        self.tab('progress')
        b.click('progress-refresh')
        b.wait('every cell done, 27 of 27', lambda: self.all_confirmed() and
               len(b.els('#progress-grid td.state-done')) == 9
            and len(b.els('#progress-grid td.cell')) == 9)
        if self.say('console.nothingWaits') not in b.text('attention-list'):
            raise Failure('the director\'s queue is not empty: ' + b.text('attention-list'))
        b.shot('32-console-progress-final')
        self.axe('progress, after the correction')
        s.end(b.text('progress-summary'))

    def all_confirmed(self):
        """The console's progress summary: 27 of 27 boards confirmed."""
        return re.match(self.like('console.summary', confirmed=27,
                                  boards=self.say('console.boardCount', n=27)),
                        self.b.text('progress-summary'))

    def penalty(self):
        b = self.b
        s = self.steps
        s.begin('console: penalty for Emil (walk-through)')
        self.tab('adjust')
        b.select('adjust-kind', 'KIND_PENALTY')
        b.retry(lambda: Select(b.el('adjust-player')).select_by_visible_text('5. Emil'))
        b.type_into('adjust-penalty', '1')
        b.type_into('adjust-reason', REASONS[self.lang][1])
        since = time.time()
        b.click('add-adjustment')
        b.wait('the adjustment', lambda: REASONS[self.lang][1] in b.text('adjustment-list'))
        delay = self.live_change(since, 'the penalty')
        b.use('console')
        b.shot('33-console-penalty')
        self.axe('adjustments')
        s.end('%s; live standings changed %.2f s after' % (b.text('adjust-status'), delay))

    # ---- 5. the standings ----

    def standings(self):
        b = self.b
        s = self.steps
        s.begin('standings: console, live screen, command line')
        b.use('console')
        self.tab('standings')
        b.wait('the standings of 9 players', lambda: len(b.els('#standings-table tbody tr')) == 9
               and re.search(self.like('console.standingsSummary', results=27, expected=27),
                             b.text('standings-summary')))
        head = b.js('return [...document.querySelectorAll("#standings-table thead th")]'
                    '.map((c) => c.textContent.trim())')
        rows = b.js('return [...document.querySelectorAll("#standings-table tbody tr")]'
                    '.map((r) => [...r.cells].map((c) => c.textContent.trim()))')
        col = {h: i for i, h in enumerate(head)}
        tied = self.like('console.tied', rank=Rx(r'(\d+)'))
        console = [(re.sub('^%s$' % tied, r'\1=', x[col[self.say('console.rank')]]),
                    x[col[self.say('console.player')]],
                    self.number(x[col[self.say('console.percent')]].replace(' %', '')))
                   for x in rows]
        b.shot('34-console-standings')
        self.axe('standings')
        self.page_checks('console, standings')

        b.use('live')
        b.wait('9 players on the live screen',
               lambda: len(b.els('#standings tbody tr[data-player]')) == 9 and
               b.js('return document.getElementById("badge").textContent') ==
               self.say('live.complete'))
        head = b.js('return [...document.querySelectorAll("#standings-head th")]'
                    '.map((c) => c.textContent.trim())')
        rows = b.js('return [...document.querySelectorAll("#standings tbody tr")]'
                    '.map((r) => [...r.cells].map((c) => c.textContent.trim()))')
        col = {h: i for i, h in enumerate(head)}
        live = [(x[col[self.say('live.rank')]], x[col[self.say('live.player')]],
                 self.number(x[col['%']])) for x in rows]
        b.shot('35-live-final')
        self.axe('final')
        self.page_checks('live, final')

        out = self.skat('scores', 'standings', '--event', self.event)
        cli = []
        for line in out.splitlines()[2:]:
            if line.startswith('  note:') or not line.strip():
                continue
            cli.append((line[0:4].strip(), line[6:28].strip(), line[49:57].strip()))
        with open(os.path.join(self.args.out, 'standings-cli.txt'), 'w') as f:
            f.write(out)
        if sorted(n for _, n, _ in cli) != sorted(PLAYERS):
            raise Failure('the command line\'s standings name %r' % [n for _, n, _ in cli])
        if console != cli:
            raise Failure('the console\'s standings %r differ from the command line\'s %r' % (
                console, cli))
        if live != cli:
            raise Failure('the live screen\'s standings %r differ from the command line\'s %r' %
                          (live, cli))
        s.end('9 players, the same ranks, names and percentages in the console, on the live '
              'screen and from `skat scores standings`: ' +
              ', '.join('%s %s %s' % x for x in cli))

    def number(self, text):
        """A decimal as the command line writes it ('25.14'), from the page's ('25,14' in
        German)."""
        return text.replace(',', '.') if self.lang == 'de' else text

    # ---- after the evening ----

    def after(self):
        b = self.b
        s = self.steps
        s.begin('console: reveal the board set')
        b.use('console')
        self.tab('boards')
        b.click('reveal-confirm')
        b.click('reveal-board-set')
        b.wait('the reveal', lambda: b.text('reveal-status').startswith(
            self.words.head('console.revealDone')))
        s.end(b.text('reveal-status'))

        s.begin('live screen without the director token')
        b.use('live')
        b.d.get('%s/live.html#event=%s' % (self.server.origin, self.event))
        # Each table's own progress (GetSessionProgress), as the director's screen shows it.
        b.wait('the public live screen', lambda: all(
            self.table_line(3, t, 3) in b.text('progress-r3-t%d' % t)
            for t in (1, 2, 3)) and len(b.els('#standings tbody tr[data-player]')) == 9 and
               self.say('live.allFinished') in b.text('progress-summary'))
        b.shot('36-live-public')
        self.axe('public')
        self.page_checks('live, public')
        s.end(b.text('progress').replace('\n', ' | '))

        s.begin('console on another device: reopen, new seat tokens')
        b.open_window('console2', 1366, 900)
        b.d.get(self.server.origin + '/console.html')
        b.wait('the console', lambda: b.js('return document.body.dataset.ready') == 'true')
        b.type_into('open-event-name', self.event)
        b.type_into('open-token', 'f' * 64)
        b.click('open-event')
        b.wait('the wrong token refused', lambda: self.words.head('console.wrongToken') in
               b.text('open-event-error'))
        wrong = b.text('open-event-error')
        if b.el('tab-progress').is_enabled():
            raise Failure('the console opened the event with a wrong director token')
        b.d.get('%s/console.html#event=%s&token=%s' % (self.server.origin, self.event,
                                                       self.director))
        b.wait('the event from the fragment', lambda: self.event in b.text('event-banner'))
        if '#' in b.d.current_url or self.director in b.d.current_url:
            raise Failure('the fragment stayed in the address bar: ' + b.d.current_url)
        self.tab('cards')
        b.wait('the session\'s cards panel', lambda: self.say('console.noTokens', session=1) in
               b.text('seat-token-status'))
        b.click('issue-seat-tokens')
        b.wait('no new tokens without the tick', lambda: self.say('console.tickIssue') in
               b.text('issue-error'))
        b.click('issue-confirm')
        b.click('issue-seat-tokens')
        b.wait('the new seat tokens', lambda: re.fullmatch(self.like(
            'console.tokensHeld', n=27, session=1), b.text('seat-token-status')))
        b.click('build-cards')
        b.wait('9 new QR codes', lambda: b.js(
            'const i = [...document.querySelectorAll("#table-cards img.qr")];'
            'return i.length === 9 && i.every((x) => x.complete && x.naturalWidth > 0);'))
        b.shot('37-console2-new-cards')
        self.axe('reopened, new cards')
        self.page_checks('console on another device')
        b.use('phone1')
        b.click('refresh')
        b.wait('the old seat tokens refused', lambda: b.text('refresh-status').startswith(
            self.say('table.notUpdated') + ' ' + self.say('table.refused')))
        b.shot('38-phone1-revoked')
        self.axe('seat tokens revoked')
        # Closed in this tab: no token stays in sessionStorage or on the page.
        b.use('console2')
        self.tab('event')
        b.click('forget-event')
        b.wait('the event closed', lambda: b.text('event-banner') ==
               self.say('console.eventBanner'))
        kept = b.js('return Object.keys(sessionStorage).filter((k) => k.startsWith("skat.console."))')
        cards = len(b.els('#table-cards *'))
        if kept or cards or self.director in b.js('return document.documentElement.outerHTML'):
            raise Failure('closed in this tab, it keeps %r and %d card elements' % (kept, cards))
        b.use('phone1')
        s.end('a wrong token: %s; the old cards\' phone: %s' % (wrong, b.text('refresh-status')))

    # ---- the start page and the result pages ----

    def result_pages(self):
        """The start page, and every result page of the evening (/report/{event}/, as its nav
        links them) on a laptop and a phone: axe-core on each."""
        b = self.b
        s = self.steps
        s.begin('the start page and the result pages')
        base = '%s/report/%s/' % (self.server.origin, self.event[len('events/'):])
        # skatd writes these pages in the language of ?lang= (docs/i18n.md "The result pages").
        query = '' if self.lang == 'en' else '?lang=' + self.lang
        seen = []
        sizes = [('report', 1366, 900), ('report-phone', 390, 844)]
        # The phone's pages are the laptop's text in a narrower layout: read in English only.
        for name, w, h in sizes if self.lang == 'en' else sizes[:1]:
            b.open_window(name, w, h)
            b.d.get(self.server.origin + '/')
            b.wait('the start page', lambda: b.text('link-console'))
            self.axe('start page')
            b.d.get(base + query)
            b.wait('the standings page', lambda: len(b.els('nav a')) >= 3 and all(
                n in b.text_of('main') for n in PLAYERS))
            pages = b.js('return [...document.querySelectorAll("nav a")]'
                         '.map((a) => a.getAttribute("href"))')
            for page in pages:
                # The links keep the reader's language (?lang=), as skatd serves them.
                if not page.endswith('?lang=' + self.lang):
                    raise Failure('the nav link %r does not keep the language %s'
                                  % (page, self.lang))
                b.d.get(base + page)
                b.wait(page, lambda: b.els('main') and b.js(
                    'return document.readyState') == 'complete')
                b.shot('39-%s-%s' % (name, page.split('?')[0].replace('.html', '')))
                self.axe(name + ' ' + page)
            seen.append('%s: %s' % (name, ', '.join(pages)))
        # The result pages are self-contained files without a <link> (ReportHtmlTest), so
        # Chromium asks for /favicon.ico, which skatd does not serve.
        bad = [m for m in b.console_errors() if '/favicon.ico ' not in m]
        if bad:
            raise Failure('console errors (the result pages): %s' % bad)
        s.end('; '.join(seen))

    # ---- the whole ----

    def run(self):
        s = self.steps
        s.begin('skatd and Chromium')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.b = Browser(self.args.out, self.args.chromedriver)
        s.end('skatd at %s (gRPC %d), log %s' % (self.server.origin, self.server.grpc_port,
                                                  self.server.log_path))
        self.console_setup()
        self.live_open()
        for t in (1, 2, 3):
            self.b.open_window('phone%d' % t, 390, 844)
        for r in (1, 2, 3):
            self.play_round(r)
        self.correct()
        self.penalty()
        self.standings()
        self.after()
        self.result_pages()
        s.begin('final checks')
        for name in ('console', 'live', 'phone1', 'phone2', 'phone3', 'console2'):
            self.b.use(name)
            self.page_checks(name + ', at the end', phone=name.startswith('phone'))
        delays = [d for _, d in self.delays]
        language = 'pages in %s' % self.lang
        if self.english is not None:
            language += ', %d scans without an English word' % self.scans
        s.end('labels and names checked: %s; %s; %s; no console errors; live standings changed '
              'after %.2f s at most (mean %.2f s, %d changes)' % (
                  ', '.join('%s %d times (up to %d fields, %d buttons)' % ((k,) + tuple(v))
                            for k, v in sorted(self.checked.items())),
                  self.b.axe_summary(), language, max(delays), sum(delays) / len(delays),
                  len(delays)))


def main():
    args = test_args(__doc__, langs=['en', 'de'])
    return run_test(Evening(args), 'evening test (%s)' % args.lang, args.out)


if __name__ == '__main__':
    sys.exit(main())
