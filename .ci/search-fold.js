// Checks the people search's letter folding, as published in a built site's assets/search.js:
// a query typed either way must find a name written either way. Run by .ci/run with Node:
//   node .ci/search-fold.js public/assets/search.js
"use strict";
const fs = require("fs");
const source = fs.readFileSync(process.argv[2], "utf8");
const start = source.indexOf("var letters");
const end = source.indexOf("\n  }\n", source.indexOf("function fold"));
if (start < 0 || end < 0) { console.error("search-fold: no fold() in " + process.argv[2]); process.exit(1); }
const fold = new Function(source.slice(start, end + 4) + "\nreturn fold;")();
const pairs = [
  ["Mustafa Aydın", "mustafa aydin"], ["İsmail Işık", "ismail isik"], ["AYŞE YILMAZ", "ayse yilmaz"], ["Ayşe Yılmaz", "ayse yilmaz"],
  ["Bjørn Sæther", "bjorn saether"], ["Gudrun Weiß", "gudrun weiss"], ["Ａｌｉｃｅ", "alice"], ["ﬁona", "fiona"], ["Zoë", "zoe"],
  ["Łukasz", "lukasz"], ["علي", "علی"], ["كريم", "کریم"], ["مُحَمَّد", "محمد"], ["حسن\u200Cزاده", "حسن زاده"],
  ["حسن\u200Dزاده", "حسنزاده"], ["ΟΔΥΣΣΕΑΣ", "οδυσσεασ"], ["Οδυσσεας", "οδυσσεασ"], ["Иван  Петров", "иван петров"], ["李小龍", "李小龍"],
];
let failed = 0;
for (const [name, query] of pairs) {
  if (fold(name) !== fold(query)) { console.error(`search-fold: ${name} folds to ${fold(name)}, ${query} to ${fold(query)}`); failed++; }
}
if (fold("Devanagari किताब") !== "devanagari किताब") { console.error("search-fold: the marks of other scripts must stay"); failed++; }
if (failed) process.exit(1);
console.log(`ci: the people search folds ${pairs.length} pairs of names alike`);
