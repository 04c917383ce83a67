// CSV as the command line reads it (services/cli/csv_reader.cc, seating_csv.cc,
// player_names.cc, board_list.cc): the pasted players and a manual seating.
'use strict';
import {S, t, tn} from './core.js';

// Rows of fields, each with its line number; blank lines are skipped.
export function parseCsv(text) {
  const rows = [];
  let row = {line: 1, fields: []};
  let field = '';
  let blank = true;
  let line = 1;
  const endRow = () => {
    row.fields.push(field);
    field = '';
    if (!blank) rows.push(row);
    row = {line, fields: []};
    blank = true;
  };
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"' && field === '') {
      const opened = line;
      blank = false;
      ++i;
      for (;;) {
        if (i >= text.length) throw new Error(t('csv.unclosed', {line: opened}));
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        if (text[i] === '\n') ++line;
        field += text[i++];
      }
      if (i < text.length && !',\r\n'.includes(text[i])) {
        throw new Error(t('csv.quoteEnd', {line}));
      }
      continue;
    }
    if (c === ',') {
      blank = false;
      row.fields.push(field);
      field = '';
    } else if (c === '\n') {
      ++line;
      endRow();
    } else if (c !== '\r') {
      if (c !== ' ' && c !== '\t') blank = false;
      field += c;
    }
    ++i;
  }
  if (!blank) endRow();
  return rows;
}

const fold = (s) => s.trim().toLowerCase();

// A player typed by resource name, id, number (the order added) or display name.
export function resolvePlayer(typed) {
  const wanted = fold(typed);
  if (!wanted) throw new Error(t('csv.emptyName'));
  for (const p of S.players) {
    if (typed === p.name || typed === p.name.slice(p.name.lastIndexOf('/') + 1)) return p.name;
  }
  if (/^\d{1,6}$/.test(wanted)) {
    const n = Number(wanted);
    if (n >= 1 && n <= S.players.length) return S.players[n - 1].name;
    throw new Error(t('csv.noNumber', {number: wanted, players: tn('csv.players', S.players.length)}));
  }
  const matches = S.players.filter((p) => fold(p.displayName) === wanted);
  if (matches.length === 1) return matches[0].name;
  if (!matches.length) throw new Error(t('csv.noPlayer', {name: typed}));
  throw new Error(t('csv.ambiguous', {name: typed, players: tn('csv.players', matches.length)}));
}

// "1-3 7" or "1,2,3" -> [1, 2, 3, 7].
export function parseBoardList(text) {
  const boards = [];
  for (const part of text.split(/[ ,]+/)) {
    if (!part) continue;
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (!m) throw new Error(t('csv.notBoard', {part}));
    const first = Number(m[1]);
    const last = m[2] ? Number(m[2]) : first;
    if (first < 1) throw new Error(t('csv.boardOne', {part}));
    if (last < first) throw new Error(t('csv.backwards', {part}));
    if (boards.length + last - first >= 1000) throw new Error(t('csv.tooMany'));
    for (let b = first; b <= last; ++b) boards.push(b);
  }
  if (!boards.length) throw new Error(t('csv.noBoards'));
  return boards;
}

// "Chair 1 " -> "chair 1"; "chair1" -> "chair 1".
const columnName = (cell) => cell.trim().toLowerCase().replace(/[\s_-]+/g, ' ')
    .replace(/([a-z])(\d)/g, '$1 $2');

// The columns a seating CSV may have: CSV syntax, the same in every language.
const COLUMNS = 'round, table, boards, chair 1 … chair 4, forehand chair';

// The SessionTable list of a seating CSV (the columns of skat sessions start --seating).
export function readSeating(text) {
  const rows = parseCsv(text);
  if (!rows.length) throw new Error(t('csv.empty'));
  const column = new Map();
  for (const [i, cell] of rows[0].fields.entries()) {
    const name = columnName(cell);
    if (!/^(round|table|boards|forehand chair|chair [1-4])$/.test(name)) {
      throw new Error(t('csv.badColumn', {line: rows[0].line, column: cell,
                                          columns: COLUMNS}));
    }
    if (column.has(name)) throw new Error(t('csv.twice', {line: rows[0].line, column: name}));
    column.set(name, i);
  }
  for (const needed of ['round', 'table', 'boards', 'chair 1', 'chair 2', 'chair 3']) {
    if (!column.has(needed)) {
      throw new Error(t('csv.noColumn', {line: rows[0].line, column: needed}));
    }
  }
  const tables = [];
  for (const row of rows.slice(1)) {
    const cell = (name) => (column.has(name) ? (row.fields[column.get(name)] || '').trim() : '');
    const fault = (name, why) => new Error(t('csv.fault', {line: row.line, column: name, why}));
    const number = (name) => {
      const v = cell(name);
      if (!/^\d{1,4}$/.test(v) || Number(v) < 1 || Number(v) > 1000) {
        throw fault(name, t('csv.notNumber', {value: v}));
      }
      return Number(v);
    };
    const table = {round: number('round'), tableNumber: number('table'), boards: [], players: [],
                   forehandChair: 0};
    try {
      table.boards = parseBoardList(cell('boards'));
    } catch (e) {
      throw fault('boards', e.message);
    }
    for (let c = 1; c <= 4; ++c) {
      const typed = cell('chair ' + c);
      if (!typed) {
        if (c < 4) throw fault('chair ' + c, t('csv.noPlayerInChair'));
        continue;
      }
      try {
        table.players.push(resolvePlayer(typed));
      } catch (e) {
        throw fault('chair ' + c, e.message);
      }
    }
    const fh = cell('forehand chair');
    if (fh && (!/^\d$/.test(fh) || Number(fh) > table.players.length)) {
      throw fault('forehand chair', t('csv.badForehand', {value: fh, chairs: table.players.length}));
    }
    table.forehandChair = fh ? Number(fh) : 0;
    tables.push(table);
  }
  if (!tables.length) throw new Error(t('csv.noTables'));
  return tables;
}
