// Card faces: inline SVG built here (no image file, no other host): rank and suit symbol in two
// corners, a large symbol or the court card's letter in the middle; red hearts and diamonds, or
// four colours (class "four-colour" on <body>). Every card is named for screen readers in the
// reader's language ("clubs jack", "Kreuz Bube"). Cards use the engine's notation: "C-J", "H-10".
'use strict';

import {el} from '../api.js';
import {t} from '../i18n.js';

const NS = 'http://www.w3' + '.org/2000/svg';  // split: no host name in page files
const SUIT_NAME = {C: 'game.clubs', S: 'game.spades', H: 'game.hearts', D: 'game.diamonds'};
const SUIT_SIGN = {C: '\u2663', S: '\u2660', H: '\u2665', D: '\u2666'};
const RANK_NAME = {A: 'card.ace', K: 'card.king', Q: 'card.queen', J: 'card.jack'};
// Suit symbols in a 10 x 10 box.
const PIP = {
  H: 'M5 9.7C3 7.9 0 5.6 0 3 0 1.3 1.3 0 2.8 0 3.9 0 4.6.7 5 1.6 5.4.7 6.1 0 7.2 0 8.7 0 10 ' +
     '1.3 10 3 10 5.6 7 7.9 5 9.7Z',
  D: 'M5 0 9 5 5 10 1 5Z',
  S: 'M5 0C3.6 2 0 4 0 6.4 0 7.9 1.2 8.9 2.5 8.9 3.4 8.9 4 8.5 4.5 7.9L3.8 10H6.2L5.5 7.9C6 8.5 ' +
     '6.6 8.9 7.5 8.9 8.8 8.9 10 7.9 10 6.4 10 4 6.4 2 5 0Z',
  C: 'M5 0A2.5 2.5 0 0 0 3.2 4.3 2.5 2.5 0 1 0 4.5 8L3.8 10H6.2L5.5 8A2.5 2.5 0 1 0 6.8 4.3 2.5 ' +
     '2.5 0 0 0 5 0Z',
};
const SUITS = 'CSHD';
const RANKS = ['A', '10', 'K', 'Q', '9', '8', '7'];
const NULL_RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function pip(suit, x, y, scale) {
  return svg('path', {d: PIP[suit], transform: `translate(${x} ${y}) scale(${scale})`});
}

export function cardName(card) {
  const [s, r] = card.split('-');
  return t('card.name', {suit: t(SUIT_NAME[s]), rank: RANK_NAME[r] ? t(RANK_NAME[r]) : r});
}

// "♣J": for lists of cards in text.
export function cardText(card) {
  const [s, r] = card.split('-');
  return SUIT_SIGN[s] + r;
}

let faces = 0;  // numbers the faces: ids unique in the document

// The SVG face (decorative: the element around it carries the name). The rank is text once, in
// the top corner; the turned corner and a court card's large letter repeat it with <use>. So the
// card's visible text is its rank once, which its name holds (WCAG 2.5.3: "clubs 10"; a letter's
// word, "clubs jack").
export function face(card) {
  const [s, r] = card.split('-');
  const id = `face-${++faces}`;
  // Styles as attributes: the page's CSS does not reach into a <use>'s copy.
  const corner = svg('g', {id, fill: 'currentColor'},
    svg('text', {id: id + '-rank', x: 7.5, y: 14, fill: 'currentColor', 'font-weight': 'bold',
                 'text-anchor': 'middle', 'font-size': 14, ...(r === '10' ? {textLength: 13,
                   lengthAdjust: 'spacingAndGlyphs'} : {})}, r),
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

// A card shown, not played: an image with its name.
export function cardImage(card, attrs) {
  return el('span', {className: 'card', role: 'img', 'aria-label': cardName(card),
                     'data-card': card, ...attrs}, face(card));
}

export function cardRow(cards, attrs) {
  return el('span', {className: 'cards', ...attrs}, (cards || []).map((c) => cardImage(c)));
}

// The hand in the game's order, highest first: jacks C S H D, then the trump suit, then the
// other suits C S H D, each A 10 K Q 9 8 7 (Grand, Ramsch and before the game is declared: no
// trump suit); Null: every suit A K Q J 10 9 8 7. `game` is a GAME_TYPE_ name or ''.
export function sortHand(cards, game) {
  const nul = game === 'GAME_TYPE_NULL';
  const trump = {GAME_TYPE_CLUBS: 'C', GAME_TYPE_SPADES: 'S', GAME_TYPE_HEARTS: 'H',
                 GAME_TYPE_DIAMONDS: 'D'}[game];
  const suits = trump ? trump + SUITS.replace(trump, '') : SUITS;
  const key = (c) => {
    const [s, r] = c.split('-');
    if (nul) return SUITS.indexOf(s) * 8 + NULL_RANKS.indexOf(r);
    return r === 'J' ? SUITS.indexOf(s) : 4 + suits.indexOf(s) * 7 + RANKS.indexOf(r);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
