"""The pages' texts in one language (services/web/static/i18n/<lang>.json, docs/i18n.md), for
the browser tests that read a page in the language it was opened in.

    words = Catalogue('de')
    words.say('console.tables', n=3)             # '3 Tische' (the plural form of n)
    words.like('console.tokensHeld', n=27)       # a regex: the other placeholders match anything
    words.head('console.valuePad')               # 'Wert': the text before its first placeholder
"""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Rx(str):
    """A placeholder's value given as a regular expression (Catalogue.like)."""


class Catalogue:
    def __init__(self, lang):
        self.lang = lang
        with open(os.path.join(ROOT, 'services', 'web', 'static', 'i18n', lang + '.json'),
                  encoding='utf-8') as f:
            self.texts = json.load(f)

    def text(self, key, n=None):
        """The text of `key`; of a plural text the form for n (one for 1, as German and
        English count)."""
        text = self.texts[key]
        if isinstance(text, dict):
            if n is None:
                raise KeyError('%s is a plural text: give n' % key)
            text = text['one' if n == 1 else 'other']
        return text

    def say(self, key, **params):
        """The text of `key` with its placeholders filled in (each must be given)."""
        return re.sub(r'\{(\w+)\}', lambda m: str(params[m.group(1)]),
                      self.text(key, params.get('n')))

    def like(self, key, **params):
        """A regular expression of the text of `key`: the placeholders given are their text (an
        Rx as itself), the others match any text."""
        out = []
        for part in re.split(r'(\{\w+\})', self.text(key, params.get('n'))):
            name = part[1:-1] if re.fullmatch(r'\{\w+\}', part) else None
            if name is None:
                out.append(re.escape(part))
            elif name not in params:
                out.append('.*?')
            elif isinstance(params[name], Rx):
                out.append(params[name])
            else:
                out.append(re.escape(str(params[name])))
        return ''.join(out)

    def head(self, key, n=None):
        """The text of `key` before its first placeholder, stripped."""
        return self.text(key, n).split('{')[0].strip()
