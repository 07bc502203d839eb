// Checks that the people search speaks the site's language: runs a built site's assets/search.js
// in Node, with just enough of a page around it (the search box of users/index.html, its
// data-words, the page's lang), and reads what the status line says. Run by .ci/run:
//   node .ci/search-words.js <built site's public folder>
"use strict";
const fs = require("fs");
const root = process.argv[2];
const page = fs.readFileSync(root + "/users/index.html", "utf8");
const attribute = (name) => {
  const match = page.match(new RegExp(name + '="([^"]*)"'));
  return match && match[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
};
const lang = page.match(/<html lang="([^"]+)"/)[1];
const people = [{n: "Bob Stone", e: "bob@example.com", c: "France", u: "users/bob.html"}];
for (let i = 0; i < 1234; i++) people.push({n: "Ann " + i, e: "ann" + i + "@example.com", c: "Norway", u: "users/ann-" + i + ".html"});

function element() {
  return {hidden: false, textContent: "", children: [], appendChild(child) { this.children.push(child); this.textContent += child.textContent; },
          insertAdjacentHTML() {}, setAttribute() {}};
}
const listeners = {};
const input = Object.assign(element(), {value: "", disabled: false, addEventListener(type, listener) { listeners[type] = listener; }});
const status = element();
Object.defineProperty(status, "textContent", {get() { return this.text || ""; }, set(value) { this.text = value; }});
status.appendChild = function (child) { this.text = (this.text || "") + child.textContent; };
const results = element();
const box = Object.assign(element(), {
  getAttribute: (name) => ({"data-index": "index.json", "data-root": "", "data-words": attribute("data-words")})[name] ?? null,
  querySelector: (selector) => ({"input": input, ".search-status": status, ".search-results": results})[selector],
});
global.document = {
  documentElement: {lang},
  querySelector: (selector) => selector === ".search" ? box : selector.startsWith("ul.people") ? element() : null,
  createElement: () => element(),
};
global.window = {fetch: true};
global.location = {protocol: "http:"};
global.fetch = () => Promise.resolve({ok: true, json: () => Promise.resolve(people)});
new Function(fs.readFileSync(root + "/assets/search.js", "utf8"))();

const expected = JSON.parse(process.argv[3]);
let failed = 0;
(async () => {
  listeners.focus();
  if (status.textContent !== expected.loading) { console.error(`search-words: loading says "${status.textContent}"`); failed++; }
  for (const [query, says] of expected.queries) {
    input.value = query;
    listeners.input();
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (status.textContent !== says) { console.error(`search-words: "${query}" says "${status.textContent}", not "${says}"`); failed++; }
  }
  if (failed) process.exit(1);
  console.log(`ci: the people search speaks ${lang}: ${expected.queries.map((q) => q[1]).join(" / ")}`);
})();
