// In-page search, example tabs and copy buttons. No dependencies. The pages must also work
// opened from file://, where reading a sibling file over HTTP APIs is refused, so the index
// arrives as search-index.js (a <script> before this one) setting window.crmgenSearchIndex.
(function () {
  var input = document.getElementById('search');
  var list = document.getElementById('results');
  // A word naming an SDK call the section is about (keywords) counts most, then one in the
  // section's title, then in its page's title, then anywhere in its text; every word must occur.
  function scoreOf(e, words) {
    var title = e.title.toLowerCase();
    // Whole calls (crm.contacts.create) and their parts (create, contacts).
    var calls = (e.keywords || '').toLowerCase().split(/\s+/);
    var keywords = calls.concat(calls.join(' ').split(/[\s.()]+/));
    var page = e.page.toLowerCase();
    var text = e.text.toLowerCase();
    var score = 0;
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (keywords.indexOf(w) >= 0) score += 20;
      else if (title.indexOf(w) >= 0) score += 10;
      else if (page.indexOf(w) >= 0) score += 6;
      else if (text.indexOf(w) >= 0) score += 1;
      else return 0;
    }
    return score;
  }
  function show(query) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    list.innerHTML = '';
    if (!words.length) { list.hidden = true; return; }
    var entries = window.crmgenSearchIndex;
    if (!entries) {
      var li = document.createElement('li');
      li.textContent = 'The search index (search-index.js) did not load.';
      list.appendChild(li);
      list.hidden = false;
      return;
    }
    var hits = entries.map(function (e, i) {
      var score = scoreOf(e, words);
      return score ? { e: e, score: score, i: i } : null;
    }).filter(Boolean).sort(function (a, b) { return b.score - a.score || a.i - b.i; }).slice(0, 12);
    hits.forEach(function (h) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = h.e.href;
      a.textContent = h.e.title + ' ';
      var small = document.createElement('small');
      small.textContent = h.e.page;
      a.appendChild(small);
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = hits.length === 0;
  }
  if (input && list) input.addEventListener('input', function () { show(input.value); });

  // Example tabs: one language for the whole site, kept across pages and reloads. Storage can
  // be refused (privacy settings, some file:// setups): then the choice lasts for the page.
  var storageKey = 'crmgen-docs-language';
  function stored() {
    try { return window.localStorage.getItem(storageKey); } catch (e) { return null; }
  }
  function store(lang) {
    try { window.localStorage.setItem(storageKey, lang); } catch (e) { /* kept for this page only */ }
  }
  function select(group, lang) {
    var tabs = group.querySelectorAll('.tab');
    var has = false;
    for (var i = 0; i < tabs.length; i++) if (tabs[i].getAttribute('data-lang') === lang) has = true;
    if (!has) return;
    for (var j = 0; j < tabs.length; j++) tabs[j].setAttribute('aria-selected', String(tabs[j].getAttribute('data-lang') === lang));
    var panels = group.querySelectorAll('.tab-panel');
    for (var k = 0; k < panels.length; k++) panels[k].hidden = panels[k].getAttribute('data-lang') !== lang;
  }
  function selectAll(lang) {
    var groups = document.querySelectorAll('.tabs');
    for (var i = 0; i < groups.length; i++) select(groups[i], lang);
  }
  var initial = stored();
  if (initial) selectAll(initial);
  document.addEventListener('click', function (ev) {
    var t = ev.target;
    if (!t || !t.classList || !t.classList.contains('tab')) return;
    var lang = t.getAttribute('data-lang');
    // The clicked tab stays where it was on screen while the groups above it change height.
    var before = t.getBoundingClientRect().top;
    selectAll(lang);
    store(lang);
    window.scrollBy(0, t.getBoundingClientRect().top - before);
  });

  function label(b, text) {
    b.textContent = text;
    clearTimeout(b.copyTimer);
    b.copyTimer = setTimeout(function () { b.textContent = 'Copy'; }, 1500);
  }
  // Last resort: leave the code selected so the reader can copy it by hand.
  function selectCode(b, el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    label(b, 'Press Ctrl+C');
  }
  // The clipboard API can be missing (no secure context, old browser) or refuse (no permission,
  // page not focused); then execCommand, then selection.
  function legacyCopy(b, el, text) {
    var t = document.createElement('textarea');
    t.value = text;
    t.setAttribute('readonly', '');
    t.style.position = 'fixed';
    t.style.opacity = '0';
    document.body.appendChild(t);
    t.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    document.body.removeChild(t);
    if (ok) label(b, 'Copied');
    else selectCode(b, el);
  }
  document.addEventListener('click', function (ev) {
    var b = ev.target;
    if (!b || !b.classList || !b.classList.contains('copy')) return;
    var example = b.closest('.example');
    var el = example && example.querySelector('code');
    if (!el) return;
    var text = el.textContent;
    var clip = navigator.clipboard;
    if (clip && clip.writeText) {
      var p;
      try { p = clip.writeText(text); } catch (e) { p = null; }
      if (p && p.then) { p.then(function () { label(b, 'Copied'); }, function () { legacyCopy(b, el, text); }); return; }
    }
    legacyCopy(b, el, text);
  });
})();
