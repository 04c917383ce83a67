"""Selenium machinery shared by the browser tests (tests/browser/*_test.py).

One headless Chromium (Debian's chromium and /usr/bin/chromedriver, python3-selenium 4.8) with
several named windows, each sized on its own; a window keeps its own sessionStorage, so each
stands for a device (a laptop, a projector, a phone). Waits poll conditions, never sleep a fixed
time. The checks every page must pass: a label for every field, a name for every button, no
horizontal overflow, no console errors but refused API calls, and no violation axe-core finds
(check_axe; docs/testing.md "Accessibility").
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                        WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


class Failure(Exception):
    pass


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# axe-core, installed by deploy/install-deps (npm ci, package-lock.json) into node_modules/.
AXE_JS = os.path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js')
# A word of text: three letters or more, not inside a run of letters and digits (a hex digest such
# as 7ace30... holds no word "ace").
_WORD = r'(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])'
# The rules axe-core checks: WCAG 2.0 and 2.1, levels A and AA, and its best practices
# (landmarks, heading order, empty table headers and the like).
AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
# Runs axe-core on the whole document; calls back with its violations, each with its rule id,
# impact, help, and its elements' selectors and first summary.
_AXE_RUN_JS = r"""
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then((r) => done(r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: (v.nodes[0].failureSummary || '').replace(/\s+/g, ' ').trim()}))))
  .catch((e) => done({error: String(e)}));
"""


# Every input, select and textarea without a label (a <label>, aria-label or aria-labelledby
# naming text), and every button without an accessible name: "tag#id" of each.
_UNLABELLED_JS = r"""
const text = (n) => (n ? n.textContent : '').replace(/\s+/g, ' ').trim();
const byIds = (ids) => (ids || '').split(/\s+/).filter(Boolean)
    .map((i) => text(document.getElementById(i))).join(' ').trim();
const named = (e) => !!((e.getAttribute('aria-label') || '').trim() ||
    byIds(e.getAttribute('aria-labelledby')));
const what = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.type ? '[' + e.type + ']' : '');
const bad = [];
let fields = 0, buttons = 0;
for (const e of document.querySelectorAll('input, select, textarea')) {
  if (e.type === 'hidden') continue;
  fields++;
  const labelled = [...(e.labels || [])].some((l) => text(l));
  if (!labelled && !named(e)) bad.push('field ' + what(e));
}
for (const e of document.querySelectorAll(
    'button, input[type=button], input[type=submit], input[type=reset]')) {
  buttons++;
  const name = e.tagName === 'BUTTON' ? text(e) : (e.value || '').trim();
  if (!name && !named(e) && !(e.title || '').trim()) bad.push('button ' + what(e));
}
return {bad, fields, buttons};
"""


class Browser:
    """One Chromium; windows by name, `use(name)` makes one current."""

    def __init__(self, shots, chromedriver='/usr/bin/chromedriver', performance=False):
        self.axe_source = read_axe()  # fails at once, before Chromium, when it is missing
        self.shots = shots
        os.makedirs(shots, exist_ok=True)
        o = webdriver.ChromeOptions()
        for a in ('--headless=new', '--no-sandbox', '--disable-gpu'):
            o.add_argument(a)
        prefs = {'browser': 'ALL'}
        if performance:
            # The DevTools Network events of every window (performance_log()).
            prefs['performance'] = 'ALL'
            o.add_experimental_option('perfLoggingPrefs', {'enableNetwork': True,
                                                           'enablePage': False})
        o.set_capability('goog:loggingPrefs', prefs)
        self.d = webdriver.Chrome(service=Service(chromedriver), options=o)
        self.windows = {}
        self.sizes = {}
        self.current = None
        self.logs = []       # the browser's log (every window's), read so far
        self._first = True
        self.axe_runs = 0
        self.axe_seconds = 0.0

    def quit(self):
        try:
            self.d.quit()
        except Exception:
            pass

    # ---- windows ----

    def open_window(self, name, width, height):
        if self._first:
            self._first = False
        else:
            self.d.switch_to.new_window('window')
        self.windows[name] = self.d.current_window_handle
        self.sizes[name] = (width, height)
        self.current = name
        # The window's size such that the page sees width x height (headless Chromium keeps
        # room for a browser's own bars). The page sees a new size a moment later, and may see
        # a passing one first: a size counts once five readings agree.
        want = (width, height)
        outer = want
        self.d.set_window_size(*outer)
        deadline = time.time() + 10
        readings = []
        while True:
            readings = (readings + [self.viewport()])[-5:]
            if time.time() > deadline:
                raise Failure('the %s window shows %dx%d, not %dx%d' % (
                    (name,) + readings[-1] + want))
            if len(readings) == 5 and len(set(readings)) == 1:
                if readings[0] == want:
                    break
                outer = (outer[0] + width - readings[0][0], outer[1] + height - readings[0][1])
                self.d.set_window_size(*outer)
                readings = []
            time.sleep(0.02)
        return name

    def use(self, name):
        if self.current != name:
            self.collect_logs()
            self.d.switch_to.window(self.windows[name])
            self.current = name

    def init_script(self, source):
        """Runs `source` in the current window's every new document before its own scripts
        (DevTools Page.addScriptToEvaluateOnNewDocument; the page's CSP does not apply)."""
        self.d.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': source})

    def performance_log(self):
        """The DevTools events of every window since the last call (Browser(performance=True)):
        each a dict with 'webview' (the window handle), 'method' and 'params'."""
        out = []
        for entry in self.d.get_log('performance'):
            message = json.loads(entry['message'])
            out.append(dict(message['message'], webview=message.get('webview')))
        return out

    def window_of(self, handle):
        """The name of the window with this handle (None for one not opened by name)."""
        for name, h in self.windows.items():
            if h == handle:
                return name
        return None

    def viewport(self):
        return tuple(self.d.execute_script('return [innerWidth, innerHeight]'))

    # ---- reading and waiting ----

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def el(self, id_):
        return self.d.find_element(By.ID, id_)

    def els(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def text(self, id_):
        try:
            return self.el(id_).text
        except (NoSuchElementException, StaleElementReferenceException):
            return ''

    def text_of(self, css):
        """The text of the first element `css` selects ('' when none)."""
        try:
            return self.d.find_element(By.CSS_SELECTOR, css).text
        except (NoSuchElementException, StaleElementReferenceException):
            return ''

    def shot(self, name):
        self.d.save_screenshot(os.path.join(self.shots, name + '.png'))

    def wait(self, what, cond, timeout=15, poll=0.05):
        try:
            # The pages rebuild their lists on every refresh: an element may go stale between
            # two reads.
            return WebDriverWait(self.d, timeout, poll_frequency=poll, ignored_exceptions=(
                NoSuchElementException, StaleElementReferenceException)).until(lambda _: cond())
        except Exception as e:
            try:
                self.shot('failed-%s' % self.current)
            except Exception:
                pass
            errors = [x for x in self.js(
                'return [...document.querySelectorAll(".error, [role=alert]")]'
                '.map((e) => e.textContent.trim()).filter(Boolean)') or []]
            raise Failure('%s: timed out after %s s waiting for %s; errors on the page: %r' % (
                self.current, timeout, what, errors)) from e

    def retry(self, action):
        for attempt in range(20):
            try:
                return action()
            except StaleElementReferenceException:
                if attempt == 19:
                    raise
                time.sleep(0.05)

    # ---- acting with the mouse ----

    def click(self, id_):
        def act():
            e = self.el(id_)
            self.js('arguments[0].scrollIntoView({block: "center"})', e)
            e.click()
        self.retry(act)

    def choose(self, radio_id):
        # Radios are visually hidden; their labels are the tap targets.
        def act():
            label = self.d.find_element(By.CSS_SELECTOR, 'label[for="%s"]' % radio_id)
            self.js('arguments[0].scrollIntoView({block: "center"})', label)
            label.click()
        self.retry(act)
        if not self.el(radio_id).is_selected():
            raise Failure('%s: %s is not selected after a tap on its label' % (self.current,
                                                                               radio_id))

    def type_into(self, id_, value):
        e = self.el(id_)
        self.js('arguments[0].scrollIntoView({block: "center"})', e)
        e.clear()
        e.send_keys(str(value))

    def paste(self, id_, value):
        # A paste, not keystrokes: the value at once, and one input event.
        self.js('arguments[0].value = arguments[1];'
                'arguments[0].dispatchEvent(new Event("input", {bubbles: true}));',
                self.el(id_), value)

    def select(self, id_, value):
        self.retry(lambda: Select(self.el(id_)).select_by_value(value))

    # ---- acting with the keyboard alone ----

    def keys(self, *keys):
        ActionChains(self.d).send_keys(*keys).perform()

    def active(self):
        return self.js('const a = document.activeElement;'
                       'return a ? (a.id || a.tagName.toLowerCase()) : ""')

    def expect_focus(self, id_):
        got = self.active()
        if got != id_:
            raise Failure('%s: the focus is on %r, not on #%s' % (self.current, got, id_))

    def tab_to(self, id_, back=False, limit=25):
        """Presses Tab (Shift-Tab) until #id_ has the focus; fails after `limit` presses."""
        path = []
        for _ in range(limit):
            if back:
                ActionChains(self.d).key_down(Keys.SHIFT).send_keys(Keys.TAB) \
                    .key_up(Keys.SHIFT).perform()
            else:
                self.keys(Keys.TAB)
            path.append(self.active())
            if path[-1] == id_:
                return len(path)
        raise Failure('%s: %s never reached #%s; the focus went %s' % (
            self.current, 'Shift-Tab' if back else 'Tab', id_, ' > '.join(path)))

    # ---- the checks every page must pass ----

    def check_labels(self, where):
        r = self.js(_UNLABELLED_JS)
        if r['bad']:
            raise Failure('%s (%s): without a label or name: %s' % (self.current, where,
                                                                   ', '.join(r['bad'])))
        return r['fields'], r['buttons']

    def check_width(self, where):
        width = self.sizes[self.current][0]
        sw = self.js('return document.documentElement.scrollWidth')
        if sw > width:
            wide = self.js(
                'return [...document.querySelectorAll("body *")].filter((e) => '
                'e.getBoundingClientRect().right > innerWidth + 0.5).slice(0, 5)'
                '.map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + '
                '(e.className ? "." + e.className : ""))')
            raise Failure('%s (%s): the page is %d px wide on a %d px screen; too wide: %s' % (
                self.current, where, sw, width, wide))

    def choose_language(self, lang):
        """Picks `lang` in the page's language switch (#lang) once the page has drawn it (the
        switch comes with the catalogue, after the page's first data)."""
        self.wait('the language switch', lambda: self.js(
            'return !!document.getElementById("lang")'))
        self.js('const s = document.getElementById("lang"); s.value = arguments[0]; '
                's.dispatchEvent(new Event("change"));', lang)

    def in_german(self, where, shot, ready, check):
        """The current page in German: once `ready()` holds, picks German, waits for the page to
        be drawn again (`ready()`), runs `check()`, and requires no English word outside names,
        no sideways overflow and no axe-core violation (a screenshot `shot` first); then English
        again, and no console error."""
        english = english_words()
        self.wait(where, ready)
        self.choose_language('de')
        self.wait('German', lambda: self.js('return document.documentElement.lang') == 'de' and
                  ready())
        check()
        found = self.visible_english(english)
        if found:
            raise Failure('English words on the German %s: %s' % (where, found))
        self.check_width('German ' + where)
        self.shot(shot)
        self.check_axe('the %s in German' % where)
        self.choose_language('en')
        self.wait('English again', lambda: self.js('return document.documentElement.lang') == 'en')
        errors = self.console_errors()
        if errors:
            raise Failure('console errors: %s' % errors)

    def visible_english(self, english):
        """The words of `english` (english_words()) in the page's visible text outside names
        (elements with translate="no") and outside text marked lang="en" (what the engine or the
        server wrote in English, docs/i18n.md)."""
        text = self.js(
            'const out = []; const w = document.createTreeWalker(document.body, '
            'NodeFilter.SHOW_TEXT); while (w.nextNode()) { const p = w.currentNode.parentElement; '
            'if (p.closest("[translate=no], [lang=en], script, style, .hidden, [hidden]")) '
            'continue; out.push(w.currentNode.textContent); } return out.join(" ");')
        return sorted({w for w in re.findall(_WORD, text) if w.lower() in english})

    def where_words(self, words):
        """Where `words` stand in the page's visible text: for each text node holding one, its
        parent as tag#id.class and its text (at most 8), to name a leak's element."""
        return self.js(
            'const re = new RegExp("\\\\b(" + arguments[0].join("|") + ")\\\\b");'
            'const out = []; const w = document.createTreeWalker(document.body, '
            'NodeFilter.SHOW_TEXT); while (w.nextNode() && out.length < 8) { '
            'const p = w.currentNode.parentElement; const x = w.currentNode.textContent; '
            'if (!re.test(x) || p.closest("[translate=no], [lang=en], script, style, .hidden, '
            '[hidden]")) continue; out.push(p.tagName.toLowerCase() + (p.id ? "#" + p.id : "") '
            '+ (p.className ? "." + p.className : "") + ": " + x.trim().slice(0, 80)); } '
            'return out;', list(words))

    def check_axe(self, where):
        """Runs axe-core (AXE_TAGS) on the current page; fails listing each violation: its
        rule, impact, how many elements and the first three's selectors. The script is handed to
        the page through WebDriver, so no page fetches it and skatd does not serve it."""
        start = time.time()
        self.d.set_script_timeout(60)
        if not self.js('return typeof axe === "object"'):
            self.js(self.axe_source)
        got = self.d.execute_async_script(_AXE_RUN_JS, AXE_TAGS)
        self.axe_runs += 1
        self.axe_seconds += time.time() - start
        if isinstance(got, dict):
            raise Failure('%s (%s): axe-core failed: %s' % (self.current, where, got['error']))
        if got:
            self.shot('axe-%s' % self.current)
            raise Failure('%s (%s): axe-core finds %d violation(s):\n%s' % (
                self.current, where, len(got), '\n'.join(
                    '  %s (%s, %d element(s)): %s; at %s%s. %s' % (
                        v['id'], v['impact'], v['count'], v['help'],
                        ', '.join(v['targets'][:3]), ' ...' if v['count'] > 3 else '',
                        v['summary'][:300])
                    for v in got)))

    def axe_summary(self):
        return 'axe-core: %d pages, %.1f s' % (self.axe_runs, self.axe_seconds)

    def collect_logs(self):
        try:
            self.logs.extend(self.d.get_log('browser'))
        except WebDriverException:
            pass

    def console_errors(self):
        """The browser's SEVERE log lines so far, but refused API calls (expected)."""
        self.collect_logs()
        bad = []
        for entry in self.logs:
            msg = entry.get('message', '')
            # A refused API call is logged by Chromium as a failed resource.
            if entry.get('level') == 'SEVERE' and not ('/api/' in msg and 'status of' in msg):
                bad.append(msg)
        return bad


def english_words():
    """Words of the English catalogue that the German one never uses (3 letters or more): seen
    on a German page, they are text left untranslated (docs/i18n.md)."""
    words = {}
    for lang in ('en', 'de'):
        with open(os.path.join(ROOT, 'services', 'web', 'static', 'i18n', lang + '.json')) as f:
            texts = []
            for v in json.load(f).values():
                texts.extend(v.values() if isinstance(v, dict) else [v])
        words[lang] = {w.lower() for t in texts for w in re.findall(_WORD, t)}
    return words['en'] - words['de']


def read_axe():
    """The text of axe-core's axe.min.js; fails when node_modules/axe-core is missing."""
    try:
        with open(AXE_JS, encoding='utf-8') as f:
            return f.read()
    except OSError as e:
        raise Failure('axe-core is missing (%s): run deploy/install-deps, which installs it '
                      'into node_modules/ with npm ci (package-lock.json)' % e) from e


T0 = time.time()


class Steps:
    """A test's steps: each prints its name, its time and the time since the start."""

    def __init__(self):
        self.start = None
        self.name = None
        self.times = []
        self.after = None     # called with the step's number and name at its end

    def begin(self, name):
        self.start = time.time()
        self.name = name

    def end(self, detail=''):
        self.times.append(self.name)
        if self.after:
            self.after(len(self.times), self.name)
        now = time.time()
        print('[%5.1f s] %-46s %5.1f s  %s' % (now - T0, self.name, now - self.start, detail),
              flush=True)


class PageTest:
    """A browser test's common end: its Browser `b` and its skatd `server` (each None until
    started), closed by run_test whatever happened."""
    b = None
    server = None

    def in_both_windows(self, what):
        """Opens a phone-size and a laptop window in turn and runs the test's check_pages(window)
        and check_german(window) in each, as steps named after `what`."""
        s = self.steps
        self.b = Browser(os.path.join(self.args.out, 'shots'), self.args.chromedriver)
        for window, w, h in [('phone', 390, 844), ('laptop', 1280, 800)]:
            self.b.open_window(window, w, h)
            s.begin('%s: %s' % (what, window))
            self.check_pages(window)
            s.end()
            s.begin('%s in German: %s' % (what, window))
            self.check_german(window)
            s.end(self.b.axe_summary() if window == 'laptop' else '')

    def close(self):
        if self.b:
            self.b.quit()
        if self.server:
            self.server.stop()


def run_test(test, what, out):
    """Runs test.run(); on any failure names the step (test.steps) and skatd's log
    (test.server). Always calls test.close(). Returns the exit code."""
    code = 0
    try:
        test.run()
    except Exception as e:  # noqa: BLE001 (every failure ends the test with its step)
        print('FAILED in step "%s": %s' % (test.steps.name, str(e).split('\nStacktrace')[0]),
              file=sys.stderr)
        if not isinstance(e, Failure):
            traceback.print_exc()
        code = 1
    finally:
        log = test.server.log_path if test.server else '(skatd did not start)'
        test.close()
    if code:
        print('skatd log: %s; screenshots in %s' % (log, out), file=sys.stderr)
    else:
        print('%s passed in %.1f s; screenshots in %s' % (what, time.time() - T0, out))
    return code


def run_skat(skat, grpc_port, director, *argv):
    """Runs the skat command line against the test's skatd with the director token; its stdout.
    Raises Failure naming the command and its output when it fails."""
    env = dict(os.environ, SKAT_DIRECTOR_TOKEN=director)
    env.pop('SKAT_SERVER', None)
    p = subprocess.run([skat, *argv, '--server', '127.0.0.1:%d' % grpc_port],
                       env=env, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise Failure('skat %s failed (%d): %s%s' % (' '.join(argv), p.returncode, p.stdout,
                                                     p.stderr))
    return p.stdout


def test_args(doc, web_root=False, langs=None):
    """A browser test's command line: --skatd, --skat, --out (made), --chromedriver, with
    web_root also --web-root, with langs also --lang (one of langs, the first by default);
    every path made absolute."""
    p = argparse.ArgumentParser(description=doc.split('\n\n')[0])
    p.add_argument('--skatd', required=True)
    p.add_argument('--skat', required=True)
    p.add_argument('--out', required=True, help='directory for screenshots and skatd\'s log')
    if web_root:
        p.add_argument('--web-root', help='serve the pages from this directory (skatd --web-root)')
    p.add_argument('--chromedriver', default='/usr/bin/chromedriver')
    if langs:
        p.add_argument('--lang', choices=langs, default=langs[0],
                       help='the language the pages are read in (docs/i18n.md)')
    args = p.parse_args()
    args.skatd = os.path.abspath(args.skatd)
    args.skat = os.path.abspath(args.skat)
    args.out = os.path.abspath(args.out)
    if web_root and args.web_root:
        args.web_root = os.path.abspath(args.web_root)
    os.makedirs(args.out, exist_ok=True)
    return args
