"""WhiteNoise's compressed manifest storage, with each static URL worked out once per process.

Every page asks for the URLs of the same eight or nine static files (``{% static %}`` in the
layout). With the manifest each one is a hashed-name lookup plus ``urljoin``; the manifest does
not change while the process runs, so the answers are kept. ``collectstatic`` (which rewrites
the manifest) clears them when it has written it.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name, force=False):
        if force:
            return super().url(name, force=True)
        try:
            return self._urls[name]
        except KeyError:
            url = self._urls[name] = super().url(name)
            return url

    def post_process(self, *args, **kwargs):
        self._urls.clear()
        yield from super().post_process(*args, **kwargs)
        self._urls.clear()
