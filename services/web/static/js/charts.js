// Small SVG charts for the person and ratings pages: no library, no request elsewhere.
'use strict';

const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// A chart of `values` (numbers) labelled by `labels`, as a line or as bars, with `title` for
// screen readers. The y axis runs from 0 to the larger of 100 and the largest value.
export function chart(values, labels, title, kind) {
  const w = 400, h = 160, pad = 24;
  const top = Math.max(100, ...values);
  const x = (i) => pad + (values.length === 1 ? (w - 2 * pad) / 2 :
                          i * (w - 2 * pad) / (values.length - 1));
  const y = (v) => h - pad - v / top * (h - 2 * pad);
  const root = svg('svg', {viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': title});
  root.append(svg('title', {}, title));
  root.append(svg('line', {class: 'axis', x1: pad, y1: h - pad, x2: w - pad, y2: h - pad}));
  root.append(svg('text', {x: 2, y: y(top) + 4}, String(top)));
  if (kind === 'bars') {
    const bw = Math.max(4, (w - 2 * pad) / Math.max(1, values.length) * 0.6);
    values.forEach((v, i) => root.append(svg('rect', {class: 'bar', x: x(i) - bw / 2, y: y(v),
                                                       width: bw, height: h - pad - y(v)})));
  } else {
    root.append(svg('polyline', {class: 'line',
                                 points: values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}));
  }
  labels.forEach((l, i) => root.append(svg('text', {x: x(i) - 10, y: h - 8}, l)));
  return root;
}
