// qipan: the page's language before the app has loaded, as app/ui chooses it (the link's
// lang=, else the one the person chose, else the browser's): <html lang>, the title and the
// description, so that a Chinese reader's tab and screen reader do not hear English while the
// app loads (the prerendered page names itself in both, for link previews and readers without
// JavaScript). The texts are app/i18n's PageTitle and PageDescription (app/ui's tests compare).
(() => {
  const texts = {
    "zh-Hans": ["棋盘 · 象棋与黑白棋", "在浏览器里与引擎下象棋或黑白棋，离线也能下。"],
    "zh-Hant": ["棋盤 · 象棋與黑白棋", "在瀏覽器裡與引擎下象棋或黑白棋，離線也能下。"],
    "en": ["qipan · Xiangqi & Reversi", "Play Xiangqi (Chinese chess) or Reversi (Othello) against an engine that runs in your browser, offline too."],
  };
  // i18n.Parse: Chinese of Taiwan, Hong Kong and Macau or marked Hant is Traditional.
  const parse = (tag) => {
    const parts = String(tag || "").trim().toLowerCase().replace(/_/g, "-").split("-");
    if (parts[0] === "en") return "en";
    if (parts[0] !== "zh") return "";
    return parts.slice(1).some((p) => ["hant", "tw", "hk", "mo"].includes(p)) ? "zh-Hant" : "zh-Hans";
  };
  const params = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(location.hash.slice(1))) params.set(k, v);
  let saved = "";
  try {
    saved = document.querySelector(".qipan-embed") ? "" : JSON.parse(localStorage.getItem("qipan.settings") || "{}").lang;
  } catch (e) {
    saved = "";
  }
  const lang = [params.get("lang"), saved, ...(navigator.languages || [navigator.language])].map(parse).find((l) => l) || "en";
  if (!texts[lang]) return;
  document.documentElement.lang = lang;
  document.title = texts[lang][0];
  const d = document.querySelector('meta[name="description"]');
  if (d) d.setAttribute("content", texts[lang][1]);
})();

// qipan: the embed's first board, before the app has loaded (app/ui/embed.go then draws the
// real one). The page is prerendered with the start position. For a link to a FEN this puts
// the FEN's pieces on that board; for a link whose first position may be another (a later
// ply, a record with its own start) it hides the pieces, and for a flipped board or the
// other game the whole board: no wrong position shows while the app loads. Rules stay in
// the app: anything this script does not read plainly is hidden, never guessed.
(() => {
  const board = document.querySelector(".qipan-embed #board");
  if (!board) {
    return;
  }
  const pieces = board.querySelector(".pieces");
  // The link's parameters as app/play.ParseLink reads them: the fragment's replace the
  // query's, and a fragment that is a number is lichess's ply.
  const params = new URLSearchParams(location.search);
  const hash = location.hash.slice(1);
  if (/^\d+$/.test(hash)) {
    params.set("ply", hash);
  } else if (hash) {
    for (const [k, v] of new URLSearchParams(hash)) params.set(k, v);
  }
  const get = (k) => (params.get(k) || "").trim();
  const on = (k) => ["1", "true", "yes", "on"].includes(get(k).toLowerCase());
  const game = get("game").toLowerCase();
  let dhtmlxq = get("dhtmlxq");
  const pgn = get("pgn"), moves = get("moves"), fen = get("fen"), text = get("text");
  if (!dhtmlxq && !pgn && !moves && !fen && !text && window.name.includes("[DhtmlXQ]")) {
    dhtmlxq = window.name;
  }
  const later = /^\d+$/.test(get("ply")) && Number(get("ply")) > 0;
  const hide = (el) => { if (el) el.style.visibility = "hidden"; };
  // What is shown: the start position (as prerendered), another position drawn here, or
  // nothing until the app draws it.
  let shown = "start";
  if ((game && game !== "xiangqi") || text || on("flip")) {
    hide(board);
    shown = "nothing";
  } else if (dhtmlxq || pgn) {
    // From the start position, unless the record sets up its own.
    if (later || /binit/i.test(dhtmlxq) || /\[\s*FEN\s/i.test(pgn)) {
      hide(pieces);
      shown = "nothing";
    }
  } else if (moves && later) {
    hide(pieces);
    shown = "nothing";
  } else if (fen) {
    shown = draw(fen) ? "fen" : "nothing";
    if (shown === "nothing") {
      hide(pieces);
    }
  }
  // The prerendered words describe the start with no moves: hidden where they are wrong.
  if (shown !== "start") {
    hide(document.querySelector(".qipan-embed .embed-status"));
  }
  if (dhtmlxq || pgn || moves || text || (game && game !== "xiangqi")) {
    hide(document.querySelector(".qipan-embed .nomoves"));
  }
  // The links to the app (a tiny frame's only line, "open in qipan") open the link's game at
  // the position the embed opens on: its ply, else the start.
  const appLink = new URLSearchParams();
  for (const [k, v] of [["game", game], ["fen", fen], ["moves", moves], ["pgn", pgn], ["dhtmlxq", dhtmlxq], ["text", text]]) {
    if (v) appLink.set(k, v);
  }
  if (dhtmlxq || pgn || moves || text) appLink.set("ply", get("ply") || "0");
  if (on("flip")) appLink.set("flip", "1");
  for (const a of document.querySelectorAll(".qipan-embed .embed-tiny, .qipan-embed .embed-open")) {
    a.setAttribute("href", "./?" + appLink);
  }

  // draw puts the pieces of a FEN's board field on the board, cloned from the prerendered
  // start position's (it has every kind); false if the field is not plainly 10 ranks of 9.
  function draw(text) {
    const ranks = text.split(/\s+/)[0].split("/");
    if (ranks.length !== 10) {
      return false;
    }
    const proto = {};
    for (const g of pieces.querySelectorAll("g[data-piece]")) {
      proto[g.dataset.piece] ??= g;
    }
    const alias = { h: "n", e: "b", H: "N", E: "B" }; // as ParseFEN accepts them
    const out = [];
    for (let row = 0; row < 10; row++) {
      let file = 0;
      for (const ch of ranks[row]) {
        if (ch >= "1" && ch <= "9") {
          file += Number(ch);
          continue;
        }
        const p = proto[alias[ch] || ch];
        if (!p || file > 8) {
          return false;
        }
        const g = p.cloneNode(true);
        g.setAttribute("data-square", "abcdefghi"[file] + (9 - row));
        // app/ui/svg.go's geometry: points 100 apart, the first 100 from the edge.
        g.setAttribute("transform", "translate(" + (100 + file * 100) + " " + (100 + row * 100) + ")");
        out.push(g);
        file++;
      }
      if (file !== 9) {
        return false;
      }
    }
    pieces.replaceChildren(...out);
    return true;
  }
})();
