// The pages' languages (docs/i18n.md): German and English, one catalogue per language as data
// (i18n/en.json, i18n/de.json: a key's text, "{name}" placeholders, plural forms as
// {"one": ..., "other": ...} chosen by Intl.PluralRules). The language is the one the reader chose
// with the switch on every page (kept in localStorage), else the browser's first of de and en,
// else English. A key missing in the reader's catalogue falls back to English; a key missing in
// both shows as itself, which the catalogue test (tests/web) refuses. The catalogue is fetched
// beside the page's own first requests (`ready`), not before them: on a slow link each request
// in a row costs a round trip (docs/web.md "Loading").
'use strict';

export const LANGUAGES = {de: 'Deutsch', en: 'English'};
const KEPT = 'skat-lang';

function chosen() {
  try {
    const kept = localStorage.getItem(KEPT);
    if (kept in LANGUAGES) return kept;
  } catch {
    // Storage may be off (a private window): the browser's language decides.
  }
  for (const l of navigator.languages || [navigator.language || '']) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

export const lang = chosen();

async function catalogue(l) {
  const r = await fetch(`i18n/${l}.json`, {cache: 'no-cache'});
  if (!r.ok) throw new Error(`the ${l} catalogue: HTTP ${r.status}`);
  return r.json();
}

// The catalogues, loaded at once; t() and tn() answer from them once `ready` has resolved, so a
// page starts its own requests beside this one and awaits `ready` before it draws.
let mine = {}, english = null, plurals = new Intl.PluralRules('en');
export const ready = Promise.all([catalogue(lang), lang === 'en' ? null : catalogue('en')])
  .then(([m, e]) => {
    mine = m;
    english = e;
    plurals = new Intl.PluralRules(lang);
  });

function entry(key) {
  if (key in mine) return mine[key];
  if (english && key in english) return english[key];
  return key;
}

function fill(text, params) {
  return String(text).replace(/\{(\w+)\}/g, (all, name) =>
    (params && name in params ? String(params[name]) : all));
}

// The text of `key` with its placeholders filled from `params`.
export function t(key, params) {
  const e = entry(key);
  return fill(typeof e === 'object' ? e.other : e, params);
}

// The text of `key` for the count `n` (its plural form), with {n} and `params` filled in.
export function tn(key, n, params) {
  const e = entry(key);
  const form = typeof e === 'object' ? (e[plurals.select(n)] ?? e.other) : e;
  return fill(form, {...params, n: number(n)});
}

// Numbers, days and times as the reader's language writes them; times always on the 24-hour
// clock, so that one page never mixes two formats.
export function number(x, digits) {
  const o = digits === undefined ? {} : {minimumFractionDigits: digits,
                                         maximumFractionDigits: digits};
  return new Intl.NumberFormat(lang, o).format(Number(x) || 0);
}
export function day(ts) {
  const d = new Date(ts);
  return isNaN(d) ? '' : new Intl.DateTimeFormat(lang, {dateStyle: 'medium', timeZone: 'UTC'})
    .format(d);
}
export function time(ts) {
  const d = new Date(ts);
  return isNaN(d) ? '' : new Intl.DateTimeFormat(lang, {hour: '2-digit', minute: '2-digit',
                                                         second: '2-digit', hourCycle: 'h23'})
    .format(d);
}

// Translates the static page: an element's text from data-i18n="key", its attributes from
// data-i18n-attr="attribute:key;attribute:key"; the document's language; and a language switch
// in every element with class "lang-switch".
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of e.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':');
      if (attr && key) e.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  for (const holder of root.querySelectorAll('.lang-switch')) holder.replaceChildren(languageSwitch());
}

// A select of the languages; choosing one keeps it and reloads the page in it.
export function languageSwitch() {
  return keptSwitch('lang', KEPT, t('lang.choose'), Object.entries(LANGUAGES).map(
    ([code, name]) => ({value: code, text: name, lang: code})), lang);
}

// A select named `label` of `options` ({value, text, lang?}) with `current` chosen; choosing one
// keeps it in localStorage under `key` and reloads the page with it (the language and the deck,
// js/deck.js). Where storage is off (a private window) the choice cannot be kept, and the page
// reloads as it was.
export function keptSwitch(id, key, label, options, current) {
  const select = document.createElement('select');
  select.id = id;
  select.setAttribute('aria-label', label);
  for (const {value, text, lang: l} of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    if (l) o.lang = l;
    o.selected = value === current;
    select.append(o);
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(key, select.value);
    } catch {
      // Storage is off: nothing to keep.
    }
    location.reload();
  });
  return select;
}
