#!/usr/bin/env python3
"""The pages take every rule from the server: each rule profile skatd lists works on them.

Starts a real skatd (tests/web/skatd_web.py: a throwaway database of SKAT_TEST_DATABASE_URL)
and, for every profile ListRuleProfiles lists (paged two at a time; the count is pinned) and
every base profile with all its options set, makes an event of that profile with one physical
table and opens the table page (table.html) in headless Chromium (tests/browser/browser_util.py).
The result form must offer exactly what GetRuleProfile says (docs/web.md "The pages' data"): the
handlings in the profile's order, for each handling the games declared plain or ouvert, ouvert
where the profile allows it, Ramsch only under ALL_PASS_RAMSCH, Contra only where the profile
has it, and a deal thrown in that passes its check (under ALL_PASS_RAMSCH only as a misdeal, the
form adding the dealer's fine). The console's profile choice must list every profile, and for each offer only its board
scores, its first chosen. A profile added only on the server needs no change of the pages for
this test to pass. On the phone, a table's short address /t/<table code> opens its page, where a
board is entered and confirmed, and the page opened without a link takes the typed code
(docs/tables.md "Table codes").
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Browser, Failure, PageTest, Steps,  # noqa: E402
                          english_words, run_test, test_args)
from skatd_web import Skatd, api  # noqa: E402

# The engine's base profiles (engine/profile.h ProfileIds); tests/services/rule_profiles_test.cc
# pins the same count.
ENGINE_PROFILES = 5
GAME_ID = {'GAME_TYPE_CLUBS': 'game-clubs', 'GAME_TYPE_SPADES': 'game-spades',
           'GAME_TYPE_HEARTS': 'game-hearts', 'GAME_TYPE_DIAMONDS': 'game-diamonds',
           'GAME_TYPE_GRAND': 'game-grand', 'GAME_TYPE_NULL': 'game-null'}


class ProfilesTest(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None
        self.code = ''  # the table code of the last table_of

    def call(self, method, request, token=None):
        status, body, _ = api(self.server.origin, method, request, token=token)
        if status != 200:
            raise Failure('%s refused (%d): %s' % (method, status, body))
        return body

    def listed(self):
        out, token, pages = [], '', 0
        while True:
            page = self.call('skat.v1.EventService/ListRuleProfiles',
                             {'pageSize': 2, 'pageToken': token})
            pages += 1
            out += page.get('ruleProfiles', [])
            token = page.get('nextPageToken', '')
            if not token:
                return out, pages

    def table_of(self, profile_id):
        """An event of the profile with one physical table of 3 boards: its name and tokens."""
        made = self.call('skat.v1.EventService/CreateEvent',
                         {'displayName': 'Profile ' + profile_id, 'profile': profile_id})
        event, director = made['event']['name'], made['directorToken']
        board_set = self.call('skat.v1.DealService/CreateBoardSet',
                              {'parent': event, 'boardCount': 3, 'tableSize': 3}, director)
        opened = self.call('skat.v1.TableService/OpenTable',
                           {'parent': event, 'boardSet': board_set['name'], 'boards': [1, 2, 3],
                            'mode': 'TABLE_MODE_PHYSICAL', 'label': profile_id}, director)
        self.code = opened['tableCode']
        return opened['table']['name'], opened['seatTokens']

    def shown(self, id_):
        return self.b.js('const e = document.getElementById(arguments[0]);'
                         'return !!e && !e.disabled && !e.closest(".hidden");', id_)

    def check_form(self, profile):
        b = self.b
        pid = profile['name'][len('profiles/'):]
        table, tokens = self.table_of(pid)
        frag = 'table=%s&%s' % (table, '&'.join('c%d=%s' % (i + 1, t)
                                                for i, t in enumerate(tokens)))
        b.d.get('about:blank')
        b.d.get(self.server.origin + '/table.html#' + frag)
        handlings = [h['handling'] for h in profile.get('handlings', [])]
        b.wait('the result form of ' + pid, lambda: b.js(
            'return [...document.querySelectorAll("#handling option")].map((o) => o.value)')
            == handlings)
        ramsch = profile.get('allPass') == 'ALL_PASS_RAMSCH'
        if b.js('return !!document.getElementById("kind-ramsch")') != ramsch:
            raise Failure('%s: Ramsch offered: %s, allPass %s' % (
                pid, not ramsch, profile.get('allPass')))
        if self.shown('contra-part') != bool(profile.get('contra')):
            raise Failure('%s: Contra shown %s, the profile says %s' % (
                pid, self.shown('contra-part'), profile.get('contra', False)))
        for h in profile.get('handlings', []):
            b.select('handling', h['handling'])
            b.js('document.getElementById("handling").dispatchEvent('
                 'new Event("change", {bubbles: true}))')
            want = set(h.get('games', [])) | set(h.get('ouvertGames', []))
            got = {g for g, id_ in GAME_ID.items() if self.shown(id_)}
            if got != want:
                raise Failure('%s %s: games %s, the profile says %s' % (
                    pid, h['handling'], sorted(got), sorted(want)))
            for g in sorted(want):
                b.choose(GAME_ID[g])
                if self.shown('ouvert-part') != (g in h.get('ouvertGames', [])):
                    raise Failure('%s %s %s: ouvert offered %s' % (
                        pid, h['handling'], g, self.shown('ouvert-part')))
        b.choose('kind-passed')
        b.click('check')
        b.wait(pid + ': the thrown-in deal checked',
               lambda: b.el('preview').is_displayed() or b.text('form-error'))
        if b.text('form-error'):
            raise Failure('%s: a thrown-in deal is refused: %s' % (pid, b.text('form-error')))
        if b.console_errors():
            raise Failure('%s: console errors %s' % (pid, b.console_errors()))
        b.check_axe('the table page of ' + pid)

    def check_german(self, profile):
        """The table page and its result form in German (docs/i18n.md), every part of the form
        shown at once (the irregularities open, a checked entry): no English word outside names;
        the handlings as German players say them, the historic ones keeping their names."""
        b = self.b
        table, tokens = self.table_of('nasl-1909')
        b.d.get(self.server.origin + '/table.html')
        b.js('localStorage.setItem("skat-lang", "de")')
        b.d.get(self.server.origin + '/table.html#table=%s&%s' % (
            table, '&'.join('c%d=%s' % (i + 1, t) for i, t in enumerate(tokens))))
        b.wait('the German form', lambda: b.js('return document.documentElement.lang') == 'de'
               and len(b.els('#handling option')) == len(profile.get('handlings', [])))
        handlings = b.js('return [...document.querySelectorAll("#handling option")]'
                         '.map((o) => o.textContent)')
        if not any(h.startswith('Tournée (') for h in handlings) or \
                'Hand / Solo (ohne Skat)' not in handlings:
            raise Failure('the German handlings read %s' % handlings)
        b.js('document.getElementById("irregularities").open = true')
        b.choose('kind-passed')
        b.click('check')
        b.wait('the German check', lambda: b.el('preview').is_displayed() or b.text('form-error'))
        if b.text('preview-value') != 'Eingepasst: kein Spiel.':
            raise Failure('the German check says %r' % b.text('preview-value'))
        # Sent: the entry awaits another chair's confirmation, the boards list says so.
        b.click('send')
        b.wait('the German entry awaiting confirmation', lambda: b.els('#pending-1 button') and
               b.el('board-1').get_attribute('data-state') == 'entered')
        if 'wartet auf Bestätigung' not in b.text('board-1'):
            raise Failure('the German board list says %r' % b.text('board-1'))
        b.choose('kind-game')
        found = b.visible_english(english_words())
        if found:
            raise Failure('English words on the German table page: %s' % found)
        if not b.els('.lang-switch select#lang'):
            raise Failure('the table page has no language switch')
        b.check_width('the table page in German')
        b.shot('table-german')
        b.check_axe('the table page in German')
        b.js('localStorage.setItem("skat-lang", "en")')
        return '%d handlings: %s' % (len(handlings), ', '.join(handlings))

    def check_code(self):
        """A table card's short address on a phone (docs/tables.md "Table codes"): /t/<code>,
        typed in lower case without dashes, opens the table page, where one board is entered and
        confirmed by another chair. Opened without a link, the page asks for the code: a wrong
        one is refused in its field, the right one (with spaces) opens the table."""
        b = self.b
        table, _ = self.table_of('nasl-1909')
        code = self.code
        b.d.get(self.server.origin + '/table.html')
        b.js('sessionStorage.clear()')
        b.d.get(self.server.origin + '/t/' + code.lower().replace('-', ''))
        b.wait('the table opened by its code', lambda: b.js(
            'return document.getElementById("table-label").textContent') == 'nasl-1909' and
               len(b.els('#handling option')) > 0 and b.els('#board-1'))
        if code in b.d.current_url or '#' in b.d.current_url:
            raise Failure('the code stayed in the address bar: ' + b.d.current_url)
        b.choose('kind-passed')
        b.click('check')
        b.wait('the check', lambda: b.el('preview').is_displayed() or b.text('form-error'))
        b.click('send')
        b.wait('the entry awaiting confirmation', lambda: b.els('#confirm-1-chair-2'))
        b.click('confirm-1-chair-2')
        b.wait('board 1 confirmed', lambda: b.el('board-1').get_attribute('data-state') ==
               'confirmed')
        if b.console_errors():
            raise Failure('console errors %s' % b.console_errors())
        b.check_width('the table page opened by its code')
        b.js('sessionStorage.clear()')
        b.d.get(self.server.origin + '/table.html')
        b.wait('the field for the code', lambda: b.el('table-code').is_displayed())
        b.check_axe('the table page asking for its code')
        b.type_into('table-code', 'AAAA-BBBB-CCCC')
        b.click('open-code')
        b.wait('the wrong code refused', lambda: 'does not open a table' in b.text('code-error'))
        b.type_into('table-code', code.lower().replace('-', ' '))
        b.click('open-code')
        b.wait('the table opened by its typed code', lambda: b.els('#board-1') and
               b.el('board-1').get_attribute('data-state') == 'confirmed')
        b.shot('table-by-code')
        return '%s opened by /t/%s and by its typed code' % (table, code)

    def run(self):
        s = self.steps
        s.begin('skatd')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.b = Browser(os.path.join(self.args.out, 'shots'), self.args.chromedriver)
        self.b.open_window('phone', 390, 844)
        s.end()

        s.begin('ListRuleProfiles')
        profiles, pages = self.listed()
        if len(profiles) != ENGINE_PROFILES or pages != (ENGINE_PROFILES + 1) // 2:
            raise Failure('%d profiles on %d pages, expected %d' % (
                len(profiles), pages, ENGINE_PROFILES))
        # Each base profile with every option it offers set, as an event may choose.
        variants = []
        for p in profiles:
            if p.get('options'):
                base = p['name'][len('profiles/'):]
                variants.append(self.call('skat.v1.EventService/GetRuleProfile',
                                          {'name': 'profiles/' + '+'.join([base] + p['options'])}))
        s.end('%d profiles, %d with options' % (len(profiles), len(variants)))

        for p in profiles + variants:
            s.begin('table page: ' + p['name'])
            self.check_form(p)
            s.end('%d handlings' % len(p.get('handlings', [])))

        s.begin('table page in German')
        s.end(self.check_german(next(p for p in profiles
                                     if p['name'] == 'profiles/nasl-1909')))

        s.begin('table page by its table code')
        s.end(self.check_code())

        s.begin('console: the profile choice')
        b = self.b
        b.d.get(self.server.origin + '/console.html')
        b.wait('the console', lambda: b.js('return document.body.dataset.ready') == 'true')
        offered = b.js('return [...document.querySelectorAll("#event-profile option")]'
                       '.map((o) => o.value)')
        want = [p['name'][len('profiles/'):] for p in profiles]
        if offered != want:
            raise Failure('the console offers %s, the server lists %s' % (offered, want))
        # Each profile's board scores only, its usual one (the first) chosen.
        for p in profiles:
            b.select('event-profile', p['name'][len('profiles/'):])
            b.js('document.getElementById("event-profile").dispatchEvent('
                 'new Event("change", {bubbles: true}))')
            scores = b.js('const s = document.getElementById("event-board-score");'
                          'return [s.value, [...s.options].map((o) => o.value)]')
            if scores != [p['boardScores'][0], p['boardScores']]:
                raise Failure('%s: the console offers board scores %s (chosen %s), the profile '
                              'says %s' % (p['name'], scores[1], scores[0], p['boardScores']))
        b.check_axe('the console, profiles')
        s.end(b.axe_summary())


def main():
    args = test_args(__doc__)
    return run_test(ProfilesTest(args), 'profiles test', args.out)


if __name__ == '__main__':
    sys.exit(main())
