"""Querysets compiled to SQL once per process and run again with other parameters, and the
updates of a model's fields written once per set of fields.

Django compiles a queryset's SQL anew on every run. For the few reads made with every move
(the locked table a change starts from, a viewer's table) compiling cost more processor than
running the statement and building the objects (docs/load.md). A ``Precompiled`` query is
built once from an ordinary queryset whose parameters are placeholders; each run executes the
same SQL with the caller's values and turns the rows into objects exactly as Django's own
iterable does: the same columns, the same converters, the related objects of
``select_related`` and the annotations. Both use Django's internals, for the releases
``config.speedups`` names; on any other, the plain queryset and ``save``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DatabaseError, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

from config.speedups import django_internals

M = TypeVar("M", bound=Model)

_PLACEHOLDER = -1_999_999_000
"""The placeholders' values: the n-th parameter is ``_PLACEHOLDER - n``, which no row's id is (and
within every integer column's range, or Django would know the query finds nothing)."""


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[int | None, ...]
    """For each parameter of the SQL, the caller's parameter it takes (None: a constant)."""
    model: type[Model]
    start: int
    end: int
    init_list: list[str]
    populators: list[Any]
    annotations: dict[str, int]
    converters: list[tuple[int, tuple[list[Any], Any]]]


class Precompiled(Generic[M]):
    """``build(*placeholders)`` returns the queryset; calling the ``Precompiled`` with values
    runs it with those values in place of the placeholders. Only what Django's model iterable
    supports is supported (no ``values()``, no prefetching). A ``select_for_update`` query is
    first run inside a transaction (Django checks that when it compiles)."""

    def __init__(self, build: Callable[..., QuerySet[M]], parameters: int) -> None:
        self._build = build
        self._parameters = parameters
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def __call__(self, *values: Any, using: str = "default") -> list[M]:
        if len(values) != self._parameters:
            raise TypeError(f"expected {self._parameters} parameters, got {len(values)}")
        if not django_internals():
            return list(self._build(*values).using(using))
        compiled = self._compiled.get(using) or self._compile(using)
        params = [
            constant if slot is None else values[slot]
            for constant, slot in zip(compiled.params, compiled.slots, strict=True)
        ]
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        objects = []
        for fetched in rows:
            row = list(fetched)
            for position, (functions, expression) in compiled.converters:
                value = row[position]
                for convert in functions:
                    value = convert(value, expression, connection)
                row[position] = value
            instance = compiled.model.from_db(
                using, compiled.init_list, row[compiled.start : compiled.end]
            )
            for populator in compiled.populators:
                populator.populate(row, instance)
            for name, position in compiled.annotations.items():
                setattr(instance, name, row[position])
            objects.append(instance)
        return objects  # type: ignore[return-value]

    def _compile(self, using: str) -> _Compiled:
        placeholders = [_PLACEHOLDER - n for n in range(self._parameters)]
        queryset = self._build(*placeholders)
        if queryset._prefetch_related_lookups or queryset._fields is not None:
            raise ValueError("only plain model querysets can be precompiled")
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = tuple(
            placeholders.index(value) if _is_placeholder(value, placeholders) else None
            for value in params
        )
        if sorted(slot for slot in slots if slot is not None) != list(range(self._parameters)):
            raise ValueError("every placeholder must appear once in the query's parameters")
        select, klass_info = compiler.select, compiler.klass_info
        assert klass_info is not None
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        expressions = [column[0] for column in select[: compiler.col_count]]
        compiled = _Compiled(
            sql=sql,
            params=tuple(params),
            slots=slots,
            model=klass_info["model"],
            start=start,
            end=end,
            init_list=[column[0].target.attname for column in select[start:end]],
            populators=get_related_populators(klass_info, select, using),
            annotations=dict(compiler.annotation_col_map or {}),
            converters=list(compiler.get_converters(expressions).items()),
        )
        with self._lock:
            self._compiled[using] = compiled
        return compiled


def _is_placeholder(value: Any, placeholders: Sequence[int]) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in placeholders


_updates: dict[tuple[type[Model], tuple[str, ...], str], tuple[str, list[Any]]] = {}


def save_fields(instance: Model, fields: Sequence[str], using: str = "default") -> None:
    """``instance.save(update_fields=fields)`` with the statement written once per model and
    set of fields (the ORM builds it anew each time, the most of a save's processor). The
    fields' values go to the database as
    ``save`` sends them (``pre_save``, so ``auto_now`` is set, then the field's own
    preparation); no model signals are sent (the games' models have none). Like ``save``, it
    fails when the row is gone."""
    if not django_internals():
        instance.save(using=using, update_fields=fields)
        return
    model = type(instance)
    names = tuple(sorted(set(fields)))
    key = (model, names, using)
    connection = connections[using]
    written = _updates.get(key)
    if written is None:
        meta = model._meta
        columns = [meta.get_field(name) for name in names]
        quote = connection.ops.quote_name
        assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
        sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
        written = _updates[key] = (sql, columns)
    sql, columns = written
    values = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in columns
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
