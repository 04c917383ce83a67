// The result form of a physical table, one for the table page and the console: what it offers,
// read from the event's RuleProfile (docs/web.md "The pages' data"), and the form itself
// (ResultForm: its fields, read into a PhysicalReport or filled from one). The server checks
// every report all the same.
'use strict';

import {el} from './api.js';
import {t, translatePage} from './i18n.js';
import {DIRECTIONS as DIRS, DIRECTION_WORDS as DIR, GAMES, GAME_NAME, capDirName, dirName,
        gameName, handlingOption} from './words.js';

const NULL = 'GAME_TYPE_NULL';

// Per handling: the games (plain or ouvert), those that may be ouvert, `open` when they must be
// (Revolution), and whether schneider or schwarz may be announced.
export function formRules(profile) {
  const handlings = {};
  for (const h of profile.handlings || []) {
    const plain = h.games || [];
    const ouvert = h.ouvertGames || [];
    handlings[h.handling] = {
      games: GAMES.filter((g) => plain.includes(g) || ouvert.includes(g)),
      ouvert,
      open: plain.length === 0 && ouvert.length > 0,
      announce: (h.announcements || []).length > 0,
    };
  }
  return {id: (profile.name || '').replace(/^profiles\//, ''), handlings,
          ramsch: profile.allPass === 'ALL_PASS_RAMSCH', contra: !!profile.contra};
}

// The kinds of result: [value, words], Ramsch only where all passing leads to it; there a deal is
// thrown in only for a misdeal, which read() fines (engine/physical_result.cc ScoreWithoutDeclarer).
export function kindOptions(rules) {
  const kinds = [['KIND_DECLARER_GAME', t('form.kindGame')]];
  if (rules.ramsch) kinds.push(['KIND_RAMSCH', t('form.kindRamsch')]);
  kinds.push(['KIND_PASSED_IN', t(rules.ramsch ? 'form.kindMisdeal' : 'form.kindPassed')]);
  return kinds;
}

// The handlings: [value, words], in the profile's order.
export function handlingOptions(rules) {
  return Object.keys(rules.handlings).map((h) => [h, handlingOption(h)]);
}

// For `handling` and `game` ('' for none yet): the games, whether ouvert may (`ouvert`) or must
// (`open`) be chosen, and whether an announcement may be (not in Null, not ouvert).
export function gameOffer(rules, handling, game, ouvert) {
  const spec = rules.handlings[handling] || {games: GAMES, ouvert: [], open: false};
  const ouvertOk = spec.ouvert.includes(game);
  return {
    games: spec.games,
    ouvert: ouvertOk,
    open: !!spec.open,
    announce: !!spec.announce && game !== 'GAME_TYPE_NULL' && !(ouvertOk && ouvert),
  };
}

// ---- The form itself: one for the table page and the console --------------------------------

// Thrown by read() when the form does not say enough; its message is for the user.
export class FormProblem extends Error {}

const need = (cond, text) => {
  if (!cond) throw new FormProblem(text);
};
const show = (node, on) => node.classList.toggle('hidden', !on);
const KIND_ID = {KIND_DECLARER_GAME: 'game', KIND_RAMSCH: 'ramsch', KIND_PASSED_IN: 'passed'};
const gameId = (g) => 'game-' + GAME_NAME[g].toLowerCase();
const unset = (v) => !v || /_UNSPECIFIED$/.test(v);

// The fields, in reading and tab order. Every id gets the form's prefix (P); the markup is a
// constant (no name or value of the event in it): the parts that depend on the profile or the
// board are filled in by ResultForm.
const MARKUP = `
<fieldset id="P-kind-group"><legend data-i18n="form.whatHappened">What happened</legend>
  <div class="tiles" id="P-kind-tiles"></div></fieldset>
<div id="P-declarer-part">
  <fieldset id="P-declarer-group"><legend data-i18n="form.declarer">Declarer</legend>
    <div class="tiles tiles-3" id="P-declarer-tiles"></div></fieldset>
  <label for="P-handling" data-i18n="form.skat">Skat</label>
  <select id="P-handling"></select>
  <fieldset id="P-game-group"><legend data-i18n="form.game">Game</legend>
    <div class="tiles tiles-3" id="P-game-tiles"></div></fieldset>
  <div class="row">
    <div id="P-ouvert-part" class="check"><input type="checkbox" id="P-ouvert">
      <label for="P-ouvert" data-i18n="form.ouvert">Ouvert (open)</label></div>
    <div id="P-announcement-part">
      <label for="P-announcement" data-i18n="form.announced">Announced</label>
      <select id="P-announcement">
        <option value="ANNOUNCEMENT_NONE" data-i18n="form.nothing">nothing</option>
        <option value="ANNOUNCEMENT_SCHNEIDER" data-i18n="form.schneider">schneider</option>
        <option value="ANNOUNCEMENT_SCHWARZ" data-i18n="form.schwarz">schwarz</option>
      </select></div>
  </div>
  <label for="P-floor" data-i18n="form.highestBid">Highest bid</label>
  <input type="number" id="P-floor" inputmode="numeric" min="0" step="1" autocomplete="off">
  <div id="P-points-part">
    <label for="P-points" data-i18n="form.points">Declarer's card points (skat included, 0–120)</label>
    <input type="number" id="P-points" inputmode="numeric" min="0" max="120" step="1"
           autocomplete="off">
    <label for="P-tricks" data-i18n="form.tricks">Declarer's tricks (0 points: none; 120: all ten; else some)</label>
    <select id="P-tricks">
      <option value="auto" data-i18n="form.tricksAuto">from the points</option>
      <option value="0" data-i18n="form.tricksNone">none</option>
      <option value="5" data-i18n="form.tricksSome">some (1 to 9)</option>
      <option value="10" data-i18n="form.tricksAll">all ten</option>
    </select>
  </div>
  <fieldset id="P-null-part"><legend data-i18n="form.nullQuestion">Null: did the declarer take a trick?</legend>
    <div class="tiles">
      <input type="radio" name="P-null-result" id="P-null-won" value="0" checked>
      <label for="P-null-won" data-i18n="form.nullWon">No trick: won</label>
      <input type="radio" name="P-null-result" id="P-null-lost" value="1">
      <label for="P-null-lost" data-i18n="form.nullLost">Took a trick: lost</label>
    </div></fieldset>
  <fieldset id="P-contra-part"><legend data-i18n="form.contraRe">Contra / Re</legend>
    <label for="P-contra-by" data-i18n="form.contraBy">Contra said by</label>
    <select id="P-contra-by"></select>
    <div class="check"><input type="checkbox" id="P-recontra">
      <label for="P-recontra" data-i18n="form.recontra">The declarer answered Re</label></div></fieldset>
</div>
<fieldset id="P-ramsch-part"><legend data-i18n="form.ramsch">Ramsch</legend>
  <div id="P-ramsch-rows"></div>
  <label for="P-last-trick" data-i18n="form.lastTrick">Last trick taken by</label>
  <select id="P-last-trick"></select></fieldset>
<details id="P-irregularities">
  <summary data-i18n="form.irregularities">Irregularities, fines, other details</summary>
  <div id="P-irregular-declarer">
    <label for="P-turned-card" data-i18n="form.turnedCard">Turned card, if not the board's (Tournée, passt mir nicht), e.g. H-8</label>
    <input type="text" id="P-turned-card" autocomplete="off" autocapitalize="characters"
           spellcheck="false">
    <div class="check"><input type="checkbox" id="P-conceded">
      <label for="P-conceded" data-i18n="form.conceded">The declarer conceded</label></div>
    <label for="P-conceded-after" data-i18n="form.concededAfter">Complete tricks when he conceded</label>
    <input type="number" id="P-conceded-after" inputmode="numeric" min="0" max="10">
    <div class="check"><input type="checkbox" id="P-claim-accepted">
      <label for="P-claim-accepted" data-i18n="form.claimAccepted">The outcome of an accepted claim</label></div>
    <label for="P-error-kind" data-i18n="form.errorKind">Play error that ended the game</label>
    <select id="P-error-kind">
      <option value="" data-i18n="form.errorNone">none</option>
      <option value="KIND_REVOKE" data-i18n="form.revoke">revoke</option>
      <option value="KIND_LEAD_OUT_OF_TURN" data-i18n="form.leadOutOfTurn">lead out of turn</option>
    </select>
    <div id="P-error-part">
      <label for="P-error-seat" data-i18n="form.errorSeat">Who erred</label>
      <select id="P-error-seat"></select>
      <label for="P-error-after" data-i18n="form.errorAfter">Complete tricks before the error</label>
      <input type="number" id="P-error-after" inputmode="numeric" min="0" max="9">
      <label for="P-error-tricks" data-i18n="form.errorTricks">Declarer's tricks before the error</label>
      <input type="number" id="P-error-tricks" inputmode="numeric" min="0" max="9">
      <label for="P-error-points" data-i18n="form.errorPoints">Card points in the declarer's tricks before the error</label>
      <input type="number" id="P-error-points" inputmode="numeric" min="0" max="120">
      <label for="P-error-defender-points" data-i18n="form.errorDefenderPoints">Card points in the defenders' tricks before the error</label>
      <input type="number" id="P-error-defender-points" inputmode="numeric" min="0" max="120">
    </div>
    <label for="P-discarded" data-i18n="form.discarded">Cards the declarer discarded, if not two</label>
    <input type="number" id="P-discarded" inputmode="numeric" min="0" max="12">
    <div class="check"><input type="checkbox" id="P-declarer-looked">
      <label for="P-declarer-looked" data-i18n="form.declarerLooked">A hand declarer looked at the skat</label></div>
    <label for="P-defender-looked" data-i18n="form.defenderLooked">A defender looked at the skat</label>
    <select id="P-defender-looked"></select>
    <fieldset><legend data-i18n="form.wrongCount">Found with a wrong number of cards</legend>
      <div id="P-wrong-count"></div></fieldset>
  </div>
  <fieldset id="P-fines-part"><legend data-i18n="form.fines">Fines</legend>
    <ul id="P-fines"></ul>
    <label for="P-fine-kind" data-i18n="form.fine">Fine</label>
    <select id="P-fine-kind">
      <option value="misdeal" data-i18n="form.misdeal">misdeal</option>
      <option value="dealer-looks" data-i18n="form.dealerLooks">the dealer looked at the skat</option>
      <option value="player-looks" data-i18n="form.playerLooks">a player looked at the skat</option>
      <option value="skat-in-hand" data-i18n="form.skatInHand">skat cards found in a hand</option>
    </select>
    <label for="P-fine-party" data-i18n="form.fineParty">Who is fined</label>
    <select id="P-fine-party"></select>
    <p><button type="button" id="P-add-fine" data-i18n="form.addFine">Add fine</button></p></fieldset>
</details>`;

export function fillSelect(select, options) {
  const keep = select.value;
  select.replaceChildren(...options.map(([v, text]) => el('option', {value: v}, text)));
  if (options.some(([v]) => v === keep)) select.value = keep;
}

// The result form in `root` (a <div> inside the page's <form>), its ids prefixed with `prefix`
// ('' on the table page, 'report-' in the console); `rules` is formRules(the event's profile).
// It reads itself into a PhysicalReport (read) and shows one (fill); the page owns the <form>,
// the board, and what checking and sending do. `onChange` runs on every change of a value.
export class ResultForm {
  constructor(root, rules, {prefix = '', onChange = () => {}} = {}) {
    this.p = prefix;
    this.root = root;
    this.rules = rules;
    this.onChange = onChange;
    this.fines = [];
    this.names = ['', '', ''];   // the parties' names by direction[, the resting dealer's]
    this.contraFor = null;
    // A constant, built here only (see MARKUP).
    root.innerHTML = MARKUP.replace(/"P-/g, '"' + prefix);
    translatePage(root);
    root.classList.add('result-fields');
    this.radios('kind-tiles', 'kind', kindOptions(rules).map(([v, text]) => [KIND_ID[v], v, text]));
    this.radios('game-tiles', 'game', GAMES.map((g) => [gameId(g).slice(5), g, gameName(g)]));
    fillSelect(this.$('handling'), handlingOptions(rules));
    const hiddenSeat = (d) => el('span', {className: 'visually-hidden seat-' + d},
                                 dirName(DIR.indexOf(d)) + ': ');
    this.$('ramsch-rows').replaceChildren(...DIR.map((d, i) => el('div', {className: 'ramsch-seat'},
      el('p', {className: 'seat-name', id: prefix + 'ramsch-name-' + d}, dirName(i)),
      el('div', {className: 'row'},
        el('div', null, el('label', {for: prefix + 'ramsch-points-' + d}, hiddenSeat(d),
                           t('form.cardPoints')),
           el('input', {type: 'number', id: prefix + 'ramsch-points-' + d, inputmode: 'numeric',
                        min: 0, max: 120})),
        el('div', null, el('label', {for: prefix + 'ramsch-tricks-' + d}, hiddenSeat(d),
                           t('form.trickCount')),
           el('input', {type: 'number', id: prefix + 'ramsch-tricks-' + d, inputmode: 'numeric',
                        min: 0, max: 10}))))));
    this.$('wrong-count').replaceChildren(...DIR.map((d, i) => el('div', {className: 'check'},
      el('input', {type: 'checkbox', id: prefix + 'wrong-' + d, value: DIRS[i]}),
      el('label', {for: prefix + 'wrong-' + d, id: prefix + 'wrong-label-' + d}, dirName(i)))));
    root.addEventListener('change', () => {
      this.update();
      this.onChange();
    });
    root.addEventListener('input', () => this.onChange());
    this.$('add-fine').addEventListener('click', () => {
      this.fines.push({kind: this.$('fine-kind').value, party: Number(this.$('fine-party').value)});
      this.renderFines();
      this.onChange();
    });
    this.setSeats(['', '', '']);
    this.reset();
  }

  $(id) { return document.getElementById(this.p + id); }

  radios(box, name, items) {
    this.$(box).replaceChildren(...items.flatMap(([id, value, label]) => [
      el('input', {type: 'radio', name: this.p + name, id: this.p + name + '-' + id, value}),
      el('label', {for: this.p + name + '-' + id}, label)]));
  }

  checked(name) {
    const c = this.root.querySelector('input[name="' + this.p + name + '"]:checked');
    return c ? c.value : '';
  }

  choose(name, value) {
    for (const r of this.root.querySelectorAll('input[name="' + this.p + name + '"]')) {
      r.checked = r.value === value;
    }
  }

  int(id, fallback) {
    const v = this.$(id).value.trim();
    if (v === '') return fallback;
    const n = Number(v);
    return Number.isInteger(n) ? n : NaN;
  }

  // "Anna (forehand)", or the direction alone when no name is known; i = 3: the resting dealer.
  party(i) {
    const role = dirName(i);
    return this.names[i] ? t('words.nameAs', {name: this.names[i], role}) : role;
  }

  // The board's parties: their names by direction (forehand, middlehand, rearhand, and the
  // resting dealer at a table of four); '' where none is known.
  setSeats(names) {
    this.names = names.slice();
    this.contraFor = null;
    const keep = this.checked('declarer');
    this.$('declarer-tiles').replaceChildren(...DIR.flatMap((d, i) => [
      el('input', {type: 'radio', name: this.p + 'declarer', id: this.p + 'declarer-' + d,
                   value: DIRS[i]}),
      el('label', {for: this.p + 'declarer-' + d},
         this.names[i] ? el('span', {translate: 'no'}, this.names[i]) : capDirName(i),
         el('span', {className: 'dir'}, dirName(i)))]));
    if (keep) this.choose('declarer', keep);
    const seats = DIR.map((d, i) => [DIRS[i], this.party(i)]);
    fillSelect(this.$('error-seat'), seats);
    fillSelect(this.$('last-trick'), seats);
    fillSelect(this.$('defender-looked'), [['', t('form.nobody')], ...seats]);
    fillSelect(this.$('fine-party'), this.names.map((n, i) => [String(i + 1), this.party(i)]));
    DIR.forEach((d, i) => {
      this.$('ramsch-name-' + d).textContent = this.party(i);
      for (const span of this.root.querySelectorAll('.seat-' + d)) {
        span.textContent = this.party(i) + ': ';
      }
      this.$('wrong-label-' + d).textContent = this.party(i);
    });
    this.update();
    this.renderFines();
  }

  // Shows the parts the report's kind, handling and game need, as the profile offers them.
  update() {
    const kind = this.checked('kind');
    const declarerGame = kind === 'KIND_DECLARER_GAME';
    show(this.$('declarer-part'), declarerGame);
    show(this.$('ramsch-part'), kind === 'KIND_RAMSCH');
    show(this.$('irregular-declarer'), declarerGame);
    const handling = this.$('handling').value;
    const games = gameOffer(this.rules, handling, '', false).games;
    for (const g of GAMES) {
      const radio = this.$(gameId(g));
      const on = games.includes(g);
      radio.disabled = !on;
      show(radio, on);
      show(this.root.querySelector('label[for="' + radio.id + '"]'), on);
      if (!on) radio.checked = false;
    }
    if (!this.checked('game') && games.length === 1) this.choose('game', games[0]);
    const game = this.checked('game');
    const offer = gameOffer(this.rules, handling, game, false);
    const ouvert = this.$('ouvert');
    show(this.$('ouvert-part'), offer.ouvert);
    if (offer.open) ouvert.checked = true;
    ouvert.disabled = offer.open;
    if (!offer.ouvert) ouvert.checked = false;
    const announce = gameOffer(this.rules, handling, game, ouvert.checked).announce;
    show(this.$('announcement-part'), announce);
    if (!announce) this.$('announcement').value = 'ANNOUNCEMENT_NONE';
    show(this.$('points-part'), game !== NULL);
    show(this.$('null-part'), game === NULL);
    show(this.$('contra-part'), this.rules.contra);
    const decl = this.checked('declarer');
    if (this.rules.contra && this.contraFor !== decl) {
      this.contraFor = decl;  // rebuilt only when the defenders change
      fillSelect(this.$('contra-by'), [['', t('form.nobody')],
        ...DIRS.filter((d) => d !== decl).map((d) => [d, this.party(DIRS.indexOf(d))])]);
    }
    show(this.$('error-part'), this.$('error-kind').value !== '');
  }

  renderFines() {
    const kinds = Object.fromEntries([...this.$('fine-kind').options].map((o) => [o.value, o.text]));
    this.$('fines').replaceChildren(...this.fines.map((f, i) => el('li', null,
      (kinds[f.kind] || f.kind) + ': ' + this.party(f.party - 1) + ' ',
      el('button', {type: 'button', id: this.p + 'remove-fine-' + i, onclick: () => {
        this.fines.splice(i, 1);
        this.renderFines();
        this.onChange();
      }}, t('form.remove')))));
  }

  // The report as PhysicalReport's JSON, from what the form says; a FormProblem if it says too
  // little.
  read() {
    const $ = (id) => this.$(id);
    const kind = this.checked('kind');
    const r = {kind};
    if (kind === 'KIND_RAMSCH') {
      r.cardPoints = DIR.map((d) => this.int('ramsch-points-' + d, NaN));
      r.tricks = DIR.map((d) => this.int('ramsch-tricks-' + d, NaN));
      need(![...r.cardPoints, ...r.tricks].some(Number.isNaN),
           t('form.needRamsch'));
      r.lastTrick = $('last-trick').value;
    } else if (kind === 'KIND_DECLARER_GAME') {
      r.declarer = this.checked('declarer');
      need(r.declarer, t('form.needDeclarer'));
      const game = this.checked('game');
      need(game, t('form.needGame'));
      r.declaration = {handling: $('handling').value, game, ouvert: $('ouvert').checked,
                       announcement: $('announcement').value};
      r.floor = this.int('floor', 0);
      need(!Number.isNaN(r.floor), t('form.needBid'));
      const errorKind = $('error-kind').value;
      if (game === NULL) {
        r.declarerTricks = Number(this.checked('null-result') || 0);
      } else {
        const points = this.int('points', errorKind ? 0 : null);
        need(points !== null, t('form.needPoints'));
        need(!Number.isNaN(points), t('form.needWholePoints'));
        r.declarerPoints = points;
        const tricks = $('tricks').value;
        r.declarerTricks = tricks !== 'auto' ? Number(tricks)
          : points === 0 ? 0 : points === 120 ? 10 : 5;
      }
      if (this.rules.contra && $('contra-by').value) {
        r.contraBy = $('contra-by').value;
        r.recontra = $('recontra').checked;
      }
      const turned = $('turned-card').value.trim().toUpperCase();
      if (turned) r.turnedCard = turned;
      if ($('conceded').checked) {
        r.conceded = true;
        r.concededAfterTricks = this.int('conceded-after', r.declarerTricks || 0);
      }
      if ($('claim-accepted').checked) r.claimAccepted = true;
      if (errorKind) {
        r.playError = {kind: errorKind, seat: $('error-seat').value,
                       afterTricks: this.int('error-after', 0),
                       declarerTricks: this.int('error-tricks', 0),
                       declarerPoints: this.int('error-points', 0),
                       defenderPoints: this.int('error-defender-points', 0)};
      }
      const discarded = this.int('discarded', 0);
      if (discarded) r.discarded = discarded;
      if ($('declarer-looked').checked) r.declarerLookedAtSkat = true;
      if ($('defender-looked').value) r.defenderLookedAtSkat = $('defender-looked').value;
      const wrong = DIR.filter((d) => $('wrong-' + d).checked).map((d) => $('wrong-' + d).value);
      if (wrong.length) r.wrongCardCount = wrong;
      for (const v of [r.concededAfterTricks, r.discarded].concat(
        r.playError ? Object.values(r.playError) : [])) {
        need(!Number.isNaN(v), t('form.needWhole'));
      }
    } else {
      need(kind, t('form.needKind'));
    }
    if (this.fines.length) r.fines = this.fines.map((f) => ({kind: f.kind, party: f.party}));
    // Thrown in under Ramsch: the dealer's misdeal (kindOptions); the dealer is party 3 or 4.
    if (kind === 'KIND_PASSED_IN' && this.rules.ramsch &&
        !(r.fines || []).some((f) => f.kind === 'misdeal')) {
      r.fines = [...(r.fines || []), {kind: 'misdeal', party: this.names.length > 3 ? 4 : 3}];
    }
    return r;
  }

  // Empties the form: a game played, nothing else chosen.
  reset() {
    for (const node of this.root.querySelectorAll('input, select')) {
      if (node.type === 'radio' || node.type === 'checkbox') node.checked = node.defaultChecked;
      else if (node.tagName === 'SELECT') node.selectedIndex = 0;
      else node.value = '';
    }
    this.choose('kind', 'KIND_DECLARER_GAME');
    this.fines = [];
    this.$('irregularities').open = false;
    this.renderFines();
    this.update();
  }

  // Shows a stored report (ResultEntry.report, as the API's JSON) to be changed.
  fill(r) {
    const $ = (id) => this.$(id);
    const set = (id, v) => { $(id).value = v === undefined || v === null ? '' : String(v); };
    this.reset();
    if (!unset(r.kind)) this.choose('kind', r.kind);
    if (r.kind === 'KIND_RAMSCH') {
      DIR.forEach((d, i) => {
        set('ramsch-points-' + d, (r.cardPoints || [])[i] || 0);
        set('ramsch-tricks-' + d, (r.tricks || [])[i] || 0);
      });
      if (!unset(r.lastTrick)) set('last-trick', r.lastTrick);
    } else if (r.kind === 'KIND_DECLARER_GAME') {
      const d = r.declaration || {};
      if (!unset(r.declarer)) this.choose('declarer', r.declarer);
      if ([...$('handling').options].some((o) => o.value === d.handling)) set('handling', d.handling);
      this.update();
      if (!unset(d.game)) this.choose('game', d.game);
      this.update();
      if (d.ouvert && !$('ouvert').disabled) $('ouvert').checked = true;
      this.update();
      if (!unset(d.announcement)) set('announcement', d.announcement);
      set('floor', r.floor || '');
      const tricks = r.declarerTricks || 0;
      if (d.game === NULL) {
        this.choose('null-result', tricks ? '1' : '0');
      } else {
        const points = r.declarerPoints || 0;
        set('points', points);
        const auto = points === 0 ? 0 : points === 120 ? 10 : 5;
        set('tricks', tricks === auto ? 'auto' : tricks === 0 || tricks === 10 ? tricks : 5);
      }
      this.update();
      if (!unset(r.contraBy)) set('contra-by', r.contraBy);
      $('recontra').checked = !!r.recontra;
      set('turned-card', r.turnedCard);
      $('conceded').checked = !!r.conceded;
      if (r.conceded) set('conceded-after', r.concededAfterTricks || 0);
      $('claim-accepted').checked = !!r.claimAccepted;
      const e = r.playError || {};
      if (!unset(e.kind)) {
        set('error-kind', e.kind);
        if (!unset(e.seat)) set('error-seat', e.seat);
        set('error-after', e.afterTricks || 0);
        set('error-tricks', e.declarerTricks || 0);
        set('error-points', e.declarerPoints || 0);
        set('error-defender-points', e.defenderPoints || 0);
      }
      if (r.discarded) set('discarded', r.discarded);
      $('declarer-looked').checked = !!r.declarerLookedAtSkat;
      if (!unset(r.defenderLookedAtSkat)) set('defender-looked', r.defenderLookedAtSkat);
      for (const [i, dir] of DIRS.entries()) {
        $('wrong-' + DIR[i]).checked = (r.wrongCardCount || []).includes(dir);
      }
      $('irregularities').open = !!(r.turnedCard || r.conceded || r.claimAccepted ||
        !unset(e.kind) || r.discarded || r.declarerLookedAtSkat ||
        !unset(r.defenderLookedAtSkat) || (r.wrongCardCount || []).length);
    }
    this.fines = (r.fines || []).map((f) => ({kind: f.kind, party: f.party}));
    if (this.fines.length) $('irregularities').open = true;
    this.renderFines();
    this.update();
  }
}
