// The workbench's page: library, editor with live results, fairness panel, play, downloads.
// Every request carries the run's token (from the address sevens serve printed).
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const LIVE_DELAY_MS = 350; // after the last keystroke: check, sheet and differences
const FAIRNESS_DELAY_MS = 1200; // after the last valid text: the fairness panel

const state = {
  lang: "en",
  texts: {},
  library: [],
  editor: null,
  text: "",
  liveRequest: 0,
  fairnessRequest: 0,
  fairnessResult: null,
  fairnessText: null, // the text the fairness result is of
  socket: null,
};

const $ = (selector) => document.querySelector(selector);

function t(text, values) {
  let result = state.texts[text] || text;
  for (const [key, value] of Object.entries(values || {})) {
    result = result.replace(`%(${key})d`, value).replace(`%(${key})s`, value);
  }
  return result;
}

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "className") node.className = value;
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

// --- Talking to the server ------------------------------------------------------------------

async function api(path, body) {
  const options = { headers: { "X-Sevens-Token": TOKEN } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (!response.ok) {
    let message = response.status === 503 ? t("The server did not answer in time.") : t("The server refused the request.");
    try {
      message += " " + (await response.json()).error;
    } catch (ignored) {}
    throw new Error(message);
  }
  return response;
}

async function apiJson(path, body) {
  return (await api(path, body)).json();
}

// --- Language and views -----------------------------------------------------------------------

async function setLanguage(lang) {
  state.lang = lang;
  document.documentElement.lang = lang;
  state.texts = await apiJson(`/api/texts?lang=${lang}`);
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  await loadLibrary();
  if (state.text) scheduleLive(0);
  if (state.fairnessResult) showFairness(state.fairnessResult);
}

function showView(name) {
  for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== `view-${name}`;
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.view === name);
}

function showPanel(name) {
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== `panel-${name}`;
  for (const tab of document.querySelectorAll(".subtab")) tab.classList.toggle("active", tab.dataset.panel === name);
}

// --- The library --------------------------------------------------------------------------

const KIND_TEXT = { game: "game", "regional-variant": "regional variant", "house-rule": "house rule" };

async function loadLibrary() {
  const answer = await apiJson(`/api/library?lang=${state.lang}`);
  state.library = answer.variants;
  const select = $("#lang");
  if (!select.options.length) {
    for (const lang of answer.languages) select.append(element("option", { value: lang }, lang));
    select.value = state.lang;
  }
  renderLibrary();
}

function renderLibrary() {
  const query = $("#library-search").value.trim().toLowerCase();
  const body = $("#library tbody");
  body.replaceChildren();
  for (const row of state.library) {
    const sources = row.sources.map((s) => s.title).join("; ");
    const haystack = `${row.id} ${row.name} ${row.kind} ${sources}`.toLowerCase();
    if (query && !haystack.includes(query)) continue;
    const players = row.min_players === row.max_players ? `${row.min_players}` : `${row.min_players}–${row.max_players}`;
    body.append(
      element(
        "tr",
        { className: "library-row", "data-id": row.id },
        element("td", {}, row.name),
        element("td", {}, t(KIND_TEXT[row.kind] || row.kind)),
        element("td", {}, players),
        element("td", {}, sources),
        element("td", {}, element("button", { type: "button", className: "start-house-rule", onclick: () => startHouseRule(row.id) }, t("Start a house rule from this one"))),
      ),
    );
  }
}

async function startHouseRule(variant) {
  const answer = await apiJson(`/api/start/${encodeURIComponent(variant)}`);
  state.editor.setText(answer.text);
  showView("editor");
  showPanel("sheet");
}

// --- Live results -----------------------------------------------------------------------------

let liveTimer = null;
let fairnessTimer = null;

function scheduleLive(delay) {
  clearTimeout(liveTimer);
  liveTimer = setTimeout(runLive, delay === undefined ? LIVE_DELAY_MS : delay);
}

async function runLive() {
  const number = ++state.liveRequest;
  const text = state.text;
  $("#status").textContent = t("Checking…");
  $("#status").className = "";
  let answer;
  try {
    answer = await apiJson("/api/live", { text, lang: state.lang });
  } catch (error) {
    if (number === state.liveRequest) $("#status").textContent = error.message;
    return;
  }
  if (number !== state.liveRequest) return; // the text changed meanwhile
  state.editor.setDiagnostics(answer.problems);
  const problems = $("#problems");
  problems.replaceChildren(...answer.problems.map((p) => element("li", { "data-line": p.line, "data-column": p.column }, p.message)));
  $(".results-column").classList.toggle("stale", !answer.valid); // the last valid text's results
  if (!answer.valid) {
    $("#status").textContent = t("Correct the errors to see the results.");
    return;
  }
  $("#status").textContent = t("No errors");
  $("#status").className = "valid";
  $("#sheet-frame").srcdoc = answer.sheet;
  $("#diff").textContent = answer.diff;
  clearTimeout(fairnessTimer);
  if (text === state.fairnessText) return; // measured already (a new language only re-words it)
  fairnessTimer = setTimeout(() => runFairness(text), FAIRNESS_DELAY_MS);
}

async function runFairness(text) {
  const number = ++state.fairnessRequest;
  delete $("#fairness").dataset.games;
  $("#fairness").replaceChildren(element("p", { className: "note" }, t("Measuring…")));
  try {
    const result = await apiJson("/api/fairness", { text, lang: state.lang });
    if (number !== state.fairnessRequest) return;
    state.fairnessResult = result;
    state.fairnessText = text;
    showFairness(result);
  } catch (error) {
    if (number === state.fairnessRequest) $("#fairness").replaceChildren(element("p", { className: "note" }, error.message));
  }
}

// --- The fairness panel ---------------------------------------------------------------------

const percent = (x) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)} %`);
const number = (x) => (x === null || x === undefined ? "–" : x.toFixed(2));
const interval = (f, show) => (f ? `${show(f.value)} [${show(f.low)}, ${show(f.high)}]` : "–");

// The lab's measures by key (figures.paired_measures), in the page's language; a measure the
// page does not know keeps the lab's English label.
const MEASURES = {
  win: "Seat %(seat)d: win rate",
  "leader win": "Leader: win rate",
  "leader edge": "Leader's edge over the others",
  blocked: "Blocked deals",
  decisions: "Decisions per deal",
  passes: "Passes per deal",
  chips: "Seat %(seat)d: chips per deal",
  points: "Seat %(seat)d: points per deal",
};

function measureName(row) {
  const seat = /^(\w+) (\d+)$/.exec(row.key);
  const text = seat ? MEASURES[seat[1]] : MEASURES[row.key];
  return text ? t(text, { seat: seat ? seat[2] : "" }) : row.measure;
}

function table(head, rows, rowClass) {
  return element(
    "table",
    {},
    element("thead", {}, element("tr", {}, ...head.map((h) => element("th", {}, h)))),
    element("tbody", {}, ...rows.map((cells, k) => element("tr", { className: rowClass ? rowClass(k) : "" }, ...cells.map((c) => element("td", {}, c))))),
  );
}

function showFairness(result) {
  const main = result.experiments.main;
  const columns = [t("Parent") + ` (${result.a.variant})`, t("Your rule")];
  const seats = main.a.wins.rates.map((_, seat) => [
    t("Seat %(seat)d", { seat }),
    interval(main.a.wins.rates[seat], percent),
    interval(main.b.wins.rates[seat], percent),
  ]);
  const played = result.backend === "numba" ? t("Played by the native kernels.") : t("Played by the Python engine.");
  const parts = [
    element("p", {}, `${t("Paired deals")}: ${result.games}. ${played}`),
    ...(result.notes || []).map((line) => element("p", { className: "note backend-note" }, line)),
    element("h3", {}, t("Win share by seat")),
    table(["", ...columns], seats),
    element("h3", {}, t("Deal length (decisions)")),
    table(columns, [[interval(main.a.decisions.mean, number), interval(main.b.decisions.mean, number)]]),
    element("h3", {}, t("Passes per deal")),
    table(columns, [[interval(main.a.passes.mean, number), interval(main.b.passes.mean, number)]]),
  ];
  const penalty = result.experiments.penalty;
  if (penalty) {
    const side = penalty.b || penalty.a;
    parts.push(element("h3", {}, t("Who gains from passing on purpose")));
    parts.push(
      table(
        ["", t("Win share by seat")],
        [
          [t("Seat that passes on purpose"), interval(side.win, percent)],
          ...side.after_focus.map((row) => [t("%(n)d after it", { n: row.after }), interval(row.win, percent)]),
        ],
      ),
    );
  }
  const rows = main.differences;
  parts.push(element("h3", {}, t("Which differences are real")));
  const real = rows.filter((row) => row.real);
  if (!real.length) parts.push(element("p", { className: "no-real-difference" }, t("No difference is real.")));
  parts.push(
    table(
      [t("Measure"), t("Parent"), t("Your rule"), t("Difference (parent − your rule)"), t("Real")],
      rows.map((row) => [measureName(row), number(row.a), number(row.b), interval(row.difference, number), row.real ? t("yes") : t("no")]),
      (k) => (rows[k].real ? "real" : ""),
    ),
  );
  $("#fairness").replaceChildren(...parts);
  $("#fairness").dataset.games = result.games;
}

// --- Downloads --------------------------------------------------------------------------------

function saveFile(name, blob) {
  const link = element("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

async function download(kind) {
  const response = await api(`/api/download/${kind}`, { text: state.text, lang: state.lang });
  const disposition = response.headers.get("content-disposition") || "";
  const name = (/filename="([^"]+)"/.exec(disposition) || [])[1] || `house-rule-${kind}.html`;
  saveFile(name, await response.blob());
}

// --- Play ---------------------------------------------------------------------------------------

const RED_SUITS = ["♥", "♦"];

function startDeal() {
  if (state.socket) state.socket.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/play?token=${encodeURIComponent(TOKEN)}`);
  state.socket = socket;
  socket.onopen = () => socket.send(JSON.stringify({ text: state.text, lang: state.lang }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.error) $("#play-status").textContent = message.error;
    else showPosition(message.position);
  };
}

function act(action) {
  state.socket.send(JSON.stringify({ action }));
}

function cardNode(text, attributes) {
  const red = RED_SUITS.some((suit) => text.endsWith(suit));
  return element(attributes && attributes.type ? "button" : "span", { ...(attributes || {}), className: `card${red ? " red" : ""}${attributes && attributes.extra ? " " + attributes.extra : ""}` }, text);
}

function showPosition(position) {
  document.body.dataset.positions = Number(document.body.dataset.positions || 0) + 1; // for tests
  const asked = position.give_to ? t("%(player)s takes a card from you: choose the card you give.", { player: position.give_to }) : t("Your turn: choose a card.");
  $("#play-status").textContent = position.over ? t("The deal is over.") : position.my_turn ? asked : "";
  $("#play-status").dataset.over = position.over ? "yes" : "no";
  $("#play-table").replaceChildren(...position.table.map((row) => element("div", {}, ...row.map((text) => cardNode(text)))));
  $("#play-hand").replaceChildren(
    ...position.hand.map((card) => {
      const node = cardNode(card.text, { type: "button", "data-card": card.card, extra: card.legal ? "legal" : "" });
      node.disabled = !card.legal;
      if (card.legal) node.addEventListener("click", () => act(card.card));
      return node;
    }),
  );
  $("#play-actions").replaceChildren(
    ...position.other_actions.map((a) => element("button", { type: "button", className: "other-action", "data-action": a.action, onclick: () => act(a.action) }, a.text)),
  );
  $("#play-seats").replaceChildren(
    element("tr", {}, element("th", {}, ""), element("th", {}, t("Cards")), element("th", {}, t("Passes")), element("th", {}, t("Chips"))),
    ...position.seats.map((s) => element("tr", {}, element("td", {}, s.name), element("td", {}, s.cards), element("td", {}, s.passes), element("td", {}, s.chips))),
    element("tr", {}, element("td", {}, t("Pot")), element("td", {}, ""), element("td", {}, ""), element("td", {}, position.pot)),
  );
  $("#play-moves").replaceChildren(...position.moves.map((m) => element("li", {}, `${m.who}: ${m.what}`)));
  $("#play-moves").scrollTop = $("#play-moves").scrollHeight;
  $("#play-standings").replaceChildren(
    ...(position.standings.length
      ? [table([t("Place"), "", t("Cards"), t("Chips"), t("Points")], position.standings.map((s) => [s.place > 0 ? s.place : "–", s.name, s.cards_left, s.chips, s.points]))]
      : []),
  );
}

// --- Start ----------------------------------------------------------------------------------------

async function main() {
  state.editor = window.SevensEditor.create($("#editor"), {
    doc: "",
    onChange(text) {
      state.text = text;
      scheduleLive();
    },
  });
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showView(tab.dataset.view));
  for (const tab of document.querySelectorAll(".subtab")) tab.addEventListener("click", () => showPanel(tab.dataset.panel));
  $("#library-search").addEventListener("input", renderLibrary);
  $("#lang").addEventListener("change", (event) => setLanguage(event.target.value));
  $("#download-yaml").addEventListener("click", () => saveFile("house-rule.yaml", new Blob([state.text], { type: "application/yaml" })));
  $("#download-sheet").addEventListener("click", () => download("sheet"));
  $("#download-report").addEventListener("click", () => download("report"));
  $("#play-start").addEventListener("click", startDeal);
  showView("library");
  showPanel("sheet");
  const wanted = (navigator.language || "en").slice(0, 2);
  await setLanguage(["de", "en", "es", "fr", "ja", "nl", "pt", "ru", "sv"].includes(wanted) ? wanted : "en");
  state.editor.setSchema(await apiJson("/api/schema"));
  document.body.dataset.ready = "yes";
}

main();
