// The one client of skatd's JSON API (docs/web.md "One API: the JSON gateway"), shared by every page.
//
//   call(method, request, token)      POST /api/<package.Service>/<Method> with the request as
//                                     protobuf JSON; resolves to the reply, rejects with an
//                                     ApiError (HTTP status, gRPC status name, message, reason).
//   stream(method, request, token, onMessage, onEnd)
//                                     the same for a server stream, read as server-sent events
//                                     from fetch (the token travels in the Authorization header,
//                                     which EventSource cannot send); returns {close()}.
//   allPages(method, request, key, limit)
//                                     every item of a List method's pages, at most `limit` pages.
//   fragment()                        the page's #key=value&... parameters (tokens travel in the
//                                     fragment, which browsers never send to a server).
//   el(tag, attrs, ...children)       a DOM element; text children become text nodes, so no
//                                     text is ever parsed as HTML.
'use strict';

export class ApiError extends Error {
  constructor(httpStatus, status, message, reason) {
    super(message);
    this.httpStatus = httpStatus;  // e.g. 400
    this.status = status;          // gRPC status name, e.g. "INVALID_ARGUMENT"
    this.reason = reason || '';    // skat-reason, e.g. "not-allowed"
  }
}

function headers(token) {
  const h = {'Content-Type': 'application/json'};
  if (token) h['Authorization'] = 'Bearer ' + token;
  return h;
}

async function errorOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  const e = body && body.error ? body.error : {};
  return new ApiError(response.status, e.status || 'UNKNOWN',
                      e.message || ('HTTP ' + response.status), e.reason);
}

export async function call(method, request, token) {
  let response;
  try {
    response = await fetch('/api/' + method, {
      method: 'POST', headers: headers(token), body: JSON.stringify(request || {}),
      cache: 'no-store', credentials: 'omit'});
  } catch (e) {
    throw new ApiError(0, 'UNAVAILABLE', 'skatd cannot be reached: ' + e.message);
  }
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

// Reads "event: <type>\ndata: <json>\n\n" blocks. Types: "message" (one reply), "end" (the
// stream ended; data is {} or {"error": {...}}). Comment lines (": keep-alive") are skipped.
export function stream(method, request, token, onMessage, onEnd) {
  const abort = new AbortController();
  let ended = false;
  const finish = (error) => {
    if (ended) return;
    ended = true;
    if (onEnd) onEnd(error);
  };
  (async () => {
    let response;
    try {
      response = await fetch('/api/' + method, {
        method: 'POST', headers: {...headers(token), 'Accept': 'text/event-stream'},
        body: JSON.stringify(request || {}), cache: 'no-store', credentials: 'omit',
        signal: abort.signal});
    } catch (e) {
      finish(new ApiError(0, 'UNAVAILABLE', 'skatd cannot be reached: ' + e.message));
      return;
    }
    if (!response.ok) {
      finish(await errorOf(response));
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, {stream: true});
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let type = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue;
          const parsed = JSON.parse(data);
          if (type === 'message') {
            onMessage(parsed);
          } else if (type === 'end') {
            const e = parsed.error;
            finish(e ? new ApiError(e.code || 0, e.status, e.message, e.reason) : null);
            return;
          }
        }
      }
      finish(new ApiError(0, 'UNAVAILABLE', 'the stream was cut off'));
    } catch (e) {
      finish(abort.signal.aborted ? null : new ApiError(0, 'UNAVAILABLE', e.message));
    }
  })();
  return {close: () => { ended = true; abort.abort(); }};
}

// Every item under `key` of a List method's pages (AIP-158), at most `limit` pages.
export async function allPages(method, request, key, limit) {
  const out = [];
  let pageToken = '';
  for (let n = 0; n < limit; ++n) {
    const page = await call(method, {...request, pageToken});
    out.push(...(page[key] || []));
    pageToken = page.nextPageToken || '';
    if (!pageToken) break;
  }
  return out;
}

export function fragment() {
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    out[key] = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
  }
  return out;
}

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'className') {
      node.className = value;
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replaces node's children with `children` taken as el() takes them.
export function fill(node, ...children) {
  node.replaceChildren(...el('div', null, ...children).childNodes);
  return node;
}
