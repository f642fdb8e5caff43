"""The domain models the client takes and returns (re-exported in one place)."""

from desktop_app.domain.models import (
    Address,
    AddressResponse,
    CarrierDescription,
    Me,
    PickupRequest,
    PickupRequestCreate,
    Quote,
    QuoteRequest,
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
    Shipment,
    ShipmentRequest,
    Webhook,
    WebhookCreate,
)

__all__ = [
    "Address",
    "AddressResponse",
    "CarrierDescription",
    "Me",
    "PickupRequest",
    "PickupRequestCreate",
    "Quote",
    "QuoteRequest",
    "RoutingEvaluation",
    "RoutingEvaluationRequest",
    "RoutingRule",
    "RoutingRuleCreate",
    "Shipment",
    "ShipmentRequest",
    "Webhook",
    "WebhookCreate",
]
