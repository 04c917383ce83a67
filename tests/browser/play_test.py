#!/usr/bin/python3
"""A round of online play through the play page (docs/web.md "Tests").

    tests/browser/play_test.py --skatd build/skatd --skat build/skat --out DIR [--web-root DIR]

Starts a real skatd (tests/web/skatd_web.py: a throwaway database of SKAT_TEST_DATABASE_URL)
and one headless Chromium. The director sets up with the `skat` command line: an event under
nasl-1909 (Tournée and passt mir nicht), 6 players, a board set of 2 boards, an online session
of one round at 2 tables, both playing boards 1 and 2. Table 2 is played by the server's bots
(chairs 1 and 2 from the start; chair 3 by this test over the JSON API with the simplest policy
for board 1, then by a bot, so that table 2 waits at the start of board 2 until table 1 has
finished it). Table 1 is played by three people, one window each: chairs 1 and 2 on phones
(390x844), chair 3 on a laptop (1366x768), each opening play.html#table=T&token=<its token>.
Every act of table 1 is a click in its page:

1. board 1: chair 3 wins the bidding (the others pass), turns skat card 1 (Tournée), says passt
   mir nicht (skat card 2 is turned for everybody; card 1 stays his), chooses the jack's suit if
   card 2 is a jack, puts two cards away; the card play: once, an illegal card forced through (its
   button's disabled attribute removed): the page shows the server's refusal naming the rule and
   nothing changes; once, a reload of a seat's window after a trick's first card: it rejoins,
   shows the same trick and hand, and plays on. Result, then the traveller (table 2 had finished
   board 1): both tables, the seat's matchpoints, par;
2. board 2: chair 1 wins the bidding and plays a hand game; after three tricks he claims the
   rest: one defender refuses (the claimant's hand is open to everybody from then on), a trick
   later he claims again and both accept: the board ends with the claim. The traveller stays
   closed while table 2 still plays board 2; then chair 3 of table 2 goes to a bot, table 2
   finishes, the traveller opens by itself in every window (both tables, the seat's
   matchpoints), par, and the session's standings.

Hidden information, two scans, checked at the end against the director's act log of table 1
(TableService/ListGames) and the deals (DealService/GetBoard):
- the wire: every reply and every server-sent event each window received, read from Chromium's
  DevTools Network events (performance log; the WatchSeat streams through
  Network.streamResourceContent, with a byte count proving nothing was missed), every view
  checked at its own act count;
- every page state: a MutationObserver put into each window's documents before the page's own
  scripts records the cards (data-card attributes, card names in text and labels) of every
  state the DOM reaches, by region (the board in play, the last result, the traveller), with
  its time; a state at time t may reflect only the acts clicked before t.
A seat may see: its own dealt cards; every card played; skat card 1 once it looked at it (the
declarer), the turned card once turned; both skat cards once it took them (the declarer); the
claimant's hand once his claim is refused; after the game the declarer's discards, or the skat
of a hand game; every card of a board in its traveller once every table has finished it. Its
view's hand must equal what it holds. A self-check runs the same checks on doctored copies of
real records (another seat's card in a view's trick or hand, the skat before the end, the card
the declarer looked at in a defender's view, an unplayed card after the claim, another seat's
card on a page, a traveller page state and reply too early) and must see each one fail.

Both scans must also have read what they look for (the looked-at and turned cards, the open
hand, the discards, the trick log and skat, a traveller with all 32 cards of each board), and
every window must have received a view after every act. At the moments shown and each step's
end: a label for every field, a name for every button, no console error but refused API calls,
no horizontal scrolling. Screenshots of every window at every step's end (sNN-*) and at the
special moments (b1-*, b2-*) go to DIR. Prints a line per step with its time. Exits 1 on the
first failure. --web-root serves the pages from a directory (skatd --web-root) instead of the
copy compiled into skatd.
"""
import base64
import json
import os
import re
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'web'))
sys.path.insert(0, HERE)

from browser_util import (Browser, Failure, Steps, english_words, run_skat, run_test,  # noqa: E402
                          test_args)
from play_defaults import with_defaults  # noqa: E402
from skatd_web import Skatd, api  # noqa: E402

PLAYERS = 'Anna Bert Carl Dora Emil Frida'.split()
SEATING = ('round,table,boards,chair 1,chair 2,chair 3\n'
           '1,1,1-2,Anna,Bert,Carl\n'
           '1,2,1-2,Dora,Emil,Frida\n')
WINDOWS = {1: ('chair1', 390, 844), 2: ('chair2', 390, 844), 3: ('chair3', 1366, 768)}
DECLARER = {1: 3, 2: 1}      # the chair that wins the bidding on each board
DIRS = ['DIRECTION_FOREHAND', 'DIRECTION_MIDDLEHAND', 'DIRECTION_REARHAND']
LETTER = 'FMR'
SUITS = 'CSHD'
RANKS = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A']
ALL_CARDS = frozenset(s + '-' + r for s in SUITS for r in RANKS)
CARD_RE = re.compile(r'\b([CSHD])-(10|[789JQKA])\b')
GAME_ID = {'GAME_TYPE_CLUBS': 'clubs', 'GAME_TYPE_SPADES': 'spades', 'GAME_TYPE_HEARTS': 'hearts',
           'GAME_TYPE_DIAMONDS': 'diamonds', 'GAME_TYPE_GRAND': 'grand'}

# Put into every document of a seat's window before the page's scripts: records each state the
# DOM reaches (after every task that changed it) as the cards it shows by region, with the time.
# Regions: the traveller section (board: its heading), the result (board: its title), and the
# rest (board: #board-number). Cards: data-card attributes, and card names in text, aria-label
# and title ("jack of clubs", "clubs jack", "\u2663J", "C-J").
SCAN_JS = r"""
(() => {
  if (window.__cardScan) return;
  const SUIT = {clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D', c: 'C', s: 'S', h: 'H',
                d: 'D', '\u2663': 'C', '\u2660': 'S', '\u2665': 'H', '\u2666': 'D'};
  const RANK = {jack: 'J', queen: 'Q', king: 'K', ace: 'A', j: 'J', q: 'Q', k: 'K', a: 'A'};
  const RES = [/\b(clubs|spades|hearts|diamonds) (jack|queen|king|ace|10|9|8|7)\b/gi,
               /\b(jack|queen|king|ace|10|9|8|7) of (clubs|spades|hearts|diamonds)\b/gi,
               /([\u2663\u2660\u2665\u2666])\s?(10|[789JQKA])/g,
               /\b([CSHD])-(10|[789JQKA])\b/g];
  const log = [];
  let last = '';
  let where = {};
  // The nearest element with an id around a node: where a card was seen.
  const idOf = (e) => {
    const x = e && e.closest('[id]');
    return x ? x.id : '';
  };
  const put = (set, card, e) => {
    set.add(card);
    const k = set.region + ':' + card;
    const id = idOf(e);
    if (!(where[k] || []).includes(id)) where[k] = (where[k] || []).concat([id]);
  };
  const add = (set, text, e) => {
    if (!text) return;
    for (const re of RES) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        // "clubs jack" or "jack of clubs" (docs/cards.md "Decks").
        const [suit, rank] = SUIT[m[1].toLowerCase()] ? [m[1], m[2]] : [m[2], m[1]];
        put(set, SUIT[suit.toLowerCase()] + '-' + (RANK[rank.toLowerCase()] || rank), e);
      }
    }
  };
  const regionOf = (e) => !e ? 'play' : e.closest('#traveller-section') ? 'traveller'
    : e.closest('#result') ? 'result' : 'play';
  const num = (sel, re) => {
    const e = document.querySelector(sel);
    const m = e && e.textContent.match(re);
    return m ? Number(m[1]) : 0;
  };
  function scan() {
    if (!document.body) return;
    const found = {};
    for (const r of ['play', 'result', 'traveller']) {
      found[r] = new Set();
      found[r].region = r;
    }
    where = {};
    add(found.play, document.title, null);
    for (const e of document.body.querySelectorAll('*')) {
      const r = found[regionOf(e)];
      const card = e.getAttribute('data-card');
      if (card !== null) put(r, card, e);
      add(r, e.getAttribute('aria-label'), e);
      add(r, e.getAttribute('title'), e);
    }
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      add(found[regionOf(n.parentElement)], n.nodeValue, n.parentElement);
    }
    const state = {board: num('#board-number', /Board (\d+)/),
                   result: num('#result-title', /board (\d+)/i),
                   traveller: num('#traveller h3', /Board (\d+)/),
                   play: [...found.play].sort(), resultCards: [...found.result].sort(),
                   travellerCards: [...found.traveller].sort(), where};
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    state.t = Date.now() / 1000;
    state.url = location.pathname;
    log.push(state);
  }
  window.__cardScan = {take: () => log.splice(0), scan};
  new MutationObserver(scan).observe(document, {subtree: true, childList: true,
                                                attributes: true, characterData: true});
})();
"""



def cards_in(value, out=None):
    """Every card named in any string of a parsed JSON value."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.update(m.group(0) for m in CARD_RE.finditer(value))
    elif isinstance(value, dict):
        for v in value.values():
            cards_in(v, out)
    elif isinstance(value, list):
        for v in value:
            cards_in(v, out)
    return out


# ---- the wire: every reply and server-sent event of every window ----

class Wire:
    """Reads Chromium's DevTools Network events (the performance log) of every window: the
    request, its reply's body (Network.getResponseBody), and a WatchSeat stream's bytes as they
    come (Network.streamResourceContent, then Network.dataReceived with data)."""

    def __init__(self, b):
        self.b = b
        self.requests = {}     # requestId: record
        self.order = []
        self.views = {}        # window: [(arrival wall time, SeatUpdate or Seat view, source)]
        self.lean_fresh = {}   # window: streamed views at act 0 of a board that came lean

    def pump(self):
        b = self.b
        streams, bodies = [], []
        for e in b.performance_log():
            method, p = e['method'], e.get('params', {})
            rid = p.get('requestId')
            if method == 'Network.requestWillBeSent':
                url = p['request']['url']
                if '/api/' not in url:
                    continue
                r = {'id': rid, 'window': b.window_of(e['webview']), 'url': url,
                     'method': url.split('/api/', 1)[1], 'wall': p['wallTime'],
                     'ts': p['timestamp'], 'post': p['request'].get('postData', ''),
                     'status': None, 'chunks': [], 'length': 0, 'done': False, 'failed': False,
                     'body': None, 'stream': url.endswith('/WatchSeat'), 'resp_ts': None,
                     'streaming': False}
                self.requests[rid] = r
                self.order.append(rid)
                if r['stream']:
                    streams.append(r)
                continue
            r = self.requests.get(rid)
            if r is None:
                continue
            if method == 'Network.responseReceived':
                r['status'] = p['response']['status']
                r['resp_ts'] = p['timestamp']
            elif method == 'Network.dataReceived':
                r['length'] += p['dataLength']
                if 'data' in p:
                    r['chunks'].append((p['timestamp'], base64.b64decode(p['data'])))
            elif method == 'Network.loadingFinished':
                r['done'] = True
                if not r['stream']:
                    bodies.append(r)
            elif method == 'Network.loadingFailed':
                r['failed'] = True
                r['error'] = p.get('errorText')
        here = b.current
        for r in streams:
            b.use(r['window'])
            try:
                got = b.d.execute_cdp_cmd('Network.streamResourceContent', {'requestId': r['id']})
                r['chunks'].insert(0, (r['ts'], base64.b64decode(got.get('bufferedData', ''))))
                r['streaming'] = True
            except Exception as e:  # noqa: BLE001 (kept: the byte count check reports it)
                r['stream_error'] = str(e).split('\n')[0]
        for r in bodies:
            b.use(r['window'])
            try:
                got = b.d.execute_cdp_cmd('Network.getResponseBody', {'requestId': r['id']})
                r['body'] = base64.b64decode(got['body']) if got.get('base64Encoded') \
                    else got['body'].encode()
            except Exception as e:  # noqa: BLE001
                r['body_error'] = str(e).split('\n')[0]
            self._reply(r)
        if here:
            b.use(here)
        self._parse_streams()

    def wall(self, r, ts):
        return r['wall'] + (ts - r['ts'])

    def _reply(self, r):
        if r['body'] is None:
            return
        try:
            r['json'] = json.loads(r['body'])
        except ValueError:
            r['json'] = None
            return
        # Act's replies arrive lean, as WatchSeat's messages do: read as the page reads them.
        if r['method'].endswith('/Act') and r['status'] == 200:
            with_defaults(r['json'], 'ActResponse')
        if r['method'].endswith('/JoinSeat') and r['status'] == 200:
            self.views.setdefault(r['window'], []).append(
                (self.wall(r, r['resp_ts']), {'view': r['json']['view']}, r['id']))

    def _parse_streams(self):
        for rid in self.order:
            r = self.requests[rid]
            if not r['stream']:
                continue
            data = b''.join(c for _, c in r['chunks'])
            done = r.setdefault('parsed', 0)
            blocks = data[done:].split(b'\n\n')
            # The last piece is incomplete (or empty).
            for block in blocks[:-1]:
                done += len(block) + 2
                kind, payload = 'message', b''
                for line in block.split(b'\n'):
                    if line.startswith(b'event: '):
                        kind = line[7:].decode()
                    elif line.startswith(b'data: '):
                        payload += line[6:]
                if not payload:
                    continue
                msg = json.loads(payload)
                # Lean SeatUpdates (docs/web.md): filled in as the page fills them in.
                if kind == 'message':
                    if 'view' in msg and 'actCount' not in msg['view']:
                        self.lean_fresh[r['window']] = self.lean_fresh.get(r['window'], 0) + 1
                    with_defaults(msg, 'SeatUpdate')
                # The arrival: the time of the chunk holding the block's end.
                at, seen = r['wall'], 0
                for ts, c in r['chunks']:
                    seen += len(c)
                    if seen >= done:
                        at = self.wall(r, ts)
                        break
                r.setdefault('messages', []).append((at, kind, msg))
                if kind == 'message':
                    self.views.setdefault(r['window'], []).append((at, msg, rid))
            r['parsed'] = done

    def latest(self, window):
        """The newest view of a window (as the page keeps it: never an older one of a board)."""
        best = None
        for _, msg, _ in self.views.get(window, []):
            v = msg['view']
            key = (v['boardNumber'], v['actCount'])
            if best is None or key >= (best['boardNumber'], best['actCount']):
                best = v
        return best

    def check_complete(self):
        """Every stream's bytes were all read: the captured bytes are the bytes received."""
        out = []
        for rid in self.order:
            r = self.requests[rid]
            if not r['stream']:
                if r['done'] and r['body'] is None:
                    raise Failure('the reply of %s in %s was not read: %s' % (
                        r['method'], r['window'], r.get('body_error')))
                continue
            got = sum(len(c) for _, c in r['chunks'])
            if not r['streaming'] or got != r['length']:
                raise Failure('the WatchSeat stream %s of %s: %d of %d bytes read (%s)' % (
                    rid, r['window'], got, r['length'], r.get('stream_error', '')))
            out.append((r['window'], got, len(r.get('messages', []))))
        return out


# ---- what each seat may see ----

class Deal:
    def __init__(self, board):
        self.number = board['number']
        self.fh_chair = board['forehandChair']
        self.hands = [set(board['forehand']), set(board['middlehand']), set(board['rearhand'])]
        self.skat = list(board['skat'])

    def direction(self, chair):
        return (chair - self.fh_chair) % 3


class Replay:
    """The states of one board of table 1 after 0, 1, ... n acts (the director's act log): what
    each direction holds and may see (RULES T5, D5, D8, D9)."""

    def __init__(self, deal, lines, finished):
        self.deal = deal
        self.lines = lines
        self.finished = finished
        self.states = []
        cur = [set(h) for h in deal.hands]
        public = set()
        seen = [set(), set(), set()]
        discards = set()
        took = False
        claimant = None
        self._keep(cur, public, seen, False)
        skat = deal.skat
        for i, line in enumerate(lines):
            parts = line.split()
            d = LETTER.index(parts[0])
            act, args = parts[1], parts[2:]
            if act == 'play':
                public.add(args[0])
                cur[d].discard(args[0])
            elif act == 'turn-skat-card':
                seen[d].add(skat[0])
            elif act in ('accept', 'passt-mir-nicht'):
                turned = skat[0] if act == 'accept' else skat[1]
                public.add(turned)
                # He takes both cards now, or after choosing the trump of a turned jack (G1:
                # before he sees card 2).
                if not turned.endswith('-J'):
                    cur[d] |= set(skat)
                    seen[d] |= set(skat)
                took = True
            elif act == 'choose-trump':
                cur[d] |= set(skat)
                seen[d] |= set(skat)
            elif act in ('guckser', 'take-skat'):
                cur[d] |= set(skat)
                seen[d] |= set(skat)
                took = True
            elif act == 'discard':
                cur[d] -= set(args)
                discards = set(args)
            elif act == 'declare' and 'ouvert=yes' in args:
                public |= cur[d]
            elif act == 'claim':
                claimant = d
            elif act == 'answer' and args[0] == 'refuse':
                public |= cur[claimant]   # D5: his hand is shown for the rest of the game
            last = i == len(lines) - 1
            if last and finished:
                public |= discards if took else set(skat)   # D8
            self._keep(cur, public, seen, last and finished)

    def _keep(self, cur, public, seen, over):
        self.states.append({'hand': [set(h) for h in cur], 'public': set(public),
                            'seen': [set(s) for s in seen], 'over': over})

    def allowed(self, direction, k):
        s = self.states[k]
        return self.deal.hands[direction] | s['public'] | s['seen'][direction]

    def count(self):
        return len(self.lines)


class Hidden:
    """The two scans' checks; each returns a list of findings (empty: nothing leaked)."""

    def __init__(self, deals, replays, clicks, finish_times, chairs):
        self.deals = deals            # board: Deal
        self.replays = replays        # board: Replay
        self.clicks = clicks          # board: [wall time of the click of act 0, 1, ...]
        self.finish = finish_times    # board: earliest wall time every table had finished it
        self.chairs = chairs          # window: chair

    def acts_before(self, board, t):
        return sum(1 for c in self.clicks.get(board, []) if c <= t)

    def board_at(self, t):
        """The board table 1 played at time t."""
        for board in sorted(self.replays):
            r = self.replays[board]
            clicks = self.clicks.get(board, [])
            if not r.finished or len(clicks) < r.count() or clicks[-1] > t:
                return board
        return max(self.replays)

    def view(self, window, v, where):
        found = []
        chair = self.chairs[window]
        board, k = v['boardNumber'], v['actCount']
        r = self.replays.get(board)
        if r is None or k > r.count():
            return ['%s: %s is a view of board %d at act %d, beyond the act log' % (
                window, where, board, k)]
        d = self.deals[board].direction(chair)
        if v.get('seat') != DIRS[d]:
            found.append('%s: %s says seat %s, the chair holds %s' % (window, where,
                                                                      v.get('seat'), DIRS[d]))
        leak = cards_in(v) - r.allowed(d, k)
        if leak:
            found.append('%s (%s): %s shows %s on board %d after %d acts' % (
                window, LETTER[d], where, ' '.join(sorted(leak)), board, k))
        want = r.states[k]['hand'][d]
        if set(v.get('hand') or []) != want:
            found.append('%s: %s: hand %s, but the seat holds %s' % (
                window, where, ' '.join(sorted(v.get('hand') or [])), ' '.join(sorted(want))))
        if not r.states[k]['over'] and (v.get('trickLog') or v.get('skat')):
            found.append('%s: %s: trick log or skat before the game ended' % (window, where))
        return found

    def reply(self, window, r, at):
        """A reply other than a view: a traveller or par only once every table has finished the
        board; an act's reply at its own act; anything else against the board in play."""
        body = r.get('json')
        if body is None:
            return []
        cards = cards_in(body)
        if not cards:
            return []
        chair = self.chairs[window]
        m = re.search(r'/travellers/(\d+)', r.get('post', ''))
        if m and r['method'].startswith('skat.v1.ScoringService/'):
            board = int(m.group(1))
            if at < self.finish.get(board, float('inf')):
                return ['%s: %s answered %d cards of board %d at %.3f, before every table '
                        'had finished it (at %.3f)' % (
                            window, r['method'], len(cards), board, at,
                            self.finish.get(board, float('inf')))]
            return []
        if r['method'].endswith('/Act') and 'actIndex' in body:
            board, k = body['boardNumber'], body['actIndex'] + 1
        else:
            board = self.board_at(at)
            k = self.acts_before(board, at)
        d = self.deals[board].direction(chair)
        leak = cards - self.replays[board].allowed(d, min(k, self.replays[board].count()))
        if leak:
            return ['%s (%s): the reply of %s shows %s on board %d after %d acts' % (
                window, LETTER[d], r['method'], ' '.join(sorted(leak)), board, k)]
        return []

    def page(self, window, s):
        """One recorded page state."""
        found = []
        chair = self.chairs[window]
        t = s['t']
        for region, board, cards in (('play', s['board'], s['play']),
                                     ('result', s['result'], s['resultCards']),
                                     ('traveller', s['traveller'], s['travellerCards'])):
            cards = set(cards)
            if not cards:
                continue
            if board not in self.replays:
                found.append('%s: the %s region shows %s with no board named' % (
                    window, region, ' '.join(sorted(cards))))
                continue
            bad = cards - ALL_CARDS
            if bad:
                found.append('%s: the %s region names no card: %r' % (window, region, bad))
            if region == 'traveller' and t >= self.finish.get(board, float('inf')):
                continue
            d = self.deals[board].direction(chair)
            k = self.acts_before(board, t)
            leak = cards - self.replays[board].allowed(d, min(k, self.replays[board].count()))
            if leak:
                found.append('%s (%s): the page showed %s in its %s region, board %d, after %d '
                             'acts clicked (at %.3f)' % (
                                 window, LETTER[d], ' '.join('%s (in #%s)' % (c, ', #'.join(
                                     s.get('where', {}).get(region + ':' + c, ['?'])))
                                     for c in sorted(leak)), region, board, k, t))
        return found


# ---- the test ----

class PlayTest:
    def __init__(self, args):
        self.args = args
        self.steps = Steps()
        self.server = None
        self.b = None
        self.wire = None
        self.pages = {}          # window: [page states]
        self.clicks = {}         # board: [wall time before the click of each accepted act]
        self.did = {}            # what happened: refusal, reload, claims, ...
        self.shots = 0
        self.checked = {}        # window: number of page checks

    # ---- the command line and the API ----

    def skat(self, *argv):
        return run_skat(self.args.skat, self.server.grpc_port, getattr(self, 'director', ''), *argv)

    def call(self, method, request, token=None):
        status, body, _ = api(self.server.origin, 'skat.v1.' + method, request,
                              token=token or self.director)
        if status != 200:
            raise Failure('%s: %d %s' % (method, status, body))
        return body

    # ---- setup ----

    def setup(self):
        s = self.steps
        s.begin('setup with the skat command line')
        out = self.skat('events', 'create', '--name', 'Online evening', '--profile', 'nasl-1909')
        self.event = re.search(r'^(events/\S+)', out, re.M).group(1)
        self.director = re.search(r'director token: (\S+)', out).group(1)
        self.skat('players', 'add', '--event', self.event, *PLAYERS)
        out = self.skat('boards', 'create', '--event', self.event, '--boards', '2')
        self.board_set = re.search(r'^(events/\S+/boardSets/\S+)', out, re.M).group(1)
        seating = os.path.join(self.args.out, 'seating.csv')
        tokens = os.path.join(self.args.out, 'tokens')
        with open(seating, 'w') as f:
            f.write(SEATING)
        if os.path.exists(tokens):
            os.remove(tokens)
        out = self.skat('sessions', 'start', '--event', self.event, '--board-set',
                        self.board_set, '--movement', 'manual', '--seating', seating,
                        '--accept-warnings', '--tokens-file', tokens)
        self.session = re.search(r'^(events/\S+/sessions/\S+)', out, re.M).group(1)
        self.tables = {int(t): name for t, name in re.findall(
            r'^round 1 table (\d+) .*\n\s+(events/\S+/tables/\S+)', out, re.M)}
        if sorted(self.tables) != [1, 2]:
            raise Failure('the session did not open 2 tables:\n' + out)
        self.tokens = {}
        with open(tokens) as f:
            for line in f:
                if line.startswith('#') or not line.strip():
                    continue
                table, chair, token = line.split()[:3]
                self.tokens[table, int(chair)] = token
        os.remove(tokens)
        self.deals = {n: Deal(self.call('DealService/GetBoard', {
            'boardSet': self.board_set, 'number': n})) for n in (1, 2)}
        s.end('%s, 6 players, boards 1-2, %s: table 1 %s, table 2 %s' % (
            self.event, self.session, self.tables[1], self.tables[2]))

        s.begin('table 2: bots; it plays board 1')
        t2 = self.tables[2]
        for chair in (1, 2):
            self.skat('tables', 'bot', t2, '--chair', str(chair))
        # Chair 3 (a player who never bids) plays board 1 from here; table 2 then waits for it
        # at the start of board 2 (its first act there).
        token = self.tokens[t2, 3]
        seq = int(self.call('TableService/JoinSeat', {'table': t2}, token)['lastSequence'])
        acts = 0
        deadline = time.time() + 20
        while True:
            seat = self.call('TableService/JoinSeat', {'table': t2}, token)
            v = seat['view']
            if v['boardNumber'] == 2:
                break
            legal = v.get('legalActs') or []
            if not legal:
                if time.time() > deadline:
                    raise Failure('table 2 does not get on with board 1: %s' % v)
                time.sleep(0.02)
                continue
            act = next((a for a in legal if a['type'] == 'ACT_TYPE_PASS'), legal[0])
            seq += 1
            self.call('TableService/Act', {'table': t2, 'sequence': str(seq), 'act': act,
                                           'boardNumber': v['boardNumber']}, token)
            acts += 1
        games = self.games(t2)
        if not games[0]['finished'] or len(games) > 1 and games[1]['acts']:
            raise Failure('table 2 is not waiting at the start of board 2: %s' % games)
        # The earliest time every table had finished a board: board 1, table 2 now, table 1
        # at its last act (after_board1); board 2, table 2 after its chair 3 went to a bot.
        self.finish = {1: time.time()}
        s.end('bots at chairs 1 and 2; chair 3 made %d acts; board 1: %s; board 2 waits for '
              'chair 3' % (acts, games[0]['result'].get('summary')))

    def games(self, table):
        return self.call('TableService/ListGames', {'table': table})['games']

    # ---- windows ----

    def open_seats(self):
        b = self.b
        s = self.steps
        s.begin('three seats open play.html')
        t1 = self.tables[1]
        self.window = {}
        self.chairs = {}
        for chair, (name, w, h) in WINDOWS.items():
            b.open_window(name, w, h)
            b.init_script(SCAN_JS)
            self.window[chair] = name
            self.chairs[name] = chair
            b.d.get('%s/play.html#table=%s&token=%s' % (self.server.origin, t1,
                                                        self.tokens[t1, chair]))
        for chair, name in self.window.items():
            b.use(name)
            b.wait('the seat of chair %d connected' % chair, lambda: b.el('connection')
                   .get_attribute('data-state') == 'ok' and len(b.els('#hand .card')) == 10)
            url = b.d.current_url
            if '#' in url or self.tokens[t1, chair] in url:
                raise Failure('the seat link stayed in the address bar: ' + url)
            if b.viewport() != WINDOWS[chair][1:]:
                raise Failure('%s: the viewport is %dx%d' % ((name,) + b.viewport()))
            if b.text('table-label').lower() != 'round 1, table 1':
                raise Failure('%s: the table reads %r' % (name, b.text('table-label')))
        self.pump()
        for name in self.window.values():
            if not self.wire.latest(name):
                raise Failure('%s: no view read from the wire' % name)
        # A fresh board at act 0 comes lean (no actCount, no boardIndex: both 0) and the page
        # reads it as 0 all the same (js/play/defaults.js).
        for chair, name in self.window.items():
            b.use(name)
            if not self.wire.lean_fresh.get(name):
                raise Failure('%s: no lean view at act 0 on the wire' % name)
            if not re.fullmatch(r'Board 1 \(1 of \d+ here\)', b.text('board-number')):
                raise Failure('%s: a fresh board reads %r' % (name, b.text('board-number')))
        self.page_checks('opened')
        b.use(self.window[3])
        s.end('chairs 1, 2 on phones (390x844), chair 3 on a laptop (1366x768); %s, %s; the '
              'seat links left the address bars' % (b.text('board-number'), b.text('to-move')))

    def pump(self):
        self.wire.pump()

    def step_shots(self, number, name):
        """Every window's screen at the end of every step."""
        if getattr(self, 'window', None) and not getattr(self, 'played', False):
            name = unicodedata.normalize('NFKD', name).encode('ascii', 'ignore').decode()
            slug = re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')[:40]
            self.screens('s%02d-%s' % (number, slug))
            self.page_checks('the end of step "%s"' % name)

    def screens(self, label, names=None):
        """A screenshot of each window, and axe-core on its page."""
        b = self.b
        here = b.current
        for name in names or self.window.values():
            b.use(name)
            self.shots += 1
            b.shot('%s-%s' % (label, name))
            b.check_axe(label)
        b.use(here)

    def page_checks(self, where, names=None):
        b = self.b
        here = b.current
        for name in names or self.window.values():
            b.use(name)
            b.check_labels(where)
            b.check_width(where)
            self.checked[name] = self.checked.get(name, 0) + 1
        bad = b.console_errors()
        if bad:
            raise Failure('console errors (%s): %s' % (where, bad))
        b.use(here)

    def take_pages(self, name):
        b = self.b
        here = b.current
        b.use(name)
        self.pages.setdefault(name, []).extend(
            b.js('return window.__cardScan ? window.__cardScan.take() : []') or [])
        b.use(here)

    # ---- playing ----

    def views(self):
        return {name: self.wire.latest(name) for name in self.window.values()}

    def key(self, v):
        return (v['boardNumber'], v['actCount'])

    def wait_wire(self, what, cond, timeout=10):
        deadline = time.time() + timeout
        while True:
            self.pump()
            if cond():
                return
            if time.time() > deadline:
                raise Failure('timed out after %d s waiting for %s; views: %s' % (
                    timeout, what, {n: v and self.key(v) for n, v in self.views().items()}))
            time.sleep(0.02)

    def movers(self, v):
        """The directions the game waits for."""
        if v['phase'] == 'PHASE_FINISHED':
            return []
        p = v.get('proposal')
        if p and p.get('proposer') in DIRS:
            return p.get('awaiting') or []
        return [v['toMove']]

    def window_of_dir(self, v, direction):
        deal = self.deals[v['boardNumber']]
        for chair, name in self.window.items():
            if DIRS[deal.direction(chair)] == direction:
                return name
        raise Failure('no window holds %s' % direction)

    def click(self, name, id_, what):
        """Clicks #id_ in a window once it is there and enabled; returns the time just before
        the click."""
        b = self.b
        b.use(name)
        b.wait(what, lambda: b.js(
            'const e = document.getElementById(arguments[0]);'
            'return !!e && !e.disabled', id_), timeout=10, poll=0.02)
        at = time.time()
        b.click(id_)
        return at

    def act(self, name, id_, what, board):
        """A click that the table accepts as its next act: waits until every window has it."""
        before = self.key(self.wire.latest(name))
        at = self.click(name, id_, what)
        self.clicks.setdefault(board, []).append(at)
        want = len(self.clicks[board])
        self.wait_wire('%s accepted' % what, lambda: all(
            v['boardNumber'] > board or (v['boardNumber'] == board and v['actCount'] >= want)
            for v in self.views().values()))
        after = self.key(self.wire.latest(name))
        if after <= before:
            raise Failure('%s: no new view after %s' % (name, what))

    def play_board(self, board, events):
        """Plays a board by clicks; `events` hooks the special moments."""
        declarer = DECLARER[board]
        tricks_done = 0
        while True:
            self.pump()
            vs = self.views()
            v = max(vs.values(), key=self.key)
            if v['boardNumber'] > board:
                return
            if v['phase'] == 'PHASE_FINISHED' and v['boardNumber'] == board:
                self.wait_wire('every window at the end of board %d' % board, lambda: all(
                    self.key(x) >= (board, v['actCount']) for x in self.views().values()))
                return
            tricks_done = sum(v.get('tricksWon') or [0, 0, 0])
            movers = self.movers(v)
            if not movers:
                raise Failure('board %d: nobody to move in %s' % (board, v))
            if events(v, tricks_done):
                continue
            name = self.window_of_dir(v, movers[0])
            mine = self.wire.latest(name)
            legal = mine.get('legalActs') or []
            kinds = {a['type'][9:] for a in legal}
            chair = self.chairs[name]
            phase = v['phase']
            if phase == 'PHASE_BIDDING':
                if chair == declarer:
                    if 'HOLD' in kinds:
                        self.act(name, 'hold', 'chair %d holds' % chair, board)
                    else:
                        low = min(a['bid'] for a in legal if a['type'] == 'ACT_TYPE_BID')
                        self.act(name, 'bid-%d' % low, 'chair %d bids %d' % (chair, low), board)
                else:
                    self.act(name, 'pass', 'chair %d passes' % chair, board)
            elif phase == 'PHASE_SKAT_DECISION':
                self.skat_decision(name, board, mine)
            elif phase == 'PHASE_TOURNEE_CARD':
                self.tournee_card(name, board, mine)
            elif phase == 'PHASE_TRUMP_CHOICE':
                suit = next(a['trump'] for a in legal if a['trump'] != 'GAME_TYPE_GRAND')
                self.act(name, 'act-choose-trump-' + GAME_ID[suit],
                         'the trump of the turned jack', board)
                self.did['trump-choice'] = GAME_ID[suit]
            elif phase == 'PHASE_DISCARDING':
                self.discard(name, board, mine)
            elif phase == 'PHASE_PLAYING':
                if 'ANSWER' in kinds:
                    raise Failure('an answer left to the default policy')
                self.play_card(name, board, mine)
            else:
                raise Failure('board %d: no policy for the phase %s' % (board, phase))

    def skat_decision(self, name, board, v):
        b = self.b
        if board == 1:
            self.act(name, 'act-turn-skat-card', 'Tournée: turn skat card 1', board)
            looked = self.deals[1].skat[0]
            b.use(name)
            b.wait('the declarer sees skat card 1', lambda: b.els(
                '#skat-info [data-card="%s"]' % looked))
            # The card by the buttons that decide on it, its suit named on Accept.
            b.wait('the turned card by the buttons', lambda: b.els(
                '#turned-card-here [data-card="%s"]' % looked) and b.els('#act-accept'))
            suit = {'C': 'Clubs', 'S': 'Spades', 'H': 'Hearts', 'D': 'Diamonds'}[looked[0]]
            if b.text('act-accept') != 'Accept: %s is trump' % suit:
                raise Failure('the Accept button reads %r, not naming %s' % (
                    b.text('act-accept'), suit))
            self.screens('b1-looked-at-skat-card-1')
            for other in self.window.values():
                if other != name:
                    b.use(other)
                    if b.els('#skat-info [data-card]'):
                        raise Failure('%s sees a skat card the declarer only looked at' % other)
            self.did['looked'] = looked
        else:
            # A hand game: the form's first game, played without the skat.
            b.use(name)
            b.wait('the declaration form', lambda: b.el('declare-submit').is_enabled())
            self.did['declared'] = b.text('declare-submit')
            self.screens('b2-declare', [name])
            self.act(name, 'declare-submit', 'the hand game declared', board)

    def tournee_card(self, name, board, v):
        b = self.b
        self.act(name, 'act-passt-mir-nicht', 'passt mir nicht', board)
        turned = self.deals[board].skat[1]
        for other in self.window.values():
            b.use(other)
            b.wait('the turned skat card 2 in %s' % other, lambda: b.els(
                '#skat-info [data-card="%s"]' % turned))
            if other != name and b.els('#skat-info [data-card="%s"]' % self.deals[board].skat[0]):
                raise Failure('%s sees the rejected skat card 1' % other)
        self.did['passt-mir-nicht'] = turned
        self.screens('b1-passt-mir-nicht')

    def discard(self, name, board, v):
        b = self.b
        b.use(name)
        b.wait('12 cards to put away', lambda: len(b.els('#hand button.card:not([disabled])'))
               == 12)
        cards = b.js('return [...document.querySelectorAll("#hand button.card")]'
                     '.map((e) => e.dataset.card)')
        pick = cards[-2:]
        for c in pick:
            self.click(name, 'card-' + c, 'the card %s to put away' % c)
            b.wait('%s chosen' % c, lambda: b.el('card-' + c).get_attribute('aria-pressed')
                   == 'true')
        self.screens('b1-discard', [name])
        self.act(name, 'discard-confirm', 'two cards put away', board)
        self.did['discards'] = pick
        b.use(name)
        b.wait('the discards shown to the declarer', lambda: all(
            b.els('#skat-info [data-card="%s"]' % c) for c in pick))

    def legal_cards(self, v):
        return [a['cards'][0] for a in v.get('legalActs') or [] if a['type'] == 'ACT_TYPE_PLAY']

    def play_card(self, name, board, v):
        b = self.b
        legal = self.legal_cards(v)
        b.use(name)
        b.wait('the legal cards enabled in %s' % name, lambda: sorted(b.js(
            'return [...document.querySelectorAll("#hand button.card:not([disabled])")]'
            '.map((e) => e.dataset.card)')) == sorted(legal), timeout=10, poll=0.02)
        illegal = [c for c in v['hand'] if c not in legal]
        if illegal and 'refusal' not in self.did:
            self.refused_card(name, board, v, illegal[0])
        card = b.js('return document.querySelector("#hand button.card:not([disabled])")'
                    '.dataset.card')
        self.act(name, 'card-' + card, '%s plays %s' % (name, card), board)

    def refused_card(self, name, board, v, card):
        """An illegal card forced through the page: the server's refusal, and no change."""
        b = self.b
        b.use(name)
        hand = b.js('return [...document.querySelectorAll("#hand .card")].map((e) => '
                    'e.dataset.card)')
        trick = b.js('return [...document.querySelectorAll("#trick [data-card]")].map((e) => '
                     'e.dataset.card)')
        button = b.el('card-' + card)
        if button.is_enabled() or 'illegal' not in button.get_attribute('class'):
            raise Failure('the illegal card %s is not disabled and marked' % card)
        b.js('arguments[0].removeAttribute("disabled")', button)
        before = len(self.wire.views.get(name, []))
        requests = len(self.wire.order)
        b.click('card-' + card)
        b.wait('the refusal', lambda: b.text('refusal') != '', timeout=10, poll=0.02)
        refusal = b.text('refusal')
        if not refusal.startswith('Refused: ') or not re.search(r'RULES T\d', refusal):
            raise Failure('the refusal does not give the server\'s words with the rule: %r' %
                          refusal)
        self.wait_wire('the refused act\'s reply', lambda: any(
            r['method'].endswith('/Act') and r['done'] and r.get('json') is not None
            for r in (self.wire.requests[i] for i in self.wire.order[requests:])))
        reply = next(r for r in (self.wire.requests[i] for i in self.wire.order[requests:])
                     if r['method'].endswith('/Act'))
        err = reply['json'].get('error', {})
        if reply['status'] != 400 or err.get('status') != 'FAILED_PRECONDITION' or \
                err.get('message', '') not in refusal:
            raise Failure('the refused act\'s reply: %s %s; the page says %r' % (
                reply['status'], reply['json'], refusal))
        b.use(name)
        b.wait('the hand back as it was', lambda: b.js(
            'return [...document.querySelectorAll("#hand .card")].map((e) => e.dataset.card)')
            == hand and b.el('card-' + card).get_attribute('disabled') is not None)
        after = b.js('return [...document.querySelectorAll("#trick [data-card]")].map((e) => '
                     'e.dataset.card)')
        self.pump()
        if after != trick or len(self.wire.views.get(name, [])) != before:
            raise Failure('something changed after the refused card: trick %s -> %s, %d new '
                          'views' % (trick, after, len(self.wire.views.get(name, [])) - before))
        self.screens('b1-refused-card', [name])
        self.page_checks('a refused card', [name])
        self.did['refusal'] = (name, card, refusal, err.get('reason'))

    def reload(self, name, board):
        """Reloads a seat's window mid-trick: it rejoins with the same trick and hand."""
        b = self.b
        b.use(name)
        read = ('return [[...document.querySelectorAll("#trick [data-card]")].map((e) => '
                'e.dataset.card), [...document.querySelectorAll("#hand .card")].map((e) => '
                'e.dataset.card)]')
        trick, hand = b.js(read)
        self.pump()
        self.take_pages(name)
        since = time.time()
        b.use(name)
        b.d.refresh()
        b.wait('the page rejoined', lambda: b.el('connection').get_attribute('data-state') ==
               'ok' and b.js(read) == [trick, hand], timeout=10, poll=0.02)
        took = time.time() - since
        self.pump()
        self.screens('b1-reloaded', [name])
        self.page_checks('after a reload', [name])
        self.did['reload'] = (name, trick, len(hand), took)

    # ---- board 1 ----

    def board1(self):
        s = self.steps
        s.begin('board 1: bidding, Tournée, passt mir nicht')
        shown = {}

        def events(v, tricks):
            if v['phase'] == 'PHASE_PLAYING' and 'playing' not in shown:
                shown['playing'] = True
                self.one_row(self.window[3])
                self.screens('b1-play-begins')
                self.page_checks('board 1, the play')
                return False
            trick = len((v.get('currentTrick') or {}).get('cards') or [])
            if v['phase'] == 'PHASE_PLAYING' and tricks == 1 and trick == 1 and \
                    'reload' not in self.did:
                mover = self.window_of_dir(v, v['toMove'])
                self.reload(mover, 1)
                return True
            return False

        self.play_board_steps(1, events, [
            ('PHASE_PLAYING', 'board 1: card play (a refused card, a reload)')])
        s.end(self.board_detail(1))
        self.after_board1()

    def play_board_steps(self, board, events, marks):
        """play_board, ending the current step and starting the next at each phase in marks."""
        s = self.steps
        todo = list(marks)

        def hook(v, tricks):
            if todo and v['phase'] == todo[0][0]:
                s.end(self.board_detail(board))
                s.begin(todo.pop(0)[1])
            return events(v, tricks)
        self.play_board(board, hook)

    def board_detail(self, board):
        v = self.wire.latest(self.window[DECLARER[board]])
        if v is None:
            return ''
        parts = ['%d acts' % len(self.clicks.get(board, []))]
        if v.get('declaration', {}).get('game'):
            d = v['declaration']
            parts.append('%s %s' % (d.get('handling', '')[14:].lower().replace('_', ' '),
                                    d['game'][10:].lower()))
        if 'passt-mir-nicht' in self.did and board == 1:
            parts.append('looked at %s, passt mir nicht: %s turned%s; put away %s' % (
                self.did['looked'], self.did['passt-mir-nicht'],
                ' (a jack: %s chosen)' % self.did['trump-choice'] if 'trump-choice' in self.did
                else '', ' '.join(self.did.get('discards', []))))
        if 'refusal' in self.did and board == 1:
            parts.append('refused %s in %s: %s' % (self.did['refusal'][1], self.did['refusal'][0],
                                                   self.did['refusal'][2]))
        if 'reload' in self.did and board == 1:
            parts.append('reloaded %s mid-trick (trick %s), rejoined in %.2f s' % (
                self.did['reload'][0], ' '.join(self.did['reload'][1]), self.did['reload'][3]))
        return '; '.join(parts)

    def after_board1(self):
        """The result in every window; the traveller at once (table 2 finished board 1)."""
        b = self.b
        s = self.steps
        s.begin('board 1: result and traveller')
        for name in self.window.values():
            b.use(name)
            b.wait('the result of board 1', lambda: b.text('result-title') ==
                   'Result of board 1' and b.text('result-summary'))
        b.use(self.window[3])
        summary = b.text('result-summary')
        if 'passt mir nicht' not in summary:
            raise Failure('the result of board 1 is not a passt mir nicht: %r' % summary)
        # Every table has finished board 1 since its last act here (table 2 before).
        self.finish[1] = max(self.finish[1], self.clicks[1][-1])
        self.traveller(1)
        self.labels(self.window[3])
        self.par(self.window[3])
        self.page_checks('board 1, traveller')
        s.end('%s; %s; %s' % (summary, self.trav_detail, self.reload_after(self.window[1], 1)))

    def one_row(self, name):
        """The 10-card hand on one row at 1366 px: every card's offsetTop the same."""
        b = self.b
        b.use(name)
        tops = b.js('return [...document.querySelectorAll("#hand .card")].map((e) => e.offsetTop)')
        if len(tops) != 10 or len(set(tops)) != 1:
            raise Failure('%s: the hand of %d cards lies on rows at %s' % (name, len(tops), tops))

    def labels(self, name):
        """The result's columns and the traveller's say what each number is."""
        b = self.b
        b.use(name)
        heads = b.js('return [...document.querySelectorAll("#result-table th")]'
                     '.map((e) => e.textContent)')
        trav = b.js('return [...document.querySelectorAll("#traveller table.trav th")]'
                    '.map((e) => e.textContent)')
        if heads != ['Seat', 'Card points', 'Tricks', 'Pad entry (game value)'] or \
                trav[:3] != ['Table \u00b7 game', 'Board score', 'MP'] or \
                not b.text('result-note').startswith('Pad entry:') or \
                not b.text('traveller-note').startswith('Board score:'):
            raise Failure('%s: the columns read %s and %s' % (name, heads, trav[:3]))

    def reload_after(self, name, board):
        """A reload between boards shows the last board's result and traveller again."""
        b = self.b
        self.pump()
        self.take_pages(name)
        b.use(name)
        since = time.time()
        b.d.refresh()
        b.wait('the result and traveller after a reload', lambda: b.text('result-title') ==
               'Result of board %d' % board and b.text('traveller').startswith(
                   'Board %d at every table' % board) and b.text('my-matchpoints'))
        self.pump()
        return '%s reloaded: the result and traveller of board %d shown again in %.2f s' % (
            name, board, time.time() - since)

    def traveller(self, board, timeout=10):
        b = self.b
        lines = []
        for chair, name in self.window.items():
            b.use(name)
            b.wait('the traveller of board %d' % board, lambda: b.text('traveller').startswith(
                'Board %d at every table' % board) and b.text('my-matchpoints'), timeout=timeout)
            tables = b.els('#traveller table.trav')
            rows = [len(t.find_elements('css selector', 'tbody tr')) for t in tables]
            if len(tables) != 3 or rows != [2, 2, 2]:
                raise Failure('%s: the traveller of board %d has tables with %s rows, not 3 '
                              'directions of 2 tables' % (name, board, rows))
            text = b.text('traveller')
            if 'round 1, table 2' not in text.lower() or '(this table)' not in text:
                raise Failure('%s: the traveller does not list both tables: %r' % (name, text))
            d = self.deals[board].direction(chair)
            mp = b.text('my-matchpoints')
            if 'as ' + ['forehand', 'middlehand', 'rearhand'][d] not in mp:
                raise Failure('%s: %r is not the chair\'s direction' % (name, mp))
            lines.append('%s: %s' % (name, mp))
        self.trav_detail = 'traveller: 2 tables in each direction; ' + '; '.join(lines)

    def par(self, name):
        b = self.b
        b.use(name)
        self.click(name, 'par-button', 'the par button')
        b.wait('the par', lambda: b.text('par-result').startswith('Par'), timeout=20)
        self.trav_detail += '; ' + b.text('par-result')

    # ---- board 2 ----

    def board2(self):
        s = self.steps
        b = self.b
        s.begin('board 2: bidding, a hand game')
        claims = {'n': 0}

        def events(v, tricks):
            trick = len((v.get('currentTrick') or {}).get('cards') or [])
            if v['phase'] != 'PHASE_PLAYING' or trick or v.get('proposal', {}).get('proposer') \
                    in DIRS:
                if v.get('proposal', {}).get('proposer') in DIRS:
                    return self.answer(v, claims)
                return False
            if (tricks, claims['n']) in ((3, 0), (4, 1)):
                decl = self.window[DECLARER[2]]
                self.screens('b2-claim-%d-before' % (claims['n'] + 1))
                self.act(decl, 'claim', 'the declarer claims', 2)
                claims['n'] += 1
                self.did.setdefault('claims', []).append(tricks)
                return True
            return False

        self.play_board_steps(2, events, [
            ('PHASE_PLAYING', 'board 2: card play, a claim refused, a claim')])
        s.end('%d acts; %s; claims after tricks %s; the first refused by %s: the claimant\'s hand '
              'open to everybody (%s); the second accepted' % (
                  len(self.clicks[2]), self.did['declared'], self.did['claims'],
                  self.did['refused-by'], self.did['exposed']))
        if 'refusal' not in self.did:
            raise Failure('no seat ever held a card it could not play: no refused card tried')
        s.begin('board 2: result; the traveller waits')
        for name in self.window.values():
            b.use(name)
            b.wait('the result of board 2', lambda: b.text('result-title') ==
                   'Result of board 2' and b.text('result-summary'))
            b.wait('the traveller closed', lambda: 'opens when every table has played board 2'
                   in b.text('traveller'))
            b.wait('the standings', lambda: b.el('standings-section').is_displayed() and
                   len(b.els('#standings tbody tr')) == 6)
        summary = b.text('result-summary')
        game = self.did['declared'][len('Declare: '):]
        if game not in summary:
            raise Failure('the result of board 2 does not name the game %r: %r' % (game, summary))
        games = self.games(self.tables[1])
        acts = games[1]['acts']
        if not games[1]['finished'] or [a['text'].split()[1] for a in acts[-3:]] != \
                ['claim', 'answer', 'answer'] or any(a['text'].split()[-1] != 'accept'
                                                     for a in acts[-2:]):
            raise Failure('board 2 did not end with an accepted claim: %s' % [
                a['text'] for a in acts[-4:]])
        played = sum(1 for a in acts if a['text'].split()[1] == 'play')
        self.page_checks('board 2, result')
        s.end('%s (%d cards played, the claim ended it); every window: "%s"' % (
            summary, played, b.text('traveller').replace('\n', ' ')))

    def answer(self, v, claims):
        p = v['proposal']
        awaiting = p.get('awaiting') or []
        if not awaiting:
            return False
        name = self.window_of_dir(v, awaiting[0])
        if claims['n'] == 1:
            self.screens('b2-claim-1-proposed')
            self.act(name, 'answer-refuse', '%s refuses the claim' % name, 2)
            self.did['refused-by'] = name
            # The claimant's hand is open to everybody now (D5).
            b = self.b
            decl = self.window[DECLARER[2]]
            hand = set(self.wire.latest(decl)['hand'])
            for other in self.window.values():
                if other == decl:
                    continue
                b.use(other)
                b.wait('the claimant\'s open cards in %s' % other, lambda: set(b.js(
                    'return [...document.querySelectorAll(".seat [data-card]")]'
                    '.map((e) => e.dataset.card)')) == hand)
            self.did['exposed'] = '%d cards' % len(hand)
            self.screens('b2-claim-1-refused')
        else:
            self.act(name, 'answer-accept', '%s accepts the claim' % name, 2)
        return True

    def table2_finishes(self):
        b = self.b
        s = self.steps
        s.begin('table 2 finishes; travellers open')
        t2 = self.tables[2]
        # Table 2 cannot finish board 2 before this.
        self.finish[2] = max(time.time(), self.clicks[2][-1])
        self.skat('tables', 'bot', t2, '--chair', '3')
        deadline = time.time() + 20
        while not all(g['finished'] for g in self.games(t2)):
            if time.time() > deadline:
                raise Failure('table 2 did not finish board 2 with bots')
            time.sleep(0.05)
        done = time.time()
        # The page asks again by itself (every 5 s while the traveller is closed).
        self.traveller(2, timeout=15)
        waited = time.time() - done
        self.par(self.window[1])
        b.use(self.window[3])
        self.click(self.window[3], 'standings-refresh', 'the standings refresh')
        b.wait('the standings with every result', lambda: b.text('standings').startswith(
            '4 of 4 results'))
        standings = [' '.join(r.text.split()) for r in b.els('#standings tbody tr')]
        self.page_checks('the end')
        s.end('the traveller opened %.1f s after table 2 finished (the page asks again every '
              '5 s); %s; standings: %s' % (waited, self.trav_detail, ' | '.join(standings)))
        self.played = True

    # ---- the hidden-information scans ----

    def scans(self):
        s = self.steps
        s.begin('hidden information: wire and page states')
        self.pump()
        for name in self.window.values():
            self.take_pages(name)
        streams = self.wire.check_complete()
        games = self.games(self.tables[1])
        replays = {}
        for g in games:
            n = g['boardNumber']
            replays[n] = Replay(self.deals[n], [a['text'] for a in g['acts']], g['finished'])
            if len(self.clicks[n]) != replays[n].count() or any(
                    a['madeBy'] != 'seat' for a in g['acts']):
                raise Failure('board %d: %d acts logged, %d clicked (or one not by a seat)' % (
                    n, replays[n].count(), len(self.clicks[n])))
        self.hidden = Hidden(self.deals, replays, self.clicks, self.finish, self.chairs)
        findings = []
        views = replies = 0
        counts = {}
        for name in self.window.values():
            seen = counts.setdefault(name, {})
            for at, msg, rid in self.wire.views.get(name, []):
                views += 1
                v = msg['view']
                seen.setdefault(v['boardNumber'], set()).add(v['actCount'])
                findings += self.hidden.view(name, v, '%s (%s)' % (
                    'a streamed view' if self.wire.requests[rid]['stream'] else 'JoinSeat',
                    rid))
        for rid in self.wire.order:
            r = self.wire.requests[rid]
            if r['stream'] or r.get('json') is None:
                continue
            replies += 1
            if r['method'].endswith('/JoinSeat') and r['status'] == 200:
                continue   # its view is checked above
            findings += self.hidden.reply(r['window'], r, self.wire.wall(r, r['resp_ts']))
        # Every window saw every act of table 1 (no view skipped: a leak could hide there).
        for name, seen in counts.items():
            for n, r in replays.items():
                missing = set(range(1, r.count() + 1)) - seen.get(n, set())
                if missing:
                    findings.append('%s never received the view of board %d after acts %s' % (
                        name, n, sorted(missing)))
        states = 0
        for name, pages in self.pages.items():
            for p in pages:
                states += 1
                findings += self.hidden.page(name, p)
        findings += self.not_vacuous(replays)
        if findings:
            raise Failure('%d findings:\n  %s' % (len(findings), '\n  '.join(findings[:30])))
        s.end('%d views (%s), %d other replies, %d page states of 3 windows: every card shown '
              'was the seat\'s to see' % (
                  views, ', '.join('%s %d B in %d events' % x for x in streams), replies,
                  states))

    def not_vacuous(self, replays):
        """The scans read what they should: the cards each region and reply holds."""
        found = []
        views = [m['view'] for vs in self.wire.views.values() for _, m, _ in vs]
        for what, test in (
                ('skat card 1 looked at', lambda v: v.get('lookedCard')),
                ('the turned card', lambda v: v.get('turnedCard')),
                ('the claimant\'s open hand', lambda v: v.get('exposed')),
                ('the declarer\'s discards', lambda v: v.get('ownDiscards')),
                ('a trick log and skat after the game', lambda v: v.get('trickLog') and
                 v.get('skat'))):
            if not any(test(v) for v in views):
                found.append('no view on the wire held %s' % what)
        full = {int(re.search(r'/travellers/(\d+)', r['post']).group(1))
                for r in self.wire.requests.values()
                if r['method'].endswith('/GetTraveller') and r['status'] == 200 and
                len(cards_in(r.get('json'))) == 32}
        if full != {1, 2}:
            found.append('the wire held a traveller with every card for boards %s, not 1 and 2'
                         % sorted(full))
        for name, pages in self.pages.items():
            trav = {p['traveller'] for p in pages if len(p['travellerCards']) == 32}
            result = {p['result'] for p in pages if p['resultCards']}
            if not {1, 2} <= trav or not {1, 2} <= result:
                found.append('%s: page states with every card of a traveller for boards %s, '
                             'with a result\'s cards for boards %s' % (name, sorted(trav),
                                                                       sorted(result)))
        return found

    def self_check(self):
        """The checks fail on a leak: doctored copies of real records must be flagged."""
        s = self.steps
        s.begin('self-check: the scans catch leaks')
        h = self.hidden
        name = self.window[1]
        deal = self.deals[1]
        d = deal.direction(1)
        other = sorted(deal.hands[(d + 1) % 3])[0]
        first = next(m for _, m, _ in self.wire.views[name]
                     if m['view']['boardNumber'] == 1 and m['view']['actCount'] == 0)
        caught = []
        if h.view(name, first['view'], 'the first view'):
            raise Failure('the real first view is flagged: %s' %
                          h.view(name, first['view'], 'x'))
        bad = json.loads(json.dumps(first['view']))
        bad['currentTrick'] = {'leader': DIRS[(d + 1) % 3], 'cards': [other]}
        caught.append(('another seat\'s card in a view\'s trick', h.view(name, bad, 'doctored')))
        bad = json.loads(json.dumps(first['view']))
        bad['hand'] = bad['hand'][1:] + [other]
        caught.append(('another seat\'s card in a view\'s hand', h.view(name, bad, 'doctored')))
        bad = json.loads(json.dumps(first['view']))
        bad['skat'] = list(deal.skat)
        caught.append(('the skat in a view before the end', h.view(name, bad, 'doctored')))
        # Skat card 1, which only the declarer looked at (and then rejected: passt mir nicht).
        looked = [a.split()[1] for a in h.replays[1].lines].index('turn-skat-card') + 1
        defender = next(m['view'] for _, m, _ in self.wire.views[name]
                        if m['view']['boardNumber'] == 1 and m['view']['actCount'] >= looked)
        bad = json.loads(json.dumps(defender))
        bad['lookedCard'] = deal.skat[0]
        caught.append(('the card the declarer looked at, in a defender\'s view',
                       h.view(name, bad, 'doctored')))
        # Board 2's unplayed cards after the claim: the view at the end must not hold them.
        last2 = max((m['view'] for _, m, _ in self.wire.views[name]
                     if m['view']['boardNumber'] == 2), key=lambda v: v['actCount'])
        r2 = h.replays[2]
        d2 = self.deals[2].direction(1)
        hidden2 = sorted(ALL_CARDS - r2.allowed(d2, r2.count()))
        if not hidden2:
            raise Failure('no card of board 2 stays hidden after the claim')
        bad = json.loads(json.dumps(last2))
        bad['trickLog'] = list(bad.get('trickLog') or []) + hidden2[:1]
        caught.append(('an unplayed card after the claim', h.view(name, bad, 'doctored')))
        pages = [p for p in self.pages[name] if p['board'] == 1 and p['play']]
        page = dict(pages[0], play=sorted(set(pages[0]['play']) | {other}))
        caught.append(('another seat\'s card on the page', h.page(name, page)))
        page = {'t': self.finish[2] - 0.5, 'board': 2, 'result': 0, 'traveller': 2, 'play': [],
                'resultCards': [], 'travellerCards': sorted(ALL_CARDS)}
        caught.append(('the traveller of board 2 before table 2 finished it',
                       h.page(name, page)))
        travs = [r for r in self.wire.requests.values() if r['method'].endswith('GetTraveller')
                 and r['status'] == 200 and '/travellers/2' in r['post']]
        fake = dict(travs[0])
        caught.append(('a traveller reply before every table finished',
                       h.reply(name, fake, self.finish[2] - 0.5)))
        missed = [what for what, found in caught if not found]
        if missed:
            raise Failure('the scans did not catch: %s' % ', '.join(missed))
        s.end('%d doctored records, each flagged: %s' % (
            len(caught), '; '.join(w for w, _ in caught) + '; e.g. "%s"' % caught[0][1][0]))

    # ---- German ----

    def german(self):
        """The play page in German after the table finished (after the scans, which read card
        names in English): chosen before the load (localStorage skat-lang), on a phone and on
        the laptop; the result, traveller and standings shown, no English word outside names."""
        s = self.steps
        b = self.b
        s.begin('the play page in German')
        english = english_words()
        for chair in (1, 3):
            name = self.window[chair]
            b.use(name)
            b.js('localStorage.setItem("skat-lang", "de")')
            b.d.refresh()
            b.wait('the German page of %s' % name, lambda: b.js(
                'return document.documentElement.lang') == 'de' and b.text('result-title') ==
                'Ergebnis von Board 2' and b.text('traveller').startswith(
                    'Board 2 an allen Tischen') and len(b.els('#standings tbody tr')) == 6)
            if chair == 3:
                self.click(name, 'par-button', 'the par button')
                # A par contract, or none when every seat would pass (result.parNone).
                b.wait('the German par', lambda: b.text('par-result').startswith(
                    ('Par (alle Karten offen)', 'Par: kein Platz gewinnt sicher')), timeout=20)
            found = b.visible_english(english)
            if found:
                raise Failure('English words on the German play page (%s): %s' % (name, found))
            if not b.els('.lang-switch select#lang'):
                raise Failure('%s: the play page has no language switch' % name)
            b.check_width('the play page in German')
            b.shot('german-play-' + name)
            b.check_axe('the play page in German')
            b.js('localStorage.setItem("skat-lang", "en")')
        s.end('%s; %s; %s' % (b.text('result-summary'), b.text('phase'), b.text('par-result')))

    # ---- the whole ----

    def run(self):
        s = self.steps
        s.begin('skatd and Chromium')
        extra = ['--web-root', self.args.web_root] if self.args.web_root else []
        for f in os.listdir(self.args.out):
            if f.endswith('.png'):   # the screenshots of an earlier run
                os.remove(os.path.join(self.args.out, f))
        s.after = self.step_shots
        self.server = Skatd(self.args.skatd, extra_args=extra, out_dir=self.args.out)
        self.b = Browser(self.args.out, self.args.chromedriver, performance=True)
        self.wire = Wire(self.b)
        s.end('skatd at %s (gRPC %d), log %s' % (self.server.origin, self.server.grpc_port,
                                                  self.server.log_path))
        self.setup()
        self.open_seats()
        self.board1()
        self.board2()
        self.table2_finishes()
        self.scans()
        self.self_check()
        self.german()
        s.begin('final checks')
        bad = self.b.console_errors()
        if bad:
            raise Failure('console errors: %s' % bad)
        s.end('labels, names and widths checked %s; no console errors; %d screenshots; %s' % (
            ', '.join('%s %d times' % x for x in sorted(self.checked.items())), self.shots,
            self.b.axe_summary()))

    def close(self):
        t = time.time()
        if self.b:
            self.b.quit()
        t1 = time.time()
        if self.server:
            self.server.stop()
        print('closed Chromium in %.1f s, skatd in %.1f s' % (t1 - t, time.time() - t1),
              flush=True)


def main():
    args = test_args(__doc__, web_root=True)
    return run_test(PlayTest(args), 'play test', args.out)


if __name__ == '__main__':
    sys.exit(main())
