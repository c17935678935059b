// The review page: the game from GET /api/game, corrections through POST /api/moves/{ply}.
"use strict";

let game = null;
let selected = 1;

const $ = (id) => document.getElementById(id);

function needsLook(move) {
  return move.flagged && !move.confirmed;
}

function escapeText(text) {
  const span = document.createElement("span");
  span.textContent = text;
  return span.innerHTML;
}

async function load() {
  const response = await fetch("/api/game");
  show(await response.json());
  const first = game.moves.find(needsLook);
  select(first ? first.ply : 1);
}

function show(data) {
  game = data;
  const done = data.progress.confirmed;
  const total = data.progress.flagged;
  $("progress").textContent = `${done} of ${total} flagged moves confirmed`;
  $("stopped").textContent = data.stopped ? `Reading stopped after the last move: ${data.stopped}` : "";
  const list = $("moves");
  list.innerHTML = "";
  let row = null;
  for (const move of data.moves) {
    if (move.side === "white" || row === null) {
      row = document.createElement("div");
      row.className = "row";
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = `${move.number}.`;
      row.appendChild(number);
      if (move.side === "black") row.appendChild(document.createElement("span"));
      list.appendChild(row);
    }
    const item = document.createElement("span");
    item.className = "move";
    if (needsLook(move)) item.classList.add("flagged");
    if (move.confirmed) item.classList.add("confirmed");
    item.dataset.ply = move.ply;
    item.textContent = move.text;
    item.title = `${move.san} · confidence ${move.confidence}`;
    item.addEventListener("click", () => select(move.ply));
    row.appendChild(item);
  }
  if (data.next) {
    // Reading stopped here: the reviewer types this move and the rest is read again.
    const item = document.createElement("span");
    item.className = "move flagged missing";
    item.dataset.ply = data.next.ply;
    item.textContent = "…";
    item.title = "reading stopped here: type the move";
    item.addEventListener("click", () => select(data.next.ply));
    if (data.next.side === "white" || row === null) {
      row = document.createElement("div");
      row.className = "row";
      row.innerHTML = `<span class="number">${data.next.number}.</span>`;
      list.appendChild(row);
    }
    row.appendChild(item);
  }
  if (selected > lastPly()) selected = lastPly();
  detail();
}

function lastPly() {
  return game.moves.length + (game.next ? 1 : 0);
}

function showCells(cells) {
  const box = $("cells");
  box.innerHTML = "";
  for (const cell of cells) {
    if (!cell.image) continue;
    const figure = document.createElement("figure");
    figure.innerHTML =
      `<img src="${cell.image}" alt="cell of copy ${cell.copy + 1}"><figcaption>copy ${cell.copy + 1}: ` +
      `${escapeText(cell.file.split("/").pop())}</figcaption>`;
    box.appendChild(figure);
  }
}

function readLine(read) {
  return read.map((text) => (text === null ? "nothing" : `“${text}”`)).join(" / ");
}

function select(ply) {
  if (!game || !lastPly()) return;
  selected = Math.max(1, Math.min(ply, lastPly()));
  $("error").textContent = "";
  $("move-input").value = "";
  detail();
}

function detail() {
  for (const item of document.querySelectorAll("#moves .move")) {
    item.classList.toggle("selected", Number(item.dataset.ply) === selected);
  }
  const move = game.moves[selected - 1];
  $("boards").hidden = !move;
  if (!move && game.next && selected === game.next.ply) {
    const next = game.next;
    $("title").textContent = `Move ${next.number} (${next.side}): reading stopped here — please type the move`;
    $("read").textContent = `Read from the sheet: ${readLine(next.read)}`;
    showCells(next.cells);
    $("alternatives").textContent = "none";
    return;
  }
  if (!move) return;
  const current = document.querySelector(`#moves .move[data-ply="${selected}"]`);
  if (current) current.scrollIntoView({ block: "nearest" });
  const state = move.confirmed ? "confirmed" : move.flagged ? "please check" : "looks right";
  $("title").textContent =
    `Move ${move.number} (${move.side}): ${move.text} — ${state}, confidence ${Math.round(move.confidence * 100)}%`;
  $("read").textContent = `Read from the sheet: ${readLine(move.read)}`;
  showCells(move.cells);
  $("before").src = `/api/boards/${move.ply}/before.svg?v=${game.version}`;
  $("after").src = `/api/boards/${move.ply}/after.svg?v=${game.version}`;
  const alternatives = $("alternatives");
  alternatives.innerHTML = "";
  move.alternatives.slice(0, 3).forEach((alternative, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "alternative";
    button.dataset.san = alternative.san;
    button.textContent = `${index + 1}: ${alternative.text} (${Math.round(alternative.confidence * 100)}%)`;
    button.addEventListener("click", () => choose(alternative.san));
    alternatives.appendChild(button);
  });
  if (!move.alternatives.length) alternatives.textContent = "no other move fits";
}

async function post(body) {
  const ply = selected;
  const response = await fetch(`/api/moves/${ply}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return false;
  }
  show(data);
  nextFlagged(ply);
  return true;
}

function choose(san) {
  return post({ move: san });
}

function accept() {
  return post({ accept: true });
}

function nextFlagged(from = selected) {
  const next = game.moves.find((move) => move.ply > from && needsLook(move));
  select(next ? next.ply : game.next && game.next.ply > from ? game.next.ply : from);
}

function previousFlagged() {
  const before = game.moves.filter((move) => move.ply < selected && needsLook(move)).pop();
  if (before) select(before.ply);
}

$("enter").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("move-input").value;
  if (await post({ move: text })) $("move-input").blur();
});
$("accept").addEventListener("click", accept);

const saveButton = $("save");
if (saveButton) {
  saveButton.addEventListener("click", async () => {
    const response = await fetch("/api/save", { method: "POST" });
    const data = await response.json();
    $("error").textContent = response.ok ? `saved ${data.saved}` : data.error;
  });
}

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement;
  if (typing) {
    if (event.key === "Escape") event.target.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || !game) return;
  const move = game.moves[selected - 1];
  const key = event.key;
  if (!move && ["Enter", "a", "1", "2", "3"].includes(key)) return;
  if (key === "n" || key === "j" || key === "ArrowDown") nextFlagged();
  else if (key === "p" || key === "k" || key === "ArrowUp") previousFlagged();
  else if (key === "ArrowRight") select(selected + 1);
  else if (key === "ArrowLeft") select(selected - 1);
  else if (key === "Enter" || key === "a") accept();
  else if (key === "/" || key === "e") $("move-input").focus();
  else if (["1", "2", "3"].includes(key) && move && move.alternatives[Number(key) - 1])
    choose(move.alternatives[Number(key) - 1].san);
  else return;
  event.preventDefault();
});

load();
