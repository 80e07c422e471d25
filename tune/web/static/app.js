// The tuning workbench page: a view over the server's state, polled;
// every action is a request the server checks. No library, nothing
// fetched from elsewhere.
'use strict';

const $ = (id) => document.getElementById(id);
const GROUPS = ['MaterialV', 'KnightV', 'BishopV', 'RookV', 'QueenV', 'TacticalV',
  'KingV', 'EndGameV', 'ScaleV', 'CoordV', 'PawnV', 'PassedV'];

const st = { jobId: null, points: [], job: null, rev: -1, impRev: -2, hasValid: false, polling: false };

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  const r = await fetch(path, opt);
  let j;
  try { j = await r.json(); } catch (e) { j = { error: r.status + ' ' + r.statusText }; }
  if (!r.ok) throw new Error(j.error || (r.status + ' ' + r.statusText));
  return j;
}

function say(msg, isError) {
  const m = $('message');
  m.textContent = msg;
  m.className = isError ? 'error' : 'info';
}

// act wraps a button's action: errors go to the message line.
function act(fn) {
  return async () => {
    try { await fn(); } catch (e) { say(e.message, true); }
    poll();
  };
}

const fmt6 = (x) => x.toFixed(6);
const signed = (x) => (x > 0 ? '+' : x < 0 ? '−' : '±') + Math.abs(x).toFixed(6);

function showDelta(el, d) {
  if (d === undefined || d === null) { el.textContent = ''; el.className = 'delta'; return; }
  el.textContent = '(' + signed(d) + ')';
  el.className = 'delta ' + (d < 0 ? 'down' : d > 0 ? 'up' : '');
}

function showError(e, withDelta) {
  $('err-train').textContent = fmt6(e.train);
  $('err-valid').textContent = st.hasValid ? fmt6(e.valid) : 'no validation set';
  showDelta($('err-dtrain'), withDelta ? e.dtrain : null);
  showDelta($('err-dvalid'), withDelta && st.hasValid ? e.dvalid : null);
  let note = e.rev === st.rev ? '' : '(of an earlier table)';
  if (e.ms !== undefined) note = 'in ' + e.ms.toFixed(0) + ' ms';
  $('err-note').textContent = note;
}

function fmtDur(s) {
  if (s < 0 || !isFinite(s)) return '?';
  if (s < 60) return s.toFixed(s < 10 ? 1 : 0) + ' s';
  const m = Math.floor(s / 60);
  if (m < 60) return m + ' min ' + Math.round(s - 60 * m) + ' s';
  return Math.floor(m / 60) + ' h ' + (m % 60) + ' min';
}

function showData(d) {
  const files = d.files.map((f) => f.split('/').pop()).join(', ');
  let s = files + ': ' + d.train.toLocaleString('en') + ' training positions';
  s += d.valid > 0 ? ', ' + d.valid.toLocaleString('en') + ' validation (' + (100 * d.validation).toFixed(0) + '% held out)' : ', no validation set';
  if (d.bad) s += ', ' + d.bad + ' malformed lines skipped';
  s += ' · K ' + d.k.toFixed(4) + (d.kFitted ? ' (fitted)' : ' (given)');
  s += ' · started from ' + (d.paramsFile || 'the compiled-in defaults');
  s += ' · files relative to ' + d.root;
  $('data-info').textContent = s;
  st.hasValid = d.valid > 0;
}

function showJob(j) {
  const prog = $('progress');
  if (!j) { $('job-state').textContent = 'no job yet'; return; }
  prog.max = Math.max(j.total, 1);
  prog.value = j.done;
  let s = j.title + ': ' + j.state;
  if (j.total > 0) s += ' · ' + j.done + '/' + j.total + ' ' + j.unit + 's';
  if (j.kind === 'coord' && j.steps >= j.total && j.state === 'running') s += ' (first sweep done; ' + j.steps + ' values settled)';
  s += ' · ' + fmtDur(j.elapsed);
  $('job-state').textContent = s;
  $('job-state').dataset.state = j.state;
  $('eta').textContent = j.state === 'running' ? 'ETA ' + fmtDur(j.eta) + (j.kind === 'adam' ? ' (to the last epoch; convergence may come sooner)' : j.kind === 'coord' ? ' (to the end of the first sweep)' : '') : '';
  $('job-message').textContent = j.error ? 'error: ' + j.error : j.message;
}

// The error curve, drawn as SVG.
const SVGNS = 'http://www.w3.org/2000/svg';
function el(name, attrs, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

// drawChart draws the curve: training error above, validation error
// below, each on its own scale (they differ by more than either moves).
function drawChart() {
  const svg = $('chart');
  const pts = st.points;
  const W = 720, H = 300, L = 74, R = 14, T = 8, B = 34, GAP = 18;
  svg.replaceChildren();
  svg.dataset.n = String(pts.length);
  if (pts.length === 0) {
    svg.append(el('text', { x: W / 2 - 110, y: H / 2 }, 'the error curve of the next tune'));
    return;
  }
  const x0 = pts[0].x, x1 = Math.max(pts[pts.length - 1].x, x0 + 1);
  const X = (x) => L + (W - L - R) * (x - x0) / (x1 - x0);
  const series = [['train', 'training error']];
  if (pts.some((p) => p.valid)) series.push(['valid', 'validation error']);
  const ph = (H - T - B - GAP * (series.length - 1)) / series.length;
  series.forEach(([key, label], i) => {
    const sp = pts.filter((p) => p[key]);
    const top = T + i * (ph + GAP), bottom = top + ph;
    let lo = Infinity, hi = -Infinity;
    for (const p of sp) { lo = Math.min(lo, p[key]); hi = Math.max(hi, p[key]); }
    if (hi - lo < 1e-7) { hi += 5e-7; lo -= 5e-7; }
    const pad = (hi - lo) * 0.08;
    lo -= pad; hi += pad;
    const Y = (v) => top + ph * (hi - v) / (hi - lo);
    for (let k = 0; k <= 2; k++) {
      const v = lo + (hi - lo) * k / 2;
      svg.append(el('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: 'grid' }));
      svg.append(el('text', { x: 4, y: Y(v) + 4 }, v.toFixed(5)));
    }
    svg.append(el('line', { x1: L, x2: L, y1: top, y2: bottom, class: 'axis' }));
    svg.append(el('line', { x1: L, x2: W - R, y1: bottom, y2: bottom, class: 'axis' }));
    svg.append(el('polyline', { class: key, points: sp.map((p) => X(p.x).toFixed(1) + ',' + Y(p[key]).toFixed(1)).join(' ') }));
    if (sp.length <= 60) for (const p of sp) svg.append(el('circle', { class: key, cx: X(p.x), cy: Y(p[key]), r: 2.5 }));
    svg.append(el('text', { x: W - R - 8 * label.length, y: top + 12, class: 'label-' + key }, label));
  });
  svg.append(el('text', { x: L - 4, y: H - B + 16 }, String(x0)));
  svg.append(el('text', { x: W - R - 8 * String(x1).length, y: H - B + 16 }, String(x1)));
  const unit = st.job ? (st.job.unit === 'epoch' ? 'epoch' : 'values settled') : '';
  svg.append(el('text', { x: (L + W - R) / 2 - 30, y: H - 6 }, unit));
}

// The parameter table.
function renderTable(data) {
  const body = $('params').tBodies[0];
  const rows = [];
  let group = null;
  let maxImp = 0;
  for (const t of data.terms) if (t.importance !== undefined) maxImp = Math.max(maxImp, Math.abs(t.importance));
  for (const t of data.terms) {
    if (t.group !== group) {
      group = t.group;
      const tr = document.createElement('tr');
      tr.className = 'group';
      tr.dataset.group = group;
      const td = document.createElement('td');
      td.colSpan = 4;
      td.textContent = group;
      tr.append(td);
      rows.push(tr);
    }
    const tr = document.createElement('tr');
    tr.dataset.group = t.group;
    tr.dataset.name = t.name;
    tr.dataset.search = (t.group + ' ' + t.name + ' ' + t.doc).toLowerCase();
    const name = document.createElement('td');
    name.className = 'name';
    name.textContent = t.name;
    name.title = t.doc + ' (click to edit)';
    name.onclick = () => { $('edit-name').value = t.name; $('edit-value').value = t.value; $('edit-value').focus(); };
    const cell = (text, cls) => {
      const td = document.createElement('td');
      td.className = cls;
      const div = document.createElement('div');
      div.textContent = text;
      td.append(div);
      return td;
    };
    const cur = cell(t.value, 'val cur' + (t.value !== t.load ? ' changed' : ''));
    const load = cell(t.load, 'val load');
    const imp = document.createElement('td');
    imp.className = 'imp';
    if (t.importance !== undefined) {
      imp.textContent = signed(t.importance);
      const bar = document.createElement('span');
      bar.className = 'bar' + (t.importance < 0 ? ' neg' : '');
      bar.style.width = (maxImp > 0 ? Math.round(80 * Math.abs(t.importance) / maxImp) : 0) + 'px';
      imp.append(bar);
    }
    tr.append(name, cur, load, imp);
    rows.push(tr);
  }
  body.replaceChildren(...rows);
  const changed = data.terms.filter((t) => t.value !== t.load).length;
  let note = data.terms.length + ' terms, ' + changed + ' changed since load';
  if (data.impRev < 0) note += ' · importance not measured yet (press Importance)';
  else if (data.impRev !== data.rev) note += ' · importance measured on an earlier table';
  $('table-note').textContent = note;
  filter();
}

function filter() {
  const q = $('search').value.trim().toLowerCase();
  const rows = $('params').tBodies[0].rows;
  const shown = {};
  for (const tr of rows) {
    if (tr.className === 'group') continue;
    const on = q === '' || tr.dataset.search.includes(q);
    tr.hidden = !on;
    if (on) shown[tr.dataset.group] = true;
  }
  for (const tr of rows) if (tr.className === 'group') tr.hidden = !shown[tr.dataset.group];
}

async function loadParams() {
  const data = await api('GET', '/api/params');
  st.rev = data.rev;
  st.impRev = data.impRev;
  renderTable(data);
}

let pollTimer = null;
async function poll() {
  if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; }
  if (st.polling) { st.pollAgain = true; return; } // one poll at a time: points arrive once
  st.polling = true;
  st.pollAgain = false;
  let again = 1000;
  try {
    const known = st.jobId;
    const s = await api('GET', '/api/state?since=' + (known === null ? 0 : st.points.length));
    $('conn').textContent = '';
    showData(s.data);
    const j = s.job;
    if (j) {
      if (j.id !== known || j.since !== st.points.length) {
        if (j.since === 0) { st.jobId = j.id; st.points = j.points; } else { st.jobId = null; again = 0; }
      } else {
        st.points = st.points.concat(j.points);
      }
      st.job = j;
      if (j.state === 'running') again = Math.min(again, 300);
    }
    showJob(j);
    drawChart();
    if (s.rev !== st.rev || s.impRev !== st.impRev) await loadParams();
    if (s.error && $('err-train').textContent === '–') showError(s.error, false);
  } catch (e) {
    $('conn').textContent = 'the server does not answer: ' + e.message;
  }
  st.polling = false;
  pollTimer = setTimeout(poll, st.pollAgain ? 0 : again);
}

function tuneRequest(kind, group) {
  return { kind, group, rounds: $('rounds').value, l2: $('l2').value, lr: $('lr').value, epochs: $('epochs').value };
}

function startJob(kind, withGroup) {
  return act(async () => {
    const r = await api('POST', '/api/job', tuneRequest(kind, withGroup ? $('group').value : ''));
    say('started ' + r.title);
  });
}

function init() {
  for (const g of GROUPS) {
    const o = document.createElement('option');
    o.value = o.textContent = g;
    $('group').append(o);
  }
  $('group').value = 'PassedV';
  $('show-error').onclick = act(async () => {
    const e = await api('POST', '/api/error');
    showError(e, true);
    say('error of the current table: training ' + fmt6(e.train) + (st.hasValid ? ', validation ' + fmt6(e.valid) : ''));
  });
  $('coord-group').onclick = startJob('coord', true);
  $('coord-all').onclick = startJob('coord', false);
  $('adam-group').onclick = startJob('adam', true);
  $('adam-all').onclick = startJob('adam', false);
  $('importance').onclick = startJob('importance', false);
  $('stop').onclick = act(async () => { await api('POST', '/api/stop'); say('stopping after the current step'); });
  $('save').onclick = act(async () => {
    const r = await api('POST', '/api/save', { path: $('save-path').value, defaults: $('save-defaults').value });
    say('wrote ' + r.wrote.join(' and '));
  });
  $('reload-file').onclick = act(async () => {
    const r = await api('POST', '/api/reload', { source: 'file', path: $('reload-path').value });
    say('reloaded the parameters from ' + r.from);
  });
  $('reload-defaults').onclick = act(async () => {
    const r = await api('POST', '/api/reload', { source: 'defaults', path: '' });
    say('reloaded ' + r.from);
  });
  $('restart').onclick = act(async () => {
    try {
      await api('POST', '/api/restart');
    } catch (e) {
      if (!/not saved/.test(e.message) || !confirm(e.message + '\n\nRestart anyway and lose them?')) throw e;
      await api('POST', '/api/restart', { force: true });
    }
    say('restarting: the rebuilt binary loads the data again; this page reloads when it answers');
    const t0 = Date.now();
    for (;;) {
      await new Promise((res) => setTimeout(res, 1000));
      try {
        await api('GET', '/api/state');
        if (Date.now() - t0 > 1500) { location.reload(); return; }
      } catch (e) { /* still loading */ }
    }
  });
  $('edit-set').onclick = act(async () => {
    await api('POST', '/api/param', { name: $('edit-name').value, value: $('edit-value').value });
    say('set ' + $('edit-name').value.trim());
  });
  $('search').oninput = filter;
  poll();
}

init();
