"""Additional service rules (`rules.additional_services`): which services a carrier and
service offer and what their properties must hold. Table-driven, like test_address."""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.rules.drafts import DELETE, assert_fails, assert_passes

# -- passing drafts: each must give no problem ---------------------------------

SERVICES_PASSING: list[tuple[str, str, str, dict[str, Any]]] = [
    (
        "dhl advance notice e-mail",
        "dhl",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "en"},
                }
            ]
        },
    ),
    (
        "dpd predict sms",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "+49 151 2345678"}}
            ]
        },
    ),
    (
        "dpd drop authorization",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "drop_authorization", "properties": {"message": "Garage"}}
            ]
        },
    ),
    (
        "dpd saturday delivery one_day",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery"}]},
    ),
    (
        "saturday delivery empty properties",
        "dpd",
        "one_day_early",
        {"additional_services": [{"name": "saturday_delivery", "properties": {}}]},
    ),
    ("empty additional services on returns", "dhl", "returns", {"additional_services": []}),
    ("dhl zpl label", "dhl", "standard", {"label.format": "zpl2_100x70mm_203dpi"}),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes"),
    [pytest.param(c, s, ch, id=name) for name, c, s, ch in SERVICES_PASSING],
)
def test_passes(carrier: str, service: str, changes: dict[str, Any]) -> None:
    assert_passes(carrier, service, changes)


# -- failing drafts: each gives the path and code ------------------------------

SERVICES_FAILING: list[tuple[str, str, str, dict[str, Any], str, str]] = [
    # additional services (2.5)
    (
        "returns with additional services",
        "dhl",
        "returns",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "de"},
                }
            ]
        },
        "additional_services",
        "returns_no_additional_services",
    ),
    (
        "advance notice with ups",
        "ups",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "de"},
                }
            ]
        },
        "additional_services[0].name",
        "additional_service_not_allowed",
    ),
    (
        "unknown additional service",
        "dhl",
        "standard",
        {"additional_services": [{"name": "teleport"}]},
        "additional_services[0].name",
        "unknown_additional_service",
    ),
    (
        "additional service without name",
        "dhl",
        "standard",
        {"additional_services": [{"properties": {}}]},
        "additional_services[0].name",
        "required",
    ),
    (
        "additional services not a list",
        "dhl",
        "standard",
        {"additional_services": {"name": "advance_notice"}},
        "additional_services",
        "invalid_type",
    ),
    (
        "duplicate additional service",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery"}, {"name": "saturday_delivery"}]},
        "additional_services[1].name",
        "duplicate_additional_service",
    ),
    (
        "advance notice without contact",
        "dhl",
        "standard",
        {"additional_services": [{"name": "advance_notice", "properties": {"language": "de"}}]},
        "additional_services[0].properties.email",
        "advance_notice_contact_required",
    ),
    (
        "advance notice bad e-mail",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"email": "a@b", "language": "de"}}
            ]
        },
        "additional_services[0].properties.email",
        "invalid_email",
    ),
    (
        "advance notice without language",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"email": "a@example.com"}}
            ]
        },
        "additional_services[0].properties.language",
        "required",
    ),
    (
        "advance notice bad language",
        "dpd",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "deu"},
                }
            ]
        },
        "additional_services[0].properties.language",
        "invalid_language",
    ),
    (
        "sms with dhl",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "+49 151 2345678"}}
            ]
        },
        "additional_services[0].properties.sms",
        "sms_not_allowed",
    ),
    (
        "sms without country prefix",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "0151 2345678"}}
            ]
        },
        "additional_services[0].properties.sms",
        "invalid_phone",
    ),
    (
        "cash on delivery with dpd",
        "dpd",
        "standard",
        {"additional_services": [{"name": "cash_on_delivery", "properties": {}}]},
        "additional_services[0].name",
        "additional_service_not_allowed",
    ),
    (
        "cash on delivery amount zero",
        "dhl",
        "standard",
        {"additional_services[1].properties.amount": 0},
        "additional_services[1].properties.amount",
        "not_positive",
    ),
    (
        "cash on delivery bad IBAN",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_account_number": "DE89 3704 0044 0532 0130 01"},
        "additional_services[1].properties.bank_account_number",
        "invalid_iban",
    ),
    (
        "cash on delivery bad BIC",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_code": "COBA"},
        "additional_services[1].properties.bank_code",
        "invalid_bic",
    ),
    (
        "cash on delivery without bank name",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_name": DELETE},
        "additional_services[1].properties.bank_name",
        "required",
    ),
    (
        "cash on delivery bad currency",
        "dhl",
        "standard",
        {"additional_services[1].properties.currency": "eur"},
        "additional_services[1].properties.currency",
        "invalid_currency",
    ),
    (
        "cash on delivery properties not an object",
        "dhl",
        "standard",
        {"additional_services[1].properties": "cash"},
        "additional_services[1].properties",
        "invalid_type",
    ),
    (
        "drop authorization without message",
        "dpd",
        "standard",
        {"additional_services": [{"name": "drop_authorization"}]},
        "additional_services[0].properties.message",
        "required",
    ),
    (
        "drop authorization message too long",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "drop_authorization", "properties": {"message": "m" * 101}}
            ]
        },
        "additional_services[0].properties.message",
        "too_long",
    ),
    (
        "saturday delivery with standard",
        "dpd",
        "standard",
        {"additional_services": [{"name": "saturday_delivery"}]},
        "additional_services[0].name",
        "saturday_needs_one_day",
    ),
    (
        "saturday delivery with properties",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery", "properties": {"day": "sat"}}]},
        "additional_services[0].properties",
        "not_allowed",
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "path", "code"),
    [pytest.param(c, s, ch, p, code, id=name) for name, c, s, ch, p, code in SERVICES_FAILING],
)
def test_fails(carrier: str, service: str, changes: dict[str, Any], path: str, code: str) -> None:
    assert_fails(carrier, service, changes, path, code)
