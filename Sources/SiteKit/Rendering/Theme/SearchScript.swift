/// The people filter: progressive enhancement over the paginated lists.
///
/// Without JavaScript (or opened from disk, `file://`, where the index cannot be fetched) the
/// search box stays hidden and the lists work exactly as before. With it, typing filters every
/// person by name, email and country from `users/index.json`, letters folded as `folding` says. The
/// index (8 MB at 50,000 people) is fetched when the search box is first used, not with every
/// list page; if it cannot be, the box says so and the lists stay.
enum SearchScript {
    /// How the query and the people's text are compared: as addresses fold names (`Slug`), case,
    /// accents and compatibility forms aside (ｆｕｌｌ-width letters, the ligature ﬁ), Latin letters
    /// of their own spelled in ASCII (Işık is isik, Weiß weiss, Bjørn bjorn), the Persian and
    /// Arabic forms of yeh and kaf alike and harakat aside (علی and علي), a zero-width non-joiner
    /// a space (حسن‌زاده and حسن زاده), and a word-ending ς as σ. Both sides are folded alike, so
    /// a query typed either way finds the name written either way.
    static let folding = #"""
      var letters = {"ı": "i", "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
        "ħ": "h", "ŧ": "t", "ŋ": "ng", "ς": "σ", "\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"};
      function fold(text) {
        return (text || "").normalize("NFKD").toLowerCase()
          .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, "")
          .replace(/[ıßøæœłđðþħŧŋς\u064a\u0649\u0643]/g, function (c) { return letters[c]; })
          .replace(/\u200d/g, "").replace(/[\s\u200c]+/g, " ");
      }
    """#

    static let javascript = #"""
    (function () {
      "use strict";
      var box = document.querySelector(".search");
      if (!box || !window.fetch || location.protocol === "file:") return;
      var input = box.querySelector("input");
      var status = box.querySelector(".search-status");
      var results = box.querySelector(".search-results");
      var list = document.querySelector("ul.people:not(.search-results)");
      var pages = document.querySelector(".pagination");
      var root = box.getAttribute("data-root") || "";
      var people = null;
      // What the search says, in the site's words (`data-words`, see `SearchWords`); English when
      // a template of the site's own leaves them out.
      var words = {};
      try { words = JSON.parse(box.getAttribute("data-words") || "{}") || {}; } catch (e) { words = {}; }
      function word(key, english) { return typeof words[key] === "string" ? words[key] : english; }
      function fill(text, values) {
        return text.replace(/\{([A-Za-z0-9_]+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
      }
      function number(count) {
        var group = word("group", ",");
        if (words.group4 === false && count < 10000) return String(count);
        return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, function () { return group; });
      }
      function found(count) {
        var forms = words.found || {"one": "{count} person found", "other": "{count} people found"};
        var category = "other";
        try { category = new Intl.PluralRules(document.documentElement.lang || "en").select(count); } catch (e) { category = count === 1 ? "one" : "other"; }
        var form = typeof forms[category] === "string" ? forms[category] : forms.other;
        return fill(typeof form === "string" ? form : "{count}", {"count": number(count)});
      }
    \#(folding)
      // Text of its own direction inside a line that keeps the page's: a card's lines all start on
      // the same side, as in the lists' markup.
      function isolated(text) {
        var bdi = document.createElement("bdi");
        bdi.textContent = text;
        return bdi;
      }
      // The status line, isolated like the cards' lines: on a right-to-left page "12 people
      // found" read "people found 12".
      function say(text) {
        status.textContent = "";
        if (text) status.appendChild(isolated(text));
      }
      function entry(person) {
        var item = document.createElement("li");
        item.className = "person";
        if (person.t) {
          var img = document.createElement("img");
          img.className = "avatar";
          img.src = root + person.t;
          if (person.s) {
            // The list's srcset: every size, from the site's root, for sharper pictures on dense screens.
            img.srcset = person.s.split(", ").map(function (candidate) { return root + candidate; }).join(", ");
            img.sizes = person.w + "px";
          }
          img.width = person.w;
          img.height = person.h;
          img.alt = "";
          img.loading = "lazy";
          item.appendChild(img);
        } else if (person.p) {
          // The list's own placeholder, markup the build made and escaped.
          item.insertAdjacentHTML("afterbegin", person.p);
        }
        var text = document.createElement("div");
        text.className = "person-text";
        var link = document.createElement("a");
        link.className = "person-name";
        link.href = root + person.u;
        link.appendChild(isolated(person.n));
        text.appendChild(link);
        if (person.e) {
          var email = document.createElement(person.x ? "span" : "a");
          email.className = "person-email";
          if (!person.x) email.href = "mailto:" + encodeURIComponent(person.e).replace(/%40/g, "@");
          email.appendChild(isolated(person.e));
          text.appendChild(email);
        }
        if (person.c) {
          var country = document.createElement("span");
          country.className = "person-country";
          country.appendChild(isolated(person.c));
          text.appendChild(country);
        }
        item.appendChild(text);
        return item;
      }
      function show() {
        // Trimmed once folded: a zero-width non-joiner alone folds to a space, which matched everyone.
        var query = fold(input.value).trim();
        var searching = query.length > 0;
        results.hidden = !searching;
        if (list) list.hidden = searching;
        if (pages) pages.hidden = searching;
        results.textContent = "";
        if (!searching) { say(""); return; }
        var matches = people.filter(function (person) { return person.k.indexOf(query) !== -1; });
        matches.slice(0, 200).forEach(function (person) { results.appendChild(entry(person)); });
        var total = found(matches.length);
        say(matches.length > 200 ? fill(word("first", "{found}, showing the first {count}"), {"found": total, "count": number(200)}) : total);
      }
      var loading = null;
      function load() {
        if (!loading) {
          say(word("loading", "Loading the list of everyone…"));
          loading = fetch(box.getAttribute("data-index"))
            .then(function (response) { if (!response.ok) throw new Error(response.status); return response.json(); })
            .then(function (index) {
              people = index.map(function (person) {
                person.k = fold([person.n, person.e, person.c].join(" "));
                return person;
              });
              say("");
            });
          loading.catch(function () {
            // No index: the paginated lists are the whole experience.
            input.disabled = true;
            say(word("unavailable", "Search is not available right now; the pages below list everyone."));
          });
        }
        return loading;
      }
      function search() { load().then(show, function () {}); }
      input.addEventListener("focus", load, { once: true });
      input.addEventListener("input", search);
      box.hidden = false;
    })();

    """#
}
