// The browser table of `belote serve` (issue 18). It draws what the server sends (the seat's
// view, docs/protocol.md) and forwards the person's clicks as action strings; the server
// judges every action. Routes: "/" the lobby, "/t/CODE" an invite, "#/table/ID" a table.

import { currentLang, loadWords } from "./words.js";
import { el, setSetting, setting } from "./dom.js";
import { remember } from "./api.js";
import { setRouter } from "./nav.js";
import { applyColours } from "./pieces.js";
import { CreateScreen, JoinScreen, Lobby } from "./lobby.js";
import { TableScreen } from "./table.js";
import { ReplayScreen } from "./replay.js";

const app = document.getElementById("app");

// -- routing -------------------------------------------------------------------------------
let screen = null;  // the screen drawn now: an object with close()

function route() {
  if (screen && screen.close) screen.close();
  screen = null;
  const hash = location.hash.match(/^#\/table\/([A-Za-z0-9_-]{1,64})$/);
  const invite = location.pathname.match(/^\/t\/([A-Za-z0-9 ]{1,16})$/);
  const replayHash = location.hash.match(/^#\/replay\/([A-Za-z0-9_-]{1,64})$/);
  // a concours seat's link (docs/concours-online.md): its token kept, then the table
  const seatLink = location.hash.match(/^#\/seat\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,128})$/);
  if (seatLink) {
    remember(seatLink[1], { token: seatLink[2] });
    history.replaceState(null, "", `/#/table/${seatLink[1]}`);
    screen = new TableScreen(seatLink[1]);
    return;
  }
  if (hash) screen = new TableScreen(hash[1]);
  else if (replayHash) screen = new ReplayScreen(replayHash[1]);
  else if (invite) screen = new JoinScreen(invite[1]);
  else if (location.hash === "#/create") screen = new CreateScreen();
  else screen = new Lobby();
}

async function start() {
  const query = new URLSearchParams(location.search).get("lang");
  const lang = query || setting("lang", "fr");  // French unless the person chose
  await loadWords(lang);
  for (const button of document.querySelectorAll("button.lang")) {
    button.setAttribute("aria-pressed", button.dataset.lang === currentLang() ? "true" : "false");
    button.addEventListener("click", async () => {
      setSetting("lang", button.dataset.lang);
      await loadWords(button.dataset.lang);
      for (const b of document.querySelectorAll("button.lang")) {
        b.setAttribute("aria-pressed", b.dataset.lang === currentLang() ? "true" : "false");
      }
      if (screen instanceof TableScreen) screen.draw(); else route();
    });
  }
  applyColours();
  setRouter(route);
  window.addEventListener("hashchange", route);
  window.addEventListener("popstate", route);
  route();
}

start().catch((error) => {
  app.replaceChildren(el("p", { role: "alert" }, String(error)));
});
