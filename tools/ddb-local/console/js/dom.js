// Small DOM helpers shared by the pages: element construction, the status line, tables.

// h("button", {type: "button", onclick: f}, "Save") -> <button type="button">Save</button>.
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// Announces a message in the status region (role=status: read by screen readers).
export function say(message, isError = false) {
  const status = document.getElementById("status");
  status.textContent = message;
  status.classList.toggle("error", isError);
}

// A <table> with a caption, header row and one row per record; cells may be nodes.
export function dataTable(caption, headers, rows) {
  return h("table", {},
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, headers.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((cell) => h("td", {}, cell))))));
}

let labelCount = 0;
// <label>Text <input ...></label>, the input reachable by its label.
export function field(text, control) {
  if (!control.id) control.id = `f${++labelCount}`;
  return h("label", { for: control.id }, text, control);
}

export function select(name, options, value) {
  return h("select", { name },
    options.map((o) => h("option", { value: o, selected: o === value }, o)));
}

// Plain text for a DynamoDB JSON attribute value ({"S":"x"} -> x).
export function plain(value) {
  if (value === undefined) return "";
  const [type, v] = Object.entries(value)[0];
  if (type === "S" || type === "N") return v;
  if (type === "BOOL") return String(v);
  if (type === "NULL") return "null";
  return JSON.stringify(value);
}

// Navigates to page `name` with `params` (an object); app.js renders it on hashchange.
export function go(name, params = {}) {
  const query = new URLSearchParams(params).toString();
  const hash = `#/${name}${query ? `?${query}` : ""}`;
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}

// The table selector of a page that shows one table: choosing another re-renders the page.
export function tablePicker(page, names, current) {
  const control = select("table", names, current);
  control.addEventListener("change", () => go(page, { table: control.value }));
  return field("Table", control);
}

// The table named by the page's ?table=, else the first; null when there is none.
export function chosenTable(names, params) {
  if (!names.length) return null;
  return names.includes(params.get("table")) ? params.get("table") : names[0];
}
