"""Validation errors: every problem in an input names the field path it is about."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem with the input, e.g. ``players[1].remaining.points``."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class InvalidInput(Exception):
    """The input cannot be scored; ``errors`` lists every problem found."""

    def __init__(self, errors: list[FieldError] | tuple[FieldError, ...]) -> None:
        self.errors = tuple(errors)
        super().__init__("; ".join(f"{e.path or '(input)'}: {e.message}" for e in self.errors))

    def to_dict(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.to_dict() for e in self.errors]}


class ErrorList(list[FieldError]):
    """Collects errors while parsing so that the user sees all of them at once."""

    __slots__ = ()

    def add(self, path: str, message: str) -> None:
        self.append(FieldError(path, message))

    def raise_if_any(self) -> None:
        if self:
            raise InvalidInput(self)
