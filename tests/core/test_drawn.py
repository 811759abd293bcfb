"""The table's view objects answer the template engine's key lookups with their attributes, and
a template reads them exactly as it reads any object."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.template import engines

from games.core.drawn import Drawn


@dataclass
class Seat(Drawn):
    name: str
    score: int

    @property
    def label(self) -> str:
        return f"{self.name} ({self.score})"

    def initial(self) -> str:
        return self.name[0]


def test_a_key_lookup_answers_with_the_attribute() -> None:
    seat = Seat("Ala", 120)
    assert seat["name"] == "Ala"
    assert seat["label"] == "Ala (120)"
    with pytest.raises(AttributeError):
        seat["missing"]


def test_a_template_reads_fields_properties_methods_and_nothing_for_a_missing_name() -> None:
    template = engines["django"].from_string(
        "{{ s.name }}|{{ s.score }}|{{ s.label }}|{{ s.initial }}|{{ s.missing }}|{{ s.0 }}"
        "|{% if s.missing %}yes{% else %}no{% endif %}"
    )
    assert template.render({"s": Seat("Ala", 120)}) == "Ala|120|Ala (120)|A|||no"
