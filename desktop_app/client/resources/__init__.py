"""Resource groups of the client, one module per endpoint family."""

from desktop_app.client.resources.addresses import Addresses
from desktop_app.client.resources.carriers import Carriers
from desktop_app.client.resources.default_addresses import DefaultAddresses
from desktop_app.client.resources.labels import Labels
from desktop_app.client.resources.locations import Locations
from desktop_app.client.resources.manifests import Manifests
from desktop_app.client.resources.orders import Orders
from desktop_app.client.resources.people import People
from desktop_app.client.resources.pickups import Pickups
from desktop_app.client.resources.quotes import Quotes
from desktop_app.client.resources.routing_rules import RoutingRules
from desktop_app.client.resources.sandbox import Sandbox
from desktop_app.client.resources.shipment_documents import ShipmentDocuments
from desktop_app.client.resources.shipments import Shipments
from desktop_app.client.resources.station_joins import StationJoins
from desktop_app.client.resources.trackers import Trackers
from desktop_app.client.resources.webhooks import Webhooks

__all__ = [
    "Addresses",
    "Carriers",
    "DefaultAddresses",
    "Labels",
    "Locations",
    "Manifests",
    "Orders",
    "People",
    "Pickups",
    "Quotes",
    "RoutingRules",
    "Sandbox",
    "ShipmentDocuments",
    "Shipments",
    "StationJoins",
    "Trackers",
    "Webhooks",
]
