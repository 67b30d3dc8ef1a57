// sextant workbench: progressive enhancement only. Every page works
// without this script; it adds search as you type, keyboard navigation of
// results, and live chat steps over server-sent events.
(function () {
  "use strict";
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  function typing(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
  }

  // "/" focuses the search box from anywhere.
  document.addEventListener("keydown", (e) => {
    if (e.key !== "/" || typing(document.activeElement) || e.ctrlKey || e.metaKey || e.altKey) return;
    const box = $("#q") || $("#quick-q") || $("#home-q");
    if (box) { e.preventDefault(); box.focus(); box.select(); }
  });

  // Search as you type, debounced; the address follows the query so it
  // can be linked and reloaded.
  const form = $("#search-form");
  const results = $("#results");
  if (form && results) {
    const box = $("#q");
    let timer = 0, ctl = null, last = new URLSearchParams(new FormData(form)).toString();
    const run = () => {
      const params = new URLSearchParams(new FormData(form));
      for (const [k, v] of Array.from(params.entries())) if (v === "") params.delete(k);
      const qs = params.toString();
      if (qs === last) return;
      last = qs;
      if (ctl) ctl.abort();
      ctl = new AbortController();
      results.setAttribute("aria-busy", "true");
      fetch("/search?" + qs + (qs ? "&" : "") + "fragment=results", { signal: ctl.signal, headers: { "Accept": "text/html" } })
        .then((r) => r.text())
        .then((html) => {
          results.innerHTML = html;
          results.removeAttribute("aria-busy");
          history.replaceState(null, "", "/search" + (qs ? "?" + qs : ""));
          document.title = (box.value ? box.value + " — search" : "Search") + " · sextant";
        })
        .catch((err) => { if (err.name !== "AbortError") results.removeAttribute("aria-busy"); });
    };
    const soon = () => { clearTimeout(timer); timer = setTimeout(run, 250); };
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    form.addEventListener("submit", (e) => { e.preventDefault(); clearTimeout(timer); run(); });
  }

  // Arrow keys move through result links; Escape returns to the box.
  document.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp" && e.key !== "Escape") return;
    const links = $$("a.hit");
    if (!links.length) return;
    const box = $("#q") || $("#quick-q");
    const at = links.indexOf(document.activeElement);
    if (e.key === "Escape") { if (at >= 0 && box) { e.preventDefault(); box.focus(); } return; }
    if (at < 0 && document.activeElement !== box) return;
    e.preventDefault();
    let next = at + (e.key === "ArrowDown" ? 1 : -1);
    if (next < 0) { if (box) box.focus(); return; }
    next = Math.min(next, links.length - 1);
    links[next].focus();
    links[next].scrollIntoView({ block: "nearest" });
  });

  // Chat: steps arrive over server-sent events as server-rendered HTML.
  const chat = $("#chat");
  if (chat) {
    const sid = chat.dataset.session;
    const state = $("#state");
    const ask = $("#ask");
    const msg = $("#message");
    const stop = $("#stop");
    const send = $("#send");
    const nearBottom = () => window.innerHeight + window.scrollY > document.body.scrollHeight - 200;
    const apply = (ev) => {
      const d = JSON.parse(ev.data);
      const follow = nearBottom();
      if (d.mode === "append") {
        const root = document.getElementById(d.target);
        if (!root) return;
        const tmp = document.createElement("template");
        tmp.innerHTML = d.html.trim();
        const node = tmp.content.firstElementChild;
        if (node && node.id && document.getElementById(node.id)) return; // already on the page
        root.insertAdjacentHTML("beforeend", d.html);
      } else {
        const el = document.getElementById(d.target);
        if (el) el.outerHTML = d.html; else $("#turns").insertAdjacentHTML("beforeend", d.html);
      }
      if (follow) window.scrollTo(0, document.body.scrollHeight);
    };
    const busy = (on) => {
      if (stop) stop.hidden = !on;
      if (send) send.disabled = on;
      state.textContent = on ? "The analyst is working; each step appears as it happens." : "";
    };
    const es = new EventSource("/chat/" + encodeURIComponent(sid) + "/events?after=" + encodeURIComponent(chat.dataset.seq || "0"));
    es.addEventListener("turn", (ev) => { apply(ev); busy(true); });
    es.addEventListener("step", apply);
    es.addEventListener("done", (ev) => { apply(ev); busy(false); });
    es.addEventListener("reload", () => { es.close(); location.reload(); });
    es.addEventListener("closed", () => { es.close(); location.href = "/chat"; });

    const post = (url) => {
      const body = new URLSearchParams(new FormData(ask));
      return fetch(url, { method: "POST", body, headers: { "Accept": "application/json" } })
        .then((r) => r.json().then((j) => ({ ok: r.ok, j })))
        .then(({ ok, j }) => { if (!ok) throw new Error(j.error || "the server refused the request"); return j; });
    };
    ask.addEventListener("submit", (e) => {
      const url = (e.submitter && e.submitter.getAttribute("formaction")) || ask.action;
      e.preventDefault();
      if (url === ask.action && !msg.value.trim()) { msg.focus(); return; }
      post(url).then(() => { if (url === ask.action) msg.value = ""; })
        .catch((err) => { state.textContent = "Not sent: " + err.message; });
    });
    msg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); ask.requestSubmit(send); }
    });
    if (stop && !stop.hidden) busy(true);
  }
})();
