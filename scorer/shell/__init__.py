"""The app shell: what makes the site an installable, offline-capable app (icons, the manifest,
the service worker and offline page) and the deployment's health and readiness checks."""
