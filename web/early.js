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
