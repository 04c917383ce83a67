#!/usr/bin/env python3
"""The three decks on the play page (docs/cards.md "Decks") in headless Chromium.

    tests/browser/decks_test.py --skatd build/skatd --skat build/skat --out DIR

Starts a real skatd (tests/web/skatd_web.py) and sets up with the skat command line: an event,
three players, a board set of one board, an online session of one table. Chair 1's play page is
opened on a phone (390x844) with its seat link and shows its ten cards. For each language (en, de)
and each deck (French, four-colour, German), chosen as the reader keeps them (localStorage
'skat-lang', 'skat-deck'), the page must name every card of the hand as the tables below say
(the expected names are written here, not read from the catalogue), print the rank letter that
name begins with in the card's corner, and colour each suit as the deck does; a screenshot of
each (deck-<lang>-<deck>.png), 0 axe-core violations (each deck in German). The console's boards
(the director's copy, on a laptop) in German with the German deck: each suit of each hand of the
server's board named and lettered so. Then the deck switch itself: choosing the four-colour deck
keeps it and redraws the hand with it. No console error.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Browser, Failure, PageTest, Steps,  # noqa: E402
                          run_skat, run_test, test_args)
from skatd_web import Skatd, api  # noqa: E402

SEATING = 'round,table,boards,chair 1,chair 2,chair 3\n1,1,1,Anna,Bert,Carl\n'
DECKS = ['french', 'four', 'german']
# docs/cards.md "Decks": suit and rank words, the rank letters, how a name is put together.
SUITS = {
    ('en', 'french'): {'C': 'clubs', 'S': 'spades', 'H': 'hearts', 'D': 'diamonds'},
    ('de', 'french'): {'C': 'Kreuz', 'S': 'Pik', 'H': 'Herz', 'D': 'Karo'},
    ('en', 'german'): {'C': 'acorns', 'S': 'leaves', 'H': 'hearts', 'D': 'bells'},
    ('de', 'german'): {'C': 'Eichel', 'S': 'Grün', 'H': 'Rot', 'D': 'Schellen'},
}
RANKS = {
    ('en', 'french'): {'A': 'ace', 'K': 'king', 'Q': 'queen', 'J': 'jack'},
    ('de', 'french'): {'A': 'Ass', 'K': 'König', 'Q': 'Dame', 'J': 'Bube'},
    ('en', 'german'): {'A': 'ace', 'K': 'king', 'Q': 'ober', 'J': 'unter'},
    ('de', 'german'): {'A': 'Daus', 'K': 'König', 'Q': 'Ober', 'J': 'Unter'},
}
BLACK, RED, GREEN = 'rgb(17, 17, 17)', 'rgb(196, 0, 0)', 'rgb(22, 114, 42)'
COLOURS = {
    'french': {'C': BLACK, 'S': BLACK, 'H': RED, 'D': RED},
    'four': {'C': BLACK, 'S': GREEN, 'H': RED, 'D': 'rgb(176, 90, 0)'},
    'german': {'C': 'rgb(92, 61, 14)', 'S': GREEN, 'H': RED, 'D': 'rgb(138, 90, 0)'},
}


def expected(card, lang, deck):
    """(name, corner letter) of a card ("C-J") in a language and deck."""
    kind = (lang, 'german' if deck == 'german' else 'french')
    suit, rank = card.split('-')
    word = RANKS[kind].get(rank, rank)
    name = ('%s of %s' if lang == 'en' else '%s-%s')
    name = name % ((word, SUITS[kind][suit]) if lang == 'en' else (SUITS[kind][suit], word))
    return name, word[0].upper() if rank in RANKS[kind] else rank


class DecksTest(PageTest):
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None

    def skat(self, *argv):
        return run_skat(self.args.skat, self.server.grpc_port, getattr(self, 'director', ''),
                        *argv)

    def setup(self):
        out = self.skat('events', 'create', '--name', 'Decks', '--profile', 'nasl-1909')
        event = re.search(r'^(events/\S+)', out, re.M).group(1)
        self.director = re.search(r'director token: (\S+)', out).group(1)
        self.skat('players', 'add', '--event', event, 'Anna', 'Bert', 'Carl')
        out = self.skat('boards', 'create', '--event', event, '--boards', '1')
        board_set = re.search(r'^(events/\S+/boardSets/\S+)', out, re.M).group(1)
        seating = os.path.join(self.args.out, 'seating.csv')
        tokens = os.path.join(self.args.out, 'tokens')
        with open(seating, 'w') as f:
            f.write(SEATING)
        if os.path.exists(tokens):
            os.remove(tokens)
        self.event, self.board_set = event, board_set
        self.skat('sessions', 'start', '--event', event, '--board-set', board_set, '--movement',
                  'manual', '--seating', seating, '--accept-warnings', '--tokens-file', tokens)
        with open(tokens) as f:
            rows = [line.split() for line in f if line.strip() and not line.startswith('#')]
        os.remove(tokens)
        self.table, _, self.token = next(r[:3] for r in rows if r[1] == '1')

    def hand(self):
        """[(card, aria-label, corner letter, colour)] of the hand's buttons, once all ten."""
        b = self.b
        b.wait('the hand', lambda: len(b.els('#hand button.card')) == 10)
        return b.js('return [...document.querySelectorAll("#hand button.card")].map((e) => '
                    '[e.dataset.card, e.getAttribute("aria-label"), '
                    'e.querySelector("svg text").textContent, '
                    'getComputedStyle(e.querySelector("svg.face")).color])')

    def check(self, lang, deck, axe=True):
        b = self.b
        b.wait('the page in %s' % lang, lambda: b.js(
            'return document.documentElement.lang') == lang and b.js(
            'return document.documentElement.dataset.deck') == deck)
        bad = []
        for card, label, letter, colour in self.hand():
            name, want_letter = expected(card, lang, deck)
            if (label, letter, colour) != (name, want_letter, COLOURS[deck][card[0]]):
                bad.append('%s: %r %r %s, not %r %r %s' % (card, label, letter, colour, name,
                                                        want_letter, COLOURS[deck][card[0]]))
        if bad:
            raise Failure('%s, %s deck:\n  %s' % (lang, deck, '\n  '.join(bad)))
        if b.js('return document.getElementById("deck").value') != deck:
            raise Failure('the deck switch does not show the %s deck' % deck)
        b.shot('deck-%s-%s' % (lang, deck))
        if axe:
            b.check_axe('the play page, %s, %s deck' % (lang, deck))

    def check_console(self):
        """The console's boards (the director's copy) in the German deck, in German: each suit of
        each hand named and lettered as the deck says, in the server's cards."""
        b = self.b
        status, board, _ = api(self.server.origin, 'skat.v1.DealService/GetBoard',
                               {'boardSet': self.board_set, 'number': 1}, token=self.director)
        if status != 200:
            raise Failure('GetBoard: %d %s' % (status, board))
        want = []
        for part in ('forehand', 'middlehand', 'rearhand', 'skat'):
            by_suit = {}
            for card in board[part]:
                by_suit.setdefault(card[0], []).append(expected(card, 'de', 'german')[1])
            want.append(sorted('%s %s' % (SUITS['de', 'german'][suit], ' '.join(ranks))
                               for suit, ranks in by_suit.items()))
        b.open_window('laptop', 1280, 800)
        b.d.get('%s/console.html#event=%s&token=%s' % (self.server.origin, self.event,
                                                       self.director))
        b.wait('the console', lambda: b.js('return document.body.dataset.ready') == 'true')
        b.click('tab-boards')
        b.click('show-boards')
        b.wait('the boards', lambda: len(b.els('#board-print .hand')) == 4)
        shown = [sorted(labels) for labels in b.js(
            'return [...document.querySelectorAll("#board-print .hand")].map((h) => '
            '[...h.querySelectorAll(".suit")].map((s) => s.getAttribute("aria-label")))')]
        if shown != want:
            raise Failure('the console\'s board 1 reads %s, not %s' % (shown, want))
        b.js('document.getElementById("board-print").scrollIntoView()')
        b.shot('deck-de-german-console')
        b.check_axe('the console\'s boards, de, German deck')

    def run(self):
        s = self.steps
        s.begin('skatd, one online table through skat')
        self.server = Skatd(self.args.skatd, out_dir=self.args.out)
        self.setup()
        s.end(self.table)
        s.begin('the play page in each language and deck')
        self.b = Browser(self.args.out, self.args.chromedriver)
        b = self.b
        b.open_window('phone', 390, 844)
        b.d.get('%s/play.html#table=%s&token=%s' % (self.server.origin, self.table, self.token))
        self.hand()
        for lang in ('en', 'de'):
            for deck in DECKS:
                b.js('localStorage.setItem("skat-lang", arguments[0]); '
                     'localStorage.setItem("skat-deck", arguments[1]); location.reload();',
                     lang, deck)
                # axe-core once per deck, in German (the longer words): 1 s less.
                self.check(lang, deck, axe=lang == 'de')
        s.end(b.axe_summary())
        s.begin('the console\'s boards in German, German deck')
        self.check_console()
        s.end()
        s.begin('the deck switch')
        b.use('phone')  # German, the German deck
        b.js('const s = document.getElementById("deck"); s.value = "four"; '
             's.dispatchEvent(new Event("change"));')
        self.check('de', 'four', axe=False)
        if b.js('return localStorage.getItem("skat-deck")') != 'four':
            raise Failure('the deck switch did not keep the four-colour deck')
        errors = b.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)
        s.end()


def main():
    args = test_args(__doc__)
    return run_test(DecksTest(args), 'decks test', args.out)


if __name__ == '__main__':
    sys.exit(main())
