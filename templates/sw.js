{% autoescape off %}// okeycalc's service worker (scorer/shell/views/offline.py): this deployment's settings, then Workbox's
// modules (npm, `make static`) and our worker code, static/js/serviceworker.js.
self.okeycalc = {{ config }};
importScripts(...{{ imports }});
{% endautoescape %}
