// The three decks a reader may choose (docs/cards.md "Decks"): the French deck (black clubs and
// spades, red hearts and diamonds), the four-colour tournament deck (the French pips: clubs
// black, spades green, hearts red, diamonds orange) and the German deck (acorns, leaves, hearts,
// bells: Eichel, Grün, Rot, Schellen; Unter, Ober, König, Daus). The choice is kept in the
// browser (localStorage 'skat-deck'), French without one. This module draws every card face
// (inline SVG, no image file, no other host) and names every card and suit in the reader's
// language (js/i18n.js; the names need `ready`). The face's visible letters are the name's
// first letters (WCAG 2.5.3): "J" and "jack of clubs", "B" and "Kreuz-Bube", "U" and
// "Eichel-Unter". Cards use the engine's notation: "C-J", "H-10".
'use strict';

import {keptSwitch, t} from './i18n.js';

export const DECKS = ['french', 'four', 'german'];
const KEPT = 'skat-deck';
const DECK_KEY = {french: 'deck.french', four: 'deck.four', german: 'deck.german'};

function chosen() {
  try {
    const kept = localStorage.getItem(KEPT);
    if (DECKS.includes(kept)) return kept;
  } catch {
    // Storage may be off (a private window): the French deck.
  }
  return 'french';
}

// The reader's deck; <html data-deck> carries it for the suits' colours (app.css).
export const deck = chosen();
document.documentElement.dataset.deck = deck;

const german = deck === 'german';
// Catalogue keys, written out so that tests/web/catalogue_test.py sees them used.
const SUIT_KEY = german
  ? {C: 'card.acorns', S: 'card.leaves', H: 'card.germanHearts', D: 'card.bells'}
  : {C: 'card.clubs', S: 'card.spades', H: 'card.hearts', D: 'card.diamonds'};
const RANK_KEY = german
  ? {A: 'card.daus', K: 'card.germanKing', Q: 'card.ober', J: 'card.unter'}
  : {A: 'card.ace', K: 'card.king', Q: 'card.queen', J: 'card.jack'};
const LETTER_KEY = german
  ? {A: 'card.dausLetter', K: 'card.germanKingLetter', Q: 'card.oberLetter', J: 'card.unterLetter'}
  : {A: 'card.aceLetter', K: 'card.kingLetter', Q: 'card.queenLetter', J: 'card.jackLetter'};
const SUIT_SIGN = {C: '\u2663', S: '\u2660', H: '\u2665', D: '\u2666'};
const TRUMP = {GAME_TYPE_CLUBS: 'C', GAME_TYPE_SPADES: 'S', GAME_TYPE_HEARTS: 'H',
               GAME_TYPE_DIAMONDS: 'D'};

// "clubs", "Kreuz", "Eichel": a suit's name in the reader's deck and language.
export const suitName = (suit) => t(SUIT_KEY[suit]);
// The rank as the face prints it: "J", "B" (German, French deck), "U" (German deck), "10".
export const rankLetter = (rank) => (LETTER_KEY[rank] ? t(LETTER_KEY[rank]) : rank);

// "jack of clubs", "Kreuz-Bube", "Eichel-Unter", "10 of hearts", "Rot-10".
export function cardName(card) {
  const [s, r] = card.split('-');
  return t('card.name', {suit: suitName(s), rank: RANK_KEY[r] ? t(RANK_KEY[r]) : r});
}

// A card in a line of text: "♣J", "♣B" (French decks), "Eichel U" (German deck).
export function cardText(card) {
  const [s, r] = card.split('-');
  return german ? suitName(s) + '\u00a0' + rankLetter(r) : SUIT_SIGN[s] + rankLetter(r);
}

// A suit game's name in the German deck ("Eichel", "Acorns"); null in the French decks and for
// other games, where the page keeps its own word ("Kreuz", "Clubs", "Grand").
export function trumpName(game) {
  if (!german || !TRUMP[game]) return null;
  const name = suitName(TRUMP[game]);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// ---- drawing ----

const NS = 'http://www.w3' + '.org/2000/svg';  // split: no host name in page files
// Suit symbols in a 10 x 10 box: the French pips, then the German ones (evenodd: the leaf's rib,
// the bell's band and slot are holes).
const FRENCH_PIP = {
  H: 'M5 9.7C3 7.9 0 5.6 0 3 0 1.3 1.3 0 2.8 0 3.9 0 4.6.7 5 1.6 5.4.7 6.1 0 7.2 0 8.7 0 10 ' +
     '1.3 10 3 10 5.6 7 7.9 5 9.7Z',
  D: 'M5 0 9 5 5 10 1 5Z',
  S: 'M5 0C3.6 2 0 4 0 6.4 0 7.9 1.2 8.9 2.5 8.9 3.4 8.9 4 8.5 4.5 7.9L3.8 10H6.2L5.5 7.9C6 8.5 ' +
     '6.6 8.9 7.5 8.9 8.8 8.9 10 7.9 10 6.4 10 4 6.4 2 5 0Z',
  C: 'M5 0A2.5 2.5 0 0 0 3.2 4.3 2.5 2.5 0 1 0 4.5 8L3.8 10H6.2L5.5 8A2.5 2.5 0 1 0 6.8 4.3 2.5 ' +
     '2.5 0 0 0 5 0Z',
};
const GERMAN_PIP = {
  // Acorn: stalk, cup, nut.
  C: 'M4.4 0H5.6V1.6H4.4ZM1 4.3C1 2.4 2.8 1.3 5 1.3 7.2 1.3 9 2.4 9 4.3ZM2 4.9H8C8 7.6 6.6 10 5 ' +
     '10 3.4 10 2 7.6 2 4.9Z',
  // Leaf: pointed blade with its rib, stalk.
  S: 'M5 0C7.8 1.8 9.6 4.3 9.6 6.2 9.6 7.9 8 8.7 5.6 8.6L6 10H4L4.4 8.6C2 8.7.4 7.9.4 6.2.4 4.3 ' +
     '2.2 1.8 5 0ZM4.7 2.4V8.2H5.3V2.4Z',
  H: FRENCH_PIP.H,
  // Bell: ball with its band and slot, the loop on top.
  D: 'M4.2 0H5.8V1.6H4.2ZM.8 5.6A4.2 4.2 0 1 0 9.2 5.6 4.2 4.2 0 1 0 .8 5.6ZM1.2 4.5V5.3H8.8V4.5Z' +
     'M4.2 7.6A.8.8 0 1 0 5.8 7.6.8.8 0 1 0 4.2 7.6ZM4.7 8.5V9.8H5.3V8.5Z',
};
const PIP = german ? GERMAN_PIP : FRENCH_PIP;

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function pip(suit, x, y, scale) {
  return svg('path', {d: PIP[suit], 'fill-rule': 'evenodd',
                      transform: `translate(${x} ${y}) scale(${scale})`});
}

// A suit's symbol alone, for text (decorative: the text around it names the suit).
export function suitSymbol(suit) {
  return svg('svg', {viewBox: '0 0 10 10', class: 'suit-symbol suit-' + suit,
                     'aria-hidden': 'true', focusable: 'false'}, pip(suit, 0, 0, 1));
}

let faces = 0;  // numbers the faces: ids unique in the document

// The SVG face (decorative: the element around it carries the name). The rank is text once, in
// the top corner; the turned corner and a court card's large letter repeat it with <use>. So the
// card's visible text is its rank once, which its name holds (WCAG 2.5.3).
export function face(card) {
  const [s, r] = card.split('-');
  const letter = rankLetter(r);
  const id = `face-${++faces}`;
  // Styles as attributes: the page's CSS does not reach into a <use>'s copy.
  const corner = svg('g', {id, fill: 'currentColor'},
    svg('text', {id: id + '-rank', x: 7.5, y: 14, fill: 'currentColor', 'font-weight': 'bold',
                 'text-anchor': 'middle', 'font-size': 14, ...(r === '10' ? {textLength: 13,
                   lengthAdjust: 'spacingAndGlyphs'} : {})}, letter),
    pip(s, 2.6, 16.5, 0.95));
  // The court letter: the corner's rank at 24/14 the size, centred at (25, 50).
  const k = 24 / 14;
  const middle = 'JQK'.includes(r)
    ? svg('g', null, svg('rect', {x: 14, y: 13, width: 22, height: 44, rx: 2, class: 'frame'}),
          pip(s, 19, 17, 1.2), svg('use', {href: `#${id}-rank`,
            transform: `translate(${25 - 7.5 * k} ${50 - 14 * k}) scale(${k})`}))
    : r === 'A' ? pip(s, 11, 21, 2.8) : pip(s, 15, 25, 2);
  return svg('svg', {viewBox: '0 0 50 70', class: 'face suit-' + s, 'aria-hidden': 'true',
                     focusable: 'false'},
    svg('rect', {x: 0.75, y: 0.75, width: 48.5, height: 68.5, rx: 4, class: 'paper'}),
    corner, svg('use', {href: '#' + id, transform: 'rotate(180 25 35)'}), middle);
}

// ---- the switch ----

// A select of the decks; choosing one keeps it and reloads the page with it.
export function deckSwitch() {
  return keptSwitch('deck', KEPT, t('deck.choose'),
                    DECKS.map((d) => ({value: d, text: t(DECK_KEY[d])})), deck);
}

// Puts the switch into every element with class "deck-switch" (beside the "lang-switch").
export function placeDeckSwitches(root = document) {
  for (const holder of root.querySelectorAll('.deck-switch')) holder.replaceChildren(deckSwitch());
}
