"""`Frozen`: a declared value, set once by keyword and read-only after, made without dataclasses.

A frozen dataclass writes (and compiles) its `__init__`, `__repr__`, `__setattr__` and
`__delattr__` when its module is imported: a third of a millisecond a class, which the
field kinds (scorekeeper/rules/fields.py) paid on every command's start, `kit score show`
among them (issue 45: a command starts within 3x of Python). A `Frozen` subclass declares
its fields as a dataclass does, annotated class attributes whose values are their
defaults, and mypy reads it as one (`dataclass_transform`): keyword-only, frozen, equal only
to itself.

    class Whole(Frozen):
        label: str = ""
        low: int | None = None

    Whole(label="the die", low=1).low     # 1
    Whole().label                         # "": a field left out reads the class's default

A field without a default must be given; a default is one value shared by every instance
(never a list or a dict to fill: a `Frozen` changes nothing of its own). `__post_init__` runs
once the fields are set, and may set one itself with `object.__setattr__`, as in a frozen
dataclass; changing a field afterwards raises dataclasses' FrozenInstanceError.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, dataclass_transform


@dataclass_transform(kw_only_default=True, frozen_default=True, eq_default=False)
class Frozen:
    """A value of keyword fields, read-only once made (see the module's docstring)."""

    _fields: ClassVar[frozenset[str]] = frozenset()
    _required: ClassVar[frozenset[str]] = frozenset()    # the fields without a default

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = set(cls._fields)
        for name, annotation in vars(cls).get("__annotations__", {}).items():
            if not str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                names.add(name)
        cls._fields = frozenset(names)
        cls._required = frozenset(name for name in names if not hasattr(cls, name))

    def __init__(self, **values: Any) -> None:
        unknown, missing = values.keys() - self._fields, self._required - values.keys()
        if unknown or missing:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}" if unknown
                            else f"{type(self).__name__} needs {sorted(missing)[0]!r}")
        self.__dict__.update(values)
        self.__post_init__()

    def __post_init__(self) -> None:
        """What a value checks or completes once its fields are set (nothing here)."""

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is frozen: {name} cannot change")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is frozen: {name} cannot go")

    def __repr__(self) -> str:
        given = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items() if name in self._fields)
        return f"{type(self).__name__}({given})"
