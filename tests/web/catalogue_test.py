#!/usr/bin/env python3
"""The pages' message catalogues (docs/i18n.md): services/web/static/i18n/*.json.

Every catalogue has the English catalogue's keys and no other, each text keeps the English text's
placeholders ({name}) and plural forms; every key the pages name (data-i18n and data-i18n-attr in
the HTML and in markup the JavaScript builds, t('...') and tn('...') in the JavaScript, and the 'prefix.' + name keys they build) is in
the English catalogue, and every key of it is used. No server and no browser: it reads the files.
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STATIC = os.path.join(ROOT, 'services', 'web', 'static')
# Keys the pages build from data ("game." + a game type): every value they can take.
BUILT = {
    'game.': ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null', 'ramsch', 'passed',
              'suit'],
    'direction.': ['forehand', 'middlehand', 'rearhand'],
    'handling.': ['tournee', 'passtMirNicht', 'guckser', 'hand', 'pickup', 'frage', 'revolution',
                  'uno', 'duo'],
    'handlingForm.': ['tournee', 'passtMirNicht', 'guckser', 'hand', 'pickup', 'frage',
                      'revolution', 'uno', 'duo'],
    # js/reasons.js REASONS: skatd's skat-reason codes (engine ErrorCodeName) and "unreachable".
    'reason.': ['invalid-argument', 'wrong-phase', 'out-of-turn', 'illegal-bid', 'illegal-card',
                'illegal-discard', 'illegal-declaration', 'not-allowed', 'not-found',
                'already-exists', 'unauthenticated', 'permission-denied', 'aborted',
                'sequence-reused', 'table-owned-elsewhere', 'board-in-play',
                'season-without-money', 'season-not-a-league',
                'resource-exhausted', 'unavailable', 'internal', 'unknown', 'unreachable'],
    # js/notes.js NOTE_ARGS: the codes of the standings' notes (engine/scoring/note.h).
    'note.': ['field-seats-differ', 'no-real-result', 'single-result', 'session-held-at',
              'session-one-player', 'team-clubs'],
}


def forms(value):
    return value if isinstance(value, dict) else {'other': value}


def main():
    problems = []
    with open(os.path.join(STATIC, 'i18n', 'en.json')) as f:
        english = json.load(f)
    for path in sorted(glob.glob(os.path.join(STATIC, 'i18n', '*.json'))):
        with open(path) as f:
            catalogue = json.load(f)
        name = os.path.basename(path)
        for key in english.keys() - catalogue.keys():
            problems.append('%s lacks %s' % (name, key))
        for key in catalogue.keys() - english.keys():
            problems.append('%s has %s, which en.json has not' % (name, key))
        for key in english.keys() & catalogue.keys():
            want = set(re.findall(r'\{\w+\}', ' '.join(forms(english[key]).values())))
            for form, text in forms(catalogue[key]).items():
                if not text.strip():
                    problems.append('%s: %s (%s) is empty' % (name, key, form))
                if set(re.findall(r'\{\w+\}', text)) != want:
                    problems.append('%s: %s (%s) has placeholders %s, en.json %s' % (
                        name, key, form, sorted(set(re.findall(r'\{\w+\}', text))),
                        sorted(want)))
            if isinstance(english[key], dict) and 'other' not in forms(catalogue[key]):
                problems.append('%s: %s has no "other" form' % (name, key))
    used = set()
    for path in glob.glob(os.path.join(STATIC, '*.html')):
        with open(path) as f:
            text = f.read()
        used |= set(re.findall(r'data-i18n="([^"]+)"', text))
        for attrs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            used |= {pair.split(':')[1].strip() for pair in attrs.split(';') if ':' in pair}
    for path in glob.glob(os.path.join(STATIC, 'js', '**', '*.js'), recursive=True):
        with open(path) as f:
            text = f.read()
        # Markup the scripts build (the result form's): data-i18n as in the HTML.
        used |= {k for k in re.findall(r'data-i18n="([^"]+)"', text) if '.' in k}
        used |= {k for k in re.findall(r"\btn?\('([\w.]+)'", text) if not k.endswith('.')}
        # A key chosen before the call (t(won ? 'boards.won' : 'boards.lost')): any literal
        # of the keys' shape that the catalogue has.
        used |= set(re.findall(r"'([a-z]+\.[A-Za-z.]+)'", text)) & english.keys()
        for prefix in re.findall(r"\btn?\('([\w]+\.)' \+", text):
            if prefix not in BUILT:
                problems.append('%s builds keys from %r: list its values in BUILT' % (
                    os.path.relpath(path, ROOT), prefix))
            used |= {prefix + v for v in BUILT.get(prefix, [])}
    for key in sorted(used - english.keys()):
        problems.append('the pages use %s, which en.json lacks' % key)
    for key in sorted(english.keys() - used):
        problems.append('en.json has %s, which no page uses' % key)
    for p in problems:
        print('catalogue: ' + p)
    print('catalogue: %d keys, %d used by the pages, %d problems' % (
        len(english), len(used), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
