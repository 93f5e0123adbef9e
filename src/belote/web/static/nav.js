// Moving between the page's screens: the address says which (app.js draws it).

let router = () => {};

// The function that draws the screen of the address (app.js's route).
export function setRouter(fn) {
  router = fn;
}

// Draw the screen of the address again (after history.pushState).
export function reroute() {
  router();
}

export function go(hash) {
  if (location.pathname !== "/") {
    history.pushState(null, "", `/${hash}`);
    router();
  } else if (location.hash === hash) {
    router();
  } else {
    location.hash = hash;
  }
}
