// The table server's pages: live updates, forms sent as JSON, secrets hidden on a tap.
// No library and no build step: the pages are drawn by the server; this file only
// (1) listens to /api/events (one stream per browser, shared by its tabs) and, when the
//     session changed, fetches its own page again and
//     swaps the parts marked data-live, keeping what the player was typing;
// (2) turns a form into the action's JSON (each input says its field and kind) and posts it;
// (3) hides the secret parts of a seat page with one tap, remembered for this tab;
// (4) on a seat's decision: steppers and quick amounts, a question before sending what
//     cannot be caught by others (a secret ballot) or cannot be taken back lightly (undo, the
//     end of the game), and a buzz when the game turns to this phone.
"use strict";

(function () {
  const body = document.body;
  let shownLine = Number(body.dataset.line);
  let shownDoors = Number(body.dataset.doors);   // the seats and the room code, which no line tells
  let refreshing = null;
  let again = false;
  // While an entry is on its way, no redraw: another player's move redrawn then would put
  // the next question's buttons, enabled, where the tapped ones wait (a second tap would send
  // a second entry), or the question just answered, its address not yet left. The redraw
  // held back comes when the entry is answered.
  let sending = false;
  let heldBack = false;

  // -- live updates ---------------------------------------------------------------------

  function typed(root) {
    // The values a player changed by hand, by field and key, to put back after a swap.
    const values = new Map();
    root.querySelectorAll("[data-field]:not(button)").forEach(function (input) {
      const key = fieldKey(input);
      if (input.type === "checkbox") {
        if (input.checked !== input.defaultChecked) values.set(key, input.checked);
      } else if (input.tagName === "SELECT") {
        if (input.selectedIndex > 0 && input.value !== "") values.set(key, input.value);
      } else if (input.value !== input.defaultValue) {
        values.set(key, input.value);
      }
    });
    return values;
  }

  function fieldKey(input) {
    const form = input.closest("form");
    return [form ? form.dataset.action : "", input.dataset.field, input.dataset.key || "",
      input.dataset.index || "", input.type === "checkbox" ? input.value : ""].join("|");
  }

  function restore(root, values) {
    root.querySelectorAll("[data-field]:not(button)").forEach(function (input) {
      const key = fieldKey(input);
      if (!values.has(key)) return;
      if (input.type === "checkbox") input.checked = values.get(key);
      else input.value = values.get(key);
    });
  }

  async function refresh() {
    if (sending) { heldBack = true; return; }
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async function () {
      do {
        again = false;
        // the address's query too: a decision answered one tap at a time carries its answers there
        const asked = location.pathname + location.search;
        const response = await fetch(asked, { cache: "no-store", credentials: "same-origin" });
        // refused now (the host freed this seat, or the link changed): the page's own words say why
        if (!response.ok) { if (response.status < 500) location.reload(); break; }
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        // the page left that address meanwhile (its decision was sent, its answers dropped):
        // what was drawn for the answers it carried is not shown, the page as it is now is
        if (asked !== location.pathname + location.search) { again = true; continue; }
        if (sending) { heldBack = true; break; }
        shownLine = Number(fresh.body.dataset.line);
        body.dataset.line = String(shownLine);
        // the banner tells the latest move only: a later entry (anyone's) clears it
        const banner = document.getElementById("told");
        if (banner && !banner.hidden && shownLine > Number(banner.dataset.line || 0)) banner.hidden = true;
        shownDoors = Number(fresh.body.dataset.doors);
        body.dataset.doors = String(shownDoors);
        fresh.querySelectorAll("[data-live][id]").forEach(function (part) {
          const old = document.getElementById(part.id);
          if (!old || old.innerHTML === part.innerHTML) return;
          const focused = document.activeElement && old.contains(document.activeElement)
            ? fieldKey(document.activeElement) : null;
          const values = typed(old);
          const opened = new Map();   // the boxes a player opened or closed keep their state
          old.querySelectorAll("details[data-form]").forEach(function (box) { opened.set(box.dataset.form, box.open); });
          const sides = new Map();    // and a picker of cards laid its tab
          old.querySelectorAll(".sides .side[aria-pressed=true]").forEach(function (tab) {
            sides.set(tab.closest("form").dataset.action, tab.dataset.side);
          });
          old.innerHTML = part.innerHTML;
          restore(old, values);
          old.querySelectorAll(".sides").forEach(function (box) {
            const side = sides.get(box.closest("form").dataset.action);
            if (side) showSide(box, side);
          });
          countSides(old);
          showWriting(old);
          old.querySelectorAll("details[data-form]").forEach(function (box) {
            if (opened.has(box.dataset.form)) box.open = opened.get(box.dataset.form);
          });
          if (focused) {
            const target = Array.from(old.querySelectorAll("[data-field]")).find(function (el) {
              return fieldKey(el) === focused;
            });
            if (target) target.focus();
          }
          budgets(old);
        });
        buzz();
      } while (again);
    })().finally(function () { refreshing = null; });
    return refreshing;
  }

  // One event stream per browser, shared by its tabs: a browser holds at most 6 connections
  // to a server, and a stream per tab left a 7th tab waiting forever. One tab leads (it
  // renews a mark in localStorage every 2 s), holds the stream and passes each event on a
  // BroadcastChannel; when it closes (or its mark is 5 s old) another tab takes over. Web
  // Locks would be simpler but exist only in secure contexts, and phones use plain HTTP.
  const LEAD_KEY = "kit-events-lead";
  const LEAD_EVERY = 2000;
  const LEAD_STALE = 5000;

  function heard(message) {
    const offline = document.getElementById("offline");
    if (message.type === "line") {
      offline.hidden = true;
      if (message.line !== shownLine || message.doors !== shownDoors) refresh();
    } else {
      // The browser reconnects by itself; say so, and catch up when it is back.
      offline.textContent = body.dataset.offline;
      offline.hidden = false;
    }
  }

  function stream(tell) {
    const events = new EventSource("/api/events");
    events.onmessage = function (event) {
      const told = JSON.parse(event.data);
      tell({ type: "line", line: told.line, doors: told.doors });
    };
    events.onerror = function () { tell({ type: "offline" }); };
    return events;
  }

  function listen() {
    let channel = null;
    try {
      localStorage.getItem(LEAD_KEY);
      channel = new BroadcastChannel("kit-events");
    } catch (error) { /* no storage or no channel: this tab keeps a stream of its own */ }
    if (!channel) { stream(heard); return; }
    channel.onmessage = function (event) { heard(event.data); };
    const me = Math.random().toString(36).slice(2) + Date.now().toString(36);
    let events = null;
    function lead() {
      let mark = null;
      try { mark = JSON.parse(localStorage.getItem(LEAD_KEY) || "null"); } catch (error) { mark = null; }
      const now = Date.now();
      if (!mark || mark.id === me || now - mark.at > LEAD_STALE) {
        localStorage.setItem(LEAD_KEY, JSON.stringify({ id: me, at: now }));
        if (!events) events = stream(function (message) { heard(message); channel.postMessage(message); });
      } else if (events) {   // two tabs took the lead at once: the later mark keeps it
        events.close();
        events = null;
      }
    }
    lead();
    setInterval(lead, LEAD_EVERY);
    window.addEventListener("pagehide", function () {
      if (!events) return;
      events.close();
      events = null;
      try {
        const mark = JSON.parse(localStorage.getItem(LEAD_KEY) || "null");
        if (mark && mark.id === me) localStorage.removeItem(LEAD_KEY);
      } catch (error) { /* nothing to hand over */ }
    });
  }

  // -- forms ----------------------------------------------------------------------------

  function read(input) {
    const kind = input.dataset.kind;
    const text = input.value.trim();
    if (kind === "list") return input.checked ? input.value : undefined;
    if (kind === "item") return text === "" ? undefined : text;
    if (text === "") return undefined;
    if (kind === "int") return /^[-+]?\d+$/.test(text) ? Number(text) : text;
    if (kind === "bool") return text === "true";
    if (kind === "json") return JSON.parse(text);   // a choice's value that is not a word: true, 3
    if (kind === "names") return text.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
    if (kind === "ints" || kind === "more") {
      return text.split(/[,\s]+/).filter(Boolean).map(function (s) {
        return /^[-+]?\d+$/.test(s) ? Number(s) : s;
      });
    }
    return text;
  }

  function action(form, submitter) {
    const result = { action: form.dataset.action };
    const inputs = Array.from(form.querySelectorAll("[data-field]:not(button)"));
    if (submitter && submitter.dataset.field) inputs.push(submitter);   // the tapped answer
    inputs.forEach(function (input) {
      const field = input.dataset.field;
      const value = read(input);
      if (input.dataset.kind === "list" || input.dataset.kind === "item") {
        if (!(field in result)) result[field] = [];
        if (value !== undefined) result[field].push(value);
      } else if (input.dataset.kind === "more") {   // numbers typed beside the cards ticked: one list
        result[field] = (result[field] || []).concat(value || []);
      } else if (value === undefined) {
        return;
      } else if (input.dataset.key) {
        if (!(field in result)) result[field] = {};
        result[field][input.dataset.key] = value;
      } else {
        result[field] = value;
      }
    });
    if (form.dataset.drops) {   // a value chosen that leaves other fields out (« let it pass » lays no card)
      const drops = JSON.parse(form.dataset.drops);
      Object.keys(drops).forEach(function (field) {
        const gone = drops[field][String(result[field])];
        if (gone) gone.forEach(function (other) { delete result[other]; });
      });
    }
    if (submitter && submitter.dataset.fill) {   // what the rules settle once this answer completes it
      Object.assign(result, JSON.parse(submitter.dataset.fill));
    }
    if (submitter && submitter.dataset.drop) {   // a field settled before that this answer leaves out
      submitter.dataset.drop.split(" ").forEach(function (field) { delete result[field]; });
    }
    for (const field of Object.keys(result)) {
      // An optional group left empty is no field at all.
      const group = form.querySelector('fieldset[data-group="' + field + '"]');
      if (Array.isArray(result[field]) && result[field].length === 0 && !(group && group.dataset.required)) {
        delete result[field];
      }
    }
    return result;
  }

  async function send(form, submitter) {
    const answer = form.querySelector(".answer");
    const told = document.getElementById("told");
    if (told) told.hidden = true;   // the verdict of the entry before: this one's comes
    const buttons = Array.from(form.querySelectorAll("button[type=submit]"));
    buttons.forEach(function (button) { button.disabled = true; });
    answer.className = "answer";
    answer.textContent = "…";
    sending = true;
    try {
      const response = await fetch(form.dataset.post, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(action(form, submitter)),
        credentials: "same-origin",
      });
      let reply;
      try { reply = await response.json(); } catch (error) { reply = { ok: false, error: response.statusText }; }
      if (reply.ok) {
        // what the entry did, in the rules' words (a challenge's verdict), else "Saved.": said
        // above the forms, outside the parts a change redraws, so the form the next decision
        // puts in this one's place does not take the verdict away with it
        const said = reply.told && reply.told.length ? reply.told.join(" ") : body.dataset.saved;
        form.reset();
        countSides(form);
        ask(form, false);
        answer.textContent = "";
        if (told && reply.line !== undefined) {   // an entry of the log (not the answers kept ahead)
          told.textContent = said;
          told.dataset.line = String(reply.line);
          told.hidden = false;
        } else {
          answer.textContent = said;
          answer.classList.add("ok");
        }
        // the decision is sent: the answers it carried in the address are done with
        if (/[?&](f\.|do=)/.test(location.search)) history.replaceState(null, "", location.pathname);
        sending = false;
        heldBack = false;   // this redraw shows the page as it is now, whatever was held back
        await refresh();
        if (told && !told.hidden) {
          // the verdict is read first: brought into view if the form sent was further down
          told.scrollIntoView({ block: "nearest" });
        } else {
          // the swap may have redrawn the form (the answers kept ahead): say it on the one now shown
          const now = document.querySelector('form.act[data-action="' + form.dataset.action + '"] .answer');
          if (now && now !== answer) {
            now.textContent = said;
            now.className = "answer ok";
          }
        }
      } else {
        answer.textContent = reply.error;
        answer.classList.add("refused");
      }
    } catch (error) {
      answer.textContent = body.dataset.offline;
      answer.classList.add("refused");
    } finally {
      buttons.forEach(function (button) { button.disabled = false; });
      if (sending) {      // refused or unsent: the page stays, and what changed meanwhile shows now
        sending = false;
        if (heldBack) { heldBack = false; refresh(); }
      }
    }
  }

  document.addEventListener("submit", function (event) {
    const form = event.target.closest("form.act");
    if (!form) return;
    event.preventDefault();
    if (form.dataset.confirm && !form.classList.contains("asking")) {
      ask(form, true);
      return;
    }
    send(form, event.submitter);
  });

  // -- asking before sending ----------------------------------------------------------------

  function entered(form) {
    // What a secret form holds, as "17 POUR and 5 CONTRE", or null when nothing is entered.
    const items = [];
    form.querySelectorAll("[data-field]:not(button)").forEach(function (input) {
      if (input.type === "hidden") return;
      if (input.dataset.kind === "int") {
        if (Number(input.value) > 0) items.push(input.value + " " + (input.dataset.label || ""));
      } else if (input.tagName === "SELECT" && input.value !== "") {
        items.push(input.options[input.selectedIndex].text);
      }
    });
    if (!items.length) return null;
    if (items.length === 1) return items[0];
    return (form.dataset.and || "{names}, {last}").replace("{names}", items.slice(0, -1).join(", "))
      .replace("{last}", items[items.length - 1]);
  }

  function ask(form, asking) {
    const box = form.querySelector(".confirm");
    if (!box) return;
    form.classList.toggle("asking", asking);
    box.hidden = !asking;
    const send = form.querySelector("button.send");
    if (send) send.hidden = asking;
    if (!asking) return;
    let question = form.dataset.confirm;
    if (question.indexOf("{what}") >= 0) {
      const what = entered(form);
      question = what === null ? form.dataset.empty : question.replace("{what}", what);
    }
    box.querySelector(".question").textContent = question;
    box.querySelector("button.yes").focus();
  }

  // Cards laid on a test: a tap on a number shows the cards counting it (a tap again, none).
  document.documentElement.classList.add("scripted");
  document.addEventListener("click", function (event) {
    const number = event.target.closest(".by-number .number");
    if (!number) return;
    const box = number.closest(".laid");
    const pressed = number.getAttribute("aria-pressed") !== "true";
    box.querySelectorAll(".by-number .number").forEach(function (other) {
      other.setAttribute("aria-pressed", String(other === number && pressed));
    });
    box.querySelectorAll(".chip").forEach(function (chip) {
      chip.classList.toggle("shown", pressed && chip.dataset.n === number.dataset.n);
    });
  });

  // The numbers of cards written by hand: their input, shown on a tap (or once it holds some).
  function showWriting(root) {
    root.querySelectorAll(".laid").forEach(function (box) {
      const typed = Array.from(box.querySelectorAll("[data-kind=more]")).some(function (input) { return input.value; });
      if (typed) box.classList.add("writing");
      const write = box.querySelector(".by-number .write");
      if (write) write.setAttribute("aria-expanded", String(box.classList.contains("writing")));
    });
  }

  document.addEventListener("click", function (event) {
    const write = event.target.closest(".by-number .write");
    if (!write) return;
    const box = write.closest(".laid");
    write.setAttribute("aria-expanded", String(box.classList.toggle("writing")));
    const input = Array.from(box.querySelectorAll("[data-kind=more]")).find(function (one) { return one.offsetParent; });
    if (input && box.classList.contains("writing")) input.focus();
  });

  // Lists of cards laid on one test, one picker: a tab shows its list's cards; each tab says
  // how many cards its list holds (ticked, and numbers typed for cards written by hand).
  function showSide(box, side) {
    box.querySelectorAll(".side-tabs .side").forEach(function (tab) {
      tab.setAttribute("aria-pressed", String(tab.dataset.side === side));
    });
    box.querySelectorAll(".side-part").forEach(function (part) {
      part.classList.toggle("active", part.dataset.side === side);
    });
  }

  function countSides(root) {
    root.querySelectorAll(".sides .side-tabs .side").forEach(function (tab) {
      const part = tab.closest(".sides").querySelector('.side-part[data-side="' + tab.dataset.side + '"]');
      const more = part.querySelector("[data-kind=more]");
      const typed = more ? more.value.split(/[\s,;]+/).filter(function (n) { return n !== ""; }).length : 0;
      const held = part.querySelectorAll("input[type=checkbox]:checked").length + typed;
      tab.querySelector(".count").textContent = held ? " (" + held + ")" : "";
    });
  }

  document.addEventListener("click", function (event) {
    const tab = event.target.closest(".side-tabs .side");
    if (tab) showSide(tab.closest(".sides"), tab.dataset.side);
  });
  document.addEventListener("input", function (event) {   // a box ticked, a number typed
    if (event.target.closest(".sides")) countSides(event.target.closest(".sides"));
  });

  document.addEventListener("click", function (event) {
    const no = event.target.closest(".confirm button.no");
    if (no) { ask(no.closest("form"), false); return; }
    const step = event.target.closest("button.step, button.quick");
    if (!step) return;
    const row = step.closest(".stepper");
    const input = row.querySelector("input");
    const low = Number(input.min);
    const high = room(input);
    const now = /^\d+$/.test(input.value) ? Number(input.value) : low;
    let next = now;
    if (step.dataset.by) next = now + Number(step.dataset.by);
    else if (step.dataset.set === "low") next = low;
    else if (step.dataset.set === "half") next = Math.floor((low + high) / 2);
    else if (step.dataset.set === "all") next = high;
    input.value = String(Math.max(low, Math.min(high, next)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  function room(input) {
    // The most this number may be: its own bound, less what the others of its budget hold.
    const form = input.closest("form");
    let high = Number(input.max);
    if (form && form.dataset.budget) {
      form.dataset.budget.split(" ").forEach(function (field) {
        const other = form.querySelector('[data-field="' + field + '"]');
        if (other && other !== input && /^\d+$/.test(other.value)) high -= Number(other.value);
      });
    }
    return Math.max(Number(input.min), high);
  }

  function budgets(root) {
    // The quick amounts say what they would give now; + stops at the bound.
    root.querySelectorAll(".stepper").forEach(function (row) {
      const input = row.querySelector("input");
      const low = Number(input.min);
      const high = room(input);
      const half = row.querySelector('[data-set="half"] .n');
      const all = row.querySelector('[data-set="all"] .n');
      if (half) half.textContent = String(Math.floor((low + high) / 2));
      if (all) all.textContent = String(high);
      const more = row.querySelector('[data-by="1"]');
      const less = row.querySelector('[data-by="-1"]');
      const now = /^\d+$/.test(input.value) ? Number(input.value) : low;
      if (more) more.disabled = now >= high;
      if (less) less.disabled = now <= low;
    });
  }

  document.addEventListener("input", function (event) {
    const form = event.target.closest("form.act");
    if (!form) return;
    if (form.classList.contains("asking")) ask(form, false);   // changed: ask again on the next send
    budgets(form);
  });
  document.addEventListener("change", function (event) {
    const form = event.target.closest("form.act");
    if (form && form.classList.contains("asking")) ask(form, false);
  });

  // -- the game turns to this phone -------------------------------------------------------

  let mine = Boolean(document.querySelector(".turn[data-mine]"));
  function buzz() {
    const now = Boolean(document.querySelector(".turn[data-mine]"));
    if (now && !mine && navigator.vibrate) {
      try { navigator.vibrate([120, 80, 120]); } catch (error) { /* not allowed here */ }
    }
    mine = now;
  }
  budgets(document);

  // -- secrets hidden on a tap ----------------------------------------------------------

  const hide = document.getElementById("hide");
  function setHidden(hidden) {
    body.classList.toggle("secrets-hidden", hidden);
    hide.setAttribute("aria-pressed", String(hidden));
    hide.textContent = hidden ? body.dataset.shown : body.dataset.hidden;
    try { sessionStorage.setItem("kit-secrets-hidden", hidden ? "1" : ""); } catch (error) { /* private mode */ }
  }
  if (hide) {
    let stored = "";
    try { stored = sessionStorage.getItem("kit-secrets-hidden") || ""; } catch (error) { /* private mode */ }
    setHidden(stored === "1");
    hide.addEventListener("click", function () { setHidden(!body.classList.contains("secrets-hidden")); });
  }

  listen();
})();
