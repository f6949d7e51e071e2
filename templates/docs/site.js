// In-page search and copy buttons for examples. No dependencies. The pages must also work
// opened from file://, where reading a sibling file over HTTP APIs is refused, so the index
// arrives as search-index.js (a <script> before this one) setting window.crmgenSearchIndex.
(function () {
  var input = document.getElementById('search');
  var list = document.getElementById('results');
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
    var hits = entries.map(function (e) {
      var title = e.title.toLowerCase();
      var text = e.text.toLowerCase();
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        if (title.indexOf(words[i]) >= 0) score += 10;
        else if (text.indexOf(words[i]) >= 0) score += 1;
        else return null;
      }
      return { e: e, score: score };
    }).filter(Boolean).sort(function (a, b) { return b.score - a.score; }).slice(0, 12);
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
