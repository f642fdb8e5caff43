"""What a rule reports (`rules.problems`): the Problem value, and the stable codes."""

from __future__ import annotations

import pytest

from desktop_app.domain.rules import Problem
from tests.domain.rules.test_additional_services import SERVICES_FAILING
from tests.domain.rules.test_address import ADDRESS_FAILING
from tests.domain.rules.test_shipment import SHIPMENT_FAILING

# The stable codes the brief names; each must be exercised by a failing row of the rule tables.
BRIEF_CODES = {
    "required",
    "contact_required",
    "too_long",
    "invalid_country",
    "invalid_email",
    "invalid_phone",
    "invalid_date",
    "not_positive",
    "too_heavy",
    "unknown_carrier",
    "service_not_offered",
    "package_type_not_allowed",
    "dimensions_not_allowed_for_bulk",
    "multiple_packages_not_allowed",
    "package_and_packages",
    "no_package",
    "additional_service_not_allowed",
    "returns_no_additional_services",
    "saturday_needs_one_day",
    "sms_not_allowed",
    "declared_value_not_allowed",
    "declared_value_too_low",
    "label_format_not_offered",
    "invalid_currency",
    "locker_station_customer_number",
    "locker_station_number",
    "locker_station_not_offered",
    "partner_invalid_id",
    "partner_invalid_prefix",
    "partner_not_offered",
}


def test_every_named_code_has_a_failing_row() -> None:
    rows = ADDRESS_FAILING + SERVICES_FAILING + SHIPMENT_FAILING
    assert BRIEF_CODES <= {row[5] for row in rows}


def test_problem_str_and_immutability() -> None:
    p = Problem("to.last_name", "contact_required", "Enter a company or a first and last name.")
    assert str(p) == "to.last_name: Enter a company or a first and last name."
    assert str(Problem("", "not_an_object", "The shipment must be a JSON object.")) == (
        "The shipment must be a JSON object."
    )
    with pytest.raises(AttributeError):
        p.code = "x"  # type: ignore[misc]
