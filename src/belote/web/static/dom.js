// What the pages of belote serve share beyond their words (words.js): building elements,
// the message box (#toast), and the small records a browser keeps in its local storage.

// An element: attributes (class, text, on<event>, dataset, the others as they are; null,
// undefined and false left out) and children (nodes, or text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A setting kept in the local storage (`belote.NAME`): its text, else `fallback`.
export function setting(name, fallback) {
  const value = localStorage.getItem(`belote.${name}`);
  return value === null ? fallback : value;
}

// Keep the setting `name` (as text).
export function setSetting(name, value) {
  localStorage.setItem(`belote.${name}`, String(value));
}

// The records kept under the local storage's `store`: {id: {…facts, at}} ({} when none, or
// unreadable).
export function kept(store) {
  try { return JSON.parse(localStorage.getItem(store) || "{}"); } catch { return {}; }
}

// Add `facts` to the record `id` of `store` (its `at` now).
export function keep(store, id, facts) {
  const all = kept(store);
  all[id] = { ...(all[id] || {}), ...facts, at: Date.now() };
  localStorage.setItem(store, JSON.stringify(all));
}

// Forget the record `id` of `store`.
export function drop(store, id) {
  const all = kept(store);
  delete all[id];
  localStorage.setItem(store, JSON.stringify(all));
}

let toastTimer = null;

// Hide the message box.
export function hideToast() {
  clearTimeout(toastTimer);
  document.getElementById("toast").hidden = true;
}

// Show `text` in the page's message box (#toast) for 6 seconds; `kind` "error" or "info".
export function toast(text, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}
