// qipan embed.js: include it in a blog page and every [DhtmlXQ]…[/DhtmlXQ] block of text and
// every <pre class="qipan"> (a FEN, PGN, move list or Reversi transcript; data-game="reversi"
// to say which game, data-ply, data-flip, data-play, data-theme, data-lang, data-notation for
// the options) becomes a qipan board: an <iframe> of the site's /embed beside this script, as
// wide as the column, as tall as its content says (it posts its height). Without data-lang the
// frame speaks the post's language (its lang attribute, else the reader's browser's), and the
// moves show in the notation the record is written in, else the one of that language; without
// data-theme the frame is light on a light page and dark on a dark one.
//
//   <script src="https://example.org/qipan/web/embed.js" defer></script>
//
// The game travels in the frame's URL fragment, which is never sent to a server. The page's
// text is read as text and never written as markup.
//
// An <iframe> of the site's /embed already in the page with no size of its own (no width or
// height attribute, none in its style: a browser draws it 300×150, where the embed only has
// room for a link to the app) is sized too: as wide as the column up to 480 px, and as high as
// the embed's board and bar need at that width (with play=1 its play row too).
(function () {
  "use strict";
  const script = document.currentScript;
  if (!script || window.qipanEmbedDone) return;
  window.qipanEmbedDone = true;
  const embedURL = new URL("../embed", script.src).href;
  const frames = [];

  function frameFor(text, opts) {
    const params = new URLSearchParams();
    if (opts.game) params.set("game", opts.game);
    params.set(text.indexOf("[DhtmlXQ]") >= 0 ? "dhtmlxq" : "text", text.trim());
    for (const k of ["ply", "flip", "play", "theme", "lang", "autoplay", "notation", "puzzle", "scores", "report"]) {
      if (opts[k]) params.set(k, opts[k]);
    }
    params.set("fit", "width");
    const f = document.createElement("iframe");
    f.src = embedURL + "#" + params.toString();
    f.title = frameTitle(opts.lang, opts.game);
    f.loading = "lazy";
    f.className = "qipan-frame";
    f.style.cssText = "display:block;width:100%;max-width:100%;border:0;margin:1em 0;";
    frames.push(f);
    return f;
  }

  // A first height from the width (the frame then says its own): the board is square-ish.
  function guessHeights() {
    for (const f of frames) {
      if (!f.dataset.sized) {
        const w = f.getBoundingClientRect().width || 480;
        f.style.height = Math.round(w < 600 ? w * 1.1 + 150 : (w - 222) * 1.1 + 60) + "px";
      }
    }
  }

  window.addEventListener("message", (e) => {
    const d = e.data;
    if (!d || d.type !== "qipan:embed-height" || typeof d.height !== "number") return;
    for (const f of frames) {
      if (f.contentWindow === e.source) {
        f.style.height = Math.max(120, Math.min(4000, Math.ceil(d.height))) + "px";
        f.dataset.sized = "1";
      }
    }
  });

  // The frame's name for screen readers, in the frame's language (app/i18n's XiangqiBoard
  // and ReversiBoard).
  function frameTitle(lang, game) {
    const l = (lang || "").toLowerCase();
    const reversi = game === "reversi" || game === "othello";
    if (/^zh(-.*)?-(hant|tw|hk|mo)(-|$)/.test(l)) return reversi ? "黑白棋棋盤" : "象棋棋盤";
    if (/^zh(-|$)/.test(l)) return reversi ? "黑白棋棋盘" : "象棋棋盘";
    return reversi ? "Reversi board" : "Xiangqi board";
  }

  // light reports whether the page shows el on a light background: the first opaque
  // background of it or its ancestors (none: the browser's white).
  function light(el) {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor.match(/[\d.]+/g);
      if (c && (c.length < 4 || Number(c[3]) > 0.5)) {
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] > 140;
      }
    }
    return true;
  }

  function options(el) {
    const o = {};
    for (const k of ["game", "ply", "flip", "play", "theme", "lang", "autoplay", "notation", "scores", "report"]) {
      if (el && el.dataset && el.dataset[k]) o[k] = el.dataset[k];
    }
    // <pre class="qipan" data-puzzle>FEN</pre>: the position is a puzzle (the bare attribute);
    // a Reversi one (data-game="reversi") is judged by data-scores="d3:6,c4:-4" when given,
    // else it must be a position of the site's collection.
    if (el && el.dataset && el.dataset.puzzle !== undefined && el.dataset.puzzle !== "0") o.puzzle = "1";
    if (!o.lang) {
      const marked = el && el.closest ? el.closest("[lang]") : null;
      o.lang = (marked && marked.lang) || document.documentElement.lang || navigator.language || "";
    }
    // A <pre> is replaced by the frame: what shows around it is its parent's background.
    if (!o.theme && el) o.theme = light(el.tagName === "PRE" ? el.parentElement : el) ? "light" : "wood";
    return o;
  }

  // <pre class="qipan">: the whole element is the game.
  function replacePres(root) {
    for (const pre of root.querySelectorAll("pre.qipan")) {
      pre.replaceWith(frameFor(pre.textContent, options(pre)));
    }
  }

  // [DhtmlXQ]…[/DhtmlXQ] in text, possibly split over several text nodes (<br> lines).
  function replaceBlocks(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement && n.parentElement.closest("script, style, textarea, iframe")
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    for (let i = 0; i < nodes.length; i++) {
      const start = nodes[i];
      if (!start.isConnected) continue;
      const at = start.data.indexOf("[DhtmlXQ]");
      if (at < 0) continue;
      let text = "";
      for (let j = i; j < nodes.length; j++) {
        const n = nodes[j];
        const from = j === i ? at : 0;
        const end = n.data.indexOf("[/DhtmlXQ]", from);
        if (end < 0) {
          text += n.data.slice(from) + "\n";
          continue;
        }
        text += n.data.slice(from, end + "[/DhtmlXQ]".length);
        const range = document.createRange();
        range.setStart(start, at);
        range.setEnd(n, end + "[/DhtmlXQ]".length);
        range.deleteContents();
        range.insertNode(frameFor(text, options(start.parentElement)));
        i = j;
        break;
      }
    }
  }

  // embedHeight is app/ui's EmbedHeight: the height of a frame w px wide that holds the
  // embed's board (as wide as the frame less its padding) and its bar under it.
  function embedHeight(w, reversi, play) {
    return Math.floor((w - 8) * (reversi ? 1 : 1.1)) + 136 + (play ? 46 : 0);
  }

  // sizeBareFrames sizes the frames of the site's embed the page left at the browser's 300×150.
  function sizeBareFrames(root) {
    for (const f of root.querySelectorAll("iframe")) {
      if (f.classList.contains("qipan-frame") || f.hasAttribute("width") || f.hasAttribute("height") ||
        f.style.width || f.style.height || f.style.aspectRatio) continue;
      let u;
      try {
        u = new URL(f.getAttribute("src") || "", location.href);
      } catch (e) {
        continue;
      }
      if (u.origin + u.pathname !== embedURL) continue;
      const params = new URLSearchParams(u.search);
      for (const [k, v] of new URLSearchParams(u.hash.slice(1))) params.set(k, v);
      const on = (k) => ["1", "true", "yes", "on"].includes((params.get(k) || "").toLowerCase());
      const reversi = ["reversi", "othello"].includes((params.get("game") || "").toLowerCase());
      f.style.cssText += ";display:block;width:100%;max-width:480px;height:auto;border:0;";
      const w = Math.round(f.getBoundingClientRect().width) || 480;
      f.style.aspectRatio = w + " / " + embedHeight(w, reversi, on("play") || on("puzzle")); // a puzzle's row is the play row's height
    }
  }

  function run() {
    replacePres(document.body);
    replaceBlocks(document.body);
    guessHeights();
    sizeBareFrames(document.body);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
