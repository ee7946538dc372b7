"""One decorator for every page that needs a right: :func:`grant_required`."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.db import models
from django.http import HttpRequest, HttpResponse

from scorer.access.grants import holds
from scorer.access.models import GrantBase
from scorer.shell.errors import forbidden


def _forbidden(request: HttpRequest, _target: models.Model) -> HttpResponse:
    return forbidden(request)


@dataclass(frozen=True, slots=True)
class Right:
    """What a concern's pages need to check a right: the grant model, how the thing is found by
    the ``public_id`` of its address (an unknown one raises ``Http404``), and the answer when the
    device holds no grant that counts (the friendly 403 unless the concern says more)."""

    grant: type[GrantBase]
    load: Callable[[str], models.Model]
    refused: Callable[[HttpRequest, models.Model], HttpResponse] = _forbidden
    check: Callable[[HttpRequest, models.Model], bool] | None = None
    """Whether the device may act, when more than holding a counting grant (a table's edit grant)."""

    def allows(self, request: HttpRequest, target: models.Model) -> bool:
        if self.check is not None:
            return self.check(request, target)
        return holds(request, self.grant, target)


def grant_required(right: Right) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Load the thing named by ``public_id`` and call ``view(request, thing, ...)`` if this device
    holds ``right`` on it; otherwise answer ``right.refused`` (a 403)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, public_id: str, *args, **kwargs) -> HttpResponse:
            target = right.load(public_id)
            if not right.allows(request, target):
                return right.refused(request, target)
            return view(request, target, *args, **kwargs)

        return wrapper

    return decorator
