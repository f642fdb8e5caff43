"""API models: strict requests, lenient responses, wire names, typed sub-objects."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import (
    CONTACT_RULE_MESSAGE,
    AdditionalServiceInfo,
    Address,
    AddressList,
    AddressResponse,
    AdvanceNoticeService,
    CarrierDescription,
    CarrierList,
    CashOnDeliveryService,
    ErrorBody,
    EventPayload,
    Me,
    Package,
    PartnerMetadata,
    PickupRequest,
    PickupRequestCreate,
    PickupRequestList,
    Quote,
    QuoteRequest,
    RoutingRuleList,
    SaturdayDeliveryService,
    Shipment,
    ShipmentList,
    ShipmentRequest,
    ShipmentResponse,
    ShipmentUpdate,
    Webhook,
    WebhookCreate,
    WebhookList,
    WebhookPatch,
)

NOT_BOOL = "Input should be a valid boolean"


def messages(model: Any, data: Any) -> list[str]:
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return validation_error_messages(info.value)


FULL_REQUEST: dict[str, Any] = {
    "from": {
        "company": "Sender GmbH",
        "street": "Senderstr.",
        "street_no": "1",
        "zip_code": "20148",
        "city": "Hamburg",
        "country": "DE",
    },
    "to": {
        "first_name": "Roger",
        "last_name": "Receiver",
        "street": "Beispielstrasse",
        "street_no": "42",
        "zip_code": "22100",
        "city": "Hamburg",
        "country": "DE",
        "email": "roger@example.com",
    },
    "package": {
        "weight": 1.5,
        "length": 20,
        "width": 20,
        "height": 10,
        "type": "parcel",
        "declared_value": {"amount": 600, "currency": "EUR"},
    },
    "carrier": "dhl",
    "service": "standard",
    "create_shipping_label": True,
    "label": {"size": "A6", "format": "pdf_a6"},
    "additional_services": [
        {"name": "advance_notice", "properties": {"email": "r@example.com", "language": "de"}},
        {
            "name": "cash_on_delivery",
            "properties": {
                "amount": 12.5,
                "currency": "EUR",
                "bank_account_holder": "Sender GmbH",
                "bank_name": "Bank",
                "bank_account_number": "DE89370400440532013000",
                "bank_code": "COBADEFFXXX",
                "reference1": "Order 42",
            },
        },
    ],
    "metadata": {
        "partner": {
            "shop_name": "Shop",
            "order_number": "42",
            "order_date": "2024-08-27",
            "e_mail_shop": "shop@example.com",
            "order_total": {"amount": 49.9, "currency": "EUR"},
        },
        "picker": {"name": "Ann", "station": 3},
    },
    "reference_number": "ORDER-42",
    "notification_email": "roger@example.com",
    "pickup": {"pickup_time": {"earliest": "2024-08-28T09:00:00+02:00"}},
}


# ------------------------------------------------------------------ requests


def test_full_request_round_trips_through_the_wire_form() -> None:
    request = ShipmentRequest.model_validate(FULL_REQUEST)
    wire = request.to_wire()
    assert "from" in wire and "from_" not in wire
    assert wire["metadata"]["partner"]["order_date"] == "2024-08-27"
    assert wire["metadata"]["picker"] == {"name": "Ann", "station": 3}
    assert ShipmentRequest.model_validate(wire) == request
    assert wire["package"]["length"] == 20  # 20 and 20.0 are the same JSON number


def test_typed_sub_objects() -> None:
    request = ShipmentRequest.model_validate(FULL_REQUEST)
    notice, cod = request.additional_services or []
    assert isinstance(notice, AdvanceNoticeService)
    assert notice.properties is not None and notice.properties.language == "de"
    assert isinstance(cod, CashOnDeliveryService)
    assert cod.properties is not None and cod.properties.amount == 12.5
    assert request.metadata is not None and request.metadata.partner is not None
    assert request.metadata.partner.order_date == date(2024, 8, 27)
    assert request.metadata.model_extra == {"picker": {"name": "Ann", "station": 3}}
    assert request.from_ is not None and request.from_.company == "Sender GmbH"


def test_python_names_are_accepted_too() -> None:
    request = ShipmentRequest(from_=Address(company="A"), to=Address(company="B"))
    assert request.to_wire() == {"from": {"company": "A"}, "to": {"company": "B"}}
    assert ShipmentRequest.model_validate({"from_": {"company": "A"}}).from_ == Address(company="A")


def test_update_takes_the_create_body() -> None:
    assert ShipmentUpdate is ShipmentRequest


@pytest.mark.parametrize("weight", [1, 1.5, 0, 31.25])
def test_numbers_accept_ints_and_decimals(weight: float) -> None:
    package = Package.model_validate({"weight": weight})
    assert package.weight == weight and isinstance(package.weight, float)


@pytest.mark.parametrize("weight", ["abc", "1.5", True, False, [1], {"kg": 1}])
def test_numbers_reject_strings_and_booleans(weight: Any) -> None:
    assert messages(ShipmentRequest, {"packages": [{}, {"weight": weight}]}) == [
        "packages[1].weight: Input should be a valid number"
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"carrier": 5}, "carrier: Input should be a valid string"),
        ({"create_shipping_label": "true"}, f"create_shipping_label: {NOT_BOOL}"),
        ({"create_shipping_label": 1}, f"create_shipping_label: {NOT_BOOL}"),
        ({"to": {"zip_code": 22100}}, "to.zip_code: Input should be a valid string"),
        ({"to": "somewhere"}, "to: Input should be an object"),
        ({"packages": {"weight": 1}}, "packages: Input should be a valid list"),
        ({"colour": "red"}, "colour: unknown field"),
        ({"from": {"nickname": "x"}}, "from.nickname: unknown field"),
        ({"package": {"lenght": 30}}, "package.lenght: unknown field"),
        ({"label": {"format": "pdf_a6", "dpi": 203}}, "label.dpi: unknown field"),
        ({"metadata": {"partner": {"order_date": "27.08.2024"}}}, None),
        ({"metadata": {"partner": {"order_date": "2024-02-30"}}}, None),
        ({"metadata": {"partner": {"order_date": "2024-08-27T10:00:00"}}}, None),
        ({"metadata": {"partner": {"order_total": {"amount": "49.90"}}}}, None),
        ({"metadata": {"partner": {"shop": "x"}}}, "metadata.partner.shop: unknown field"),
    ],
)
def test_wrong_types_and_unknown_fields_rejected(
    data: dict[str, Any], expected: str | None
) -> None:
    found = messages(ShipmentRequest, data)
    assert len(found) == 1, found
    if expected is not None:
        assert found == [expected]
    else:
        assert found[0].startswith("metadata.partner.order_")


def test_every_request_field_is_optional_for_drafts() -> None:
    assert ShipmentRequest.model_validate({}).to_wire() == {}
    assert ShipmentRequest.model_validate({"to": {"city": "Hamburg"}}).to.city == "Hamburg"  # type: ignore[union-attr]


def test_all_packages() -> None:
    assert ShipmentRequest().all_packages() == []
    assert ShipmentRequest(package=Package(weight=1)).all_packages() == [Package(weight=1)]
    two = ShipmentRequest.model_validate({"packages": [{"weight": 1}, {"weight": 2}]})
    assert [p.weight for p in two.all_packages()] == [1, 2]
    quote = QuoteRequest.model_validate({"carrier": "ups", "packages": [{"weight": 3}]})
    assert [p.weight for p in quote.all_packages()] == [3]


# ---------------------------------------------------------------- additional services


@pytest.mark.parametrize(
    ("service", "expected"),
    [
        ({"name": "teleport"}, "additional_services[0].name: Input should be 'advance_notice', "),
        ({"properties": {}}, "additional_services[0].name: required"),
        ({"name": 7}, "additional_services[0].name: Input should be 'advance_notice', "),
        (
            {"name": "advance_notice", "properties": {"email": "a@b.de", "fax": "1"}},
            "additional_services[0].properties.fax: unknown field",
        ),
        (
            {"name": "advance_notice", "properties": {"amount": 5}},
            "additional_services[0].properties.amount: unknown field",
        ),
        (
            {"name": "cash_on_delivery", "properties": {"amount": "5"}},
            "additional_services[0].properties.amount: Input should be a valid number",
        ),
        (
            {"name": "saturday_delivery", "properties": {"when": "sat"}},
            "additional_services[0].properties.when: unknown field",
        ),
        (
            {"name": "drop_authorization", "properties": {"message": 1}},
            "additional_services[0].properties.message: Input should be a valid string",
        ),
    ],
)
def test_additional_service_errors_point_at_the_field(
    service: dict[str, Any], expected: str
) -> None:
    found = messages(ShipmentRequest, {"additional_services": [service]})
    assert len(found) == 1 and found[0].startswith(expected), found


def test_additional_services_without_properties() -> None:
    request = ShipmentRequest.model_validate(
        {"additional_services": [{"name": "saturday_delivery"}, {"name": "advance_notice"}]}
    )
    assert isinstance(request.additional_services[0], SaturdayDeliveryService)  # type: ignore[index]
    assert request.to_wire()["additional_services"] == [
        {"name": "saturday_delivery"},
        {"name": "advance_notice"},
    ]


def test_response_keeps_unknown_additional_services() -> None:
    shipment = Shipment.model_validate(
        {
            "id": "a" * 40,
            "additional_services": [
                {"name": "dhl_gogreen", "properties": {"level": 2}},
                {"name": "advance_notice", "properties": {"sms": "+491701234567"}},
                {"name": "advance_notice", "properties": {"email": 5}},
            ],
        }
    )
    unknown, sms, broken = shipment.additional_services
    assert unknown.name == "dhl_gogreen" and unknown.typed() is None
    typed = sms.typed()
    assert isinstance(typed, AdvanceNoticeService)
    assert typed.properties is not None and typed.properties.sms == "+491701234567"
    assert broken.typed() is None
    assert AdditionalServiceInfo(name="saturday_delivery").typed() == SaturdayDeliveryService()


# ---------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ({"company": "ACME"}, None),
        ({"first_name": "Max", "last_name": "Mustermann"}, None),
        ({"company": "ACME", "last_name": "Mustermann"}, None),
        ({"last_name": "Mustermann"}, CONTACT_RULE_MESSAGE),
        ({"first_name": "Max"}, CONTACT_RULE_MESSAGE),
        ({"company": "  ", "first_name": "Max", "last_name": ""}, CONTACT_RULE_MESSAGE),
        ({"street": "Musterstr.", "city": "Hamburg"}, CONTACT_RULE_MESSAGE),
        ({}, CONTACT_RULE_MESSAGE),
        ({"id": "1c81efb7-9b95-4dd8-92e3-cac1bca3df6f"}, None),
        ({"partner_id": "ABC1234"}, None),
        ({"id": "x", "street": "Musterstr."}, CONTACT_RULE_MESSAGE),
        ({"partner_id": "ABC1234", "city": "Hamburg"}, CONTACT_RULE_MESSAGE),
    ],
)
def test_contact_rule_is_a_check_not_a_parse_failure(
    address: dict[str, Any], problem: str | None
) -> None:
    parsed = Address.model_validate(address)
    assert parsed.contact_problem() == problem
    assert AddressResponse.model_validate(address).contact_problem() == problem


def test_references_and_partner_lookups() -> None:
    assert Address(id="abc").is_reference()
    assert not Address(id="abc", company="x").is_reference()
    assert Address(partner_id="ABC1234").is_partner_lookup()
    assert not Address(partner_id="ABC1234", street="x").is_partner_lookup()
    request = ShipmentRequest.model_validate({"to": {"id": "abc"}, "from": {"partner_id": "P1"}})
    assert request.to_wire() == {"to": {"id": "abc"}, "from": {"partner_id": "P1"}}


def test_address_response_with_nulls_and_extras() -> None:
    address = AddressResponse.model_validate(
        {"id": "x", "company": None, "care_of": None, "country": "DE", "vat_id": "DE123"}
    )
    assert address.company is None and address.model_extra == {"vat_id": "DE123"}
    listed = AddressList.model_validate([{"id": "a"}, {"id": "b"}])
    assert [a.id for a in listed.addresses] == ["a", "b"]
    assert AddressList.model_validate({"addresses": None}).addresses == []


# ---------------------------------------------------------------- responses


def test_shipment_response_is_lenient() -> None:
    shipment = ShipmentResponse.model_validate(
        {
            "id": "b" * 40,
            "carrier": "dhl",
            "price": "3.40",  # a number as a string: coerced
            "packages": [
                {
                    "id": "c" * 40,
                    "weight": 2,
                    "tracking_events": [
                        {"timestamp": "2024-08-28T11:46:34+02:00", "status": "transit"},
                        {"timestamp": "2024-08-29T08:12:12+02:00", "status": "out_for_delivery"},
                        {"timestamp": "2024-08-27T17:13:13+02:00", "status": "label_created"},
                    ],
                    "insurance": {"level": 1},
                },
                {"id": "d" * 40, "tracking_events": None},
            ],
            "label_url": None,
            "future_field": [1, 2],
            "to": {"id": "x", "unknown": True},
            "metadata": {"partner": {"shop_name": "Shop", "order_date": "2024-08-27"}},
        }
    )
    assert shipment.price == 3.4
    assert shipment.model_extra == {"future_field": [1, 2]}
    assert shipment.packages[0].model_extra == {"insurance": {"level": 1}}
    assert shipment.packages[1].tracking_events == []
    assert shipment.tracking_status == "out_for_delivery"
    assert [e.status for e in shipment.all_tracking_events()][0] == "label_created"
    assert shipment.to_wire()["tracking_status"] == "out_for_delivery"
    # A status sent by the service wins over the events.
    sent = Shipment.model_validate({**shipment.to_wire(), "tracking_status": "delayed"})
    assert sent.tracking_status == "delayed"
    partner = shipment.partner_metadata()
    assert isinstance(partner, PartnerMetadata) and partner.shop_name == "Shop"
    assert shipment.to is not None and shipment.to.model_extra == {"unknown": True}
    assert shipment.model_dump(by_alias=True)["future_field"] == [1, 2]


def test_response_reads_numbers_where_strings_are_expected() -> None:
    address = AddressResponse.model_validate({"id": 7, "zip_code": 22100, "street_no": 42})
    assert (address.id, address.zip_code, address.street_no) == ("7", "22100", "42")
    pickup = PickupRequest.model_validate({"id": "p", "carrier_pickup_number": 9380})
    assert pickup.carrier_pickup_number == "9380"
    # A nameless additional service does not break the whole shipment.
    shipment = Shipment.model_validate({"id": "s", "additional_services": [{"properties": {}}]})
    assert shipment.additional_services[0].name is None
    assert shipment.additional_services[0].typed() is None


def test_shipment_without_events_has_no_status() -> None:
    shipment = Shipment.model_validate({"id": "x", "packages": [{"id": "p"}]})
    assert shipment.tracking_status is None and shipment.partner_metadata() is None


def test_shipment_response_needs_an_id() -> None:
    assert messages(Shipment, {"carrier": "dhl"}) == ["id: required"]


def test_list_wrappers_accept_wrapped_and_bare_lists() -> None:
    assert len(ShipmentList.model_validate({"shipments": [{"id": "a"}]}).shipments) == 1
    assert len(ShipmentList.model_validate([{"id": "a"}, {"id": "b"}]).shipments) == 2
    assert ShipmentList.model_validate({"shipments": []}).shipments == []
    pickups = PickupRequestList.model_validate([{"id": "p", "carrier": "ups"}])
    assert pickups.pickup_requests[0].carrier == "ups"
    hook = {"id": "w", "url": "https://x", "event_types": ["*"]}
    assert WebhookList.model_validate({"webhooks": [hook]}).webhooks[0].event_types == ["*"]
    assert AddressList.model_validate([{"id": "a", "city": "Berlin"}]).addresses[0].city == "Berlin"
    rule = {"id": "r", "name": "n", "root": {"allow": [{"carrier": "dhl"}]}}
    assert RoutingRuleList.model_validate([rule]).routing_rules[0].name == "n"
    assert RoutingRuleList.model_validate({"routing_rules": None}).routing_rules == []


def test_webhook_record_never_holds_credentials() -> None:
    webhook = Webhook.model_validate(
        {
            "id": "w",
            "url": "https://example.com/hook",
            "event_types": ["shipment.*"],
            "deactivated": True,
            "security": {"type": "basic_auth", "username": "u", "password": "secret"},
        }
    )
    assert webhook.security is not None and webhook.security.type == "basic_auth"
    assert "secret" not in repr(webhook) and "secret" not in str(webhook.to_wire())
    assert webhook.to_wire()["security"] == {"type": "basic_auth"}
    assert Webhook.model_validate({"id": "w", "url": "u", "event_types": []}).deactivated is False


def test_webhook_create() -> None:
    body = {
        "url": "https://example.com/hook",
        "event_types": ["shipment.tracking.*"],
        "security": {"type": "basic_auth", "username": "u"},
    }
    created = WebhookCreate.model_validate(body)
    assert created.security is not None and created.security.password is None
    assert created.to_wire() == body
    assert messages(WebhookCreate, {"url": "https://x"}) == ["event_types: required"]
    assert messages(WebhookCreate, {**body, "id": "w"}) == ["id: unknown field"]
    assert messages(WebhookCreate, {**body, "security": {"type": "digest", "username": "u"}}) == [
        "security.type: Input should be 'basic_auth'"
    ]
    assert messages(WebhookCreate, {**body, "event_types": "*"}) == [
        "event_types: Input should be a valid list"
    ]
    assert WebhookPatch.model_validate({"deactivated": False}).deactivated is False


def test_event_payload() -> None:
    payload = EventPayload.model_validate(
        {
            "id": "e1",
            "webhook_id": "w1",
            "occured_at": "2024-08-27T17:13:13+02:00",
            "type": "shipment.tracking.delivered",
            "data": {"id": "a" * 40, "url": "/v1/shipments/" + "a" * 40, "object_type": "shipment"},
        }
    )
    assert payload.occured_at.utcoffset() == timedelta(hours=2)
    wire = payload.to_wire()
    assert set(wire) == {"id", "webhook_id", "occured_at", "type", "data"}
    assert wire["occured_at"] == "2024-08-27T17:13:13+02:00"
    deleted = EventPayload.model_validate(
        {**wire, "type": "shipment.status.deleted", "data": {"id": "x", "object_type": "shipment"}}
    )
    assert "url" not in deleted.to_wire()["data"]
    assert messages(EventPayload, {**wire, "occured_at": "2024-08-27T17:13:13"}) == [
        "occured_at: Input should have timezone info"
    ]


def test_pickup_request_create() -> None:
    body = {
        "carrier": "dpd",
        "pickup_time": {
            "earliest": "2024-08-30T09:00:00+02:00",
            "latest": "2024-08-30T18:00:00+02:00",
        },
        "shipments": [{"id": "a" * 40}],
    }
    created = PickupRequestCreate.model_validate(body)
    assert created.pickup_time.latest - created.pickup_time.earliest == timedelta(hours=9)
    assert created.to_wire() == body
    naive = {**body, "pickup_time": {"earliest": "2024-08-30T09:00:00", "latest": True}}
    found = messages(PickupRequestCreate, naive)
    assert found[0] == "pickup_time.earliest: Input should have timezone info"
    assert len(found) == 2 and found[1].startswith("pickup_time.latest: ")
    assert messages(PickupRequestCreate, {"pickup_time": body["pickup_time"]}) == [
        "carrier: required"
    ]
    response = PickupRequest.model_validate({**body, "id": "p", "carrier_pickup_number": "9380"})
    assert response.shipments[0].id == "a" * 40


def test_carriers_me_quote_errors() -> None:
    carriers = CarrierList.model_validate(
        [
            {
                "name": "dhl",
                "display_name": "DHL",
                "services": ["standard", "returns"],
                "package_types": ["parcel"],
                "additional_services": ["advance_notice"],
                "label_formats": {"standard": ["pdf_a6", "zpl2_100x70mm_203dpi"]},
            },
            {"name": "dpag"},
        ]
    )
    by_name = carriers.by_name()
    assert by_name["dhl"].label_formats["standard"][1] == "zpl2_100x70mm_203dpi"
    assert by_name["dpag"] == CarrierDescription(name="dpag")
    me = Me.model_validate({"id": "u", "email": "a@b.de", "environment": "sandbox", "plan": 1})
    assert me.environment == "sandbox"
    assert messages(Me, {"id": "u", "environment": "staging"})[0].startswith("environment:")
    assert Quote.model_validate({"shipment_quote": {"price": 0}}).price == 0.0
    error = "to.last_name: required"
    assert ErrorBody.of(error).to_wire() == {"errors": [error]}
    assert ErrorBody.model_validate({"errors": ["a"], "request_id": "r"}).errors == ["a"]
