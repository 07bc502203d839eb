/// The people filter: progressive enhancement over the paginated lists.
///
/// Without JavaScript (or when the index cannot be loaded, e.g. from `file://`) the search box
/// stays hidden and the lists work exactly as before. With it, typing filters every person by
/// name, email and country from `users/index.json`, ignoring case and accents.
enum SearchScript {
    static let javascript = #"""
    (function () {
      "use strict";
      var box = document.querySelector(".search");
      if (!box || !window.fetch) return;
      var input = box.querySelector("input");
      var status = box.querySelector(".search-status");
      var results = box.querySelector(".search-results");
      var list = document.querySelector("ul.people:not(.search-results)");
      var pages = document.querySelector(".pagination");
      var root = box.getAttribute("data-root") || "";
      var people = null;
      function fold(text) {
        return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
      }
      function entry(person) {
        var item = document.createElement("li");
        item.className = "person";
        if (person.t) {
          var img = document.createElement("img");
          img.className = "avatar";
          img.src = root + person.t;
          img.width = person.w;
          img.height = person.h;
          img.alt = person.n;
          img.loading = "lazy";
          item.appendChild(img);
        }
        var text = document.createElement("div");
        text.className = "person-text";
        var link = document.createElement("a");
        link.className = "person-name";
        link.href = root + person.u;
        link.dir = "auto";
        link.textContent = person.n;
        text.appendChild(link);
        [person.e, person.c].forEach(function (value, index) {
          if (!value) return;
          var span = document.createElement("span");
          span.className = index === 0 ? "person-email" : "person-country";
          span.dir = "auto";
          span.textContent = value;
          text.appendChild(span);
        });
        item.appendChild(text);
        return item;
      }
      function show() {
        var query = fold(input.value.trim());
        var searching = query.length > 0;
        results.hidden = !searching;
        if (list) list.hidden = searching;
        if (pages) pages.hidden = searching;
        results.textContent = "";
        if (!searching) { status.textContent = ""; return; }
        var found = people.filter(function (person) { return person.k.indexOf(query) !== -1; });
        found.slice(0, 200).forEach(function (person) { results.appendChild(entry(person)); });
        status.textContent = found.length === 1 ? "1 person found" :
          found.length + " people found" + (found.length > 200 ? ", showing the first 200" : "");
      }
      fetch(box.getAttribute("data-index"))
        .then(function (response) { if (!response.ok) throw new Error(response.status); return response.json(); })
        .then(function (index) {
          people = index.map(function (person) {
            person.k = fold([person.n, person.e, person.c].join(" "));
            return person;
          });
          box.hidden = false;
          input.addEventListener("input", show);
        })
        .catch(function () { /* no index: the paginated lists are the whole experience */ });
    })();

    """#
}
