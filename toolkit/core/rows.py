"""Rows to pydantic models, with every field error reported at its own cell.

A game's models check one row (types, ranges, vocabularies); this module maps each
pydantic error back to the spreadsheet cell it came from, under the game's rule id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ValidationError

from toolkit.core.report import Report
from toolkit.core.sheets import Row, Table, whole_number

M = TypeVar("M", bound=BaseModel)

WholeNumber = Annotated[int, BeforeValidator(whole_number)]
"""An int read as a person would: 3, 3.0 and '3' are 3; 2.5 and 'x' are errors."""


def _optional_text(value: Any) -> str:
    return "" if value is None else str(value)


OptionalText = Annotated[str, BeforeValidator(_optional_text)]
"""Free text; an empty cell is ''."""


def pick(choices: Mapping[str, str]) -> Callable[[Any], str]:
    """A validator reading one of `choices` case-insensitively (keys folded → canonical).

    Its messages start with the verb ("must be one of ..."): `to_model` puts the
    column's header in front.
    """

    def read(value: Any) -> str:
        if value is None:
            raise ValueError(f"is required: one of {', '.join(choices.values())}")
        key = str(value).strip().casefold()
        if key in choices:
            return choices[key]
        from toolkit.core.sheets import suggest  # noqa: PLC0415

        raise ValueError(f"must be one of {', '.join(choices.values())}, "
                         f"got '{value}'{suggest(str(value), choices.values())}")

    return read


def choices_of(*names: str) -> dict[str, str]:
    """`{'gold': 'Gold', ...}` for `pick`."""
    return {n.casefold(): n for n in names}


def _message(error: dict) -> str:
    msg = error.get("msg", "is not valid")
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix):]
    if error.get("type") == "missing":
        return "is required"
    return msg[0].lower() + msg[1:] if msg else msg


def to_model(model: type[M], row: Row, report: Report, rule_of: Callable[[str], str],
             extra: Mapping[str, Any] | None = None) -> M | None:
    """Validate one row into `model`; report each field error at its cell; None if invalid."""
    data = dict(row.values)
    if extra:
        data.update(extra)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else ""
            loc = row.loc(field)
            header = loc.header or field.replace("_", " ").title()
            report.error(rule_of(field), f"{header} {_message(error)}", loc)
        return None


def to_models(model: type[M], table: Table, report: Report,
              rule_of: Callable[[str], str]) -> list[tuple[Row, M]]:
    """Every row of a table that validates, paired with its row (bad rows are reported)."""
    out = []
    for row in table.rows:
        item = to_model(model, row, report, rule_of)
        if item is not None:
            out.append((row, item))
    return out
