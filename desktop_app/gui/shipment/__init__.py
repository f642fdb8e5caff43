"""The "New shipment" page: the form (sender, receiver, packages, carrier/service, add-ons),
the creation panel and the label preview; `page` puts them together."""
