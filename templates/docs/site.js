// In-page search over search-index.json and copy buttons for examples. No dependencies.
(function () {
  var input = document.getElementById('search');
  var list = document.getElementById('results');
  var index = null;
  function load() {
    if (index) return Promise.resolve(index);
    return fetch('search-index.json').then(function (r) { return r.json(); }).then(function (data) { index = data; return data; });
  }
  function show(query) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) { list.hidden = true; list.innerHTML = ''; return; }
    load().then(function (entries) {
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
      list.innerHTML = '';
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
    });
  }
  if (input) input.addEventListener('input', function () { show(input.value); });
  document.addEventListener('click', function (ev) {
    var b = ev.target;
    if (!b || !b.classList || !b.classList.contains('copy')) return;
    var code = b.closest('.example').querySelector('code').textContent;
    var done = function () { b.textContent = 'Copied'; setTimeout(function () { b.textContent = 'Copy'; }, 1200); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(code).then(done, done);
    else {
      var t = document.createElement('textarea');
      t.value = code;
      document.body.appendChild(t);
      t.select();
      try { document.execCommand('copy'); } catch (e) {}
      document.body.removeChild(t);
      done();
    }
  });
})();
